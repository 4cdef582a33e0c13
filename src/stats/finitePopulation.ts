/**
 * Anytime-valid inference on the mean of a FINITE population drawn without replacement, for
 * predicting a full run from the part of it judged so far. A --sequential run judges the eval
 * set's N units (questions, or conversations) in a uniformly random order, and the full run's
 * verdict is a function of all N of them: what an early stop has to predict is the total over
 * this eval set, not the mean of some infinite population the questions came from, so the
 * uncertainty shrinks to nothing as the last units are judged. The only randomness it relies on
 * is the order, which the run draws itself: no model of the scores, and no approximation.
 *
 * Waudby-Smith & Ramdas 2020 ("Confidence sequences for sampling without replacement", NeurIPS
 * 33): if the population's mean is m, the i-th draw's conditional mean is the mean of what is
 * left, r_i(m) = (N·m − S_{i−1}) / (N − i + 1). Betting on each draw against it (Waudby-Smith &
 * Ramdas 2024, "Estimating means of bounded random variables by betting", JRSS-B 86:1–27, whose
 * capital process they extend to sampling without replacement with these means), the wealth
 * K_t(m) = Π (1 + λ_i·(y_i − r_i(m))), with y scaled to [0, 1] and each bet 0 ≤ λ_i < 1/r_i(m)
 * chosen before the draw, is a nonnegative supermartingale whenever the population's mean is m
 * or less; by Ville's inequality it ever reaches 1/α with probability at most α. The bets are
 * aGRAPA's (their approximate growth-rate-adaptive bet, (μ̂ − r)/(σ̂² + (μ̂ − r)²), truncated),
 * so the wealth grows about as fast as the data's own spread allows, and the bound on the range
 * keeps it honest about what is not seen yet: a few large drops among the unseen units cannot
 * hide behind a run of small gains (a variance-only boundary is fooled by them: on 50 questions
 * with 3% of them dropping by 1 and the rest gaining 0.02, the normal mixture on the same
 * martingale ruled out the true mean in 27% of 300 random orders at a nominal 5%; this, in 1.3%).
 *
 * The wealth depends on m through every past bet, so it is kept for a grid of m across the
 * range; "the mean is m or less" is rejected when every grid point up to the first one at or
 * above m is: whatever the true mean below m, the grid point just above it is among them.
 */

/** Candidate means kept across the range: a resolution of 1/256 of the range. */
const GRID_POINTS = 256
/** The largest bet, as a share of the one that would lose all the wealth should the unit drawn lie at the bottom of the range (WSR truncate theirs so; any share below 1 keeps the wealth positive). */
const BET_CAP = 0.9

/** The k-th candidate mean, on the range scaled to [0, 1]: the middle of its 1/GRID_POINTS slice. */
function gridPoint(k: number): number {
  return (k + 0.5) / GRID_POINTS
}

/** The draws of a population whose units lie in [low, high], and the evidence they give about its mean. */
export class WithoutReplacement {
  private readonly wealth = new Float64Array(GRID_POINTS)
  private drawn = 0
  private total = 0
  private squares = 0
  private scaledSum = 0
  private scaledSpread = 0

  /** `prior`: a unit's variance the bets assume before any draw (WSR shrink their estimate toward one), in the units' own scale. */
  constructor(
    readonly population: number,
    readonly low: number,
    readonly high: number,
    private readonly prior: number,
  ) {
    if (!Number.isInteger(population) || population < 1) throw new RangeError(`WithoutReplacement: population must be a positive integer, got ${population}`)
    if (!(high > low) || !Number.isFinite(low) || !Number.isFinite(high)) throw new RangeError(`WithoutReplacement: the range [${low}, ${high}] is empty or not finite`)
    if (!(prior > 0) || !Number.isFinite(prior)) throw new RangeError(`WithoutReplacement: prior must be a positive number, got ${prior}`)
  }

  add(x: number): void {
    if (!(x >= this.low && x <= this.high)) throw new RangeError(`WithoutReplacement: observation ${x} is outside [${this.low}, ${this.high}]`)
    if (this.drawn === this.population) throw new RangeError(`WithoutReplacement: all ${this.population} units are drawn already`)
    const y = (x - this.low) / (this.high - this.low)
    const left = this.population - this.drawn
    // aGRAPA's estimates from the draws before this one, shrunk as WSR's are: the mean toward the middle of the range, the variance toward the prior
    const mean = (0.5 + this.scaledSum) / (this.drawn + 1)
    const variance = (this.prior / (this.high - this.low) ** 2 + this.scaledSpread) / (this.drawn + 1)
    for (const [k, logWealth] of this.wealth.entries()) {
      const rest = (this.population * gridPoint(k) - this.scaledSum) / left
      // a mean so low that what is left would have to lie below the range: not possible after these draws
      if (rest <= 0) this.wealth[k] = Infinity
      else if (rest < 1 && mean > rest) {
        const gap = mean - rest
        const bet = Math.min(BET_CAP / rest, gap / (variance + gap * gap))
        this.wealth[k] = logWealth + Math.log1p(bet * (y - rest))
      }
    }
    this.drawn += 1
    this.total += x
    this.squares += x * x
    this.scaledSum += y
    this.scaledSpread += (y - (0.5 + this.scaledSum) / (this.drawn + 1)) ** 2
  }

