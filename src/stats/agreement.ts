/**
 * Agreement between the LLM judge and human raters on the 0-4 rubric.
 *
 * A judge is only worth gating on if it ranks and scores answers the way people do. Which
 * statistic answers that depends on the question asked, so several are offered: correlation
 * (does it rank the same?), kappa (does it agree beyond chance?), and plain agreement rates
 * (how often is it exactly or nearly right?).
 *
 * Conventions: paired arrays of unequal length are a programming error and throw; empty input
 * or a statistic that is undefined for the data (a constant rater, no variation to agree on)
 * gives null, never NaN and never a misleading 0 or 1.
 */
import { normalQuantile } from './normal.ts'
import { knownAt, knownKey } from '../io/known.ts'

function assertFinite(name: string, values: readonly number[]): void {
  for (const [i, value] of values.entries()) {
    if (!Number.isFinite(value)) throw new RangeError(`${name}[${i}] must be a finite number, got ${value}`)
  }
}

function assertPaired(a: readonly number[], b: readonly number[]): void {
  if (a.length !== b.length) throw new Error(`paired scores must have equal lengths, got ${a.length} and ${b.length}`)
  assertFinite('a', a)
  assertFinite('b', b)
}

/**
 * 1-based ranks with ties sharing the average of the ranks they span ([10, 20, 20, 30] →
 * [1, 2.5, 2.5, 4]). On a five-point rubric almost every score is tied, and giving ties
 * arbitrary distinct ranks would make the correlation depend on input order.
 */
export function averageRanks(x: readonly number[]): number[] {
  assertFinite('x', x)
  const order = x.map((_, index) => index).sort((i, j) => (x[i] ?? 0) - (x[j] ?? 0))
  const ranks = new Array<number>(x.length)
  let start = 0
  while (start < order.length) {
    let end = start
    while (end + 1 < order.length && x[order[end + 1] ?? 0] === x[order[start] ?? 0]) end++
    const rank = (start + end) / 2 + 1 // average of 1-based ranks start+1 … end+1
    for (let k = start; k <= end; k++) ranks[order[k] ?? 0] = rank
    start = end + 1
  }
  return ranks
}

/**
 * Pearson correlation. Null when there are fewer than two pairs or either side is constant:
 * the correlation is then 0/0, and reporting 0 would claim "no relationship" where there is
 * simply no variation to relate.
 */
export function pearson(x: readonly number[], y: readonly number[]): number | null {
  assertPaired(x, y)
  const n = x.length
  if (n < 2) return null
  let meanX = 0
  let meanY = 0
  for (let i = 0; i < n; i++) {
    meanX += x[i] ?? 0
    meanY += y[i] ?? 0
  }
  meanX /= n
  meanY /= n
  // Two passes (centre, then multiply) rather than the one-pass Σxy − n·x̄ȳ, which cancels badly.
  let sxy = 0
  let sxx = 0
  let syy = 0
  for (let i = 0; i < n; i++) {
    const dx = (x[i] ?? 0) - meanX
    const dy = (y[i] ?? 0) - meanY
    sxy += dx * dy
    sxx += dx * dx
    syy += dy * dy
  }
  if (sxx === 0 || syy === 0) return null
  // Rounding can push a perfect correlation to 1.0000000000000002; keep it a correlation.
  return Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)))
}

/** Spearman's rho as the Pearson correlation of average ranks (correct with ties, unlike 1 − 6Σd²/…). */
export function spearman(x: readonly number[], y: readonly number[]): number | null {
  assertPaired(x, y)
  return pearson(averageRanks(x), averageRanks(y))
}

/**
 * Confidence interval for a correlation via Fisher's z = atanh(r), whose sampling distribution is
 * close to normal with standard error 1/√(n − 3); the interval is mapped back with tanh, so it is
 * asymmetric and stays inside [−1, 1]. Null for n ≤ 3 (no standard error); a perfect |r| = 1
 * has no sampling variation under this model and gives the point interval [r, r].
 */
export function fisherZInterval(r: number, n: number, level = 0.95): { low: number; high: number } | null {
  if (!(r >= -1 && r <= 1)) throw new RangeError(`fisherZInterval: r must be in [-1, 1], got ${r}`)
  if (!(level > 0 && level < 1)) throw new RangeError(`fisherZInterval: level must be in (0, 1), got ${level}`)
  if (Number.isNaN(n)) throw new RangeError('fisherZInterval: n is NaN')
  if (n <= 3) return null
  if (Math.abs(r) === 1) return { low: r, high: r }
  const z = Math.atanh(r)
  const margin = normalQuantile(1 - (1 - level) / 2) / Math.sqrt(n - 3)
  return { low: Math.tanh(z - margin), high: Math.tanh(z + margin) }
}

