import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { mulberry32 } from '../../src/stats/bootstrap.ts'
import { normalQuantile } from '../../src/stats/normal.ts'
import { wholeGateLimits, type NullMetric } from '../../src/stats/nullLimits.ts'

function gaussian(random: () => number): number {
  const u = 1 - random()
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random())
}

/** `passes` runs of an unchanged system: per question a fixed quality, per run noise; `shared` of the noise is common to all metrics. */
function system(random: () => number, n: number, metrics: number, passes: number, shared: number): NullMetric[] {
  const quality = Array.from({ length: n }, () => 0.3 + 0.4 * random())
  const runs = Array.from({ length: passes }, () => {
    const common = quality.map(() => gaussian(random))
    return Array.from({ length: metrics }, () => quality.map((q, i) => q + 0.1 * (Math.sqrt(shared) * common[i]! + Math.sqrt(1 - shared) * gaussian(random))))
  })
  return Array.from({ length: metrics }, (_, j) => ({ name: `m${j}`, higherIsBetter: true, passes: runs.map((r) => Float64Array.from(r[j]!)) }))
}

describe('wholeGateLimits: max_drop limits for the whole gate from repeated runs', () => {
  it('with two passes and one metric is the sign-flip distribution: its 95% quantile matches exact enumeration, widened for the df', () => {
    // two passes: each question's difference is as likely either way round, so the drop is Σ ±d_i / n
    const d = [0.3, -0.1, 0.25, 0.05, -0.2, 0.15, 0.1, -0.05, 0.35, 0.2]
    const base = Float64Array.from(d, () => 0.5)
    const other = Float64Array.from(d, (x) => 0.5 + x)
    const result = wholeGateLimits([{ name: 'm', higherIsBetter: true, passes: [base, other] }], null, { simulations: 20_000, step: 1e-6 })
    const drops: number[] = []
    for (let mask = 0; mask < 1 << d.length; mask++) drops.push(d.reduce((s, x, i) => s + ((mask >> i) & 1 ? x : -x), 0) / d.length)
    drops.sort((a, b) => a - b)
    const exact95 = drops[Math.ceil(0.95 * drops.length) - 1]!
    const exactSd = Math.sqrt(d.reduce((s, x) => s + x * x, 0)) / d.length
    assert.ok(Math.abs(result.limits[0]!.sd - exactSd) / exactSd < 0.02, `sd ${result.limits[0]!.sd} vs ${exactSd}`)
    const q = result.quantile
    assert.ok(Math.abs(q * result.limits[0]!.sd - exact95) <= 0.01, `q·sd ${q * result.limits[0]!.sd} vs exact ${exact95}`)
    // the limit widens q as a t-quantile widens z, with Satterthwaite's df: (Σ d²)² / Σ d⁴ for two passes
    const df = d.reduce((s, x) => s + x * x, 0) ** 2 / d.reduce((s, x) => s + x ** 4, 0)
    const widened = q * result.limits[0]!.sd * (1 + (q * q + 1) / (4 * df))
    assert.ok(Math.abs(result.limits[0]!.limit! - widened) < 2e-6, `limit ${result.limits[0]!.limit} vs ${widened}`)
  })

  it('pays for the metrics that move independently (near Šidák) and not for those that move together', () => {
    const random = mulberry32(2)
    const independent = wholeGateLimits(system(random, 60, 10, 6, 0), null, { seed: 3 })
    const together = wholeGateLimits(system(random, 60, 10, 6, 0.98), null, { seed: 3 })
    const sidak = normalQuantile(1 - (1 - 0.95 ** (1 / 10)))
    assert.ok(Math.abs(independent.quantile - sidak) < 0.25, `independent q ${independent.quantile} vs Šidák ${sidak}`)
    assert.ok(together.quantile < independent.quantile - 0.4, `together q ${together.quantile}`)
    assert.ok(together.quantile > normalQuantile(0.95) - 0.2, 'never below the one-metric 95% quantile')
    assert.ok(independent.bonferroni >= independent.quantile - 0.1, 'Bonferroni is the conservative bound beside it')
  })

  it('false-alarms at most 5% as a whole on fresh runs of the unchanged system it was calibrated on (200 systems)', () => {
    const random = mulberry32(17)
    let alarms = 0
    const trials = 200
    for (let k = 0; k < trials; k++) {
      const runs = system(random, 50, 8, 7, 0.5)
      // calibrate on five passes, gate two fresh ones
      const calibrated = wholeGateLimits(
        runs.map((m) => ({ ...m, passes: m.passes.slice(0, 5) })),
        null,
        { seed: k + 1, simulations: 2000 },
      )
      assert.ok(calibrated.false_alarms <= 0.05)
      const alarm = runs.some((m, j) => {
        const limit = calibrated.limits[j]!.limit!
        const drop = m.passes[5]!.reduce((s, v, i) => s + v - m.passes[6]![i]!, 0) / m.passes[5]!.length
        return drop > limit
      })
      if (alarm) alarms++
    }
    // binomial sd at 5% over 200 trials: 1.5 pp
    assert.ok(alarms / trials <= 0.08, `whole-gate false alarms ${alarms / trials}`)
  })

  it('draws a conversation whole: its turns share the pass they come from', () => {
    // two turns that always move together (a conversation) and a question alone
    const a = Float64Array.from([0.5, 0.5, 0.5])
    const b = Float64Array.from([0.7, 0.7, 0.5])
    const whole = wholeGateLimits([{ name: 'm', higherIsBetter: true, passes: [a, b] }], [0, 0, 1], { simulations: 4000 })
    const apart = wholeGateLimits([{ name: 'm', higherIsBetter: true, passes: [a, b] }], null, { simulations: 4000 })
    // together the drop is ±0.4/3 always; apart it is also 0 half the time
    assert.ok(Math.abs(whole.limits[0]!.sd - 0.4 / 3) < 1e-9, String(whole.limits[0]!.sd))
    assert.ok(apart.limits[0]!.sd < whole.limits[0]!.sd - 0.02)
  })

  it('proposes nothing for a metric that never moved between passes', () => {
    const same = Float64Array.from([1, 0, 1])
    const result = wholeGateLimits([{ name: 'rules_pass', higherIsBetter: true, passes: [same, same, same] }], null)
    assert.equal(result.limits[0]!.limit, null)
    assert.equal(result.limits[0]!.sd, 0)
  })
})
