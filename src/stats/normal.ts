/**
 * The standard normal distribution, to double precision.
 *
 * Sample sizes and intervals are quoted to several decimals in the report and the spec pins
 * them (z₀.₉₇₅ = 1.959964, 362.02 → 363), so a three-digit table or a crude approximation
 * would print numbers that disagree with every textbook. Both functions here are the
 * published double-precision algorithms, coefficients unchanged.
 */

// The coefficients are written exactly as published (20 significant digits) so they can be
// checked against the papers and their hash sums; the parser rounds them to the nearest double,
// which is what the authors intended.
/* eslint-disable no-loss-of-precision */

// Wichura (1988), Algorithm AS 241 (PPND16), Applied Statistics 37(3): 477–484.
// Region |p − 0.5| ≤ 0.425; hash sum 55.88319 28806 14901 4439.
const A = [
  3.387132872796366608, 1.3314166789178437745e2, 1.9715909503065514427e3, 1.3731693765509461125e4, 4.5921953931549871457e4, 6.7265770927008700853e4, 3.3430575583588128105e4, 2.5090809287301226727e3,
] as const
const B = [1, 4.2313330701600911252e1, 6.871870074920579083e2, 5.3941960214247511077e3, 2.1213794301586595867e4, 3.930789580009271061e4, 2.8729085735721942674e4, 5.226495278852854561e3] as const
// Intermediate tails, r = sqrt(−ln(min(p, 1 − p))) ≤ 5; hash sum 49.33206 50330 16102 89036.
const C = [
  1.42343711074968357734, 4.6303378461565452959, 5.7694972214606914055, 3.64784832476320460504, 1.27045825245236838258, 2.4178072517745061177e-1, 2.27238449892691845833e-2, 7.7454501427834140764e-4,
] as const
const D = [1, 2.05319162663775882187, 1.6763848301838038494, 6.8976733498510000455e-1, 1.4810397642748007459e-1, 1.51986665636164571966e-2, 5.475938084995344946e-4, 1.05075007164441684324e-9] as const
// Far tails, r > 5 (p below about 1e-11); hash sum 47.52583 31754 92896 71629.
const E = [
  6.6579046435011037772, 5.4637849111641143699, 1.7848265399172913358, 2.9656057182850489123e-1, 2.6532189526576123093e-2, 1.2426609473880784386e-3, 2.71155556874348757815e-5,
  2.01033439929228813265e-7,
] as const
const F = [
  1, 5.9983220655588793769e-1, 1.3692988092273580531e-1, 1.48753612908506148525e-2, 7.868691311456132591e-4, 1.8463183175100546818e-5, 1.4215117583164458887e-7, 2.04426310338993978564e-15,
] as const

/** Horner's rule with coefficients in ascending powers. */
function polynomial(coefficients: readonly number[], x: number): number {
  let value = 0
  for (let i = coefficients.length - 1; i >= 0; i--) value = value * x + (coefficients[i] ?? 0)
  return value
}

/**
 * Inverse standard normal CDF (Wichura's AS 241, relative error about 1e-16).
 * p = 0 and p = 1 give −∞ and +∞, which are the true limits; a p outside [0, 1] (or NaN) is
 * a programming error and throws rather than leaking NaN into an interval.
 */
export function normalQuantile(p: number): number {
  if (!(p >= 0 && p <= 1)) throw new RangeError(`normalQuantile: p must be in [0, 1], got ${p}`)
  if (p === 0) return -Infinity
  if (p === 1) return Infinity
  const q = p - 0.5
  if (Math.abs(q) <= 0.425) {
    const r = 0.180625 - q * q
    return (q * polynomial(A, r)) / polynomial(B, r)
  }
  let r = Math.sqrt(-Math.log(q < 0 ? p : 1 - p))
  let x: number
  if (r <= 5) {
    r -= 1.6
    x = polynomial(C, r) / polynomial(D, r)
  } else {
    r -= 5
    x = polynomial(E, r) / polynomial(F, r)
  }
  return q < 0 ? -x : x
}

