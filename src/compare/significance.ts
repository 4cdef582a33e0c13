import { valueAt, type Columns } from './columns.ts'
import { ALPHA, assignAdjusted, holmTests, type HolmTest } from './holm.ts'
import { metricInfo } from '../metrics/registry.ts'
import { seedFrom } from '../stats/bootstrap.ts'
import { clusteredPairedBootstrap, clusteredStandardError, clusterTotals, denseClusters } from '../stats/clustered.ts'
import { signFlipTest } from '../stats/permutation.ts'
import { pairedMinimumDetectableEffect } from '../stats/power.ts'
import { halfWidth } from '../stats/proportions.ts'
import { mcnemarMidP, signTest } from '../stats/tests.ts'
import type { Comparison, MetricRow } from '../schemas/results.ts'
import { knownAt } from '../io/known.ts'

export { ALPHA, holmTests, type HolmTest }

export interface NoiseOptions {
  /** gate.primary: tested in a fixed sequence before the rest share Holm (holm.ts) */
  primary?: readonly string[]
  /** metric → sd of per-question paired differences between two runs of an unchanged system, as the baseline records it (calibrate-noise --write) */
  recordedNoise?: Readonly<Record<string, number>> | null
}

/**
 * Uncertainty for every metric compared question by question: a seeded paired-bootstrap
 * interval of Δ; a paired test that uses the size of each change (the sign-flip permutation
 * test on the mean Δ; McNemar's mid-p for pass/fail metrics, where the sign of a change is all
 * there is); per-question flips with a sign test; and the paired design's minimum detectable
 * effect at this n. When questions belong to conversations, the interval resamples and the
 * test sign-flips whole conversations (a question without one is a conversation of one), and
 * the MDE's variance is the clustered one: turns that share a history share their noise.
 *
 * The tests: gate.primary's metrics in a fixed sequence, then Holm over what changed (holm.ts).
 * A drop beyond max_drop is a regression when its interval excludes no change and its adjusted
 * p is below ALPHA; else it is a regression within noise, with the reason recorded, so that the
 * words next to an interval that excludes 0 can say why it still is noise. Returns the tests.
 */
export function annotateNoise(rows: MetricRow[], columns: Columns, options: NoiseOptions = {}): HolmTest[] {
  // one set of buffers for every metric, filled at the front: not three 100,000-long arrays per metric
  const size = columns.ids.length
  const scratch = { b: new Float64Array(size), c: new Float64Array(size), d: new Float64Array(size), g: new Int32Array(size) }
  for (const row of rows) {
    if (row.baseline === null || row.candidate === null || row.status === 'new' || row.status === 'not_computed') continue
    const xs = columns.baseline?.get(row.metric)
    const ys = columns.candidate.get(row.metric)
    if (!xs || !ys) continue
    const info = metricInfo(row.metric)
    const { b, c, g, worse, better } = pairedValues(xs, ys, columns.clusters, info?.higherIsBetter ?? true, scratch)
    const clusters = columns.clusters ? denseClusters(g) : null
    const seed = seedFrom(row.metric)
    const boot = clusteredPairedBootstrap(b, c, clusters, { seed })
    if (!boot) continue
    row.interval = { low: boot.low, high: boot.high, level: 1 - ALPHA }
    row.flips = { worse, better, p: signTest(worse, better).p }
    row.clusters = clusters?.count ?? null
    // a loop, not c.map: no closure call per question
    const differences = scratch.d.subarray(0, c.length)
    for (let i = 0; i < c.length; i++) differences[i] = valueAt(c, i) - valueAt(b, i)
    if (info?.binary && !clusters) {
      row.p = mcnemarMidP(worse, better)
      row.test = 'mcnemar_mid_p'
    } else {
      // with conversations a pass/fail metric is sign-flipped by conversation too: McNemar assumes independent questions
      const test = signFlipTest(clusters ? clusterTotals(differences, clusters.labels, clusters.count).sums : differences, { seed })
      row.p = test.p
      row.test = `sign_flip_${test.method}`
    }
    if (info?.unit !== 'ms') setMde(row, differences, clusters, options.recordedNoise?.[row.metric])
  }
  const tests = holmTests(rows, options.primary)
  assignAdjusted(rows, tests)
  const primary = new Set(options.primary ?? [])
  for (const row of rows) {
    if (row.status !== 'regression' || row.interval === null) continue
    const higherIsBetter = metricInfo(row.metric)?.higherIsBetter ?? true
    const excludesNoChange = higherIsBetter ? row.interval.high < 0 : row.interval.low > 0
    if (excludesNoChange && row.p_holm !== null && row.p_holm < ALPHA) continue
    row.status = 'regression_within_noise'
    row.noise_reason = !excludesNoChange ? 'interval_includes_zero' : row.p === null || row.p >= ALPHA ? 'test_not_significant' : primary.has(row.metric) ? 'primary_sequence' : 'holm_correction'
  }
  return tests
}

