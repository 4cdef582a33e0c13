import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, describe, it } from 'node:test'
import { cleanupTempDirs, fixture, makeTempDir, readResults, runCli, writeText } from './harness.ts'

after(cleanupTempDirs)

const EVAL_SET = fixture('eval_set.csv')

/** good.jsonl with every latency_ms replaced: a function of the question id. */
function withLatency(file: string, latency: (id: string) => number): string {
  const lines = readFileSync(fixture('good.jsonl'), 'utf8').trim().split('\n')
  const rows = lines.map((line) => {
    const row = JSON.parse(line) as { id: string; latency_ms?: number }
    return JSON.stringify({ ...row, latency_ms: latency(row.id) })
  })
  return writeText(file, rows.join('\n') + '\n')
}

/** Every number in a JSON text is finite: JSON.stringify writes ±Infinity and NaN as null, which the readers reject. */
function assertNoNullNumbers(file: string): void {
  const text = readFileSync(file, 'utf8')
  assert.doesNotMatch(text, /Infinity|NaN/)
  const parsed = JSON.parse(text) as { comparison?: { regressions: { change: unknown }[]; improvements: { change: unknown }[]; metrics: { change: unknown }[] } }
  for (const row of [...(parsed.comparison?.regressions ?? []), ...(parsed.comparison?.improvements ?? [])]) {
    assert.equal(typeof row.change, 'number', `a per-question change is a number: ${JSON.stringify(row)}`)
  }
}

describe('zero latencies round trip (issue 12.2)', () => {
  it('a run against a baseline whose latencies are 0 writes a results.json that baseline and compare read back', async () => {
    const t = makeTempDir()
    const run = (predictions: string, ...extra: string[]) => runCli(['run', '--config', t.config, '--eval-set', EVAL_SET, '--eval-set-version', 'v1', '--predictions', predictions, ...extra])
    const zeros = withLatency(t.path('zeros.jsonl'), () => 0)
    const slower = withLatency(t.path('slower.jsonl'), (id) => (id === 'q1' || id === 'q2' ? 0.09 : 0))
    const baseResults = t.path('base-results.json')
    const baselineFile = t.path('baseline.json')
    const candidateResults = t.path('candidate-results.json')

    const first = await run(zeros, '--out', baseResults)
    assert.equal(first.code, 0, first.stderr)
    assertNoNullNumbers(baseResults)
    const written = await runCli(['baseline', '--results', baseResults, '--out', baselineFile])
    assert.equal(written.code, 0, written.stderr)

    const second = await run(slower, '--baseline', baselineFile, '--out', candidateResults)
    assert.ok(second.code === 0 || second.code === 1, second.stderr)
    assertNoNullNumbers(candidateResults)
    const latency = readResults(candidateResults).comparison?.metrics.find((m) => m.metric === 'latency_ms')
    assert.ok(latency && Number.isFinite(latency.change), `latency change is finite: ${JSON.stringify(latency)}`)

    const compared = await runCli(['compare', '--config', t.config, '--baseline', baselineFile, '--candidate', candidateResults, '--out', t.path('compared.json')])
    assert.ok(compared.code === 0 || compared.code === 1, compared.stderr)
    assertNoNullNumbers(t.path('compared.json'))
    const rebased = await runCli(['baseline', '--results', candidateResults, '--out', t.path('baseline2.json')])
    assert.equal(rebased.code, 0, rebased.stderr)
    const againstResults = await runCli(['compare', '--config', t.config, '--baseline', baseResults, '--candidate', candidateResults])
    assert.ok(againstResults.code === 0 || againstResults.code === 1, againstResults.stderr)
  })
})