/**
 * Cohen's kappa (unweighted): agreement beyond what the two raters' own label frequencies would
 * produce by chance. Computed from integer counts, (n·agree − Σ rowᵢ·colᵢ)/(n² − Σ rowᵢ·colᵢ),
 * so textbook tables give their textbook value exactly. Null when empty or when chance
 * agreement is already 1 (both raters always give the same single label): κ is 0/0 there.
 *
 * `categories`, when given, is the set of allowed labels and a label outside it throws.
 * Unweighted κ does not depend on labels nobody used, so it changes nothing else.
 */
export function cohenKappa(a: readonly number[], b: readonly number[], categories?: readonly number[]): number | null {
  assertPaired(a, b)
  if (categories !== undefined) {
    const allowed = new Set(categories)
    for (const value of [...a, ...b]) {
      if (!allowed.has(value)) throw new RangeError(`cohenKappa: label ${value} is not one of the categories [${categories.join(', ')}]`)
    }
  }
  const n = a.length
  if (n === 0) return null
  const rowCounts = new Map<number, number>()
  const columnCounts = new Map<number, number>()
  let agree = 0
  for (let i = 0; i < n; i++) {
    const left = a[i] ?? 0
    const right = b[i] ?? 0
    if (left === right) agree++
    rowCounts.set(left, (rowCounts.get(left) ?? 0) + 1)
    columnCounts.set(right, (columnCounts.get(right) ?? 0) + 1)
  }
  let chance = 0 // n² × expected agreement
  for (const [label, count] of rowCounts) chance += count * (columnCounts.get(label) ?? 0)
  const denominator = n * n - chance
  if (denominator === 0) return null
  return (n * agree - chance) / denominator
}

/**
 * Quadratically weighted kappa for ordinal scores: disagreeing by two rubric steps costs four
 * times as much as by one. The weights (i − j)²/(k − 1)² use the label values over the FULL
 * min..max range, so a score nobody used still counts as a step between its neighbours:
 * building the matrix from only the observed labels would make 1 → 3 look like a one-step
 * disagreement whenever no 2 occurs. Null when empty or when the chance-expected weighted
 * disagreement is 0 (all scores on one label): there is nothing to agree beyond chance.
 */
export function quadraticWeightedKappa(a: readonly number[], b: readonly number[], min = 0, max = 4): number | null {
  assertPaired(a, b)
  if (!Number.isInteger(min) || !Number.isInteger(max) || max <= min) {
    throw new RangeError(`quadraticWeightedKappa: need integer labels with min < max, got ${min}..${max}`)
  }
  for (const value of [...a, ...b]) {
    if (!Number.isInteger(value) || value < min || value > max) {
      throw new RangeError(`quadraticWeightedKappa: scores must be integers in ${min}..${max}, got ${value}`)
    }
  }
  const n = a.length
  if (n === 0) return null
  const k = max - min + 1
  const rows = new Array<number>(k).fill(0)
  const columns = new Array<number>(k).fill(0)
  let observed = 0 // Σ wᵢⱼ·Oᵢⱼ, unnormalised
  for (let i = 0; i < n; i++) {
    const left = (a[i] ?? 0) - min
    const right = (b[i] ?? 0) - min
    rows[left] = (rows[left] ?? 0) + 1
    columns[right] = (columns[right] ?? 0) + 1
    observed += (left - right) * (left - right)
  }
  let expected = 0 // Σ wᵢⱼ·rowᵢ·colⱼ, i.e. n² × chance weighted disagreement
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) expected += (i - j) * (i - j) * (rows[i] ?? 0) * (columns[j] ?? 0)
  }
  if (expected === 0) return null
  // The (k − 1)² normalisation of the weights cancels in the ratio; it matters only for display.
  return 1 - (n * observed) / expected
}

/** Share of pairs with identical scores. Null when empty. */
export function exactAgreement(a: readonly number[], b: readonly number[]): number | null {
  assertPaired(a, b)
  if (a.length === 0) return null
  let same = 0
  for (let i = 0; i < a.length; i++) if (a[i] === b[i]) same++
  return same / a.length
}

