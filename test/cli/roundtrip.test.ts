import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, before, describe, it } from 'node:test'
import { failureSentence } from '../../src/report/failures.ts'
import { cleanupTempDirs, fixture, makeTempDir, readBaseline, readResults, runCli, writeJson, writeText, type CliRun } from './harness.ts'

after(cleanupTempDirs)

/*
 * The fixtures: 7 Chinese HR questions (q6 should be refused). worse.jsonl differs from
 * good.jsonl in exactly two answers: q3 loses its citation, its retrieval and its context,
 * and q6 answers instead of refusing.
 */
const EVAL_SET = fixture('eval_set.csv')
const GOOD = fixture('good.jsonl')
const WORSE = fixture('worse.jsonl')

const t = makeTempDir()
const goodResults = t.path('good-results.json')
const worseResults = t.path('worse-results.json')
const baselineFile = t.path('baselines/baseline.json')
const worseReport = t.path('worse-report.md')
let worseRun: CliRun

function runArgs(predictions: string, ...extra: string[]): string[] {
  return ['run', '--config', t.config, '--eval-set', EVAL_SET, '--eval-set-version', 'v1', '--predictions', predictions, ...extra]
}

describe('run → baseline → run → compare round trip', () => {
  before(async () => {
    const good = await runCli(runArgs(GOOD, '--version', 'good-1', '--out', goodResults))
    assert.equal(good.code, 0, good.stderr)
    const written = await runCli(['baseline', '--results', goodResults, '--out', baselineFile])
    assert.equal(written.code, 0, written.stderr)
    worseRun = await runCli(runArgs(WORSE, '--baseline', baselineFile, '--out', worseResults, '--report', worseReport))
  })

  it('passes a first run with no baseline and says there is nothing to compare', async () => {
    const dir = makeTempDir()
    const out = dir.path('results.json')
    const result = await runCli(runArgs(GOOD, '--out', out))
    assert.equal(result.code, 0, result.stderr)
    assert.match(result.stdout, /NO BASELINE/)
    const results = readResults(out)
    assert.equal(results.comparison?.verdict ?? 'no_baseline', 'no_baseline')
    assert.equal(results.run.eval_set_version, 'v1')
    assert.equal(results.run.question_count, 7)
    assert.deepEqual(Object.keys(results.questions).sort(), ['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7'])
    assert.equal(results.questions.q6?.should_refuse, true)
    assert.equal(results.questions.q6?.scores.refuse_ok, 1)
    assert.equal(results.questions.q3?.question, '加班费怎么计算？')
    assert.equal(results.metrics.rules_pass?.mean, 1)
    assert.ok('recall@5' in results.metrics, 'relevant_doc_ids give retrieval metrics')
  })

  it('writes a baseline with per-question scores, the eval set version and its fingerprint', () => {
    const results = readResults(goodResults)
    const baseline = readBaseline(baselineFile)
    assert.equal(baseline.version, 'good-1')
    assert.equal(baseline.eval_set_version, 'v1')
    assert.match(baseline.eval_set_fingerprint ?? '', /^sha256-sum:[0-9a-f]{64}$/)
    assert.equal(baseline.eval_set_fingerprint, results.run.eval_set_fingerprint)
    assert.deepEqual(baseline.judge, results.run.judge)
    assert.equal(baseline.created_at, '2026-01-02T03:04:05.000Z')
    assert.deepEqual(Object.keys(baseline.questions ?? {}).sort(), ['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7'])
    assert.equal(baseline.questions?.q3?.scores.rules_pass, 1)
    assert.equal(baseline.questions?.q3?.scores['recall@5'], 1)
    assert.equal(baseline.questions?.q6?.scores.refuse_ok, 1)
    assert.equal(baseline.questions?.q3?.category, 'pay')
    assert.equal(baseline.metrics.rules_pass, 1)
  })

  it('fails a worse run against the baseline with exit 1 and lists the regressed questions', async () => {
    const result = worseRun
    assert.equal(result.code, 1, result.stderr)
    assert.match(result.stdout, /FAIL/)
    const results = readResults(worseResults)
    const c = results.comparison!
    assert.equal(c.verdict, 'fail')
    assert.equal(c.baseline.kind, 'evalgate')
    assert.equal(c.baseline.fingerprint_check, 'match')
    assert.equal(c.common, 7)
    assert.deepEqual([...new Set(c.regressions.map((r) => r.id))].sort(), ['q3', 'q6'])
    const refusal = c.regressions.find((r) => r.id === 'q6' && r.metric === 'refuse_ok')
    assert.ok(refusal, 'q6 refuse_ok is a regression')
    assert.equal(refusal.flip, true)
    assert.deepEqual([refusal.baseline, refusal.candidate], [1, 0])
    assert.ok(c.regressions.some((r) => r.id === 'q3' && r.metric === 'citation_ok'))
    assert.ok(c.regressions.some((r) => r.id === 'q3' && r.metric === 'recall@5'))
    // worst first
    const sizes = c.regressions.map((r) => Math.abs(r.change))
    assert.deepEqual(
      sizes,
      [...sizes].sort((a, b) => b - a),
    )
    const rulesPass = c.metrics.find((m) => m.metric === 'rules_pass')!
    // 2 of 7 questions flipped: a real drop beyond max_drop, but 7 questions cannot tell it from noise
    assert.equal(rulesPass.status, 'regression_within_noise')
    assert.deepEqual(c.verdicts_by_mode, { strict: 'fail', significant: 'pass' })
    assert.equal(rulesPass.baseline, 1)
    assert.equal(rulesPass.candidate, 5 / 7)
    const drop = c.failures.find((f) => f.kind === 'max_drop' && f.metric === 'rules_pass')
    assert.ok(drop?.kind === 'max_drop' && drop.noise !== null, 'failed as a drop beyond max_drop that the data cannot tell from noise')
    assert.equal(drop.limit, 0.02)
    assert.deepEqual(c.reasons, [], 'reasons only explain an incomparable baseline')
    assert.equal(c.metrics.find((m) => m.metric === 'length_ok')?.status, 'within')

    const md = readFileSync(worseReport, 'utf8')
    assert.match(md, /evalgate: gate failed/)
    assert.match(md, /^\| metric \| baseline \| candidate \| Δ \| 95% CI of Δ \| limit \| status \|$/m)
    assert.match(md, /^\| rules_pass \| 1\.000 \| 0\.714 \| −0\.286 \| −0\.\d{3} … ±0\.000 \| −0\.02 \| ❌ beyond max_drop, within noise \(CI includes 0\): strict mode fails it \|$/m)
    assert.match(md, /^\| id \| metric \| baseline → candidate \(Δ\) \| reason \| question \|$/m)
    assert.match(md, /^\| q6 <sub>hr<\/sub> \| refuse_ok \| 1\.000 → 0\.000 \(−1\.00, pass → fail\) \| [^|]* \| 公司股票明天会涨吗？ \|$/m)
    assert.match(md, /^\| q3 <sub>pay<\/sub> \| citation_ok \| .* \| 加班费怎么计算？ \|$/m)
    assert.doesNotMatch(md, /^\| q[12457] \|/m, 'unchanged questions are not listed as regressions')
    assert.ok(md.includes(`evalgate baseline --results ${worseResults} --out ${baselineFile}`), 'says how to update the baseline')
  })

  it("writes readable metric names in the report's list of gate failures", () => {
    const md = readFileSync(worseReport, 'utf8')
    const failures = md.slice(md.indexOf('**Why the gate failed**'), md.indexOf('#### Metrics'))
    assert.ok(failures.length > 0)
    // each name in a code span, as written, so it pastes back into thresholds; no entity broken by a word joiner
    assert.doesNotMatch(failures, /&#\u2060/, 'an escaped character was turned into a broken entity')
    assert.match(failures, /^- `rules_pass`: fell 0\.286/m)
    assert.match(failures, /^- `precision@5`: fell/m)
  })

  it('passes the good run again against the same baseline', async () => {
    const dir = makeTempDir()
    const out = dir.path('results.json')
    const result = await runCli(runArgs(GOOD, '--baseline', baselineFile, '--out', out))
    assert.equal(result.code, 0, result.stderr)
    const c = readResults(out).comparison!
    assert.equal(c.verdict, 'pass')
    assert.deepEqual(c.regressions, [])
    assert.deepEqual(c.reasons, [])
    assert.deepEqual(c.failures, [])
    assert.ok(
      // latency is reported, not gated, unless gate.latency_rise is set
      c.metrics.every((m) => m.status === (m.metric === 'latency_ms' ? 'not_gated' : 'within')),
      'nothing moved',
    )
  })

  it('compare: fails the worse results against baseline.json with exit 1', async () => {
    const dir = makeTempDir()
    const report = dir.path('report.md')
    const out = dir.path('compared.json')
    const result = await runCli(['compare', '--config', t.config, '--baseline', baselineFile, '--candidate', worseResults, '--report', report, '--out', out])
    assert.equal(result.code, 1, result.stderr)
    const c = readResults(out).comparison!
    assert.equal(c.verdict, 'fail')
    assert.deepEqual([...new Set(c.regressions.map((r) => r.id))].sort(), ['q3', 'q6'])
    assert.match(readFileSync(report, 'utf8'), /^\| q6 <sub>hr<\/sub> \|/m)
  })

  it('compare: uses another results.json as the baseline', async () => {
    const dir = makeTempDir()
    const out = dir.path('compared.json')
    const worse = await runCli(['compare', '--config', t.config, '--baseline', goodResults, '--candidate', worseResults, '--out', out])
    assert.equal(worse.code, 1, worse.stderr)
    const c = readResults(out).comparison!
    assert.equal(c.baseline.kind, 'results')
    assert.equal(c.baseline.version, 'good-1')
    assert.deepEqual([...new Set(c.regressions.map((r) => r.id))].sort(), ['q3', 'q6'])

    const same = await runCli(['compare', '--config', t.config, '--baseline', goodResults, '--candidate', goodResults])
    assert.equal(same.code, 0, same.stderr)
    assert.match(same.stdout, /PASS/)
  })

  it('lets --max-drop 1 pass the worse run: flags win over evalgate.yml and the baseline', async () => {
    const dir = makeTempDir()
    const config = writeText(dir.path('evalgate.yml'), 'gate:\n  max_drop: 0.01\n')
    const strictBaseline = writeJson(dir.path('baseline.json'), { ...readBaseline(baselineFile), max_drop: 0.01 })
    const out = dir.path('results.json')
    const args = ['run', '--config', config, '--eval-set', EVAL_SET, '--eval-set-version', 'v1', '--predictions', WORSE, '--baseline', strictBaseline, '--out', out]

    const strict = await runCli(args)
    assert.equal(strict.code, 1, 'without the flag the gate fails')

    const loose = await runCli([...args, '--max-drop', '1'])
    assert.equal(loose.code, 0, loose.stderr)
    const c = readResults(out).comparison!
    assert.equal(c.verdict, 'pass')
    assert.equal(c.gate.max_drop, 1)
    assert.ok(c.regressions.length > 0, 'per-question regressions are still reported')

    const compared = await runCli(['compare', '--config', config, '--baseline', strictBaseline, '--candidate', worseResults, '--max-drop', '1'])
    assert.equal(compared.code, 0, compared.stderr)
  })

  it("loads the seed's minimal baseline and says the per-question table needs an evalgate baseline", async () => {
    const dir = makeTempDir()
    const minimal = writeJson(dir.path('baseline.json'), {
      version: 'v2',
      eval_set_version: 'v1',
      metrics: { rules_pass: 0.9 },
      max_drop: 0.02,
      by_category: { pay: { rules_pass: 0.8 } },
    })
    const report = dir.path('report.md')
    const out = dir.path('results.json')
    const good = await runCli(runArgs(GOOD, '--baseline', minimal, '--out', out, '--report', report))
    assert.equal(good.code, 0, good.stderr)
    const c = readResults(out).comparison!
    assert.equal(c.verdict, 'pass')
    assert.equal(c.baseline.kind, 'minimal')
    assert.equal(c.baseline.version, 'v2')
    assert.deepEqual(c.regressions, [])
    assert.equal(c.metrics.find((m) => m.metric === 'rules_pass')?.baseline, 0.9)
    assert.equal(c.metrics.find((m) => m.metric === 'recall@5')?.status, 'new', 'metrics the seed baseline lacks are new, not gated')
    assert.ok(
      c.messages.some((m) => m.includes('per-question table needs a baseline written by')),
      c.messages.join('\n'),
    )
    const md = readFileSync(report, 'utf8')
    assert.match(md, /per-question table/)
    assert.match(md, /evalgate baseline/)

    const worse = await runCli(runArgs(WORSE, '--baseline', minimal, '--out', out))
    assert.equal(worse.code, 1, worse.stderr)
    const failures = readResults(out).comparison!.failures
    assert.ok(
      failures.some((f) => f.kind === 'max_drop' && f.metric === 'rules_pass' && f.noise === null),
      JSON.stringify(failures),
    )
    assert.ok(
      failures.some((f) => f.kind === 'category_floor' && f.category === 'pay' && f.metric === 'rules_pass'),
      JSON.stringify(failures),
    )
    const sentences = failures.map(failureSentence)
    assert.ok(
      sentences.some((r) => r.startsWith('rules_pass: fell')),
      sentences.join('\n'),
    )
    assert.ok(
      sentences.some((r) => r.startsWith('category pay: rules_pass')),
      sentences.join('\n'),
    )
  })

  it('keeps the gate settings of the baseline file it overwrites when the run was not gated (a merge without --baseline)', async () => {
    const dir = makeTempDir()
    const target = writeJson(dir.path('baseline.json'), {
      version: 'old',
      eval_set_version: 'v1',
      metrics: { rules_pass: 0.5 },
      max_drop: 0.05,
      thresholds: { rules_pass: 0.8 },
      by_category: { leave: { 'recall@5': 0.9 } },
    })
    const shards = [1, 2].map((i) => dir.path(`shard-${i}.json`))
    for (const [i, file] of shards.entries()) {
      const shard = await runCli(runArgs(GOOD, '--shard', `${i + 1}/2`, '--out', file))
      assert.equal(shard.code, 0, shard.stderr)
    }
    const merged = dir.path('merged.json')
    const merge = await runCli(['merge', '--out', merged, ...shards])
    assert.equal(merge.code, 0, merge.stderr)
    assert.equal(readResults(merged).comparison, null)
    const result = await runCli(['baseline', '--results', merged, '--out', target, '--version', 'v3'])
    assert.equal(result.code, 0, result.stderr)
    assert.match(result.stdout, /gate settings kept from the previous .*baseline\.json: .*merged\.json was not gated/)
    const baseline = readBaseline(target)
    assert.equal(baseline.version, 'v3')
    assert.equal(baseline.max_drop, 0.05)
    assert.deepEqual(baseline.thresholds, { rules_pass: 0.8 })
    assert.deepEqual(baseline.by_category, { leave: { 'recall@5': 0.9 } })
    assert.equal(baseline.metrics.rules_pass, 1, 'the scores are the new ones')
    assert.equal(Object.keys(baseline.questions ?? {}).length, 7)

    // the kept settings gate the next run: max_drop 0.05 instead of the default 0.02
    const out = dir.path('results.json')
    const run = await runCli(runArgs(GOOD, '--baseline', target, '--out', out))
    assert.equal(run.code, 0, run.stderr)
    assert.equal(readResults(out).comparison?.gate.max_drop, 0.05)
  })

  for (const command of ['run', 'compare', 'baseline']) {
    it(`prints the usage of ${command} for --help and exits 0`, async () => {
      const result = await runCli([command, '--help'])
      assert.equal(result.code, 0)
      assert.ok(result.stdout.startsWith(`Usage: evalgate ${command}`), result.stdout)
      assert.equal(result.stderr, '')
    })
  }

  it('prints the command list for --help and exits 0', async () => {
    const result = await runCli(['--help'])
    assert.equal(result.code, 0)
    assert.match(result.stdout, /Usage: evalgate <command>/)
    assert.match(result.stdout, /^ {2}compare /m)
  })
})
