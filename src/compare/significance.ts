import type { Columns } from './columns.ts'
import { metricInfo, testFamilyOf } from '../metrics/registry.ts'
import { pairedBootstrap, seedFrom } from '../stats/bootstrap.ts'
import { signFlipTest } from '../stats/permutation.ts'
import { halfWidth, minimumDetectableEffect } from '../stats/proportions.ts'
import { holm, mcnemarMidP, signTest, simes } from '../stats/tests.ts'
import type { Comparison, MetricRow } from '../schemas/results.ts'

export const ALPHA = 0.05

/** One test in the Holm set: a metric that changed, or a family of tied metrics of which some changed. */
export interface HolmTest {
  family: string
  /** its members that changed on at least one question, in report order */
  metrics: string[]
  /** the member's p, or the Simes combination of the members' */
  p: number
  p_holm: number
}

/**
 * Uncertainty for every metric compared question by question: a seeded paired-bootstrap
 * interval of Δ; a paired test that uses the size of each change (the sign-flip permutation
 * test on the mean Δ; McNemar's mid-p for pass/fail metrics, where the sign of a change is all
 * there is); per-question flips with a sign test; and the minimum detectable effect at this n.
 *
 * Holm runs over what changed: a metric no question moved on cannot be a regression and is not
 * a test. Mechanically tied metrics (one testFamily in the definitions) are one test. A drop
 * beyond max_drop is a regression when its interval excludes no change and its Holm-adjusted p
 * is below ALPHA; else it is a regression within noise, with the reason recorded, so that the
 * words next to an interval that excludes 0 can say why it still is noise.
 */
export function annotateNoise(rows: MetricRow[], columns: Columns): void {
  // one set of buffers for every metric, filled at the front: not three 100,000-long arrays per metric
  const scratch = { b: new Float64Array(columns.ids.length), c: new Float64Array(columns.ids.length), d: new Float64Array(columns.ids.length) }
  for (const row of rows) {
    if (row.baseline === null || row.candidate === null || row.status === 'new' || row.status === 'not_computed') continue
    const xs = columns.baseline?.get(row.metric)
    const ys = columns.candidate.get(row.metric)
    if (!xs || !ys) continue
    const info = metricInfo(row.metric)
    const { b, c, worse, better } = pairedValues(xs, ys, info?.higherIsBetter ?? true, scratch)
    const seed = seedFrom(row.metric)
    const boot = pairedBootstrap(b, c, { seed })
    if (!boot) continue
    row.interval = { low: boot.low, high: boot.high, level: 1 - ALPHA }
    row.flips = { worse, better, p: signTest(worse, better).p }
    if (info?.binary) {
      row.p = mcnemarMidP(worse, better)
      row.test = 'mcnemar_mid_p'
    } else {
      // a loop, not c.map: no closure call per question
      const differences = scratch.d.subarray(0, c.length)
      for (let i = 0; i < c.length; i++) differences[i] = c[i]! - b[i]!
      const test = signFlipTest(differences, { seed })
      row.p = test.p
      row.test = `sign_flip_${test.method}`
    }
    row.mde = info?.unit === 'ms' ? null : minimumDetectableEffect(b.length, clampRate(row.baseline))
  }
  const tests = holmTests(rows)
  for (const test of tests) {
    for (const row of rows.filter((r) => test.metrics.includes(r.metric))) {
      // a member is no surer than its family, nor than its own test
      row.p_holm = Math.max(test.p_holm, row.p!)
    }
  }
  for (const row of rows) {
    if (row.status !== 'regression' || row.interval === null) continue
    const higherIsBetter = metricInfo(row.metric)?.higherIsBetter ?? true
    const excludesNoChange = higherIsBetter ? row.interval.high < 0 : row.interval.low > 0
    if (excludesNoChange && row.p_holm !== null && row.p_holm < ALPHA) continue
    row.status = 'regression_within_noise'
    row.noise_reason = !excludesNoChange ? 'interval_includes_zero' : row.p === null || row.p >= ALPHA ? 'test_not_significant' : 'holm_correction'
  }
}

/**
 * The questions both sides have a value for (baseline `b`, candidate `c`, in question order) and
 * how many moved each way; `b` and `c` are views of the front of the scratch buffers (one pass).
 */
function pairedValues(xs: Float64Array, ys: Float64Array, higherIsBetter: boolean, scratch: { b: Float64Array; c: Float64Array }): { b: Float64Array; c: Float64Array; worse: number; better: number } {
  const { b, c } = scratch
  let worse = 0
  let better = 0
  let k = 0
  for (let i = 0; i < ys.length; i++) {
    const x = xs[i]!
    const y = ys[i]!
    if (Number.isNaN(x) || Number.isNaN(y)) continue
    b[k] = x
    c[k++] = y
    // baselines store 12 significant digits: a difference below that is no change
    if (Math.abs(y - x) <= 1e-9) continue
    if (y > x === higherIsBetter) better += 1
    else worse += 1
  }
  return { b: b.subarray(0, k), c: c.subarray(0, k), worse, better }
}

/**
 * The Holm sets of a comparison whose rows annotateNoise has tested: one test per family of
 * tied metrics of which at least one member changed on some question (the Simes combination of
 * those members' p). Latency is never among them: it is gated on its percentiles with a floor
 * in ms (latency.ts), untested, so it never costs a quality metric its significance. In report
 * order of each family's first member.
 */
export function holmTests(rows: readonly MetricRow[]): HolmTest[] {
  const families = new Map<string, MetricRow[]>()
  for (const row of rows) {
    if (row.p === null || !row.flips || row.flips.worse + row.flips.better === 0) continue
    const family = testFamilyOf(row.metric)
    families.set(family, [...(families.get(family) ?? []), row])
  }
  const tests = [...families].map(([family, members]) => ({ family, metrics: members.map((m) => m.metric), p: simes(members.map((m) => m.p!)), p_holm: 1 }))
  holm(tests.map((t) => t.p)).forEach((adjusted, i) => (tests[i]!.p_holm = adjusted))
  return tests
}

/** The base rate for a power calculation, kept off 0 and 1 where the normal formula degenerates. */
function clampRate(p: number): number {
  return Math.min(0.95, Math.max(0.05, p))
}

/** The run-level noise note: n, the ±half-width and MDE of a pass rate, and questions worse / better. */
export function noiseSummary(rows: readonly MetricRow[], questionsWorse: number, questionsBetter: number, n: number): Comparison['noise'] {
  if (n === 0 || !rows.some((r) => r.interval !== null)) return null
  return {
    n,
    half_width: halfWidth(n),
    mde: minimumDetectableEffect(n),
    questions_worse: questionsWorse,
    questions_better: questionsBetter,
    sign_p: signTest(questionsWorse, questionsBetter).p,
    tests: holmTests(rows),
  }
}
