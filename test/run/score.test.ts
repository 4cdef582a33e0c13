import { test } from 'node:test'
import assert from 'node:assert/strict'
import { plannedMetrics, scoreQuestion, summarise } from '../../src/run/pipeline/score.ts'
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

const answerable = makeRow({ id: 'a1', relevant_docs: [{ id: 'D1', grade: 1 }] })
const refusing = makeRow({ id: 'r1', should_refuse: true, relevant_docs: [] })
const fewer = [answerable, refusing]

test('scores list every planned metric in plan order, and notes follow the same order whichever tier wrote them first', () => {
  const metrics = plannedMetrics(fewer, config, [], noScorer)
  // the rules tier writes no_over_refusal before length_ok, retrieval before citations; the result is in plan order
  const result = scoreQuestion(answerable, makeOutput({ id: 'a1', answer: '抱歉，我不知道', retrieved_ids: ['D9'] }), config, metrics, {})
  assert.deepEqual(Object.keys(result.scores), metrics)
  const noted = Object.keys(result.notes)
  assert.deepEqual(
    noted,
    metrics.filter((m) => noted.includes(m)),
  )
  assert.ok(noted.indexOf('length_ok') < noted.indexOf('no_over_refusal') && noted.indexOf('precision@5') < noted.indexOf('citation_valid'), noted.join(', '))
  // relevant_ranks last: the question lists a relevant doc and the run computes retrieval
  assert.deepEqual(Object.keys(result), ['question', 'category', 'difficulty', 'should_refuse', 'answer', 'inputs_hash', 'scores', 'notes', 'errors', 'relevant_ranks'])
})

test('a metric not asked of a question is null without a note; one asked of it but unscored gets its note', () => {
  const metrics = plannedMetrics(fewer, config, [], noScorer)
  const refused = scoreQuestion(refusing, makeOutput({ id: 'r1', answer: '不知道' }), config, metrics, {})
  assert.equal(refused.scores.length_ok, null)
  assert.equal(refused.notes.length_ok, undefined)
  assert.equal(refused.scores.refuse_ok, 1)
  assert.equal(refused.notes.citation_valid, 'the answer cites nothing')
  const answered = scoreQuestion(answerable, makeOutput({ id: 'a1', answer: '住宿每晚500元[文档1]', retrieved_ids: ['D1'] }), config, metrics, {})
  assert.equal(answered.scores.refuse_ok, null)
  assert.equal(answered.notes.refuse_ok, undefined)
  // a perfect retrieval score needs no note
  assert.equal(answered.scores['recall@5'], 1)
  assert.equal(answered.notes['recall@5'], undefined)
})

test("a provider's scores join the question's in plan order; a metric it did not plan is dropped and an empty reason is no note", () => {
  const metrics = plannedMetrics(fewer, config, [], { metrics: ['faithfulness', 'completeness_norm'] })
  const scorer = {
    scoreAnswer: () => ({ scores: { faithfulness: { value: 0.5, reason: 'half' }, completeness_norm: { value: 1, reason: '' }, contradicted: { value: 1 } }, claims: [] }),
  }
  const result = scoreQuestion(answerable, makeOutput({ id: 'a1', answer: '住宿每晚500元[文档1]', retrieved_ids: ['D1'] }), config, metrics, scorer)
  assert.deepEqual(Object.keys(result.scores), metrics)
  assert.equal(result.scores.faithfulness, 0.5)
  assert.equal(result.notes.faithfulness, 'half')
  assert.equal(result.scores.completeness_norm, 1)
  assert.ok(!('completeness_norm' in result.notes))
  assert.ok(!('contradicted' in result.scores))
  assert.deepEqual(result.claims, [])
})

test('a candidate error makes every planned metric null with no notes; a conversation turn comes after errors, claims after it', () => {
  const metrics = plannedMetrics(fewer, config, [], noScorer)
  const turn = makeRow({ id: 't2', conversation: { id: 'c1', turn: 2 } })
  const failed = scoreQuestion(turn, makeOutput({ id: 't2', error: 'timeout' }), config, metrics, {})
  assert.deepEqual(failed.scores, Object.fromEntries(metrics.map((m) => [m, null])))
  assert.deepEqual(Object.keys(failed.scores), metrics)
  assert.deepEqual(failed.notes, {})
  assert.deepEqual(failed.errors, { candidate: 'timeout' })
  const scorer = { scoreAnswer: () => ({ scores: {}, claims: [] }) }
  const answered = scoreQuestion(turn, makeOutput({ id: 't2', answer: '好的' }), config, metrics, scorer)
  assert.deepEqual(Object.keys(answered), ['question', 'category', 'difficulty', 'should_refuse', 'answer', 'inputs_hash', 'scores', 'notes', 'errors', 'conversation', 'claims'])
})
