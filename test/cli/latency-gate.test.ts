import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, describe, it } from 'node:test'
import { cleanupTempDirs, fixture, makeTempDir, readResults, runCli, writeText } from './harness.ts'

after(cleanupTempDirs)

const EVAL_SET = fixture('eval_set.csv')

/** good.jsonl with every latency_ms a function of the question's position. */
function withLatency(file: string, latency: (index: number) => number): string {
  const lines = readFileSync(fixture('good.jsonl'), 'utf8').trim().split('\n')
  return writeText(file, lines.map((line, i) => JSON.stringify({ ...(JSON.parse(line) as object), latency_ms: latency(i) })).join('\n') + '\n')
}

describe('the latency gate from the command line (issue 12.2)', () => {
  it('reports a tenfold latency rise as not gated by default, and fails it once gate.latency_rise is set', async () => {
    const t = makeTempDir()
    const run = (config: string, predictions: string, ...extra: string[]) =>
      runCli(['run', '--config', config, '--eval-set', EVAL_SET, '--eval-set-version', 'v1', '--predictions', predictions, ...extra])
    const baseResults = t.path('base.json')
    assert.equal(
      (
        await run(
          t.config,
          withLatency(t.path('fast.jsonl'), () => 100),
          '--out',
          baseResults,
        )
      ).code,
      0,
    )
    const baseline = t.path('baseline.json')
    const written = await runCli(['baseline', '--results', baseResults, '--out', baseline])
    assert.equal(written.code, 0, written.stderr)
    const stored = JSON.parse(readFileSync(baseline, 'utf8')) as Record<string, unknown>
    assert.equal(stored.latency_rise, null, 'an ungated run writes an ungated baseline')

    const slow = withLatency(t.path('slow.jsonl'), () => 1000)
    const reported = await run(t.config, slow, '--baseline', baseline, '--out', t.path('reported.json'))
    assert.equal(reported.code, 0, reported.stdout + reported.stderr)
    assert.match(reported.stdout, /latency_ms +100ms +1000ms +\+900ms +not gated/)
    assert.equal(readResults(t.path('reported.json')).comparison!.metrics.find((m) => m.metric === 'latency_ms')!.status, 'not_gated')

    const gated = writeText(t.path('gated.yml'), 'gate:\n  latency_rise: 0.5\n')
    const failed = await run(gated, slow, '--baseline', baseline, '--out', t.path('failed.json'))
    assert.equal(failed.code, 1, failed.stdout + failed.stderr)
    assert.match(failed.stdout, /latency_ms: p50 rose from 100 to 1000 ms \(\+900 ms, \+900\.0%\), more than latency_rise 50\.0% and latency_min_ms 50 ms/)
    const comparison = readResults(t.path('failed.json')).comparison!
    assert.deepEqual(
      comparison.failures.map((f) => (f.kind === 'latency' ? f.percentile : f.kind)),
      ['p50', 'p95'],
    )
    assert.equal(comparison.gate.latency_min_ms, 50)
  })

  it('refuses latency_min_ms without latency_rise (exit 2, the setting and the fix) in run and in compare', async () => {
    const t = makeTempDir()
    const config = writeText(t.path('evalgate.yml'), 'gate:\n  latency_min_ms: 200\n')
    const predictions = withLatency(t.path('p.jsonl'), () => 100)
    const refused = await runCli(['run', '--config', config, '--eval-set', EVAL_SET, '--eval-set-version', 'v1', '--predictions', predictions])
    assert.equal(refused.code, 2, refused.stdout + refused.stderr)
    assert.match(refused.stderr, /gate\.latency_min_ms is 200, but latency_rise is not set/)
    assert.match(refused.stderr, /set gate\.latency_rise/)

    const results = t.path('results.json')
    assert.equal((await runCli(['run', '--config', t.config, '--eval-set', EVAL_SET, '--eval-set-version', 'v1', '--predictions', predictions, '--out', results])).code, 0)
    const compared = await runCli(['compare', '--config', config, '--baseline', results, '--candidate', results])
    assert.equal(compared.code, 2, compared.stdout + compared.stderr)
    assert.match(compared.stderr, /gate\.latency_min_ms is 200, but latency_rise is not set/)
  })
})
