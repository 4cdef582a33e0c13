/**
 * Exact tests on counts: the sign test on per-question flips, McNemar on pass/fail pairs,
 * and the corrections when several metrics are tested at once (Simes within a family of tied
 * metrics, Holm across families).
 *
 * Exact rather than normal-approximation because eval sets are small (ten flips is common) and
 * because the report prints the p-value: an approximation that says 0.06 where the exact answer
 * is 0.11 would be a wrong number on the page.
 */

const LN2 = Math.LN2
const LN_SQRT_2PI = 0.5 * Math.log(2 * Math.PI)

/** ln(m!) for small m, by summing logs; exact enough (error below 1e-14) and only 32 entries. */
const SMALL_LOG_FACTORIALS: readonly number[] = (() => {
  const table = [0]
  for (let m = 1; m < 32; m++) table.push((table[m - 1] ?? 0) + Math.log(m))
  return table
})()

/**
 * Stirling's error term ln(m!) − [m ln m − m + ½ ln(2πm)]. Working with this small correction
 * instead of ln(m!) itself (about 1e6 at m = 1e5) keeps the binomial log-probability from
 * losing digits to cancellation (Loader 2000, "Fast and accurate computation of binomial
 * probabilities").
 */
function stirlingError(m: number): number {
  if (m < 32) return (SMALL_LOG_FACTORIALS[m] ?? 0) - (m * Math.log(m) - m + LN_SQRT_2PI + 0.5 * Math.log(m))
  const m2 = m * m
  // Asymptotic series; at m ≥ 32 the first omitted term is below 1e-17.
  return (1 / 12 - (1 / 360 - (1 / 1260 - (1 / 1680 - 1 / (1188 * m2)) / m2) / m2) / m2) / m
}

/**
 * ln P(X = k) for X ~ Binomial(n, 1/2), 0 < k < n. The leading part, −[k ln(2k/n) + (n−k)
 * ln(2(n−k)/n)], is n times the Kullback–Leibler divergence from 1/2 and is computed with log1p
 * so it stays accurate when k is near n/2.
 */
function logBinomialHalfPmf(k: number, n: number): number {
  if (k === 0 || k === n) return -n * LN2
  const delta = (n - 2 * k) / n // 2k/n = 1 − delta, 2(n−k)/n = 1 + delta
  const divergence = k * Math.log1p(-delta) + (n - k) * Math.log1p(delta)
  const stirling = stirlingError(n) - stirlingError(k) - stirlingError(n - k)
  return -divergence + stirling - LN_SQRT_2PI + 0.5 * Math.log(n / (k * (n - k)))
}