// W. J. Cody (1969, 1993), "Rational Chebyshev approximations for the error function", the
// ANORM/CALERF coefficients as used by R's pnorm; accurate to about 1e-16 relative.
const CODY_A = [2.2352520354606839287, 161.02823106855587881, 1067.6894854603709582, 18154.981253343561249, 0.065682337918207449113] as const
const CODY_B = [47.20258190468824187, 976.09855173777669322, 10260.932208618978205, 45507.789335026729956] as const
const CODY_C = [
  0.39894151208813466764, 8.8831497943883759412, 93.506656132177855979, 597.27027639480026226, 2494.5375852903726711, 6848.1904505362823326, 11602.651437647350124, 9842.7148383839780218,
  1.0765576773720192317e-8,
] as const
const CODY_D = [
  22.266688044328115691, 235.38790178262499861, 1519.377599407554805, 6485.558298266760755, 18615.571640885098091, 34900.952721145977266, 38912.003286093271411, 19685.429676859990727,
] as const
const CODY_P = [0.21589853405795699, 0.1274011611602473639, 0.022235277870649807, 0.001421619193227893466, 2.9112874951168792e-5, 0.02307344176494017303] as const
const CODY_Q = [1.28426009614491121, 0.468238212480865118, 0.0659881378689285515, 0.00378239633202758244, 7.29751555083966205e-5] as const
const ONE_OVER_SQRT_2PI = 0.398942280401432677939946059934
const SQRT_32 = 5.656854249492380195206754896838
/* eslint-enable no-loss-of-precision */

// normalCdf's loops read the coefficients with a check of their own: for…of over zipped pairs,
// or a shared knownAt, made a million calls half again as slow
function noCoefficient(i: number): RangeError {
  return new RangeError(`normalCdf: no coefficient ${i}`)
}

/**
 * exp(−y²/2) without losing digits: y² is split into a part exact in floating point and a small
 * remainder (Cody's trick), because exp(−y²/2) amplifies the rounding error of y² by y²/2.
 */
function gaussianFactor(y: number): number {
  const coarse = Math.trunc(y * 16) / 16
  const remainder = (y - coarse) * (y + coarse)
  return Math.exp(-coarse * coarse * 0.5) * Math.exp(-remainder * 0.5)
}

/**
 * Standard normal CDF, Φ(x), by Cody's rational approximations (relative error about 1e-16,
 * in the tails too). The upper tail is computed directly rather than as 1 − Φ, so
 * normalCdf(−x) stays accurate far below 1e-16: p-values of strong effects are not rounded to 0.
 */
export function normalCdf(x: number): number {
  if (Number.isNaN(x)) throw new RangeError('normalCdf: x is NaN')
  const y = Math.abs(x)
  if (y <= 0.67448975) {
    // Central region: Φ(x) = 1/2 + x·R(x²), no cancellation.
    const xsq = y > 1.11e-16 ? x * x : 0
    let numerator = CODY_A[4] * xsq
    let denominator = xsq
    for (let i = 0; i < 3; i++) {
      const a = CODY_A[i]
      const b = CODY_B[i]
      if (a === undefined || b === undefined) throw noCoefficient(i)
      numerator = (numerator + a) * xsq
      denominator = (denominator + b) * xsq
    }
    return 0.5 + (x * (numerator + CODY_A[3])) / (denominator + CODY_B[3])
  }
  let tail: number // P(Z > |x|)
  if (y <= SQRT_32) {
    let numerator = CODY_C[8] * y
    let denominator = y
    for (let i = 0; i < 7; i++) {
      const c = CODY_C[i]
      const d = CODY_D[i]
      if (c === undefined || d === undefined) throw noCoefficient(i)
      numerator = (numerator + c) * y
      denominator = (denominator + d) * y
    }
    tail = (gaussianFactor(y) * (numerator + CODY_C[7])) / (denominator + CODY_D[7])
  } else if (y < 38.5) {
    // Asymptotic region; beyond 38.5 the tail is below the smallest double.
    const xsq = 1 / (x * x)
    let numerator = CODY_P[5] * xsq
    let denominator = xsq
    for (let i = 0; i < 4; i++) {
      const p = CODY_P[i]
      const q = CODY_Q[i]
      if (p === undefined || q === undefined) throw noCoefficient(i)
      numerator = (numerator + p) * xsq
      denominator = (denominator + q) * xsq
    }
    const ratio = (xsq * (numerator + CODY_P[4])) / (denominator + CODY_Q[4])
    tail = (gaussianFactor(y) * (ONE_OVER_SQRT_2PI - ratio)) / y
  } else {
    tail = 0
  }
  return x > 0 ? 1 - tail : tail
}
