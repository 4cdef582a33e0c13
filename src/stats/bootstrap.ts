/**
 * Paired bootstrap of a metric's change between two runs over the same questions.
 *
 * Paired because both runs answer the same questions: question difficulty cancels in the
 * per-question difference, which makes the interval far narrower than comparing two means.
 * Seeded because a gate must give the same numbers when re-run on the same inputs (SPEC §3.3).
 */
import { normalCdf, normalQuantile } from './normal.ts'

export interface PairedBootstrapOptions {
  /** bootstrap resamples; default 2,000 */
  resamples?: number
  /** two-sided interval level; default 0.95 */
  level?: number
  /** PRNG seed (see seedFrom); default 1 */
  seed?: number
  /** above this many questions use the normal approximation; default 5,000 */
  normalAbove?: number
}

export interface PairedBootstrapResult {
  /** mean of candidate − baseline over the paired questions */
  delta: number
  low: number
  high: number
  /** two-sided p-value for "no change" */
  p: number
  method: 'bootstrap' | 'normal'
}

/**
 * Mulberry32, a 32-bit PRNG (Tommy Ettinger's, in bryc's common JavaScript form). Chosen over
 * Math.random because it is seedable and over anything heavier because it is fast, passes
 * gjrand/PractRand well enough for resampling, and is trivial to port if a report must be
 * reproduced elsewhere. Returns floats in [0, 1) with 32 bits of randomness.
 */
