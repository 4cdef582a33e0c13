import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, before, describe, it } from 'node:test'
import { cleanupTempDirs, fixture, makeTempDir, readBaseline, readResults, runCli, writeJson, writeText } from './harness.ts'

after(cleanupTempDirs)

/*
 * One place for gate settings: defaults < baseline.json < evalgate.yml < flags, each setting's
 * source recorded in results.json, shown in the report and with --verbose, and the settings
 * that gated a run written into the baseline made from it.
 */
const EVAL_SET = fixture('eval_set.csv')
const GOOD = fixture('good.jsonl')

const t = makeTempDir()
const goodResults = t.path('good-results.json')
/** a baseline whose committed settings say max_drop 0.2 and question_drop 0.3, and nothing of max_error_rate */
const baselineFile = t.path('baseline.json')
const yml = writeText(t.path('evalgate.yml'), 'gate:\n  max_drop: 0.05\n')

function runArgs(config: string, out: string, ...extra: string[]): string[] {
  return ['run', '--config', config, '--eval-set', EVAL_SET, '--eval-set-version', 'v1', '--predictions', GOOD, '--baseline', baselineFile, '--out', out, ...extra]
}

describe('gate settings: defaults < baseline < evalgate.yml < flags, with their sources', () => {
  before(async () => {
    const good = await runCli(['run', '--config', t.config, '--eval-set', EVAL_SET, '--eval-set-version', 'v1', '--predictions', GOOD, '--out', goodResults])
    assert.equal(good.code, 0, good.stderr)
    const written = await runCli(['baseline', '--results', goodResults, '--out', baselineFile, '--version', 'base'])
    assert.equal(written.code, 0, written.stderr)
    // a baseline that sets max_drop and question_drop and says nothing of max_error_rate (as one written before it existed)
    const { max_error_rate: _unset, ...written_ } = readBaseline(baselineFile)
    writeJson(baselineFile, { ...written_, max_drop: 0.2, question_drop: 0.3 })
  })

  it("applies evalgate.yml's max_drop over the baseline's, and the report names evalgate.yml as its source", async () => {
    const out = t.path('yml-results.json')
    const report = t.path('yml-report.md')
    const run = await runCli(runArgs(yml, out, '--report', report))
    assert.equal(run.code, 0, run.stderr)
    const c = readResults(out).comparison!
    assert.equal(c.gate.max_drop, 0.05)
    assert.equal(c.gate_sources?.max_drop, yml)
    assert.deepEqual(c.metrics.find((m) => m.metric === 'rules_pass')?.limit, { kind: 'max_drop', value: 0.05, min_ms: null }, 'the metric rows are gated with it')
    assert.equal(c.gate.question_drop, 0.3, "the baseline's own setting stays where evalgate.yml says nothing")
    assert.equal(c.gate_sources?.question_drop, baselineFile)
    assert.equal(c.gate_sources?.max_error_rate, 'default')
    const md = readFileSync(report, 'utf8')
    const details = md.slice(md.indexOf('gate settings</summary>'))
    assert.ok(details.length < md.length, md)
    assert.match(details, /defaults &lt; baseline &lt; evalgate\.yml &lt; flags \/ Action inputs/)
    assert.ok(details.includes(`- \`max_drop\` 0.05 (${yml})`), details)
    assert.ok(details.includes(`- \`question_drop\` 0.3 (${baselineFile})`), details)
    assert.ok(details.includes('- `max_error_rate` 0.1 (default)'), details)
  })

  it('lets a flag override both evalgate.yml and the baseline', async () => {
    const out = t.path('flag-results.json')
    const run = await runCli(runArgs(yml, out, '--max-drop', '0.3'))
    assert.equal(run.code, 0, run.stderr)
    const c = readResults(out).comparison!
    assert.equal(c.gate.max_drop, 0.3)
    assert.equal(c.gate_sources?.max_drop, 'flags')
  })

  it("applies the baseline's max_drop when evalgate.yml does not set one", async () => {
    const out = t.path('base-results.json')
    const run = await runCli(runArgs(t.config, out))
    assert.equal(run.code, 0, run.stderr)
    const c = readResults(out).comparison!
    assert.equal(c.gate.max_drop, 0.2)
    assert.equal(c.gate_sources?.max_drop, baselineFile)
  })

  it('compare resolves the settings the same way', async () => {
    const out = t.path('compared.json')
    const run = await runCli(['compare', '--config', yml, '--baseline', baselineFile, '--candidate', goodResults, '--out', out])
    assert.equal(run.code, 0, run.stderr)
    const c = readResults(out).comparison!
    assert.equal(c.gate.max_drop, 0.05)
    assert.equal(c.gate_sources?.max_drop, yml)
    assert.equal(c.gate_sources?.question_drop, baselineFile)
  })

  it('takes from a results.json used as the baseline the settings that were set when it ran, not its defaults', async () => {
    const gated = t.path('gated-by-yml.json')
    assert.equal((await runCli(runArgs(yml, gated))).code, 0)
    const out = t.path('against-results.json')
    const run = await runCli(['compare', '--config', t.config, '--baseline', gated, '--candidate', goodResults, '--out', out])
    assert.equal(run.code, 0, run.stderr)
    const c = readResults(out).comparison!
    assert.equal(c.gate.max_drop, 0.05)
    assert.equal(c.gate_sources?.max_drop, gated)
    assert.equal(c.gate_sources?.max_error_rate, 'default')
  })

  it('prints every setting and its source with --verbose, and none without', async () => {
    const run = await runCli(runArgs(yml, t.path('verbose-results.json'), '--verbose'))
    assert.equal(run.code, 0, run.stderr)
    assert.match(run.stdout, /^gate settings \(defaults < baseline < evalgate\.yml < flags \/ Action inputs: a later one wins\):$/m)
    assert.ok(run.stdout.includes(`\n  max_drop 0.05 (${yml})\n`), run.stdout)
    assert.ok(run.stdout.includes(`\n  question_drop 0.3 (${baselineFile})\n`), run.stdout)
    assert.ok(run.stdout.includes('\n  max_error_rate 0.1 (default)\n'), run.stdout)
    assert.ok(run.stdout.includes(`\n  thresholds none (${baselineFile})\n`), run.stdout)
    const quiet = await runCli(runArgs(yml, t.path('quiet-results.json')))
    assert.doesNotMatch(quiet.stdout, /gate settings/)
  })

  it('writes the settings that gated the promoted run into the new baseline, not those of the file it replaces', async () => {
    const dir = makeTempDir()
    const target = writeJson(dir.path('baseline.json'), readBaseline(baselineFile))
    const out = dir.path('results.json')
    const run = await runCli(runArgs(yml, out))
    assert.equal(run.code, 0, run.stderr)
    const written = await runCli(['baseline', '--results', out, '--out', target, '--version', 'next'])
    assert.equal(written.code, 0, written.stderr)
    const baseline = readBaseline(target)
    assert.equal(baseline.max_drop, 0.05, "evalgate.yml's max_drop, which gated the run")
    assert.equal(baseline.question_drop, 0.3, "the compared baseline's setting, which gated it too")
    assert.equal(baseline.version, 'next')
    assert.equal(baseline.max_error_rate, 0.1, 'a default that gated the run is written too: the baseline states the whole gate')
    assert.ok(written.stdout.includes(`\n  max_drop 0.05 (${yml})\n`), written.stdout)
    assert.doesNotMatch(written.stdout, /kept from the previous/)
    assert.ok(written.stdout.includes('\n  max_error_rate 0.1 (default)\n'), written.stdout)

    // the next run without evalgate.yml is gated with what the baseline now says
    const next = dir.path('next.json')
    const again = await runCli(['run', '--config', t.config, '--eval-set', EVAL_SET, '--eval-set-version', 'v1', '--predictions', GOOD, '--baseline', target, '--out', next])
    assert.equal(again.code, 0, again.stderr)
    assert.equal(readResults(next).comparison?.gate.max_drop, 0.05)
  })
})
