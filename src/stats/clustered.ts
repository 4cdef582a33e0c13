/**
 * Paired statistics when questions come in clusters: the turns of one conversation share its
 * history, so the noise of one run moves them together, and treating them as independent
 * questions makes every interval too narrow and every test too eager (at four turns a
 * conversation with shared noise, a nominal 5% test rejects 10-19% of the time). The cure is
 * the standard one for clustered data: resample and sign-flip whole clusters (Field & Welsh
 * 2007, "Bootstrapping clustered data", JRSS-B 69:369; the cluster randomization test is the
 * sign-flip test on cluster sums), and take the variance of the mean from the cluster totals
 * (the cluster-robust "sandwich" variance, Liang & Zeger 1986). A question without a
 * conversation is a cluster of one, so with no conversations at all every function here gives
 * exactly what its per-question counterpart gives.
 */
import { normalCdf, normalQuantile } from './normal.ts'
import { pairedBootstrap, resampledResult, type PairedBootstrapOptions, type PairedBootstrapResult } from './bootstrap.ts'
import { knownAt } from '../io/known.ts'

/** Per cluster: the sum of the values in it and how many there are; `clusters[i]` is the cluster index (0-based, dense) of value i. */
export function clusterTotals(values: ArrayLike<number>, clusters: ArrayLike<number>, count: number): { sums: Float64Array; sizes: Float64Array } {
  const sums = new Float64Array(count)
  const sizes = new Float64Array(count)
  for (let i = 0; i < values.length; i++) {
    const c = clusters[i]
    const value = values[i]
    if (c === undefined || value === undefined) throw new RangeError(`clusterTotals: ${clusters.length} cluster labels for ${values.length} values`)
    const sum = sums[c]
    const size = sizes[c]
    if (sum === undefined || size === undefined) throw new RangeError(`clusterTotals: cluster ${c} of value ${i} is outside the ${count} clusters`)
    sums[c] = sum + value
    sizes[c] = size + 1
  }
  return { sums, sizes }
}

/**
 * Relabels cluster indices so that only those present are counted, 0…C−1 in order of first
 * appearance; null when every value is alone in its cluster (nothing to do but the plain test).
 */
export function denseClusters(clusters: ArrayLike<number>): { labels: Int32Array; count: number } | null {
  const map = new Map<number, number>()
  const labels = new Int32Array(clusters.length)
  for (let i = 0; i < clusters.length; i++) {
    const c = knownAt(clusters, i, 'a cluster label')
    let label = map.get(c)
    if (label === undefined) {
      label = map.size
      map.set(c, label)
    }
    labels[i] = label
  }
  return map.size === clusters.length ? null : { labels, count: map.size }
}

/**
 * The standard error of the mean of `values` with clusters taken into account:
 * √(C/(C−1) · Σ_c (S_c − n_c·x̄)²) / n over the C clusters (S_c the cluster's sum). With every
 * value its own cluster it is s/√n, the ordinary standard error. 0 for fewer than two clusters.
 */
export function clusteredStandardError(values: ArrayLike<number>, clusters: { labels: ArrayLike<number>; count: number } | null): number {
  const n = values.length
  if (n < 2) return 0
  let total = 0
  // a value missing from the list is no number, as the bootstrap reads it
  for (let i = 0; i < n; i++) total += values[i] ?? NaN
  const mean = total / n
  if (!clusters) {
    let squares = 0
    for (let i = 0; i < n; i++) squares += ((values[i] ?? NaN) - mean) ** 2
    return Math.sqrt(squares / (n - 1) / n)
  }
  if (clusters.count < 2) return 0
  const { sums, sizes } = clusterTotals(values, clusters.labels, clusters.count)
  let squares = 0
  sums.forEach((sum, c) => {
    squares += (sum - knownAt(sizes, c, 'a cluster size') * mean) ** 2
  })
  return Math.sqrt((clusters.count / (clusters.count - 1)) * squares) / n
}

