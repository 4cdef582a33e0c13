/**
 * Paired power: the MDE under the metric table is the paired design's, from the run's own paired
 * differences, and it is what the gate's own paired test needs: held to a simulation of that test.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { compare } from '../../src/compare/compare.ts'
import { renderReport } from '../../src/report/markdown.ts'
import { mulberry32 } from '../../src/stats/bootstrap.ts'
import { baselineOf, gate, makeResults, makeRun } from '../helpers/factories.ts'

const UPDATE = 'evalgate baseline --results results.json'
const N = 50

/** A pass/fail eval set: 60% stable passes (0.95), 20% stable failures (0.05), 20% flaky (0.5); a drop breaks stable passes. */
function passFail(random: () => number, drop: number) {
  const kinds = Array.from({ length: N }, (_, i) => (i < N * 0.6 ? 0.95 : i < N * 0.8 ? 0.05 : 0.5))
  // each stable pass breaks (0.95 → 0.05) with the chance that lowers the expected rate by `drop`
  const breaks = drop / (0.6 * 0.9)
  const draw = (dropped: boolean) => kinds.map((p) => ({ rules_pass: random() < (dropped && p === 0.95 && random() < breaks ? 0.05 : p) ? 1 : 0 }))
  return { base: makeRun(draw(false)), cand: makeRun(draw(true)) }
}

/** A rubric eval set: quality U(0.3, 0.9), judge noise N(0, 0.12), quarter steps; a drop lowers every quality. */
function rubric(random: () => number, drop: number) {
  const quality = Array.from({ length: N }, () => 0.3 + 0.6 * random())
  const noise = () => 0.12 * Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random())
  const draw = (shift: number) => quality.map((q) => ({ accuracy_norm: Math.round(Math.min(1, Math.max(0, q - shift + noise())) * 4) / 4 }))
  return { base: makeRun(draw(0)), cand: makeRun(draw(drop)) }
}

type Model = typeof passFail

/** The share of `pairs` simulated pairs with a true drop of `drop` that the gate's paired test (significant, one metric, max_drop 0) fails. */
function detection(model: Model, drop: number, pairs: number, seed: number): number {
  const random = mulberry32(seed)
  let failed = 0
  for (let k = 0; k < pairs; k++) {
    const { base, cand } = model(random, drop)
    if (compare(cand, baselineOf(base), gate({ gate_mode: 'significant', max_drop: 0 }), UPDATE).verdict === 'fail') failed++
  }
  return failed / pairs
}

/** The drop the paired test detects 80% of the time, by bisection on simulated detection. */
function simulatedMde(model: Model): number {
  let lo = 0.01
  let hi = 0.45
  for (let step = 0; step < 7; step++) {
    const mid = (lo + hi) / 2
    if (detection(model, mid, 250, 100 + step) >= 0.8) hi = mid
    else lo = mid
  }
  return (lo + hi) / 2
}

/** The MDE compare() prints, averaged over runs with that true drop (each run's own paired differences). */
function printedMde(model: Model, drop: number, metric: string): number {
  const random = mulberry32(7)
  let sum = 0
  const runs = 60
  for (let k = 0; k < runs; k++) {
    const { base, cand } = model(random, drop)
    const row = compare(cand, baselineOf(base), gate(), UPDATE).metrics.find((m) => m.metric === metric)!
    assert.equal(row.mde_source, 'run')
    sum += row.mde!
  }
  return sum / runs
}

describe('the paired MDE', () => {
  for (const [name, model, metric] of [
    ['pass/fail with 20% flaky questions', passFail, 'rules_pass'],
    ['a rubric score', rubric, 'accuracy_norm'],
  ] as const) {
    it(`is within 3 pp of the drop the gate's paired test detects 80% of the time (${name}, n = ${N})`, () => {
      const simulated = simulatedMde(model)
      const printed = printedMde(model, simulated, metric)
      assert.ok(Math.abs(printed - simulated) <= 0.03, `printed ${printed.toFixed(3)} vs simulated ${simulated.toFixed(3)}`)
    })
  }

  it("uses the baseline's calibrated noise when no question moved, and says which in the report", () => {
    const run = makeRun(Array.from({ length: 40 }, (_, i) => ({ accuracy_norm: i % 2 ? 0.75 : 0.5, rules_pass: 1 })))
    const c = compare(run, baselineOf(run, { noise: { accuracy_norm: 0.3 } }), gate(), UPDATE)
    const row = c.metrics.find((m) => m.metric === 'accuracy_norm')!
    assert.equal(row.mde_source, 'baseline')
    // (z0.975 + z0.8)·0.3/√40
    assert.ok(Math.abs(row.mde! - (2.8015852 * 0.3) / Math.sqrt(40)) < 1e-6)
    assert.equal(c.metrics.find((m) => m.metric === 'rules_pass')!.mde, null, 'no move and no recorded noise: no MDE')
    const report = renderReport(makeResults(run, c))
    assert.match(report, /detects a drop of about 13\.3 pp on accuracy_norm 80% of the time \(alpha 0\.05, paired: the baseline's calibrated noise/)
  })

  it('never promises less than five questions moving by the smallest step seen: no 5% test over this n finds fewer', () => {
    // one question of 44 rose by 0.2: the normal formula alone would say 1.3 pp
    const base = makeRun(Array.from({ length: 44 }, () => ({ 'precision@5': 0.2 })))
    const cand = makeRun(Array.from({ length: 44 }, (_, i) => ({ 'precision@5': i === 0 ? 0.4 : 0.2 })))
    const row = compare(cand, baselineOf(base), gate(), UPDATE).metrics[0]!
    const normal = (2.8015852 * row.paired_sd!) / Math.sqrt(44)
    assert.ok(normal < 0.014, String(normal))
    assert.ok(Math.abs(row.mde! - (5 * 0.2) / 44) < 1e-12, String(row.mde))
  })

  it('states the paired figure under the table, never the two-independent-runs 28 pp', () => {
    const random = mulberry32(9)
    const { base, cand } = rubric(random, 0.05)
    const c = compare(cand, baselineOf(base), gate(), UPDATE)
    const report = renderReport(makeResults(cand, c))
    const mde = c.metrics.find((m) => m.metric === 'accuracy_norm')!.mde!
    assert.ok(mde < 0.2, String(mde))
    assert.match(report, new RegExp(`detects a drop of about ${(mde * 100).toFixed(1)} pp on accuracy_norm 80% of the time \\(alpha 0\\.05, paired: the spread of this run's paired differences\\)`))
    assert.doesNotMatch(report, /28\.0 pp/)
  })
})