function assertCount(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer, got ${value}`)
}

/**
 * Exact two-sided binomial test of H0: p = 1/2, as min(1, 2·P(X ≤ min(k, n − k))); n = 0 gives 1
 * (no evidence either way). The lower tail is summed from its largest term outwards with the
 * pmf ratio P(j−1)/P(j) = j/(n − j + 1) and stops once terms no longer change the sum, so
 * n = 100,000 takes microseconds and neither underflows nor overflows along the way; a tail
 * smaller than the smallest double is reported as 0, never NaN.
 */
export function binomialTwoSidedP(k: number, n: number): number {
  assertCount('n', n)
  assertCount('k', k)
  if (k > n) throw new RangeError(`k must be at most n (${n}), got ${k}`)
  if (n === 0) return 1
  const tailEdge = Math.min(k, n - k)
  // Even n with k = n/2, or odd n with k = (n ± 1)/2: the tail holds at least half the mass
  // (exactly half for odd n), so the answer is exactly 1 and need not be summed to 0.9999999.
  if (2 * tailEdge >= n - 1) return 1
  let term = 1
  let sum = 1
  for (let j = tailEdge; j > 0; j--) {
    term *= j / (n - j + 1)
    sum += term
    if (term < sum * 1e-17) break
  }
  const p = 2 * Math.exp(logBinomialHalfPmf(tailEdge, n) + Math.log(sum))
  return Math.min(1, p)
}

/**
 * Exact sign test on per-question flips: under "no change" a flipped question is equally likely
 * to go either way. Ties (unchanged questions) carry no information and must be excluded by the
 * caller; n is returned so the report can say how many flips the p-value rests on.
 */
export function signTest(worse: number, better: number): { n: number; p: number } {
  assertCount('worse', worse)
  assertCount('better', better)
  const n = worse + better
  return { n, p: binomialTwoSidedP(worse, n) }
}

/**
 * Exact McNemar test for paired pass/fail outcomes. Only discordant questions (passed in one run
 * only) say anything about a difference, and under H0 each is equally likely to favour either
 * run, so the test is the exact binomial on them. No discordant pairs gives 1.
 */
export function mcnemarExact(onlyBaselinePassed: number, onlyCandidatePassed: number): number {
  assertCount('onlyBaselinePassed', onlyBaselinePassed)
  assertCount('onlyCandidatePassed', onlyCandidatePassed)
  return binomialTwoSidedP(onlyBaselinePassed, onlyBaselinePassed + onlyCandidatePassed)
}

/**
 * McNemar's mid-p test: the exact test's p less the probability of the observed split itself,
 * i.e. 2·[P(X < k) + ½·P(X = k)] for k = min(b, c). The exact test counts the observed outcome
 * wholly as "at least as extreme", which with a dozen discordant questions makes its real size
 * well under the nominal 5% and costs power; the mid-p test keeps the size close to nominal and
 * rarely above it (Fagerland, Lydersen & Laake 2013, "The McNemar test for binary matched-pairs
 * data: mid-p and asymptotic are better than exact conditional", BMC Med Res Methodol 13:91).
 */
export function mcnemarMidP(onlyBaselinePassed: number, onlyCandidatePassed: number): number {
  assertCount('onlyBaselinePassed', onlyBaselinePassed)
  assertCount('onlyCandidatePassed', onlyCandidatePassed)
  const n = onlyBaselinePassed + onlyCandidatePassed
  const k = Math.min(onlyBaselinePassed, onlyCandidatePassed)
  // an even split (or no discordant question) is the centre of the distribution: no evidence either way
  if (2 * k === n) return 1
  // below the centre 2·P(X ≤ k) ≤ 1, so the exact p is not capped and the point mass comes straight off it
  return Math.max(0, binomialTwoSidedP(k, n) - Math.exp(logBinomialHalfPmf(k, n)))
}

/**
 * Simes' combination of several p-values into one for "none of these changed":
 * min over i of m·p₍ᵢ₎/i. Valid when the tests are positively dependent, as metrics computed
 * from the same retrieval (or the same claims) are, and close to the smallest p when they all
 * agree, where Bonferroni's m·min p would pay for m tests of what is really one question.
 */
export function simes(pValues: readonly number[]): number {
  if (pValues.length === 0) throw new RangeError('simes: needs at least one p-value')
  for (const p of pValues) {
    if (!(p >= 0 && p <= 1)) throw new RangeError(`simes: p-values must be in [0, 1], got ${p}`)
  }
  const sorted = [...pValues].sort((a, b) => a - b)
  const m = sorted.length
  return Math.min(1, ...sorted.map((p, i) => (m * p) / (i + 1)))
}

/**
 * Holm–Bonferroni adjusted p-values, in input order. Testing a dozen metrics at 0.05 each
 * would flag one by chance most weeks; Holm controls the family-wise error rate like
 * Bonferroni but is uniformly more powerful. Step-down: the i-th smallest p is multiplied by
 * (m − i), then a running maximum keeps the adjusted values in the same order as the raw ones,
 * capped at 1.
 */
export function holm(pValues: readonly number[]): number[] {
  for (const p of pValues) {
    if (!(p >= 0 && p <= 1)) throw new RangeError(`holm: p-values must be in [0, 1], got ${p}`)
  }
  const m = pValues.length
  const order = pValues.map((_, index) => index).sort((i, j) => (pValues[i] ?? 0) - (pValues[j] ?? 0))
  const adjusted = new Array<number>(m)
  let runningMax = 0
  order.forEach((index, rank) => {
    runningMax = Math.max(runningMax, Math.min(1, (m - rank) * (pValues[index] ?? 0)))
    adjusted[index] = runningMax
  })
  return adjusted
}
