import { test } from 'node:test'
import assert from 'node:assert/strict'
import { agreementWithin, averageRanks, cohenKappa, exactAgreement, fisherZInterval, pabak, pearson, quadraticWeightedKappa, spearman } from '../../src/stats/agreement.ts'

const near = (actual: number | null, expected: number, tolerance = 1e-12): void => {
  assert.ok(actual !== null && Math.abs(actual - expected) <= tolerance, `${actual} vs ${expected}`)
}

/** Ranks written independently: rank = 1 + (values below) + (other values equal) / 2. */
function midRanks(values: readonly number[]): number[] {
  return values.map((v) => 1 + values.filter((w) => w < v).length + (values.filter((w) => w === v).length - 1) / 2)
}

/** Pearson from the textbook one-pass sums, n·Σxy − Σx·Σy over the root of the variances' product. */
function textbookPearson(x: readonly number[], y: readonly number[]): number {
  const n = x.length
  const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0)
  const sxy = sum(x.map((v, i) => v * (y[i] ?? 0)))
  const sxx = sum(x.map((v) => v * v))
  const syy = sum(y.map((v) => v * v))
  return (n * sxy - sum(x) * sum(y)) / Math.sqrt((n * sxx - sum(x) ** 2) * (n * syy - sum(y) ** 2))
}

/**
 * Quadratic weighted kappa by the standard confusion-matrix formula with proportions and
 * normalised weights, over an explicit label list (so the test can build both the full-range
 * and the observed-labels-only variant).
 */
function confusionMatrixQwk(a: readonly number[], b: readonly number[], labels: readonly number[]): number {
  const k = labels.length
  const index = new Map(labels.map((label, i) => [label, i]))
  const observed = labels.map(() => labels.map(() => 0))
  for (const [i, left] of a.entries()) {
    const row = observed[index.get(left) ?? -1]
    const column = index.get(b[i] ?? -1) ?? -1
    if (row) row[column] = (row[column] ?? 0) + 1 / a.length
  }
  const rowTotals = observed.map((row) => row.reduce((s, v) => s + v, 0))
  const columnTotals = labels.map((_, j) => observed.reduce((s, row) => s + (row[j] ?? 0), 0))
  let weightedObserved = 0
  let weightedExpected = 0
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      const weight = (i - j) ** 2 / (k - 1) ** 2
      weightedObserved += weight * (observed[i]?.[j] ?? 0)
      weightedExpected += weight * (rowTotals[i] ?? 0) * (columnTotals[j] ?? 0)
    }
  }
  return 1 - weightedObserved / weightedExpected
}

test('averageRanks gives tied values the average of the ranks they span', () => {
  assert.deepEqual(averageRanks([10, 20, 20, 30]), [1, 2.5, 2.5, 4])
  assert.deepEqual(averageRanks([3, 1, 3, 3, 0]), [4, 2, 4, 4, 1])
  assert.deepEqual(averageRanks([]), [])
})

test('averageRanks agrees with an independent mid-rank computation on rubric-like data', () => {
  const scores = [4, 0, 2, 2, 3, 4, 4, 1, 2, 0, 3, 3, 4]
  assert.deepEqual(averageRanks(scores), midRanks(scores))
})

test('pearson on a textbook example: x = 1..5, y = [2, 4, 5, 4, 5] gives √0.6', () => {
  near(pearson([1, 2, 3, 4, 5], [2, 4, 5, 4, 5]), Math.sqrt(0.6))
  const x = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5]
  const y = [2, 7, 1, 8, 2, 8, 1, 8, 2, 8, 4]
  near(pearson(x, y), textbookPearson(x, y))
  near(pearson(x, y), 0.09422924859889797) // scipy.stats.pearsonr
})

test('spearman with ties: x = [1, 2, 2, 3, 4], y = [2, 1, 3, 3, 5] is 29/38', () => {
  const x = [1, 2, 2, 3, 4]
  const y = [2, 1, 3, 3, 5]
  near(spearman(x, y), textbookPearson(midRanks(x), midRanks(y)))
  near(spearman(x, y), 29 / 38) // by hand: Σdxdy = 7.25, Σdx² = Σdy² = 9.5
})

test('spearman on a longer tied example matches scipy.stats.spearmanr', () => {
  near(spearman([3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5], [2, 7, 1, 8, 2, 8, 1, 8, 2, 8, 4]), 0.1384567651467695)
})

test('a constant rater makes pearson and spearman null, not 0', () => {
  const judge = [2, 2, 2, 2, 2]
  const human = [0, 1, 2, 3, 4]
  assert.equal(pearson(judge, human), null)
  assert.equal(spearman(judge, human), null)
  assert.equal(spearman(human, judge), null)
})

test('correlations are null below two pairs and throw on unequal lengths', () => {
  assert.equal(pearson([], []), null)
  assert.equal(spearman([1], [2]), null)
  assert.throws(() => pearson([1, 2], [1, 2, 3]))
  assert.throws(() => spearman([1, 2, 3], [1, 2]))
})

test('a perfect correlation is exactly 1, not 1.0000000000000002', () => {
  assert.equal(pearson([0.1, 0.2, 0.3], [0.1, 0.2, 0.3]), 1)
  assert.equal(spearman([1, 2, 3, 4], [10, 20, 30, 40]), 1)
  assert.equal(spearman([1, 2, 3, 4], [4, 3, 2, 1]), -1)
})

