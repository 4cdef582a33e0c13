import assert from 'node:assert/strict'
import { existsSync, readFileSync } from 'node:fs'
import { after, describe, it } from 'node:test'
import { cleanupTempDirs, fixture, makeTempDir, readBaseline, readResults, runCli, writeJson, type CliRun } from './harness.ts'

after(cleanupTempDirs)

const EVAL_SET = fixture('eval_set.csv')
const GOOD = fixture('good.jsonl')

function runArgs(config: string, evalSetVersion: string, ...extra: string[]): string[] {
  return ['run', '--config', config, '--eval-set', EVAL_SET, '--eval-set-version', evalSetVersion, '--predictions', GOOD, ...extra]
}

/** A baseline written from a real run over eval set version v0: a run labelled v1 cannot be compared with it. */
async function v0Baseline(t: ReturnType<typeof makeTempDir>): Promise<string> {
  const results = t.path('v0-results.json')
  const baseline = t.path('baselines/baseline.json')
  assert.equal((await runCli(runArgs(t.config, 'v0', '--version', 'old', '--out', results))).code, 0)
  assert.equal((await runCli(['baseline', '--results', results, '--out', baseline])).code, 0)
  return baseline
}

/** The fix command the terminal prints, as argv for the CLI (the `evalgate` an in-process run is started as, stripped). */
function printedFix(run: CliRun): string[] {
  const line = run.stdout.split('\n').find((l) => l.trim().startsWith('evalgate baseline '))
  assert.ok(line, `the fix command is printed:\n${run.stdout}`)
  return line.trim().slice('evalgate '.length).split(/\s+/)
}

describe('an incomparable run writes results.json and exits 2', () => {
  it('run: exit 2, results.json with verdict incomparable and its reasons, a report, and a fix command that works', async () => {
    const t = makeTempDir()
    const baseline = await v0Baseline(t)
    const out = t.path('results.json')
    const report = t.path('report.md')
    const run = await runCli(runArgs(t.config, 'v1', '--version', 'pr-7', '--baseline', baseline, '--out', out, '--report', report))
    assert.equal(run.code, 2, run.stderr)

    const c = readResults(out).comparison!
    assert.equal(c.verdict, 'incomparable')
    assert.equal(c.reasons.length, 1)
    assert.ok(c.reasons[0]!.includes(baseline), c.reasons[0])
    assert.match(c.reasons[0]!, /eval_set_version "v0", this run uses "v1"/)
    assert.deepEqual(c.failures, [])
    // the base branch's label (the baseline's own, old), not this PR's (pr-7)
    assert.equal(c.update_command, `evalgate baseline --results ${out} --out ${baseline} --version old`)
    assert.equal(Object.keys(readResults(out).questions).length, 7, 'the run was scored: its results can become the new baseline')

    assert.match(run.stderr, /warning: baseline not comparable: .*"v0"/, 'said before the candidate runs')
    assert.match(run.stdout, /^INCOMPARABLE /m)
    assert.match(run.stdout, /Baseline not comparable:\n {4}- .*"v0", this run uses "v1"/)
    const md = readFileSync(report, 'utf8')
    assert.match(md, /^### ⚠️ evalgate: baseline not comparable$/m)
    assert.match(md, /\*\*Why the baseline is not comparable\*\*\n- .*eval\\_set\\_version "v0", this run uses "v1"/)
    assert.match(md, /^\| rules_pass \| — \| 1\.000 \|/m, 'the metric table shows this run alone')
    assert.ok(md.includes(c.update_command))

    // the printed command refers to a file that exists, and it works
    const fix = printedFix(run)
    assert.deepEqual(fix, ['baseline', '--results', out, '--out', baseline, '--version', 'old'])
    const written = await runCli(fix)
    assert.equal(written.code, 0, written.stderr)
    assert.equal(readBaseline(baseline).eval_set_version, 'v1')
    assert.equal(readBaseline(baseline).version, 'old', "the update command keeps the base branch's label")
    const again = await runCli(runArgs(t.config, 'v1', '--baseline', baseline, '--out', out))
    assert.equal(again.code, 0, again.stdout + again.stderr)
    assert.equal(readResults(out).comparison?.verdict, 'pass')
  })

  it('run without --out: writes the results.json its fix command names', async () => {
    const t = makeTempDir()
    const baseline = await v0Baseline(t)
    const cwd = process.cwd()
    process.chdir(t.dir)
    try {
      const run = await runCli(runArgs(t.config, 'v1', '--baseline', baseline))
      assert.equal(run.code, 2, run.stderr)
      assert.deepEqual(printedFix(run), ['baseline', '--results', 'results.json', '--out', baseline, '--version', 'old'])
      assert.equal(readResults(t.path('results.json')).comparison?.verdict, 'incomparable')
      assert.match(run.stdout, /results: results\.json/)
    } finally {
      process.chdir(cwd)
    }
  })

  it('compare: exit 2, --out written with the reasons; the command names the file written', async () => {
    const t = makeTempDir()
    const baseline = await v0Baseline(t)
    const candidate = t.path('v1-results.json')
    assert.equal((await runCli(runArgs(t.config, 'v1', '--version', 'pr-8', '--out', candidate))).code, 0)
    const out = t.path('compared.json')
    const result = await runCli(['compare', '--config', t.config, '--baseline', baseline, '--candidate', candidate, '--out', out])
    assert.equal(result.code, 2, result.stderr)
    const c = readResults(out).comparison!
    assert.equal(c.verdict, 'incomparable')
    assert.match(c.reasons[0]!, /"v0", this run uses "v1"/)
    assert.deepEqual(printedFix(result), ['baseline', '--results', out, '--out', baseline, '--version', 'old'])
    assert.equal((await runCli(printedFix(result))).code, 0)
    assert.equal(readBaseline(baseline).eval_set_version, 'v1')
    assert.equal(readBaseline(baseline).version, 'old', "the update command keeps the base branch's label, not the candidate's (pr-8)")
  })

  it('compare without --out: the command names the candidate results, which exist', async () => {
    const t = makeTempDir()
    const candidate = t.path('v1-results.json')
    assert.equal((await runCli(runArgs(t.config, 'v1', '--out', candidate))).code, 0)
    const baseline = writeJson(t.path('baseline.json'), { version: 'v2', eval_set_version: 'v0', metrics: { rules_pass: 0.9 } })
    const result = await runCli(['compare', '--config', t.config, '--baseline', baseline, '--candidate', candidate])
    assert.equal(result.code, 2, result.stderr)
    assert.deepEqual(printedFix(result), ['baseline', '--results', candidate, '--out', baseline, '--version', 'v2'])
    assert.ok(existsSync(candidate))
  })
})
