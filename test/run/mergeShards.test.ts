import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, describe, it } from 'node:test'
import { GateError } from '../../src/io/errors.ts'
import { combineFingerprints } from '../../src/baseline/fingerprint.ts'
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

describe("merge: the eval set's fingerprint from the shards'", () => {
  const hex = (digit: string) => digit.repeat(64)
  /** Shards 1 and 2 of a 6-question run with these fingerprints. */
  async function merge(first: string, second: string): Promise<unknown> {
    const t = makeTempDir()
    const withFingerprint = (file: string, fingerprint: string) => {
      const results = JSON.parse(readFileSync(file, 'utf8')) as { run: Record<string, unknown> }
      results.run.eval_set_fingerprint = fingerprint
      return writeJson(file, results)
    }
    const one = withFingerprint(shard(t, 1, ['mrr'], { q1: question({ mrr: 1 }), q2: question({ mrr: 1 }), q3: question({ mrr: 1 }) }), first)
    const two = withFingerprint(shard(t, 2, ['mrr'], { q4: question({ mrr: 1 }), q5: question({ mrr: 1 }), q6: question({ mrr: 1 }) }), second)
    try {
      return (await mergeShardFiles([one, two])).run.eval_set_fingerprint
    } catch (error) {
      assert.ok(error instanceof GateError, String(error))
      return error.message
    }
  }

  it('sums the fingerprints of the shards, each over its own rows', async () => {
    assert.equal(await merge(`sha256-sum:${hex('1')}`, `sha256-sum:${hex('2')}`), combineFingerprints([`sha256-sum:${hex('1')}`, `sha256-sum:${hex('2')}`]))
  })

  it('refuses a fingerprint evalgate does not write, naming the shard', async () => {
    assert.match(String(await merge(`sha256-sum:${hex('1')}`, `sha256-sum:${hex('z')}`)), /shard-2\.json: eval_set_fingerprint "sha256-sum:z+" is not a fingerprint evalgate writes/)
  })

  it('keeps the older kind when every shard has the same, and refuses two different ones', async () => {
    assert.equal(await merge(`sha256:${hex('a')}`, `sha256:${hex('a')}`), `sha256:${hex('a')}`)
    assert.match(String(await merge(`sha256:${hex('a')}`, `sha256:${hex('b')}`)), /shard-2\.json: eval_set_fingerprint "sha256:b+" differs from "sha256:a+" in .*shard-1\.json/)
  })

  it('refuses a mix of the older kind and the later one, naming a shard of each', async () => {
    assert.match(String(await merge(`sha256-sum:${hex('1')}`, `sha256:${hex('a')}`)), /shard-2\.json: written by an evalgate from before results schema 3 .*, .*shard-1\.json by a later one/)
  })
})

describe('merge: no shard given', () => {
  it('is a usage error', async () => {
    await assert.rejects(mergeShardFiles([]), (error: unknown) => error instanceof GateError && error.code === 'usage' && /merge needs the results\.json of every shard/.test(error.message))
  })
})
