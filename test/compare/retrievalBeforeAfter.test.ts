import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { relevantRanks } from '../../src/metrics/retrieval.ts'
import { rankChanges, questionReason } from '../../src/compare/reasons.ts'
import { baselineFromResults } from '../../src/baseline/baseline.ts'
import { plainBaseline, BaselineSchema } from '../../src/schemas/baseline.ts'
import { parseResults } from '../../src/baseline/resultsFile.ts'
import { encodeResults } from '../../src/schemas/encodeResults.ts'
import { plannedMetrics, scoreQuestion } from '../../src/run/pipeline/score.ts'
import { ConfigSchema } from '../../src/schemas/config.ts'
import { makeOutput, makeRow } from '../metrics/factories.ts'
import { ResultsSchema, type Results } from '../../src/schemas/results.ts'

const config = ConfigSchema.parse({ eval_set: 'ignored.csv', eval_set_version: 'ignored', k: [3] })

describe('retrieval before and after (issue 29)', () => {
  it('each relevant doc keeps its rank among the retrieved ids, a repeat counted once, null when not retrieved', () => {
    assert.deepEqual(
      {
        ...relevantRanks(
          ['a', 'a', 'man_rm', 'b'],
          [
            { id: 'man_rm', grade: 1 },
            { id: 'man_cp', grade: 2 },
            { id: 'x', grade: 0 },
          ],
        ),
      },
      { man_rm: 2, man_cp: null },
    )
    assert.equal(relevantRanks(['a'], []), null)
    assert.equal(relevantRanks(['a'], [{ id: 'a', grade: 0 }]), null, 'a doc judged not relevant is not tracked')
  })

  it('a run that computes retrieval writes relevant_ranks on each question with relevant docs; one that does not, writes none', () => {
    const row = makeRow({ id: 'q1', relevant_docs: [{ id: 'man_rm', grade: 1 }] })
    const output = makeOutput({ id: 'q1', answer: 'a', retrieved_ids: ['man_ls', 'man_rm'] })
    const metrics = plannedMetrics([row], config, [output], { metrics: [] })
    assert.deepEqual({ ...scoreQuestion(row, output, config, metrics, {}).relevant_ranks }, { man_rm: 2 })
    const noRetrieval = metrics.filter((m) => !/@|mrr/.test(m))
    assert.equal(scoreQuestion(row, output, config, noRetrieval, {}).relevant_ranks, undefined)
  })

  it('says where the relevant docs went, the worst move first', () => {
    assert.equal(rankChanges({ man_rm: 1 }, { man_rm: null }), 'relevant doc man_rm was rank 1, now not retrieved')
    assert.equal(rankChanges({ a: 1, b: 2 }, { a: 4, b: null }), 'relevant doc b was rank 2, now not retrieved; relevant doc a was rank 1, now rank 4')
    assert.equal(rankChanges({ a: null }, { a: 3 }), 'relevant doc a was not retrieved, now rank 3')
    assert.equal(rankChanges({ a: 1 }, { a: 1 }), null)
  })

  it('a retrieval regression reason leads with it; an answer metric and an older baseline keep the note alone', () => {
    const q = { ...questionWith({ man_rm: null }), notes: { 'recall@3': 'missed man_rm; retrieved man_ls' } }
    assert.equal(questionReason(q, 'recall@3', { man_rm: 1 }), 'relevant doc man_rm was rank 1, now not retrieved; missed man_rm; retrieved man_ls')
    assert.equal(questionReason(q, 'recall@3'), 'missed man_rm; retrieved man_ls', 'a baseline without ranks')
    assert.equal(questionReason({ ...q, notes: { faithfulness: 'unsupported' } }, 'faithfulness', { man_rm: 1 }), 'unsupported')
  })

  it('relevant_ranks survives results.json schema 3 and becomes part of the baseline, which validates and loads', () => {
    const results = resultsWith(questionWith({ man_rm: 1, man_cp: null }))
    const { file, question } = encodeResults(results)
    const written = JSON.parse(JSON.stringify({ ...file, questions: { q1: question(results.questions.q1!) } })) as unknown
    const read = parseResults(written, 'results.json')
    assert.deepEqual(read.questions.q1!.relevant_ranks, { man_rm: 1, man_cp: null })
    const baseline = baselineFromResults(read, null, 'v1', new Date(0))
    const json = JSON.parse(JSON.stringify(baseline)) as unknown
    assert.ok(BaselineSchema.safeParse(json).success)
    assert.deepEqual(plainBaseline(json)?.questions?.q1?.relevant_ranks, { man_rm: 1, man_cp: null })
  })
})

function questionWith(ranks: Record<string, number | null>) {
  return { question: 'how do I remove a file?', category: null, difficulty: null, should_refuse: false, answer: 'rm', scores: { 'recall@3': 0 }, notes: {}, errors: {}, relevant_ranks: ranks }
}

function resultsWith(q: ReturnType<typeof questionWith>): Results {
  return ResultsSchema.parse({
    schema_version: 3,
    run: {
      version: 'v1',
      eval_set_version: 'v1',
      eval_set_fingerprint: 'sha256-sum:' + '0'.repeat(64),
      eval_set_path: null,
      question_count: 1,
      candidate: 'predictions',
      judge: { provider: 'none', model: null, embeddings_model: null, definitions_hash: 'x', rules_hash: 'y' },
      judge_label: 'none',
      k: [3],
      shard: null,
      subset: null,
      started_at: new Date(0).toISOString(),
      timings_ms: { candidate: 0, scoring: 0, total: 0 },
      usage: { llm_calls: 0, embedding_calls: 0, prompt_tokens: 0, completion_tokens: 0, cache_hits: 0, retries: 0, cost_usd: null, by_family: {}, planned: null },
      judge_stability: null,
      notes: [],
    },
    metrics: { 'recall@3': { mean: 0, n: 1, nan: 0, errors: 0 } },
    questions: { q1: q },
    comparison: null,
    judge_health: null,
  })
}