  /** log of the e-value against "the population's mean is m or less" (see the file comment); 0 when m is beyond the grid. */
  logEvidenceAbove(m: number): number {
    const target = (m - this.low) / (this.high - this.low)
    let least = Infinity
    for (const [k, logWealth] of this.wealth.entries()) {
      least = Math.min(least, logWealth)
      if (gridPoint(k) >= target) return Math.max(0, least)
    }
    return 0
  }

  /** The largest mean the draws so far rule out at level alpha (every grid point up to it rejected), in the units' scale; `low` when none is. */
  lowerBound(alpha: number): number {
    let bound = this.low
    for (const [k, logWealth] of this.wealth.entries()) {
      if (logWealth < Math.log(1 / alpha)) break
      bound = this.low + gridPoint(k) * (this.high - this.low)
    }
    return bound
  }

  get seen(): number {
    return this.drawn
  }

  /** Σ x over the units drawn */
  get sum(): number {
    return this.total
  }

  /** Σ x² over the units drawn */
  get sumOfSquares(): number {
    return this.squares
  }
}

/** What is known of the units not drawn yet: how many, how many of them can have a negative total, and how far their total can reach each way. */
export interface Unseen {
  units: number
  /** at most this many of them have a negative total (all of them, unless a confidence bound says fewer) */
  negative: number
  /** their total lies in [−below, above] */
  below: number
  above: number
}

/**
 * The full run's paired test rejects "no change" in the drop direction only when its statistic
 * Σd / √Σd² is below −z: the sign-flip test's normal form, and McNemar's statistic (b − c)/√(b + c)
 * on pass/fail differences. With the drawn part's sum `seenSum` and squares `seenSquares` known,
 * a rejection needs the unseen total T to satisfy seenSum + T < −z·√(seenSquares + Q_T), where
 * Q_T is the unseen units' squares, and fewer squares only make the statistic more extreme, so
 * the least Q_T that T allows bounds it (Cauchy–Schwarz): a negative T is the sum of at most
 * `unseen.negative` negative totals, so Q_T ≥ T²/negative; a positive one is spread over at most
 * all of them, Q_T ≥ T²/units. For metrics whose unit totals are whole numbers (`integral`:
 * pass/fail scores) also Q_T ≥ |T|, as each nonzero total's square is at least its size. Returns
 * the T a rejection needs T to be below (the supremum of the T that allow one), Infinity when
 * every T within reach does, or null when none does.
 */
export function unseenTotalToReject(seenSum: number, seenSquares: number, unseen: Unseen, z: number, integral = false): number | null {
  const seenRejects = seenSum + z * Math.sqrt(seenSquares) < 0
  if (unseen.units === 0) return seenRejects ? Infinity : null
  const { negative, below, above } = unseen
  const spreadOver = (t: number) => (t < 0 ? negative : unseen.units)
  const spread = supremumBelowZero(
    (t) => seenSum + t + z * Math.sqrt(seenSquares + (negative === 0 && t < 0 ? Infinity : (t * t) / spreadOver(t))),
    below,
    above,
    leastSpread(seenSquares, negative, below, z),
  )
  if (!integral || spread === null) return spread
  const steps = supremumBelowZero((t) => seenSum + t + z * Math.sqrt(seenSquares + Math.abs(t)), below, above, -below)
  return steps === null ? null : Math.min(spread, steps)
}

/** Where the Cauchy–Schwarz excess, convex in T, is least: −negative·√(Q/(z² − negative)) when z² > negative, else at −below (it only rises). */
function leastSpread(seenSquares: number, negative: number, below: number, z: number): number {
  if (negative === 0) return 0
  return z * z > negative ? Math.max(-below, -negative * Math.sqrt(seenSquares / (z * z - negative))) : -below
}

/**
 * The supremum of {T in [−below, above]: excess(T) < 0} for an excess that rises on [0, above]
 * and, to the left of 0, is negative on one interval that holds `deepest` when it is anywhere:
 * both bounds of unseenTotalToReject are such (the Cauchy–Schwarz one is convex, the integral
 * one's set below zero reaches down to −below).
 */
function supremumBelowZero(excess: (t: number) => number, below: number, above: number, deepest: number): number | null {
  const inside = [0, deepest, -below].find((t) => excess(t) < 0)
  if (inside === undefined) return null
  if (excess(above) < 0) return Infinity
  let low = inside
  let high = above
  for (let i = 0; i < 60; i++) {
    const mid = (low + high) / 2
    if (excess(mid) < 0) low = mid
    else high = mid
  }
  return high
}
