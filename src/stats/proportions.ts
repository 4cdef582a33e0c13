/**
 * Proportions: how precisely a pass rate is known, and how many questions an eval set needs.
 *
 * These numbers are what the report uses to say noise out loud ("50 questions ≈ ±14 pp") and
 * what the README's sizing advice is computed from, so they follow the textbook formulas
 * exactly, with exact normal quantiles.
 */
import { normalQuantile } from './normal.ts'

export interface PowerOptions {
  /** two-sided significance level; default 0.05 */
  alpha?: number
  /** probability of detecting a true difference of the given size; default 0.8 */
  power?: number
}

export interface SampleSize {
  /** questions needed, rounded up: rounding to nearest would under-power the design */
  n: number
  /** the unrounded formula value, reported beside n so readers can check it */
  n_exact: number
}

function assertProbability(name: string, value: number, { open }: { open: boolean }): void {
  const ok = open ? value > 0 && value < 1 : value >= 0 && value <= 1
  if (!ok) throw new RangeError(`${name} must be in ${open ? '(0, 1)' : '[0, 1]'}, got ${value}`)
}

/** z such that a two-sided interval at `level` is ±z standard errors. */
function twoSidedZ(level: number): number {
  assertProbability('level', level, { open: true })
  return normalQuantile(1 - (1 - level) / 2)
}

/** The z-sum (z₁₋α/₂ + z_power) shared by every power calculation here and in power.ts. */
export function powerZ(options: PowerOptions | undefined): number {
  const alpha = options?.alpha ?? 0.05
  const power = options?.power ?? 0.8
  assertProbability('alpha', alpha, { open: true })
  assertProbability('power', power, { open: true })
  return normalQuantile(1 - alpha / 2) + normalQuantile(power)
}

/**
 * Round a sample size up, except when it is an integer up to floating-point noise: 90.5 → 91
 * and 90.000000001 → 91 (still short of 91 questions' worth of precision), but a formula that
 * lands on 90 exactly and computes 90.00000000000001 must not demand a 91st question.
 * The tolerance is relative (1e-12), so it stays below any real fractional part.
 */
function roundUpSampleSize(exact: number): number {
  const nearest = Math.round(exact)
  if (Math.abs(exact - nearest) <= 1e-12 * Math.max(1, exact)) return Math.max(1, nearest)
  return Math.max(1, Math.ceil(exact))
}

/**
 * Wilson score interval for a pass rate (no continuity correction). Unlike the normal
 * "p ± z·se" interval it never leaves [0, 1] and does not collapse to a point at 0/n or n/n,
 * which is exactly where small eval sets live. Null when there are no trials.
 */
export function wilson(successes: number, n: number, level = 0.95): { low: number; high: number; center: number } | null {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`wilson: n must be a non-negative integer, got ${n}`)
  if (!Number.isInteger(successes) || successes < 0 || successes > n) {
    throw new RangeError(`wilson: successes must be an integer in [0, ${n}], got ${successes}`)
  }
  const z = twoSidedZ(level)
  if (n === 0) return null
  const phat = successes / n
  const z2 = z * z
  const denominator = 1 + z2 / n
  const center = (phat + z2 / (2 * n)) / denominator
  const half = (z * Math.sqrt((phat * (1 - phat)) / n + z2 / (4 * n * n))) / denominator
  // The bounds are exactly 0 and 1 at the extremes; force them so rounding cannot leave −1e-17.
  const low = successes === 0 ? 0 : Math.max(0, center - half)
  const high = successes === n ? 1 : Math.min(1, center + half)
  return { low, high, center }
}

/**
 * Half the width of the Wilson interval of a pass rate p observed on n trials (p = 0.5, the
 * widest, when no rate is known yet): how precisely n questions can pin a rate down. Unlike
 * wilson() it takes a rate, not a count, so it answers "how many questions are enough" before
 * any are scored. At n = 8 it is 0.2848; it first drops below 0.10 at n = 93.
 */
export function wilsonHalfWidth(n: number, p = 0.5, level = 0.95): number {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`wilsonHalfWidth: n must be a positive integer, got ${n}`)
  assertProbability('p', p, { open: false })
  const z = twoSidedZ(level)
  const z2 = z * z
  return (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n)
}

/**
 * Normal-approximation half-width of a proportion's interval, z·sqrt(p(1 − p)/n). It is the
 * planning number (p = 0.5 is the worst case): at n = 50 it is 0.1386, the "±14 pp" the report
 * quotes. n must be at least 1; there is no finite answer for an empty set.
 */
export function halfWidth(n: number, p = 0.5, level = 0.95): number {
  if (!(n >= 1)) throw new RangeError(`halfWidth: n must be at least 1, got ${n}`)
  assertProbability('p', p, { open: false })
  return twoSidedZ(level) * Math.sqrt((p * (1 - p)) / n)
}

/**
 * Questions needed to estimate a pass rate near p to within ±d: z²·p(1 − p)/d². With p = 0.62,
 * d = 0.05 this is 362.02 → 363 (the seed's "≈362" rounded to nearest, which falls short).
 */
export function sampleSizeOneProportion(p: number, d: number, level = 0.95): SampleSize {
  assertProbability('p', p, { open: false })
  if (!(d > 0 && d <= 1)) throw new RangeError(`sampleSizeOneProportion: d must be in (0, 1], got ${d}`)
  const z = twoSidedZ(level)
  const exact = (z * z * p * (1 - p)) / (d * d)
  return { n: roundUpSampleSize(exact), n_exact: exact }
}

/**
 * Questions per group to detect a change from p1 to p2 between two independent runs at the
 * given alpha and power: (z₁₋α/₂ + z_power)²·[p1(1 − p1) + p2(1 − p2)]/(p1 − p2)².
 * 0.62 vs 0.52 needs 380.8 → 381 per group. Equal rates need infinitely many and throw.
 */
export function sampleSizeTwoProportions(p1: number, p2: number, options?: PowerOptions): SampleSize {
  assertProbability('p1', p1, { open: false })
  assertProbability('p2', p2, { open: false })
  if (p1 === p2) throw new RangeError('sampleSizeTwoProportions: p1 and p2 must differ; no sample detects a zero difference')
  const z = powerZ(options)
  const exact = (z * z * (p1 * (1 - p1) + p2 * (1 - p2))) / ((p1 - p2) * (p1 - p2))
  return { n: roundUpSampleSize(exact), n_exact: exact }
}

/**
 * The smallest true difference two independent runs of n questions each (base rate p) detect
 * with the given power: (z₁₋α/₂ + z_power)·sqrt(2p(1 − p)/n). It answers "could this eval set
 * have seen that regression at all?"; n = 50, p = 0.5 gives 0.2802. n must be at least 1.
 */
export function minimumDetectableEffect(n: number, p = 0.5, options?: PowerOptions): number {
  if (!(n >= 1)) throw new RangeError(`minimumDetectableEffect: n must be at least 1, got ${n}`)
  assertProbability('p', p, { open: false })
  return powerZ(options) * Math.sqrt((2 * p * (1 - p)) / n)
}
