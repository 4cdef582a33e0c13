/**
 * The paired permutation (sign-flip) test of a mean change between two runs over the same
 * questions. Under "no change" the candidate's and the baseline's score of a question are
 * exchangeable, so each per-question difference is as likely to have either sign; the p-value
 * comes from where the observed |sum| falls among the 2^m sign assignments' |sum|.
 *
 * It uses the size of every change (unlike the sign test, which counts only which way a
 * question moved) and assumes nothing about their distribution (unlike a t-test, which rubric
 * scores in quarter steps do not satisfy at n = 30). Questions that did not change carry no
 * information: they add 0 under every sign and are left out of the enumeration.
 */
import { normalCdf } from './normal.ts'
import { knownAt } from '../io/known.ts'

/** Monte Carlo sign assignments by default: the p-value's own error is then about ±0.002 at p = 0.05. */
export const SIGN_FLIP_RESAMPLES = 10_000

export interface SignFlipOptions {
  /** enumerate every sign assignment up to this many changed questions; default 16 (65,536 assignments: about as fast as the draws) */
  exactUpTo?: number
  /** Monte Carlo sign assignments above that; default SIGN_FLIP_RESAMPLES */
  resamples?: number
  /** PRNG seed for the Monte Carlo draws (see seedFrom); default 1 */
  seed?: number
  /** above this many changed questions the normal limit replaces the draws; default 1,000 (scores in [0, 1] are long normal by then) */
  normalAbove?: number
}

export interface SignFlipResult {
  /** two-sided p-value for "no change" */
  p: number
  /** how many questions changed (the others carry no information) */
  changed: number
  method: 'exact' | 'monte_carlo' | 'normal'
}

/**
 * Two-sided sign-flip test on paired differences (candidate − baseline), as a mid-p: the share
 * of sign assignments with a larger |sum| than the observed one, plus half the share with an
 * equal one. Rubric scores move in quarter steps and pass/fail ones by whole steps, so many
 * assignments tie with the observed sum, and counting every tie as "at least as extreme"
 * makes the test's real size well below its nominal 5%; the mid-p keeps it close to nominal
 * (Lancaster 1961; Fagerland et al. 2013 for McNemar, which this test is on 0/1 scores).
 *
 * Exact up to `exactUpTo` changed questions (a Gray-code walk: one sign changes per step);
 * above it `resamples` seeded random assignments, the observed one counted among them as a
 * tie so a finite draw never claims p = 0; above `normalAbove` the normal limit of the sum,
 * N(0, Σd²). Deterministic for the same input and seed. A difference below 1e-9 (baselines
 * keep 12 significant digits) is no change; no change at all gives p = 1.
 */
export function signFlipTest(differences: ArrayLike<number>, options?: SignFlipOptions): SignFlipResult {
  const exactUpTo = options?.exactUpTo ?? 16
  const resamples = options?.resamples ?? SIGN_FLIP_RESAMPLES
  const seed = options?.seed ?? 1
  const normalAbove = options?.normalAbove ?? 1000
  if (!Number.isInteger(exactUpTo) || exactUpTo < 0 || exactUpTo > 30) throw new RangeError(`signFlipTest: exactUpTo must be an integer in [0, 30], got ${exactUpTo}`)
  if (!Number.isInteger(resamples) || resamples < 1) throw new RangeError(`signFlipTest: resamples must be a positive integer, got ${resamples}`)
  if (!Number.isInteger(seed)) throw new RangeError(`signFlipTest: seed must be an integer, got ${seed}`)
  // the sums first, left to right from 0 as reduce added; the sizes themselves only when the draws need them
  let changed = 0
  let observed = 0
  let total = 0
  let variance = 0
  for (let i = 0; i < differences.length; i++) {
    // a hole in the list is no number either
    const d = differences[i] ?? NaN
    if (!Number.isFinite(d)) throw new RangeError(`signFlipTest: difference ${i} is not a finite number`)
    if (Math.abs(d) <= 1e-9) continue
    const size = Math.abs(d)
    changed += 1
    observed += d
    total += size
    variance += size * size
  }
  if (changed === 0) return { p: 1, changed, method: 'exact' }
  if (changed > normalAbove) {
    return { p: Math.min(1, 2 * normalCdf(-Math.abs(observed) / Math.sqrt(variance))), changed, method: 'normal' }
  }
  const sizes = new Float64Array(changed)
  for (let i = 0, k = 0; i < differences.length; i++) {
    const d = knownAt(differences, i, 'a difference')
    if (Math.abs(d) > 1e-9) sizes[k++] = Math.abs(d)
  }
  // a |sum| within rounding of the observed one ties with it
  const band = { low: Math.abs(observed) - 1e-9 * total, high: Math.abs(observed) + 1e-9 * total }
  if (changed <= exactUpTo) return { p: exactMidP(sizes, total, band), changed, method: 'exact' }
  return { p: monteCarloMidP(sizes, band, resamples, seed), changed, method: 'monte_carlo' }
}

interface TieBand {
  low: number
  high: number
}

/** Over all 2^m sign assignments, walked in Gray-code order: (larger + ½·tied) / 2^m. */
function exactMidP(sizes: Float64Array, total: number, band: TieBand): number {
  const signed = Float64Array.from(sizes)
  let sum = total
  let larger = 0
  let tied = 0
  const assignments = 2 ** sizes.length
  for (let step = 0; step < assignments; step++) {
    if (step > 0) {
      // the Gray code's step flips the lowest set bit of the step number
      const j = 31 - Math.clz32(step & -step)
      // checked here: this loop runs 2^m times, and a shared knownAt would cost more than the step
      const value = signed[j]
      if (value === undefined) throw new RangeError(`signFlipTest: sign ${j} of ${signed.length}`)
      sum -= 2 * value
      signed[j] = -value
    }
    const size = Math.abs(sum)
    if (size > band.high) larger++
    else if (size >= band.low) tied++
  }
  return (larger + tied / 2) / assignments
}

/** Over seeded random sign assignments, the observed one among them as a tie: (larger + ½·(tied + 1)) / (resamples + 1). */
function monteCarloMidP(sizes: Float64Array, band: TieBand, resamples: number, seed: number): number {
  const m = sizes.length
  const values = Float64Array.from(sizes)
  // mulberry32 inline (the same stream as bootstrap.ts's mulberry32(seed)): this loop runs resamples × m times;
  // its 32 bits are kept as a signed int32 (no >>> 0), which stays a small integer for the engine
  let state = seed | 0
  let larger = 0
  let tied = 0
  for (let r = 0; r < resamples; r++) {
    let sum = 0
    let bits = 0
    for (let i = 0; i < m; i++) {
      if ((i & 31) === 0) {
        state = (state + 0x6d2b79f5) | 0
        let t = Math.imul(state ^ (state >>> 15), 1 | state)
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
        bits = t ^ (t >>> 14)
      }
      const value = values[i]
      if (value === undefined) throw new RangeError(`signFlipTest: size ${i} of ${m}`)
      // branch-free ±1: a random branch mispredicts half the time
      sum += value * (((bits & 1) << 1) - 1)
      bits >>= 1
    }
    const size = Math.abs(sum)
    if (size > band.high) larger++
    else if (size >= band.low) tied++
  }
  return (larger + (tied + 1) / 2) / (resamples + 1)
}