export function mulberry32(seed: number): () => number {
  let state = seed | 0
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * FNV-1a (32-bit) over the UTF-8 bytes of `text`: a stable seed from a name such as the metric
 * and eval-set version, so every metric gets its own reproducible stream without a seed table.
 * Bytes rather than UTF-16 code units so the value matches the published FNV test vectors and
 * other-language ports for non-ASCII (Chinese) names.
 */
export function seedFrom(text: string): number {
  let hash = 0x811c9dc5
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

/** Linear-interpolation quantile (Hyndman & Fan type 7, R's default) of sorted values. */
export function sortedQuantile(sorted: Float64Array, q: number): number {
  const position = (sorted.length - 1) * q
  const below = Math.floor(position)
  const lower = sorted[below] ?? 0
  const upper = sorted[Math.min(below + 1, sorted.length - 1)] ?? lower
  return lower + (position - below) * (upper - lower)
}

function validateOptions(resamples: number, level: number, seed: number, normalAbove: number): void {
  if (!Number.isInteger(resamples) || resamples < 1) throw new RangeError(`pairedBootstrap: resamples must be a positive integer, got ${resamples}`)
  if (!(level > 0 && level < 1)) throw new RangeError(`pairedBootstrap: level must be in (0, 1), got ${level}`)
  if (!Number.isInteger(seed)) throw new RangeError(`pairedBootstrap: seed must be an integer, got ${seed}`)
  if (!(normalAbove >= 0)) throw new RangeError(`pairedBootstrap: normalAbove must be non-negative, got ${normalAbove}`)
}

/**
 * Paired-bootstrap interval and p-value for the mean change candidate − baseline. The arrays are
 * paired by index (same question); null when they are empty or their lengths differ, since
 * there is then nothing honest to compare. Non-finite scores are a programming error (nulls
 * must be dropped pairwise by the caller) and throw.
 *
 * Interval: percentile interval of the resampled mean difference (questions resampled with
 * replacement). p: twice the smaller share of resampled means on either side of 0, counted as
 * (count + 1)/(resamples + 1) so a finite number of resamples never claims p = 0.
 *
 * When every difference is the same (up to rounding) there is no sampling variation: the
 * interval is [delta, delta], and p is 1 when delta is 0, else the smallest value the method
 * can report. Above `normalAbove` questions the bootstrap distribution is normal for all
 * practical purposes, so mean ± z·sd/√n and a normal p-value replace it (method 'normal') and
 * 10,000-question runs stay fast.
 */
export function pairedBootstrap(baseline: ArrayLike<number>, candidate: ArrayLike<number>, options?: PairedBootstrapOptions): PairedBootstrapResult | null {
  const resamples = options?.resamples ?? 2000
  const level = options?.level ?? 0.95
  const seed = options?.seed ?? 1
  const normalAbove = options?.normalAbove ?? 5000
  validateOptions(resamples, level, seed, normalAbove)
  const n = baseline.length
  if (n === 0 || candidate.length !== n) return null

  let sum = 0
  let smallest = Infinity
  let largest = -Infinity
  let largestMagnitude = 0
  for (let i = 0; i < n; i++) {
    const d = (candidate[i] ?? NaN) - (baseline[i] ?? NaN)
    if (!Number.isFinite(d)) throw new RangeError(`pairedBootstrap: question ${i} has a non-finite score`)
    sum += d
    if (d < smallest) smallest = d
    if (d > largest) largest = d
    largestMagnitude = Math.max(largestMagnitude, Math.abs(d))
  }
  const delta = sum / n
  const method = n > normalAbove ? 'normal' : 'bootstrap'

  // Rounding alone can make "all +0.1" differ in the 17th digit; that is not variation.
  const tolerance = 1e-12 * Math.max(1, largestMagnitude)
  if (largest - smallest <= tolerance) {
    const noChange = Math.abs(delta) <= tolerance
    const smallestP = method === 'bootstrap' ? Math.min(1, 2 / (resamples + 1)) : 0
    return { delta, low: delta, high: delta, p: noChange ? 1 : smallestP, method }
  }

  // the differences are kept only for the resampling: the normal limit recomputes them (the same subtraction, the same values)
  if (method === 'normal') return normalInterval(baseline, candidate, delta, level)
  const differences = new Float64Array(n)
  for (let i = 0; i < n; i++) differences[i] = (candidate[i] ?? NaN) - (baseline[i] ?? NaN)
  return resampledInterval(differences, delta, resamples, level, seed)
}

/** mean ± z·sd/√n and a normal p-value: the bootstrap's limit for large n. */
function normalInterval(baseline: ArrayLike<number>, candidate: ArrayLike<number>, delta: number, level: number): PairedBootstrapResult {
  const n = baseline.length
  let squares = 0
  for (let i = 0; i < n; i++) {
    const centered = (candidate[i] ?? NaN) - (baseline[i] ?? NaN) - delta
    squares += centered * centered
  }
  const standardError = Math.sqrt(squares / (n - 1)) / Math.sqrt(n)
  const z = normalQuantile(1 - (1 - level) / 2)
  const p = Math.min(1, 2 * normalCdf(-Math.abs(delta) / standardError))
  return { delta, low: delta - z * standardError, high: delta + z * standardError, p, method: 'normal' }
}

/** The percentile interval and p of `resamples` resampled mean differences. */
/**
 * The interval and two-sided p of a bootstrap from its resampled means (sorted here, in place):
 * the percentile interval, and p from the smaller share of means on one side of no change.
 */
export function resampledResult(means: Float64Array, delta: number, level: number): PairedBootstrapResult {
  means.sort()
  let atOrBelowZero = 0
  let atOrAboveZero = 0
  for (const mean of means) {
    if (mean <= 0) atOrBelowZero++
    if (mean >= 0) atOrAboveZero++
  }
  const tail = (1 - level) / 2
  const p = Math.min(1, (2 * (Math.min(atOrBelowZero, atOrAboveZero) + 1)) / (means.length + 1))
  return { delta, low: sortedQuantile(means, tail), high: sortedQuantile(means, 1 - tail), p, method: 'bootstrap' }
}

function resampledInterval(differences: Float64Array, delta: number, resamples: number, level: number, seed: number): PairedBootstrapResult {
  const n = differences.length
  // The hot loop (resamples × n draws) runs mulberry32 inline on a local state: the same stream
  // as mulberry32(seed), about a quarter faster than calling the closure 10 million times.
  let state = seed | 0
  const means = new Float64Array(resamples)
  for (let r = 0; r < resamples; r++) {
    let resampledSum = 0
    for (let i = 0; i < n; i++) {
      state = (state + 0x6d2b79f5) | 0
      let t = Math.imul(state ^ (state >>> 15), 1 | state)
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
      const uniform = ((t ^ (t >>> 14)) >>> 0) / 4294967296
      // checked here: a shared knownAt in this loop would cost more than the draw
      const drawn = differences[(uniform * n) | 0]
      if (drawn === undefined) throw new RangeError(`pairedBootstrap: a draw fell outside the ${n} differences`)
      resampledSum += drawn
    }
    const mean = resampledSum / n
    means[r] = mean
  }
  return resampledResult(means, delta, level)
}
