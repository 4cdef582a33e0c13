import type { Columns } from './columns.ts'
import { metricInfo } from '../metrics/registry.ts'
import { pairedBootstrap, seedFrom } from '../stats/bootstrap.ts'
import { halfWidth, minimumDetectableEffect } from '../stats/proportions.ts'
import { holm, mcnemarExact, signTest } from '../stats/tests.ts'
import type { Comparison, MetricRow } from '../schemas/results.ts'

export const ALPHA = 0.05
const SMALL_N = 20

/**
 * Uncertainty for every metric compared question by question: a seeded paired-bootstrap
 * interval of Δ, its p-value and the Holm-adjusted p across the compared metrics, per-question
 * flips with a sign test, and the minimum detectable effect at this n. A drop beyond max_drop
 * whose interval does not exclude "no change" is a regression within noise.
 */
export function annotateNoise(rows: MetricRow[], columns: Columns): void {
  const tested: MetricRow[] = []
  for (const row of rows) {
    if (row.baseline === null || row.candidate === null || row.status === 'new' || row.status === 'not_computed') continue
    const b: number[] = []
    const c: number[] = []
    let worse = 0
    let better = 0
    const higherIsBetter = metricInfo(row.metric)?.higherIsBetter ?? true
    const xs = columns.baseline?.get(row.metric)
    const ys = columns.candidate.get(row.metric)
    if (!xs || !ys) continue
    for (let i = 0; i < ys.length; i++) {
      const x = xs[i]!
      const y = ys[i]!
      if (Number.isNaN(x) || Number.isNaN(y)) continue
      b.push(x)
      c.push(y)
      // baselines store 12 significant digits: a difference below that is no change
      if (Math.abs(y - x) <= 1e-9) continue
      if (y > x === higherIsBetter) better += 1
      else worse += 1
    }
    const boot = pairedBootstrap(b, c, { seed: seedFrom(row.metric) })
    if (!boot) continue
    row.interval = { low: boot.low, high: boot.high, level: 1 - ALPHA }
    const sign = signTest(worse, better).p
    row.flips = { worse, better, p: sign }
    // Pass/fail metrics: exact McNemar on the flipped questions. Scores: the bootstrap, which
    // is too sure of itself on a handful of questions (one flip gives a zero-width interval),
    // so below SMALL_N it must also convince the sign test.
    row.p = metricInfo(row.metric)?.binary ? mcnemarExact(worse, better) : b.length < SMALL_N ? Math.max(boot.p, sign) : boot.p
    const unit = metricInfo(row.metric)?.unit
    row.mde = unit === 'ms' ? null : minimumDetectableEffect(b.length, clampRate(row.baseline))
    tested.push(row)
  }
  const adjusted = holm(tested.map((r) => r.p!))
  tested.forEach((row, i) => (row.p_holm = adjusted[i]!))
  for (const row of rows) {
    if (row.status !== 'regression' || row.p_holm === null || row.interval === null) continue
    const higherIsBetter = metricInfo(row.metric)?.higherIsBetter ?? true
    const excludesNoChange = higherIsBetter ? row.interval.high < 0 : row.interval.low > 0
    if (!(excludesNoChange && row.p_holm < ALPHA)) row.status = 'regression_within_noise'
  }
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
  }
}