/**
 * Share of pairs whose scores differ by at most `tolerance` (default one rubric step). A hair of
 * slack (1e-9) keeps normalised scores such as 0.75 vs 0.5 from failing a 0.25 tolerance on
 * rounding. Null when empty.
 */
export function agreementWithin(a: readonly number[], b: readonly number[], tolerance = 1): number | null {
  assertPaired(a, b)
  if (!(tolerance >= 0)) throw new RangeError(`agreementWithin: tolerance must be non-negative, got ${tolerance}`)
  if (a.length === 0) return null
  let within = 0
  for (let i = 0; i < a.length; i++) if (Math.abs((a[i] ?? 0) - (b[i] ?? 0)) <= tolerance + 1e-9) within++
  return within / a.length
}

/**
 * Prevalence- and bias-adjusted kappa, (k·p_o − 1)/(k − 1) with k the number of scale points
 * (5 for 0-4). Cohen's κ collapses when nearly every answer gets the same score (the "kappa
 * paradox"); PABAK rescales raw agreement against the uniform chance rate 1/k instead, so it
 * stays interpretable on skewed rubrics. Null when empty.
 */
export function pabak(a: readonly number[], b: readonly number[], k = 5): number | null {
  if (!Number.isInteger(k) || k < 2) throw new RangeError(`pabak: k must be an integer of at least 2, got ${k}`)
  const observed = exactAgreement(a, b)
  if (observed === null) return null
  return (k * observed - 1) / (k - 1)
}

/**
 * Fleiss' kappa: agreement beyond chance among a fixed number of raters (two or more) who each
 * put every item in one nominal category. `counts[i][j]` is how many raters put item i in
 * category j; every row must sum to the same number of raters n ≥ 2. With P̄ the mean pairwise
 * agreement per item and P_e = Σ p_j² the chance agreement from the category shares,
 * κ = (P̄ − P_e)/(1 − P_e) (Fleiss 1971). Null when there are no items, or when every rating is
 * the same category (P_e = 1: nothing to agree on beyond chance).
 */
export function fleissKappa(counts: readonly (readonly number[])[]): number | null {
  return fleiss(counts)?.kappa ?? null
}

/** Fleiss' kappa with its parts: P̄ (`observed`, mean agreement per item) and P_e (`chance`). Null without items. */
export function fleiss(counts: readonly (readonly number[])[]): { kappa: number | null; observed: number; chance: number } | null {
  const items = counts.length
  const [first] = counts
  if (first === undefined) return null
  const k = first.length
  const raters = first.reduce((a, b) => a + b, 0)
  if (raters < 2) throw new RangeError(`fleissKappa: every item needs at least 2 ratings, got ${raters}`)
  const totals = new Array<number>(k).fill(0)
  let agreement = 0
  for (const [i, row] of counts.entries()) {
    if (row.length !== k) throw new RangeError(`fleissKappa: item ${i} has ${row.length} categories, expected ${k}`)
    let sum = 0
    let squares = 0
    for (const [j, c] of row.entries()) {
      if (!Number.isInteger(c) || c < 0) throw new RangeError(`fleissKappa: counts must be non-negative integers, got ${c} at item ${i}`)
      sum += c
      squares += c * c
      totals[j] = knownAt(totals, j, 'a category total') + c
    }
    if (sum !== raters) throw new RangeError(`fleissKappa: item ${i} has ${sum} ratings, expected ${raters} like the first item`)
    agreement += (squares - raters) / (raters * (raters - 1))
  }
  const observed = agreement / items
  const chance = totals.reduce((acc, t) => acc + (t / (items * raters)) ** 2, 0)
  return { kappa: chance >= 1 - 1e-12 ? null : (observed - chance) / (1 - chance), observed, chance }
}

/** The items × categories count table Fleiss' kappa takes, from labels (`labels[i][r]` = rater r's label for item i). */
export function categoryCounts(labels: readonly (readonly string[])[]): { categories: string[]; counts: number[][] } {
  const categories = [...new Set(labels.flat())].sort()
  const index = new Map(categories.map((c, j) => [c, j]))
  const counts = labels.map((row) => {
    const counts = new Array<number>(categories.length).fill(0)
    for (const label of row) {
      const j = knownKey(index, label, 'category')
      counts[j] = knownAt(counts, j, 'a category count') + 1
    }
    return counts
  })
  return { categories, counts }
}