test('fisherZInterval for r = 0.7, n = 30 is [0.4543, 0.8467]', () => {
  const interval = fisherZInterval(0.7, 30)
  assert.ok(interval)
  // tanh(atanh(0.7) ∓ 1.959964/√27), by mpmath at 40 digits
  near(interval.low, 0.4542999904816273)
  near(interval.high, 0.8467329479601954)
  assert.equal(interval.low.toFixed(2), '0.45')
  assert.equal(interval.high.toFixed(2), '0.85')
})

test('fisherZInterval is null for n ≤ 3, a point at |r| = 1, and symmetric in the sign of r', () => {
  assert.equal(fisherZInterval(0.5, 3), null)
  assert.deepEqual(fisherZInterval(1, 30), { low: 1, high: 1 })
  assert.deepEqual(fisherZInterval(-1, 30), { low: -1, high: -1 })
  const positive = fisherZInterval(0.3, 50)
  const negative = fisherZInterval(-0.3, 50)
  assert.ok(positive && negative)
  near(negative.low, -positive.high)
  assert.throws(() => fisherZInterval(1.2, 30), RangeError)
})

test('cohenKappa on the 2×2 table 20/5/10/15 is 0.4', () => {
  const pairs: [number, number, number][] = [
    [1, 1, 20],
    [1, 0, 5],
    [0, 1, 10],
    [0, 0, 15],
  ]
  const a = pairs.flatMap(([left, , count]) => Array<number>(count).fill(left))
  const b = pairs.flatMap(([, right, count]) => Array<number>(count).fill(right))
  near(cohenKappa(a, b), 0.4)
  near(cohenKappa(a, b, [0, 1]), 0.4)
})

test('cohenKappa is null when chance agreement is 1 or there are no pairs, and rejects unknown labels', () => {
  assert.equal(cohenKappa([3, 3, 3], [3, 3, 3]), null)
  assert.equal(cohenKappa([], []), null)
  assert.equal(cohenKappa([1, 0, 1], [1, 0, 1]), 1)
  assert.throws(() => cohenKappa([1, 5], [1, 1], [0, 1, 2, 3, 4]), RangeError)
  assert.throws(() => cohenKappa([1, 2], [1]))
})

test('quadraticWeightedKappa matches the confusion-matrix formula over the full 0-4 range when 2 is never used', () => {
  const judge = [0, 1, 1, 3, 4, 4, 3, 0, 1, 4]
  const human = [1, 1, 3, 3, 4, 3, 4, 0, 0, 3]
  assert.ok(!judge.includes(2) && !human.includes(2))
  const fullRange = confusionMatrixQwk(judge, human, [0, 1, 2, 3, 4])
  const observedOnly = confusionMatrixQwk(judge, human, [0, 1, 3, 4])
  near(fullRange, 0.8068669527896996) // numpy, same formula
  near(observedOnly, 0.736842105263158) // what building the matrix from used labels gives
  near(quadraticWeightedKappa(judge, human), fullRange)
  assert.ok(Math.abs((quadraticWeightedKappa(judge, human) ?? 0) - observedOnly) > 0.05)
})

test('quadraticWeightedKappa agrees with the formula on a typical 0-4 sample and honours min/max', () => {
  const judge = [4, 3, 3, 2, 4, 1, 0, 2, 3, 4, 2, 1]
  const human = [4, 4, 3, 2, 3, 1, 1, 2, 2, 4, 3, 0]
  near(quadraticWeightedKappa(judge, human), confusionMatrixQwk(judge, human, [0, 1, 2, 3, 4]))
  const shifted = (xs: number[]): number[] => xs.map((x) => x + 1)
  near(quadraticWeightedKappa(shifted(judge), shifted(human), 1, 5), confusionMatrixQwk(judge, human, [0, 1, 2, 3, 4]))
})

test('quadraticWeightedKappa: 1 for perfect agreement, null with no weighted disagreement to expect', () => {
  assert.equal(quadraticWeightedKappa([0, 2, 4], [0, 2, 4]), 1)
  assert.equal(quadraticWeightedKappa([2, 2, 2], [2, 2, 2]), null)
  assert.equal(quadraticWeightedKappa([], []), null)
  assert.throws(() => quadraticWeightedKappa([5], [4]), RangeError)
  assert.throws(() => quadraticWeightedKappa([1, 2], [1]))
})

test('exactAgreement and agreementWithin count identical and within-one-step pairs', () => {
  const judge = [4, 3, 0, 2, 1]
  const human = [4, 1, 1, 2, 3]
  assert.equal(exactAgreement(judge, human), 0.4)
  assert.equal(agreementWithin(judge, human), 0.6)
  assert.equal(agreementWithin(judge, human, 2), 1)
  assert.equal(agreementWithin([0.75], [0.5], 0.25), 1)
  assert.equal(exactAgreement([], []), null)
  assert.equal(agreementWithin([], []), null)
  assert.throws(() => exactAgreement([1], [1, 2]))
  assert.throws(() => agreementWithin([1], [1, 2]))
})

test('pabak with k = 5 scale points: p_o = 0.6 gives (5·0.6 − 1)/4 = 0.5', () => {
  const judge = [4, 3, 2, 1, 0]
  const human = [4, 3, 2, 0, 1]
  near(pabak(judge, human), 0.5)
  near(pabak(judge, human, 2), 0.2) // the binary form 2·p_o − 1
  assert.equal(pabak([], []), null)
  assert.throws(() => pabak([1], [1, 2]))
})
