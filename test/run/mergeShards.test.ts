import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, describe, it } from 'node:test'
import { GateError } from '../../src/io/errors.ts'
import { mergeShardFiles } from '../../src/run/pipeline/merge.ts'
import { cleanupTempDirs, makeTempDir, writeJson } from '../cli/harness.ts'

after(cleanupTempDirs)

const RUN = (
  JSON.parse(readFileSync(new URL('../fixtures/byte-identity/example-results.json', import.meta.url), 'utf8').replace('{<timings>}', '{"candidate": 1, "scoring": 2, "total": 3}')) as {
    run: Record<string, unknown>
  }
).run

function question(scores: Record<string, number | null>): Record<string, unknown> {
  return { question: 'q?', category: null, difficulty: null, should_refuse: false, answer: 'a', scores, notes: {}, errors: {} }
}

/** Shard `index` of 2 of a 6-question run, with these metrics and questions. */
function shard(dir: ReturnType<typeof makeTempDir>, index: number, metrics: string[], questions: Record<string, unknown>): string {
  const summary = Object.fromEntries(metrics.map((m) => [m, { mean: null, n: 0, nan: 0, errors: 0 }]))
  const run = { ...RUN, shard: { index, count: 2, total_questions: 6 } }
  return writeJson(dir.path(`shard-${index}.json`), { schema_version: 2, run, metrics: summary, questions, comparison: null })
}

describe('merge: every question gets every metric of the run', () => {
  it('adds null for a metric a question has no score for, whatever order its keys are in', async () => {
    const t = makeTempDir()
    const one = shard(t, 1, ['mrr', 'hit@5'], {
      q2: question({}),
      q1: question({ mrr: 1, 'hit@5': 0 }),
      q3: question({ 'hit@5': 1, mrr: 0.5 }),
      q4: question({ mrr: 0.25 }),
    })
    const two = shard(t, 2, ['mrr', 'latency_ms'], { q5: question({ mrr: 1, latency_ms: 12 }), q6: question({ mrr: 0, latency_ms: 3, extra: 1 }) })
    const merged = await mergeShardFiles([one, two])
    const scores = Object.fromEntries(Object.entries(merged.questions).map(([id, q]) => [id, q.scores]))
    assert.deepEqual(scores, {
      q1: { mrr: 1, 'hit@5': 0, latency_ms: null },
      q2: { 'hit@5': null, mrr: null, latency_ms: null },
      q3: { 'hit@5': 1, mrr: 0.5, latency_ms: null },
      q4: { mrr: 0.25, 'hit@5': null, latency_ms: null },
      q5: { mrr: 1, latency_ms: 12, 'hit@5': null },
      q6: { mrr: 0, latency_ms: 3, extra: 1, 'hit@5': null },
    })
    // the added keys come after the question's own, in the run's metric order
    assert.deepEqual(Object.keys(merged.questions.q2!.scores), ['hit@5', 'mrr', 'latency_ms'])
  })

  it('refuses a question two shards hold, naming both', async () => {
    const t = makeTempDir()
    const one = shard(t, 1, ['mrr'], { q1: question({ mrr: 1 }), q2: question({ mrr: 1 }) })
    const two = shard(t, 2, ['mrr'], { q3: question({ mrr: 1 }), q2: question({ mrr: 0 }) })
    try {
      await mergeShardFiles([one, two])
      assert.fail('expected a GateError')
    } catch (error) {
      assert.ok(error instanceof GateError, String(error))
      assert.match(error.message, /shard-2\.json: question "q2" is also in .*shard-1\.json/)
    }
  })
})
