/**
 * Power of the paired comparison the gate makes: two runs over the same questions, each
 * question's change the unit. Its noise is the spread of the per-question differences, which
 * is far smaller than two independent runs' (a question that is hard stays hard in both), so
 * the drop it can detect is smaller too: 28 pp at 50 questions is the two-independent-samples
 * figure for a pass rate; the paired figure depends on how much questions move between runs.
 * The formulas are the paired z-test's (normal approximation), as for a paired t-test with n
 * large (Chow, Shao & Wang, "Sample Size Calculations in Clinical Research", §3.1).
 */
import { powerZ, type PowerOptions, type SampleSize } from './proportions.ts'

/**
 * The smallest mean change n paired questions detect with the given power at the given
 * two-sided alpha, when the per-question differences have standard deviation `sd`:
 * (z₁₋α/₂ + z_power)·sd/√n. With conversations, `sd` is √n × the clustered standard error.
 */
export function pairedMinimumDetectableEffect(sd: number, n: number, options?: PowerOptions): number {
  if (!(n >= 1)) throw new RangeError(`pairedMinimumDetectableEffect: n must be at least 1, got ${n}`)
  if (!(sd >= 0) || !Number.isFinite(sd)) throw new RangeError(`pairedMinimumDetectableEffect: sd must be a finite number ≥ 0, got ${sd}`)
  return (powerZ(options) * sd) / Math.sqrt(n)
}

/** Paired questions needed to detect a mean change of `delta`: ((z₁₋α/₂ + z_power)·sd/delta)², rounded up, the unrounded value beside it. */
export function pairedSampleSize(sd: number, delta: number, options?: PowerOptions): SampleSize {
  if (!(sd > 0) || !Number.isFinite(sd)) throw new RangeError(`pairedSampleSize: sd must be a finite number > 0, got ${sd}`)
  if (!(delta > 0 && delta <= 1)) throw new RangeError(`pairedSampleSize: delta must be in (0, 1], got ${delta}`)
  const exact = ((powerZ(options) * sd) / delta) ** 2
  return { n: Math.max(1, Math.ceil(exact - 1e-12 * exact)), n_exact: exact }
}