/**
 * The paired bootstrap of the mean change over whole clusters: each resample draws C clusters
 * with replacement and takes Σ differences / Σ questions over them (the same statistic as the
 * mean over questions). Without clusters it is pairedBootstrap itself, number for number.
 * Above `normalAbove` questions the normal limit with the clustered standard error.
 */
export function clusteredPairedBootstrap(
  baseline: ArrayLike<number>,
  candidate: ArrayLike<number>,
  clusters: { labels: ArrayLike<number>; count: number } | null,
  options?: PairedBootstrapOptions,
): PairedBootstrapResult | null {
  if (!clusters) return pairedBootstrap(baseline, candidate, options)
  const resamples = options?.resamples ?? 2000
  const level = options?.level ?? 0.95
  const seed = options?.seed ?? 1
  const normalAbove = options?.normalAbove ?? 5000
  const n = baseline.length
  if (n === 0 || candidate.length !== n) return null
  if (clusters.labels.length !== n) throw new RangeError(`clusteredPairedBootstrap: ${clusters.labels.length} cluster labels for ${n} questions`)
  // the option checks are pairedBootstrap's (one resample of one question costs nothing)
  pairedBootstrap([0], [0], { resamples, level, seed, normalAbove })
  const differences = new Float64Array(n)
  let smallest = Infinity
  let largest = -Infinity
  let total = 0
  for (let i = 0; i < n; i++) {
    const d = (candidate[i] ?? NaN) - (baseline[i] ?? NaN)
    if (!Number.isFinite(d)) throw new RangeError(`clusteredPairedBootstrap: question ${i} has a non-finite score`)
    differences[i] = d
    total += d
    smallest = Math.min(smallest, d)
    largest = Math.max(largest, d)
  }
  const delta = total / n
  // as pairedBootstrap: every difference the same (up to rounding) is no variation at all
  const tolerance = 1e-12 * Math.max(1, Math.abs(smallest), Math.abs(largest))
  if (largest - smallest <= tolerance) {
    const method = n > normalAbove ? 'normal' : 'bootstrap'
    const p = Math.abs(delta) <= tolerance ? 1 : method === 'bootstrap' ? Math.min(1, 2 / (resamples + 1)) : 0
    return { delta, low: delta, high: delta, p, method }
  }
  if (n > normalAbove) {
    const se = clusteredStandardError(differences, clusters)
    const z = normalQuantile(1 - (1 - level) / 2)
    return { delta, low: delta - z * se, high: delta + z * se, p: Math.min(1, 2 * normalCdf(-Math.abs(delta) / se)), method: 'normal' }
  }
  const { sums, sizes } = clusterTotals(differences, clusters.labels, clusters.count)
  return resampledClusters(sums, sizes, delta, resamples, level, seed)
}

/** The percentile interval and p of `resamples` means over clusters drawn with replacement (Σ sums / Σ sizes). */
function resampledClusters(sums: Float64Array, sizes: Float64Array, delta: number, resamples: number, level: number, seed: number): PairedBootstrapResult {
  const count = sums.length
  // mulberry32 inline, the stream of bootstrap.ts's mulberry32(seed)
  let state = seed | 0
  const means = new Float64Array(resamples)
  for (let r = 0; r < resamples; r++) {
    let sum = 0
    let size = 0
    for (let k = 0; k < count; k++) {
      state = (state + 0x6d2b79f5) | 0
      let t = Math.imul(state ^ (state >>> 15), 1 | state)
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
      const c = ((((t ^ (t >>> 14)) >>> 0) / 4294967296) * count) | 0
      // checked here: a shared knownAt in this loop would cost more than the draw
      const drawnSum = sums[c]
      const drawnSize = sizes[c]
      if (drawnSum === undefined || drawnSize === undefined) throw new RangeError(`clusteredPairedBootstrap: a draw fell outside the ${count} clusters`)
      sum += drawnSum
      size += drawnSize
    }
    const mean = sum / size
    means[r] = mean
  }
  return resampledResult(means, delta, level)
}
