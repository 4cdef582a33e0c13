/**
 * Anytime-valid inference on a mean change, for deciding early: a test that may be checked after
 * every question and stopped whenever it likes, without the false alarms that peeking at a
 * fixed-n test brings (checking a 5% test after each of 50 questions rejects a true null about
 * a third of the time).
 *
 * The observations are paired differences, and under "no change" each one is as likely to have
 * either sign (the two runs are exchangeable: the null of the sign-flip permutation test the
 * gate already uses). For such conditionally symmetric increments, exp(λ·S_t − λ²·V_t/2) is a
 * nonnegative supermartingale for every λ, where S_t is the running sum and V_t = Σ x² (de la
 * Peña 1999, "A general class of exponential inequalities for martingales and ratios", Ann.
 * Probab. 27:537; Howard, Ramdas, McAuliffe & Sekhon 2020, Probab. Surveys 17:257, their
 * symmetric case). Mixing λ over a half-normal of precision ρ gives the one-sided normal-mixture
 * e-process
 *
 *     M_t = 2·√(ρ/(V_t+ρ)) · exp(S_t²/(2(V_t+ρ))) · Φ(S_t/√(V_t+ρ)),
 *
 * and by Ville's inequality it ever reaches 1/α with probability at most α when the null holds
 * (Howard, Ramdas, McAuliffe & Sekhon 2021, "Time-uniform, nonparametric, nonasymptotic
 * confidence sequences", Ann. Statist. 49:1055, normal-mixture boundaries). Its boundary grows
 * with the data's own spread (V_t), not with the range a score could take, which is what makes
 * it stop early on 50-question sets. Testing "the mean is m" applies the same to x − m (a
 * symmetric location model): the m no test rejects form a confidence sequence, and the gate
 * asks it at two points only, 0 (did the metric drop at all?) and −max_drop (did it stay within
 * its limit?). Only the first carries the false-alarm guarantee, and it needs no model: under
 * "no change" the differences are symmetric about 0 by exchangeability.
 */
import { normalCdf } from './normal.ts'

/** `below`: evidence that the mean is below m (tests "mean ≥ m"); `above`: that it is above m. */
export type Side = 'below' | 'above'

/** The running sums of the observations: all a normal-mixture test needs. */
export interface RunningSums {
  count: number
  sum: number
  squares: number
}

/** log M_t for `side` against m, from the sums (see the file comment). */
export function logEvidence(sums: RunningSums, m: number, side: Side, rho: number): number {
  // S_t and V_t of the observations shifted by m, signed so that positive is evidence for `side`
  const shifted = sums.sum - sums.count * m
  const s = side === 'below' ? -shifted : shifted
  const v = Math.max(0, sums.squares - 2 * m * sums.sum + sums.count * m * m)
  return normalMixtureLogEvidence(s, v, rho)
}

/** log M_t of the one-sided normal mixture for a running sum `s` (signed: positive is evidence) with variance process `v` and mixing precision `rho`. */
export function normalMixtureLogEvidence(s: number, v: number, rho: number): number {
  const w = v + rho
  return Math.LN2 + 0.5 * Math.log(rho / w) + (s * s) / (2 * w) + Math.log(Math.max(Number.MIN_VALUE, normalCdf(s / Math.sqrt(w))))
}

/** One one-sided anytime-valid test against a fixed m, fed one observation at a time; rejected for good once its e-process reaches 1/alpha. */
export class MixtureTest {
  private readonly sums: RunningSums = { count: 0, sum: 0, squares: 0 }
  private peak = 0

  constructor(
    readonly m: number,
    readonly side: Side,
    readonly alpha: number,
    readonly rho: number,
  ) {
    if (!(alpha > 0 && alpha < 1)) throw new RangeError(`MixtureTest: alpha must be in (0, 1), got ${alpha}`)
    if (!(rho > 0) || !Number.isFinite(rho)) throw new RangeError(`MixtureTest: rho must be a positive number, got ${rho}`)
  }

  add(x: number): void {
    if (!Number.isFinite(x)) throw new RangeError(`MixtureTest: observation ${x} is not a finite number`)
    this.sums.count += 1
    this.sums.sum += x
    this.sums.squares += x * x
    this.peak = Math.max(this.peak, logEvidence(this.sums, this.m, this.side, this.rho))
  }

  get rejected(): boolean {
    return this.peak >= Math.log(1 / this.alpha)
  }

  /** The anytime-valid p-value so far: 1 / the largest e-value reached, capped at 1. */
  get p(): number {
    return Math.min(1, Math.exp(-this.peak))
  }

  get observations(): number {
    return this.sums.count
  }
}
