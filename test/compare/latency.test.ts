import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { compare } from '../../src/compare/compare.ts'
import { renderReport } from '../../src/report/markdown.ts'
import { renderTerminal } from '../../src/report/terminal.ts'
import type { Scores } from '../helpers/factories.ts'
import { baselineOf, gate, makeResults, makeRun } from '../helpers/factories.ts'

const UPDATE = 'npx --yes github:evalgate/evalgate#v1 baseline --results out/results.json --out baselines/baseline.json'

/** A seeded generator (mulberry32): the same "noise" on every run of the test. */
function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** n questions whose latency is `latency(i)` and whose answers are as good as `quality(i)`. */
function run(n: number, latency: (i: number) => number, quality: (i: number) => number = () => 1) {
  return makeRun(Array.from({ length: n }, (_, i): Scores => ({ rules_pass: quality(i), faithfulness: quality(i), latency_ms: latency(i) })))
}

/** 40 questions at 25–29 ms; `slow` of them (the last) at `slowMs`: p50 stays, p95 is slowMs. */
const tail = (slow: number, slowMs: number) => run(40, (i) => (i >= 40 - slow ? slowMs : 25 + (i % 5)))

describe('latency is gated on p50 and p95 with a floor in ms, and only when latency_rise is set (issue 12.2)', () => {
  it('never fails an unchanged system whose latencies are small and noisy (0–5 ms), gated or not', () => {
    const next = random(12)
    const noisy = () => run(30, () => Math.round(next() * 50) / 10)
    for (let pair = 0; pair < 200; pair++) {
      const base = noisy()
      const cand = noisy()
      for (const settings of [gate(), gate({ latency_rise: 0.5 }), gate({ latency_rise: 0.1 })]) {
        const c = compare(cand, baselineOf(base), settings, UPDATE)
        assert.equal(c.verdict, 'pass', `pair ${pair}, latency_rise ${settings.latency_rise}: ${JSON.stringify(c.failures)}`)
        assert.deepEqual(c.regressions, [])
      }
    }
  })

  it('fails a p95 rise from 30 to 300 ms with latency_rise 0.5, and passes it with latency_min_ms 500', () => {
    const base = tail(3, 30)
    const cand = tail(3, 300)
    const failed = compare(cand, baselineOf(base), gate({ latency_rise: 0.5 }), UPDATE)
    const row = failed.metrics.find((m) => m.metric === 'latency_ms')!
    assert.equal(row.status, 'regression')
    assert.equal(row.percentiles!.p50.baseline, row.percentiles!.p50.candidate, 'p50 did not move')
    assert.equal(row.percentiles!.p95.baseline, 30)
    assert.equal(row.percentiles!.p95.candidate, 300)
    assert.equal(failed.verdict, 'fail')
    assert.deepEqual(
      failed.failures.map((f) => [f.kind, 'percentile' in f ? f.percentile : null]),
      [['latency', 'p95']],
    )
    const floored = compare(cand, baselineOf(base), gate({ latency_rise: 0.5, latency_min_ms: 500 }), UPDATE)
    assert.equal(floored.metrics.find((m) => m.metric === 'latency_ms')!.status, 'within')
    assert.equal(floored.verdict, 'pass')
  })

  it('holds the percentiles, not the mean: one very slow question moves the mean beyond 50% and fails nothing', () => {
    const base = run(40, () => 100)
    const cand = run(40, (i) => (i === 0 ? 4100 : 100))
    const c = compare(cand, baselineOf(base), gate({ latency_rise: 0.5 }), UPDATE)
    const row = c.metrics.find((m) => m.metric === 'latency_ms')!
    assert.ok(row.change! < -0.5, `the mean rose by ${-row.change!}`)
    assert.equal(row.status, 'within')
    assert.equal(c.verdict, 'pass')
  })

  it('reports a tenfold rise without gating it when latency_rise is not set, and says so', () => {
    const base = run(20, () => 100)
    const cand = run(20, () => 1000)
    const c = compare(cand, baselineOf(base), gate(), UPDATE)
    const row = c.metrics.find((m) => m.metric === 'latency_ms')!
    assert.equal(c.gate.latency_rise, null)
    assert.equal(row.status, 'not_gated')
    assert.equal(row.limit.value, null)
    assert.equal(row.candidate, 1000, 'still reported')
    assert.equal(c.verdict, 'pass')
    assert.deepEqual(c.failures, [])
    const results = makeResults(cand, c)
    const terminal = renderTerminal(results, { color: false })
    assert.match(terminal, /latency_ms +100ms +1000ms +\+900ms +not gated · p50 100 → 1000 ms, p95 100 → 1000 ms/)
    const markdown = renderReport(results)
    assert.match(markdown, /latency_ms \+900 ms \(not gated\)/)
    assert.match(markdown, /\| latency_ms \| 100 ms \| 1000 ms \| \+900 ms \| — \| not gated \| not gated · p50 100 → 1000 ms, p95 100 → 1000 ms \|/)
  })

  it('never counts a question whose only change is latency as worse or better', () => {
    const base = run(20, () => 10)
    const cand = run(20, (i) => (i < 10 ? 900 : 1))
    for (const settings of [gate(), gate({ latency_rise: 0.5 })]) {
      const c = compare(cand, baselineOf(base), settings, UPDATE)
      assert.deepEqual(c.regressions, [])
      assert.deepEqual(c.improvements, [])
      assert.deepEqual(c.change_counts, { regression_rows: 0, improvement_rows: 0, questions_worse: 0, questions_better: 0, questions_mixed: 0 })
      assert.equal(c.noise?.questions_worse ?? 0, 0)
    }
  })

  it('keeps latency out of "worst first": quality drops rank alone, and the header and noise note count the same questions', () => {
    // q0–q2 lose quality; q3 loses faithfulness but gains rules_pass (mixed); everyone is 100× slower
    const base = makeRun(Array.from({ length: 30 }, (_, i): Scores => ({ rules_pass: i === 3 ? 0 : 1, faithfulness: 1, latency_ms: 1 })))
    const cand = makeRun(Array.from({ length: 30 }, (_, i): Scores => ({ rules_pass: i < 3 ? 0 : 1, faithfulness: i < 4 ? 0 : 1, latency_ms: 100 })))
    const c = compare(cand, baselineOf(base), gate(), UPDATE)
    assert.ok(c.regressions.length > 0)
    assert.ok(
      [...c.regressions, ...c.improvements].every((q) => q.metric !== 'latency_ms'),
      JSON.stringify(c.regressions),
    )
    assert.deepEqual(c.change_counts, { regression_rows: 7, improvement_rows: 1, questions_worse: 3, questions_better: 0, questions_mixed: 1 })
    assert.equal(c.noise!.questions_worse, c.change_counts.questions_worse)
    assert.equal(c.noise!.questions_better, c.change_counts.questions_better)
    const markdown = renderReport(makeResults(cand, c))
    assert.match(markdown, /^\*\*What changed\*\* \(30 compared\): 3 questions worse, 0 better, 1 mixed$/m)
    assert.match(markdown, /\*\*Noise\*\*: 30 questions compared; 3 got worse and 0 better, 1 mixed \(worse on one metric, better on another\)/)
    assert.match(renderTerminal(makeResults(cand, c), { color: false }), /3 questions worse, 0 better, 1 mixed \(worse on one metric, better on another\) \(7 rows got worse, worst first\):/)
  })
})
