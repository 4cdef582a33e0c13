import assert from 'node:assert/strict'
import { existsSync, readFileSync } from 'node:fs'
import { after, before, describe, it } from 'node:test'
import { cleanupTempDirs, fixture, makeTempDir, readResults, runCli } from './harness.ts'

after(cleanupTempDirs)

/*
 * --only and --failing-from (issue 12.6): a subset of the eval set is re-run, compared with the
 * baseline on its own questions, and never gated. The fixtures: 7 questions; worse.jsonl breaks
 * q3 (citation, retrieval, context) and q6 (answers instead of refusing).
 */
const EVAL_SET = fixture('eval_set.csv')
const t = makeTempDir()
const baselineFile = t.path('baseline.json')
const worseResults = t.path('worse.json')

function runArgs(predictions: string, ...extra: string[]): string[] {
  return ['run', '--config', t.config, '--eval-set', EVAL_SET, '--eval-set-version', 'v1', '--predictions', fixture(predictions), ...extra]
}

describe('a subset run (--only, --failing-from)', () => {
  before(async () => {
    const good = await runCli(runArgs('good.jsonl', '--out', t.path('good.json')))
    assert.equal(good.code, 0, good.stderr)
    assert.equal((await runCli(['baseline', '--results', t.path('good.json'), '--out', baselineFile])).code, 0)
    const worse = await runCli(runArgs('worse.jsonl', '--baseline', baselineFile, '--out', worseResults))
    assert.equal(worse.code, 1, 'the whole set fails the gate')
  })

  it('--only re-runs those questions, compares them with the baseline, and is not gated: verdict subset, exit 2, said plainly', async () => {
    const out = t.path('only.json')
    const report = t.path('only.md')
    const history = t.path('history.csv')
    const run = await runCli(runArgs('worse.jsonl', '--baseline', baselineFile, '--only', 'q3, q1', '--out', out, '--report', report, '--history', history))
    assert.equal(run.code, 2, run.stderr)
    assert.match(run.stdout, /^SUBSET, NOT GATED /)
    assert.match(run.stdout, /subset run, not gated: 2 of the eval set's 7 questions \(--only\), compared with the baseline on these 2 questions only/)
    assert.doesNotMatch(run.stdout, /Gate failed because|^PASS|^FAIL/m)
    const results = readResults(out)
    assert.deepEqual(Object.keys(results.questions), ['q1', 'q3'])
    assert.deepEqual(results.run.subset, { by: '--only', questions: 2, total_questions: 7 })
    const c = results.comparison!
    assert.equal(c.verdict, 'subset')
    assert.deepEqual([c.common, c.removed, c.failures, c.update_command], [2, [], [], ''])
    assert.ok(
      c.regressions.some((q) => q.id === 'q3'),
      'the subset is still compared question by question',
    )
    const md = readFileSync(report, 'utf8')
    assert.match(md.split('\n')[0]!, /^### ⚠️ evalgate: subset run, not gated/)
    assert.match(md, /\*\*subset run, not gated: 2 of the eval set's 7 questions/)
    assert.doesNotMatch(md, /Update the baseline|removed/)
    assert.equal(existsSync(history), false, 'a subset run writes no history')
    assert.match(run.stderr, /history: not written for a subset run/)
  })

  it('--only on a should-refuse question lists only the metrics it computes (refuse_ok, rules_pass, its latency), not rows of dashes', async () => {
    const out = t.path('only-refuse.json')
    const run = await runCli(runArgs('good.jsonl', '--baseline', baselineFile, '--only', 'q6', '--out', out, '--report', t.path('only-refuse.md')))
    assert.equal(run.code, 2, run.stderr)
    const c = readResults(out).comparison!
    assert.deepEqual(
      c.metrics.map((m) => m.metric),
      ['refuse_ok', 'rules_pass', 'latency_ms'],
    )
    const table = run.stdout.slice(run.stdout.indexOf('metric '))
    assert.doesNotMatch(table, /precision@5|recall@5|completeness_norm|faithfulness|length_ok|not computed/)
    assert.doesNotMatch(readFileSync(t.path('only-refuse.md'), 'utf8'), /\| (precision@5|completeness_norm|length_ok) \|/)
  })

  it('--failing-from re-runs the questions with a failing rule, an error or a regression in that results.json', async () => {
    const out = t.path('failing.json')
    const run = await runCli(runArgs('worse.jsonl', '--baseline', baselineFile, '--failing-from', worseResults, '--out', out))
    assert.equal(run.code, 2, run.stderr)
    const results = readResults(out)
    assert.deepEqual(Object.keys(results.questions), ['q3', 'q6'])
    assert.deepEqual(results.run.subset, { by: `--failing-from ${worseResults}`, questions: 2, total_questions: 7 })
    assert.equal(results.comparison?.verdict, 'subset')
    // the fixed answers: nothing failing is left in the subset, and it is still not a pass
    const fixed = await runCli(runArgs('good.jsonl', '--baseline', baselineFile, '--failing-from', worseResults, '--out', t.path('fixed.json')))
    assert.equal(fixed.code, 2)
    assert.match(fixed.stdout, /subset run, not gated/)
    assert.equal(readResults(t.path('fixed.json')).comparison?.change_counts.questions_worse, 0)
  })

  it('a subset results.json cannot become the baseline, and compare keeps it ungated', async () => {
    const only = t.path('only-q3.json')
    assert.equal((await runCli(runArgs('good.jsonl', '--only', 'q3', '--out', only))).code, 2)
    const written = await runCli(['baseline', '--results', only, '--out', t.path('b2.json')])
    assert.equal(written.code, 2)
    assert.match(written.stderr, /a subset run \(--only: 1 of 7 questions\) cannot become the baseline\n {2}fix: write the baseline from a run of the whole eval set/)
    assert.equal(existsSync(t.path('b2.json')), false)
    const compared = await runCli(['compare', '--config', t.config, '--baseline', baselineFile, '--candidate', only, '--out', t.path('cmp.json')])
    assert.equal(compared.code, 2)
    assert.equal(readResults(t.path('cmp.json')).comparison?.verdict, 'subset')
  })

  it('unknown ids in --only: exit 2 naming them and the fix, before the candidate runs', async () => {
    const run = await runCli(runArgs('good.jsonl', '--only', 'q1,q99,Q3x', '--out', t.path('unknown.json')))
    assert.equal(run.code, 2)
    assert.match(run.stderr, /--only: 2 ids not in the eval set: "q99", "Q3x"\n {2}fix: give ids from the eval set's id column, separated by commas/)
    assert.equal(existsSync(t.path('unknown.json')), false)
    const typo = await runCli(runArgs('good.jsonl', '--only', 'Q1'))
    assert.match(typo.stderr, /no question with id "Q1" in the eval set\n {2}fix: .*did you mean "q1"\?/)
  })

  it('refuses what cannot act: both flags, a shard, a results.json with nothing failing', async () => {
    const both = await runCli(runArgs('good.jsonl', '--only', 'q1', '--failing-from', worseResults))
    assert.equal(both.code, 2)
    assert.match(both.stderr, /give --only or --failing-from, not both/)
    const shard = await runCli(runArgs('good.jsonl', '--only', 'q1', '--shard', '1/2'))
    assert.equal(shard.code, 2)
    assert.match(shard.stderr, /--only and --shard cannot be combined/)
    const nothing = await runCli(runArgs('good.jsonl', '--failing-from', t.path('good.json')))
    assert.equal(nothing.code, 2)
    assert.match(nothing.stderr, /has no failing question .*\n {2}fix: nothing to re-run/)
  })

  it('--help documents both flags and the exit code', async () => {
    const help = await runCli(['run', '--help'])
    assert.match(help.stdout, /--only ID,ID +re-run only these questions/)
    assert.match(help.stdout, /--failing-from RESULTS +re-run only the questions that failed/)
    assert.match(help.stdout, /never gated \(verdict "subset", exit 2/)
    assert.match((await runCli(['--help'])).stdout, /2 not gated \(an incomparable baseline,\na subset run: --only \/ --failing-from\)/)
  })
})
