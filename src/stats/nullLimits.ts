/**
 * max_drop limits for a whole gate from repeated runs of an unchanged system.
 *
 * A gate compares two runs of the same questions, and with every metric gated at once it false-
 * alarms when ANY metric drops past its limit. Per-metric 95% limits false-alarm far above 5% as
 * a whole (eleven metrics at 5% each: up to 43%). So the limits are set for the gate, not the
 * metric: from P passes over the same questions, simulate many comparisons of two unchanged runs
 * (each question, or each conversation whole, draws its baseline and candidate from two distinct
 * passes at random, the same two for every metric, so the metrics' correlation is kept), take
 * each metric's drop in units of its own null standard deviation, and find the 95% quantile q of
 * the LARGEST standardised drop across the metrics ("max-T", Westfall & Young 1993). Limits
 * q·sd_j then make the whole gate false-alarm at most 5% on the simulated null, spending the 5%
 * evenly over the metrics in sd units and paying nothing for metrics that move together (where
 * Bonferroni, z at 1 − 0.05/m, would pay for m independent ones). The sd comes from a handful of
 * passes, and a limit set from an sd that came out low false-alarms more than one set from a high
 * one saves, so q is widened as a t-quantile widens z, with each metric's Satterthwaite degrees
 * of freedom. Rounded up to `step`.
 */
import { mulberry32 } from './bootstrap.ts'
import { normalQuantile } from './normal.ts'
import { knownAt } from '../io/known.ts'

export interface NullMetric {
  name: string
  higherIsBetter: boolean
  /** per pass, per question: the score (NaN: no value); every pass over the same questions in the same order */
  passes: readonly Float64Array[]
}

export interface NullLimit {
  metric: string
  /** sd of the metric's mean drop between two unchanged runs (0: it never moved) */
  sd: number
  /** sd of a question's paired difference between two unchanged runs (conversation-robust: √n·sd) */
  paired_sd: number
  /** q·sd rounded up to `step`; null when the metric never moved between passes (nothing to calibrate) */
  limit: number | null
}

export interface WholeGateLimits {
  limits: NullLimit[]
  /** the 95% quantile of the largest standardised drop: every limit is this many of its metric's sd */
  quantile: number
  /** what Bonferroni over the same metrics would use instead (one-sided z at 1 − alpha/m) */
  bonferroni: number
  /** the share of the simulated comparisons the rounded limits fail: at most alpha */
  false_alarms: number
  alpha: number
  simulations: number
}

export interface WholeGateOptions {
  /** the whole gate's false-alarm rate; default 0.05 */
  alpha?: number
  /** simulated comparisons; default 4,000 */
  simulations?: number
  seed?: number
  /** limits are rounded up to a multiple of this; default 0.005 */
  step?: number
}

/**
 * Per-metric limits that together false-alarm at most `alpha` on an unchanged system (see the
 * file comment). `clusters[i]` is question i's conversation (any integer; questions sharing it
 * are drawn together), null when every question stands alone. Needs at least two passes.
 */
export function wholeGateLimits(metrics: readonly NullMetric[], clusters: ArrayLike<number> | null, options: WholeGateOptions = {}): WholeGateLimits {
  const alpha = options.alpha ?? 0.05
  const simulations = options.simulations ?? 4000
  const step = options.step ?? 0.005
  const [first] = metrics
  const passes = first?.passes.length ?? 0
  if (first === undefined || passes < 2) throw new RangeError(`wholeGateLimits: needs at least 2 passes, got ${passes}`)
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`wholeGateLimits: alpha must be in (0, 1), got ${alpha}`)
  const m = metrics.length
  const n = knownAt(first.passes, 0, 'a pass').length
  const groups = clusterIndex(clusters, n)
  const drops = simulateDrops(metrics, { passes, n, groups }, simulations, options.seed ?? 1)
  const drop = (s: number, j: number): number => knownAt(drops, s * m + j, 'a simulated drop')
  const sds = metrics.map((_, j) => {
    let squares = 0
    for (let s = 0; s < simulations; s++) squares += drop(s, j) ** 2
    // the null drop has mean 0 by symmetry (the ordered pair is as likely either way round)
    return Math.sqrt(squares / simulations)
  })
  const moving = sds.map((sd) => sd > 1e-12)
  const largest = new Float64Array(simulations)
  for (let s = 0; s < simulations; s++) {
    let max = -Infinity
    for (const [j, sd] of sds.entries()) if (moving[j]) max = Math.max(max, drop(s, j) / sd)
    largest[s] = max
  }
  largest.sort()
  // the smallest q that at most alpha·S simulated comparisons exceed
  const quantile = moving.some(Boolean) ? knownAt(largest, simulations - 1 - Math.floor(alpha * simulations), 'a largest drop') : 0
  const limits = metrics.map((metric, j): NullLimit => {
    const count = countWithValues(metric)
    const sd = knownAt(sds, j, "a metric's sd")
    // the sd is itself estimated from the passes: widen q as a t-quantile widens z (Cornish-Fisher: t ≈ z·(1 + (z² + 1)/(4·df)))
    const widened = quantile * (1 + (quantile * quantile + 1) / (4 * degreesOfFreedom(metric, groups)))
    const limit = moving[j] ? Math.min(1, Math.ceil((widened * sd) / step - 1e-9) * step) : null
    return { metric: metric.name, sd, paired_sd: sd * Math.sqrt(count), limit: limit === null ? null : Number(limit.toFixed(6)) }
  })
  let failed = 0
  for (let s = 0; s < simulations; s++) {
    if (limits.some((l, j) => l.limit !== null && drop(s, j) > l.limit + 1e-9)) failed += 1
  }
  const tested = moving.filter(Boolean).length
  return { limits, quantile, bonferroni: tested === 0 ? 0 : normalQuantile(1 - alpha / tested), false_alarms: failed / simulations, alpha, simulations }
}

