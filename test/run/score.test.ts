import { test } from 'node:test'
import assert from 'node:assert/strict'
import { plannedMetrics, scoreQuestion, summarise } from '../../src/run/score.ts'
import { ConfigSchema } from '../../src/schemas/config.ts'
import { makeOutput, makeRow } from '../metrics/factories.ts'

const config = ConfigSchema.parse({ eval_set: 'ignored.csv', eval_set_version: 'ignored', k: [5] })
const noScorer = { metrics: [] as readonly string[] }

test('retrieval means describe answerable questions only: a should-refuse question with no relevant docs is null, not a miss', () => {
  const rows = [
    makeRow({ id: 'a1', relevant_docs: [{ id: 'D1', grade: 1 }] }),
    makeRow({ id: 'a2', relevant_docs: [{ id: 'D2', grade: 1 }] }),
    makeRow({ id: 'r1', should_refuse: true, relevant_docs: [] }),
  ]
  const outputs = [
    makeOutput({ id: 'a1', answer: '住宿每晚500元[文档1]', retrieved_ids: ['D1'] }),
    makeOutput({ id: 'a2', answer: '住宿每晚350元[文档1]', retrieved_ids: ['D2'] }),
    makeOutput({ id: 'r1', answer: '不知道', retrieved_ids: ['D7', 'D8'] }),
  ]
  const metrics = plannedMetrics(rows, config, outputs, noScorer)
  const questions = Object.fromEntries(rows.map((row, i) => [row.id, scoreQuestion(row, outputs[i]!, config, metrics, {})]))
  for (const name of ['precision@5', 'recall@5', 'hit@5', 'ndcg@5', 'mrr']) {
    assert.equal(questions.r1!.scores[name], null, name)
    assert.match(questions.r1!.notes[name] ?? '', /not a retrieval question/, name)
  }
  const summary = summarise(questions, metrics)
  assert.equal(summary['hit@5']!.mean, 1)
  assert.equal(summary['hit@5']!.n, 2)
  assert.equal(summary.mrr!.mean, 1)
  assert.equal(summary['hit@5']!.errors, 0)
})
