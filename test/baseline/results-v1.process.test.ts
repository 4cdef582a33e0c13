import assert from 'node:assert/strict'
import { after, describe, it } from 'node:test'
import { fileURLToPath } from 'node:url'
import { loadBaseline } from '../../src/baseline/baseline.ts'
import { loadResults } from '../../src/baseline/resultsFile.ts'
import { RESULTS_SCHEMA_VERSION } from '../../src/schemas/results.ts'
import { cleanupTempDirs, fixture, makeTempDir, readBaseline, readResults, runCli } from '../cli/harness.ts'

after(cleanupTempDirs)

/**
 * A results.json written by evalgate before failures were data (schema_version 1, commit
 * df9e600): the worse predictions of test/fixtures/cli against a baseline of the good ones,
 * gated with --max-drop 0.05. Its rows hold the limit in `max_drop` and its failures as sentences.
 * Its judge identity was moved to lexical-v4 and today's default rules, so that a baseline written
 * by the current code can be compared with it (the schema upgrade is what is tested here).
 */
const V1 = fileURLToPath(new URL('../fixtures/results-v1/worse-results.json', import.meta.url))

describe('a schema_version 1 results.json still loads', () => {
  it('is upgraded: each row names its limit, the old sentences are kept as notes, not parsed', async () => {
    const results = await loadResults(V1)
    assert.equal(results.schema_version, RESULTS_SCHEMA_VERSION)
    const c = results.comparison!
    assert.equal(c.verdict, 'fail')
    assert.equal(c.gate.max_drop, 0.05)
    assert.deepEqual(c.metrics.find((m) => m.metric === 'rules_pass')?.limit, { kind: 'max_drop', value: 0.05, min_ms: null })
    assert.deepEqual(c.metrics.find((m) => m.metric === 'latency_ms')?.limit, { kind: 'latency_rise', value: 0.5, min_ms: null })
    assert.deepEqual(c.failures, [])
    assert.deepEqual(c.reasons, [])
    assert.ok(
      c.messages.some((m) => m.startsWith('gate failure (results schema_version 1): rules_pass: dropped 0.286')),
      c.messages.join('\n'),
    )
    assert.equal(Object.keys(results.questions).length, 7)
  })

  it('serves as a baseline, with the gate settings it was gated with', async () => {
    const view = (await loadBaseline(V1))!
    assert.equal(view.kind, 'results')
    assert.equal(view.settings.max_drop, 0.05)
  })

  it('evalgate baseline --results writes a baseline from it that keeps max_drop', async () => {
    const t = makeTempDir()
    const out = t.path('baseline.json')
    const result = await runCli(['baseline', '--results', V1, '--out', out])
    assert.equal(result.code, 0, result.stderr)
    const baseline = readBaseline(out)
    assert.equal(baseline.max_drop, 0.05)
    assert.equal(baseline.questions?.q3?.scores.citation_ok, 0)
  })

  it('evalgate compare gates it again, with the failures as data', async () => {
    const t = makeTempDir()
    const good = t.path('good.json')
    const baseline = t.path('baseline.json')
    const run = ['run', '--config', t.config, '--eval-set', fixture('eval_set.csv'), '--eval-set-version', 'v1', '--predictions', fixture('good.jsonl'), '--out', good]
    assert.equal((await runCli(run)).code, 0)
    assert.equal((await runCli(['baseline', '--results', good, '--out', baseline])).code, 0)
    const out = t.path('compared.json')
    const result = await runCli(['compare', '--config', t.config, '--baseline', baseline, '--candidate', V1, '--out', out])
    assert.equal(result.code, 1, result.stderr)
    const c = readResults(out).comparison!
    assert.ok(
      c.failures.some((f) => f.kind === 'max_drop' && f.metric === 'rules_pass'),
      JSON.stringify(c.failures),
    )
    assert.equal(readResults(out).schema_version, RESULTS_SCHEMA_VERSION)
  })
})
