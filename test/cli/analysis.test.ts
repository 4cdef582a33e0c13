import { after, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { cleanupTempDirs, makeTempDir, runCli, writeText } from './harness.ts'

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

  it('states the minimum detectable effect of a 50-question set in plain words', async () => {
    const json = JSON.parse((await runCli(['power', '--n', '50', '--json'])).stdout)
    assert.deepEqual(json, { mde: 0.2802, half_width: 0.1386 })
    const text = (await runCli(['power', '--n', '50'])).stdout
    assert.match(text, /±13\.9 pp/)
    assert.match(text, /differ by 28\.0 pp to be detected with 80% power/)
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
