import { after, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { cleanupTempDirs, fixture, makeTempDir, readResults, runCli, writeText } from './harness.ts'

after(cleanupTempDirs)

describe('evalgate power', () => {
  for (const [args, expected] of [
    [['--p', '0.62', '--delta', '0.05'], { n: 363, n_exact: 362.0191 }],
    [['--p', '0.62', '--delta', '0.10'], { n: 91, n_exact: 90.5048 }],
    [['--p1', '0.62', '--p2', '0.52'], { n: 381, n_exact: 380.8276 }],
  ] as const) {
    it(`${args.join(' ')} → ${expected.n} (rounded up, unrounded shown)`, async () => {
      const json = await runCli(['power', ...args, '--json'])
      assert.equal(json.code, 0)
      assert.deepEqual(JSON.parse(json.stdout), expected)
      const text = await runCli(['power', ...args])
      assert.match(text.stdout, new RegExp(`${expected.n} questions \\(${expected.n_exact.toFixed(2)}, rounded up\\)`))
    })
  }

  it('does not pass the two-independent-runs figure off as what a 50-question gate detects', async () => {
    const json = JSON.parse((await runCli(['power', '--n', '50', '--json'])).stdout)
    assert.deepEqual(json, { mde: null, half_width: 0.1386 })
    const text = (await runCli(['power', '--n', '50'])).stdout
    assert.match(text, /±13\.9 pp/)
    assert.doesNotMatch(text, /28\.0 pp/)
    assert.match(text, /--sd-diff .*--results results\.json/)
  })

  it('gives the paired MDE of n questions from the sd of the per-question differences', async () => {
    // (z0.975 + z0.8)·sd/√n = 2.801585·0.42/√50 = 0.16641
    const json = JSON.parse((await runCli(['power', '--n', '50', '--sd-diff', '0.42', '--json'])).stdout)
    assert.deepEqual(json, { mde: 0.1664, half_width: 0.1386 })
    const text = (await runCli(['power', '--n', '50', '--sd-diff', '0.42'])).stdout
    assert.match(text, /must differ by 16\.6 pp for the paired test to detect it 80% of the time/)
  })

  it('sizes an eval set for a paired drop: about 190 questions for 10 pp when half the flips are noise (sd 0.49)', async () => {
    // ((2.8015852·0.49)/0.10)² = 188.4516 → 189
    const json = JSON.parse((await runCli(['power', '--sd-diff', '0.49', '--delta', '0.1', '--json'])).stdout)
    assert.deepEqual(json, { n: 189, n_exact: 188.4516 })
    assert.match((await runCli(['power', '--sd-diff', '0.49', '--delta', '0.1'])).stdout, /paired, sd of per-question differences 0\.49.*\n.*189 questions \(188\.45, rounded up\)/)
  })

  it("reads each metric's paired sd from a compared run, and says where the variance came from", async () => {
    const t = makeTempDir()
    const run = ['--config', t.config, '--eval-set', fixture('eval_set.csv'), '--eval-set-version', 'v1']
    assert.equal((await runCli(['run', ...run, '--predictions', fixture('good.jsonl'), '--no-baseline', '--out', t.path('base.json')])).code, 0)
    assert.equal((await runCli(['baseline', '--results', t.path('base.json'), '--out', t.path('baseline.json')])).code, 0)
    const compared = await runCli(['run', ...run, '--predictions', fixture('worse.jsonl'), '--baseline', t.path('baseline.json'), '--out', t.path('results.json')])
    assert.ok(compared.code === 0 || compared.code === 1, compared.stderr)
    const results = readResults(t.path('results.json'))
    const moved = results.comparison!.metrics.filter((m) => m.mde_source === 'run')
    assert.ok(moved.length > 0, 'some metric moved')
    const json = JSON.parse((await runCli(['power', '--results', t.path('results.json'), '--json'])).stdout)
    for (const m of moved) {
      const n = m.n_baseline!
      assert.equal(json.metrics[m.metric].source, 'run')
      assert.equal(json.metrics[m.metric].n, n)
      // the report's MDE: the paired formula, never below five of the run's smallest moves over n
      const expected = Math.max((2.801585 * m.paired_sd!) / Math.sqrt(n), (5 * m.smallest_move!) / n)
      assert.ok(Math.abs(json.metrics[m.metric].mde - expected) < 1e-4, `${m.metric}: ${json.metrics[m.metric].mde} vs ${expected}`)
      assert.ok(Math.abs(json.metrics[m.metric].mde - m.mde!) < 1e-4, 'the same MDE the report states')
    }
    const text = (await runCli(['power', '--results', t.path('results.json'), '--n', '200'])).stdout
    assert.match(text, new RegExp(`${moved[0]!.metric.replace(/[.*+?^${}()|[\]\\@]/g, '\\$&')}\\s+\\d\\.\\d{4}\\s+200\\s+\\d+\\.\\d pp\\s+this run's paired differences`))
  })

  it('refuses a run that was never compared question by question, naming the file and the fix', async () => {
    const t = makeTempDir()
    assert.equal(
      (
        await runCli([
          'run',
          '--config',
          t.config,
          '--eval-set',
          fixture('eval_set.csv'),
          '--eval-set-version',
          'v1',
          '--predictions',
          fixture('good.jsonl'),
          '--no-baseline',
          '--out',
          t.path('r.json'),
        ])
      ).code,
      0,
    )
    const r = await runCli(['power', '--results', t.path('r.json')])
    assert.equal(r.code, 2)
    assert.match(r.stderr, /r\.json: no metric of this run has paired differences/)
    assert.match(r.stderr, /calibrate-noise --rerun-candidate 5 --write/)
  })

  it('rejects an impossible request with exit 2 and an example', async () => {
    const r = await runCli(['power', '--p', '0.62', '--delta', '0'])
    assert.equal(r.code, 2)
    assert.match(r.stderr, /--delta expects a number between 0 and 1/)
  })
})

describe('evalgate calibrate', () => {
  function files(judgeScores: number[], humanA: number[], humanB?: number[]) {
    const t = makeTempDir()
    const csv = (scores: number[], reason = false) => `id,score${reason ? ',reason' : ''}\n${scores.map((s, i) => `q${i + 1},${s}${reason ? `,reason ${i + 1}` : ''}`).join('\n')}\n`
    return {
      judge: writeText(t.path('judge.csv'), csv(judgeScores, true)),
      a: writeText(t.path('a.csv'), csv(humanA)),
      b: humanB ? writeText(t.path('b.csv'), csv(humanB)) : null,
    }
  }

  it('reports the agreement statistics with the keys machines read, and the largest disagreements', async () => {
    const f = files([4, 3, 2, 4, 1, 0, 3, 2], [4, 3, 3, 4, 0, 0, 3, 4])
    const r = await runCli(['calibrate', '--human', f.a, '--judge', f.judge, '--json'])
    assert.equal(r.code, 0, r.stderr)
    const report = JSON.parse(r.stdout)
    for (const key of ['n', 'spearman', 'pearson', 'qwk', 'kappa', 'agreement_within_1', 'exact_agreement', 'pabak']) assert.ok(key in report, key)
    assert.equal(report.n, 8)
    assert.equal(report.exact_agreement, 5 / 8)
    assert.equal(report.agreement_within_1, 7 / 8)
    assert.ok(Math.abs(report.pabak - (5 * (5 / 8) - 1) / 4) < 1e-12)
    assert.deepEqual(report.disagreements[0], { id: 'q8', human: 4, judge: 2, difference: 2, reason: 'reason 8' })
    assert.match(report.warnings.join(), /n = 8 is below 30/)
  })

  it('gives null correlations for a constant rater, never 0', async () => {
    const f = files([2, 2, 2, 2, 2], [1, 2, 3, 4, 0])
    const report = JSON.parse((await runCli(['calibrate', '--human', f.a, '--judge', f.judge, '--json'])).stdout)
    assert.equal(report.spearman, null)
    assert.equal(report.pearson, null)
    const text = (await runCli(['calibrate', '--human', f.a, '--judge', f.judge])).stdout
    assert.match(text, /Spearman\s+— \(undefined: a constant rater\)/)
  })

  it('averages two annotators and reports how much they agree with each other', async () => {
    const f = files([4, 3, 2, 1, 0, 4], [4, 3, 2, 1, 0, 4], [4, 4, 2, 1, 1, 3])
    const report = JSON.parse((await runCli(['calibrate', '--human', f.a, '--human', f.b!, '--judge', f.judge, '--json'])).stdout)
    assert.equal(report.inter_annotator.n, 6)
    assert.ok(report.inter_annotator.qwk > 0.5 && report.inter_annotator.qwk < 1)
  })

  it('names the file, line and column of a score off the 0-4 scale', async () => {
    const t = makeTempDir()
    const bad = writeText(t.path('h.csv'), 'id,score\nq1,3\nq2,7\n')
    const f = files([3, 3], [3, 3])
    const r = await runCli(['calibrate', '--human', bad, '--judge', f.judge])
    assert.equal(r.code, 2)
    assert.match(r.stderr, /h\.csv:3: column "score": expected a score from 0 to 4, got "7"/)
  })
})

describe('--gate-mode', () => {
  it('lets significant pass a drop the data cannot tell from noise, where strict fails it', async () => {
    const t = makeTempDir()
    const { fixture } = await import('./harness.ts')
    const run = (predictions: string, ...more: string[]) =>
      runCli(['run', '--config', t.config, '--eval-set', fixture('eval_set.csv'), '--eval-set-version', 'v1', '--predictions', fixture(predictions), ...more])
    assert.equal((await run('good.jsonl', '--out', t.path('good.json'))).code, 0)
    assert.equal((await runCli(['baseline', '--results', t.path('good.json'), '--out', t.path('baseline.json')])).code, 0)
    assert.equal((await run('worse.jsonl', '--baseline', t.path('baseline.json'))).code, 1)
    assert.equal((await run('worse.jsonl', '--baseline', t.path('baseline.json'), '--gate-mode', 'significant')).code, 0)
    const bad = await run('worse.jsonl', '--gate-mode', 'lenient')
    assert.equal(bad.code, 2)
    assert.match(bad.stderr, /--gate-mode expects strict or significant, got "lenient"/)
  })
})