/**
 * The fewest units (questions, or conversations) that must move one way for a two-sided 5%
 * sign-flip test to reject at all: all five the same way give p = 2/2⁵ with the two tied
 * assignments counted half (1/32 < 0.05); four give 1/16.
 */
const FEWEST_MOVERS = 5

/** The paired MDE of n units with sd of their differences, never below FEWEST_MOVERS moves of `smallest` (null: no floor known). */
export function pairedMde(sd: number, n: number, smallest: number | null): number {
  return Math.max(pairedMinimumDetectableEffect(sd, n), smallest === null ? 0 : (FEWEST_MOVERS * smallest) / n)
}

/**
 * The paired design's MDE: from this run's per-question differences when some question moved
 * (their clustered spread), else from the noise the baseline records for the metric, else none.
 * Never below what FEWEST_MOVERS units moving by the smallest step seen can add up to: with a
 * few discrete moves the normal formula promises drops no test over this n could find.
 */
function setMde(row: MetricRow, differences: Float64Array, clusters: ReturnType<typeof denseClusters>, recorded: number | undefined): void {
  const n = differences.length
  const sd = clusteredStandardError(differences, clusters) * Math.sqrt(n)
  row.paired_sd = sd
  if (sd > 0) {
    const units = clusters ? clusterTotals(differences, clusters.labels, clusters.count).sums : differences
    let step = Infinity
    units.forEach((unit) => {
      if (Math.abs(unit) > 1e-9) step = Math.min(step, Math.abs(unit))
    })
    row.smallest_move = step
    row.mde = pairedMde(sd, n, step)
    row.mde_source = 'run'
  } else if (recorded !== undefined && recorded > 0) {
    row.mde = pairedMinimumDetectableEffect(recorded, n)
    row.mde_source = 'baseline'
  }
}

/**
 * The questions both sides have a value for (baseline `b`, candidate `c`, their clusters `g`, in
 * question order) and how many moved each way; views of the front of the scratch buffers (one pass).
 */
function pairedValues(
  xs: Float64Array,
  ys: Float64Array,
  clusters: Int32Array | null,
  higherIsBetter: boolean,
  scratch: { b: Float64Array; c: Float64Array; g: Int32Array },
): { b: Float64Array; c: Float64Array; g: Int32Array; worse: number; better: number } {
  const { b, c, g } = scratch
  let worse = 0
  let better = 0
  let k = 0
  for (let i = 0; i < ys.length; i++) {
    const x = valueAt(xs, i)
    const y = valueAt(ys, i)
    if (Number.isNaN(x) || Number.isNaN(y)) continue
    b[k] = x
    if (clusters) g[k] = knownAt(clusters, i, "a question's cluster")
    c[k++] = y
    // baselines store 12 significant digits: a difference below that is no change
    if (Math.abs(y - x) <= 1e-9) continue
    if (y > x === higherIsBetter) better += 1
    else worse += 1
  }
  return { b: b.subarray(0, k), c: c.subarray(0, k), g: g.subarray(0, k), worse, better }
}

/** The run-level noise note: n, the ± half-width of one pass rate at this n, questions worse / better, and the tests. */
export function noiseSummary(rows: readonly MetricRow[], tests: readonly HolmTest[], questionsWorse: number, questionsBetter: number, n: number): Comparison['noise'] {
  if (n === 0 || !rows.some((r) => r.interval !== null)) return null
  return { n, half_width: halfWidth(n), questions_worse: questionsWorse, questions_better: questionsBetter, tests: [...tests] }
}
