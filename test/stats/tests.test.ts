import { test } from 'node:test'
import assert from 'node:assert/strict'
import { binomialTwoSidedP, holm, mcnemarExact, signTest } from '../../src/stats/tests.ts'
import { mulberry32 } from '../../src/stats/bootstrap.ts'

const near = (actual: number, expected: number, relative: number): void => {
  assert.ok(Math.abs(actual - expected) <= relative * Math.abs(expected), `${actual} vs ${expected}`)
}

test('binomialTwoSidedP: 0 of 10 is 2/1024 = 0.001953125', () => {
  assert.equal(binomialTwoSidedP(0, 10), 0.001953125)
  assert.equal(binomialTwoSidedP(10, 10), 0.001953125)
})

test('binomialTwoSidedP: 1 of 10 is 2·11/1024 and 2 of 10 is 2·56/1024', () => {
  near(binomialTwoSidedP(1, 10), 22 / 1024, 1e-14)
  near(binomialTwoSidedP(2, 10), 112 / 1024, 1e-14)
  near(binomialTwoSidedP(8, 10), 112 / 1024, 1e-14)
})

test('binomialTwoSidedP is exactly 1 at the centre, for even and odd n, and for n = 0', () => {
  assert.equal(binomialTwoSidedP(5, 10), 1)
  assert.equal(binomialTwoSidedP(5, 11), 1)
  assert.equal(binomialTwoSidedP(6, 11), 1)
  assert.equal(binomialTwoSidedP(0, 0), 1)
})

test('binomialTwoSidedP at n = 10,000, k = 4,900 is the exact 0.04659, close to the normal 0.0455', () => {
  const p = binomialTwoSidedP(4900, 10000)
  near(p, 0.04658552770494739, 1e-12) // mpmath, exact sum at 40 digits
  assert.ok(Math.abs(p - 0.0455) < 0.002)
})

test('binomialTwoSidedP at n = 100,000 neither underflows early nor returns NaN', () => {
  near(binomialTwoSidedP(49000, 100000), 2.588716038346898e-10, 1e-11) // mpmath
  assert.equal(binomialTwoSidedP(0, 100000), 0) // 2^−99999 is below the smallest double
  const central = binomialTwoSidedP(49950, 100000)
  assert.ok(central > 0.7 && central < 0.8, String(central))
})

test('binomialTwoSidedP throws on counts that are not counts', () => {
  assert.throws(() => binomialTwoSidedP(11, 10), RangeError)
  assert.throws(() => binomialTwoSidedP(-1, 10), RangeError)
  assert.throws(() => binomialTwoSidedP(1.5, 10), RangeError)
})

test('signTest(8 worse, 2 better) is binomialTwoSidedP(2, 10) = 0.109375 on n = 10 flips', () => {
  const result = signTest(8, 2)
  assert.equal(result.n, 10)
  near(result.p, 0.109375, 1e-14)
  assert.equal(result.p, binomialTwoSidedP(2, 10))
  assert.deepEqual(signTest(0, 0), { n: 0, p: 1 })
})

test('mcnemarExact is the exact binomial on discordant pairs and symmetric in its arguments', () => {
  near(mcnemarExact(2, 8), 0.109375, 1e-14)
  assert.equal(mcnemarExact(8, 2), mcnemarExact(2, 8))
  assert.equal(mcnemarExact(0, 0), 1)
})

test('holm adjusts [0.01, 0.04, 0.03, 0.005] to [0.03, 0.06, 0.06, 0.02] in input order', () => {
  const adjusted = holm([0.01, 0.04, 0.03, 0.005])
  const expected = [0.03, 0.06, 0.06, 0.02]
  assert.equal(adjusted.length, 4)
  adjusted.forEach((value, i) => assert.ok(Math.abs(value - (expected[i] ?? NaN)) < 1e-12, `${i}: ${value}`))
})

test('holm caps at 1 and handles the empty family', () => {
  assert.deepEqual(holm([0.5, 0.6]), [1, 1])
  assert.deepEqual(holm([]), [])
  assert.throws(() => holm([0.1, NaN]), RangeError)
})

/** Holm's procedure as a decision rule, written independently: reject in order while p ≤ α/(m − i). */
function holmRejects(pValues: readonly number[], alpha: number): Set<number> {
  const order = pValues.map((p, i) => ({ p, i })).sort((x, y) => x.p - y.p)
  const rejected = new Set<number>()
  for (const [rank, { p, i }] of order.entries()) {
    if (p * (pValues.length - rank) > alpha) break
    rejected.add(i)
  }
  return rejected
}

test('holm on a random vector is monotone in the raw p-values and agrees with the step-down rule', () => {
  const random = mulberry32(7)
  const raw = Array.from({ length: 12 }, () => random() ** 3) // skewed towards small p-values
  const adjusted = holm(raw)
  const order = raw.map((_, i) => i).sort((i, j) => (raw[i] ?? 0) - (raw[j] ?? 0))
  for (let r = 1; r < order.length; r++) {
    assert.ok((adjusted[order[r] ?? 0] ?? 0) >= (adjusted[order[r - 1] ?? 0] ?? 0))
  }
  adjusted.forEach((value, i) => assert.ok(value >= (raw[i] ?? 0) && value <= 1))
  for (const alpha of [0.001, 0.01, 0.05, 0.1, 0.2, 0.5]) {
    const byAdjusted = new Set(adjusted.flatMap((value, i) => (value <= alpha ? [i] : [])))
    assert.deepEqual(byAdjusted, holmRejects(raw, alpha), `alpha ${alpha}`)
  }
})