/**
 * drops[s·m + j]: metric j's drop (positive = worse) in simulated comparison s, each cluster's
 * baseline and candidate drawn from an ordered pair of distinct passes, the same for every metric.
 */
function simulateDrops(metrics: readonly NullMetric[], shape: { passes: number; n: number; groups: readonly number[][] }, simulations: number, seed: number): Float64Array {
  const { passes, n, groups } = shape
  const random = mulberry32(seed)
  const m = metrics.length
  const drops = new Float64Array(simulations * m)
  const a = new Int32Array(n)
  const b = new Int32Array(n)
  for (let s = 0; s < simulations; s++) {
    for (const members of groups) {
      // an ordered pair of distinct passes, uniformly: the baseline's and the candidate's
      const first = Math.floor(random() * passes)
      const second = (first + 1 + Math.floor(random() * (passes - 1))) % passes
      for (const i of members) {
        a[i] = first
        b[i] = second
      }
    }
    for (let j = 0; j < m; j++) {
      const { passes: scores, higherIsBetter } = knownAt(metrics, j, 'a metric')
      let sum = 0
      let count = 0
      for (let i = 0; i < n; i++) {
        // checked here, not through knownAt or ?.: this loop runs simulations × metrics × questions
        // times, and plain checks cost nothing measurable where those doubled its time
        const first = a[i]
        const second = b[i]
        if (first === undefined || second === undefined) throw new RangeError(`simulateDrops: no pass drawn for question ${i}`)
        const baselinePass = scores[first]
        const candidatePass = scores[second]
        if (baselinePass === undefined || candidatePass === undefined) throw new RangeError(`simulateDrops: no pass ${first} or ${second}`)
        const before = baselinePass[i]
        const after = candidatePass[i]
        if (before === undefined || after === undefined) throw new RangeError(`simulateDrops: question ${i} has no score in pass ${first} or ${second}`)
        if (Number.isNaN(before) || Number.isNaN(after)) continue
        sum += after - before
        count += 1
      }
      const change = count === 0 ? 0 : sum / count
      drops[s * m + j] = higherIsBetter ? -change : change
    }
  }
  return drops
}

/** The questions of each cluster (a question without one alone), in order of first appearance. */
function clusterIndex(clusters: ArrayLike<number> | null, n: number): number[][] {
  if (!clusters) return Array.from({ length: n }, (_, i) => [i])
  const groups = new Map<number, number[]>()
  for (let i = 0; i < n; i++) {
    const c = knownAt(clusters, i, "a question's cluster")
    const members = groups.get(c)
    if (members) members.push(i)
    else groups.set(c, [i])
  }
  return [...groups.values()]
}

/**
 * The Satterthwaite degrees of freedom of the mean drop's variance as the passes estimate it:
 * each cluster's variance across passes has P − 1 of its own, and clusters that vary more weigh
 * more: (Σ v_c)² / Σ (v_c² / (P − 1)). P − 1 times the clusters when every cluster varies alike;
 * Infinity when nothing varies (then nothing is widened, and no limit is proposed anyway).
 */
function degreesOfFreedom(metric: NullMetric, groups: readonly number[][]): number {
  const passes = metric.passes.length
  let total = 0
  let squares = 0
  for (const members of groups) {
    const sums = metric.passes.map((pass) =>
      members.reduce((sum, i) => {
        const value = knownAt(pass, i, 'a score')
        return Number.isNaN(value) ? sum : sum + value
      }, 0),
    )
    const mean = sums.reduce((a, b) => a + b, 0) / passes
    const variance = sums.reduce((a, v) => a + (v - mean) ** 2, 0) / (passes - 1)
    total += variance
    squares += (variance * variance) / (passes - 1)
  }
  return squares === 0 ? Infinity : (total * total) / squares
}

/** Questions with a value in every pass: the n a comparison of two runs averages over. */
function countWithValues(metric: NullMetric): number {
  const n = knownAt(metric.passes, 0, 'a pass').length
  let count = 0
  for (let i = 0; i < n; i++) if (metric.passes.every((p) => !Number.isNaN(knownAt(p, i, 'a score')))) count += 1
  return Math.max(1, count)
}
