import { test } from 'node:test'
import assert from 'node:assert/strict'
import { halfWidth, minimumDetectableEffect, sampleSizeOneProportion, sampleSizeTwoProportions, wilson } from '../../src/stats/proportions.ts'

// Reference values: the same textbook formulas evaluated in mpmath at 40 digits.
const near = (actual: number, expected: number, tolerance = 1e-12): void => {
  assert.ok(Math.abs(actual - expected) <= tolerance, `${actual} vs ${expected}`)
}

test('wilson: 8/10 at 95% is [0.4902, 0.9433] (the published check)', () => {
  const interval = wilson(8, 10)
  assert.ok(interval)
  assert.equal(interval.low.toFixed(4), '0.4902')
  assert.equal(interval.high.toFixed(4), '0.9433')
  near(interval.low, 0.4901624715366417)
  near(interval.high, 0.9433178485456247)
  near(interval.center, 0.7167401600411332)
})

test('wilson stays inside [0, 1] and reaches the bound exactly at 0/n and n/n', () => {
  const none = wilson(0, 10)
  const all = wilson(10, 10)
  assert.ok(none && all)
  assert.equal(none.low, 0)
  assert.ok(none.high > 0.2 && none.high < 0.35) // 0.2775: not collapsed to a point
  assert.equal(all.high, 1)
  near(all.low, 1 - none.high)
})

test('wilson is null with no trials and throws on impossible counts', () => {
  assert.equal(wilson(0, 0), null)
  assert.throws(() => wilson(11, 10), RangeError)
  assert.throws(() => wilson(1.5, 10), RangeError)
})

test('wilson widens as the level rises', () => {
  const at90 = wilson(8, 10, 0.9)
  const at99 = wilson(8, 10, 0.99)
  assert.ok(at90 && at99)
  assert.ok(at99.low < at90.low && at99.high > at90.high)
})

test('halfWidth at n = 50, p = 0.5 is 0.1386: the "±14 pp" the report quotes', () => {
  near(halfWidth(50), 0.1385903824349678)
  assert.equal(Math.round(halfWidth(50) * 100), 14)
  assert.throws(() => halfWidth(0), RangeError)
})

test('sampleSizeOneProportion rounds up: p = 0.62, d = 0.05 needs 362.02 → 363', () => {
  const size = sampleSizeOneProportion(0.62, 0.05)
  assert.equal(size.n, 363)
  assert.equal(size.n_exact.toFixed(2), '362.02')
  near(size.n_exact, 362.0190792622144, 1e-9)
})

test('sampleSizeOneProportion: p = 0.62, d = 0.10 needs 90.5 → 91', () => {
  const size = sampleSizeOneProportion(0.62, 0.1)
  assert.equal(size.n, 91)
  assert.equal(size.n_exact.toFixed(1), '90.5')
  near(size.n_exact, 90.5047698155536, 1e-9)
})

test('sample sizes keep an exact integer but round any real fraction up', () => {
  // p = 0.5, d chosen so that z²/4/d² is exactly 100 up to rounding.
  const z = 1.959963984540054
  const d = z / 20
  assert.equal(sampleSizeOneProportion(0.5, d).n, 100)
  // 1e-9 above an integer is a real fraction of a question: round up.
  const dJustBelow = d / Math.sqrt(1 + 1e-11)
  assert.ok(sampleSizeOneProportion(0.5, dJustBelow).n_exact - 100 > 5e-10)
  assert.equal(sampleSizeOneProportion(0.5, dJustBelow).n, 101)
})

test('sampleSizeTwoProportions: 0.62 vs 0.52 at alpha 0.05, power 0.8 needs 380.8 → 381 per group', () => {
  const size = sampleSizeTwoProportions(0.62, 0.52)
  assert.equal(size.n, 381)
  assert.equal(size.n_exact.toFixed(1), '380.8')
  near(size.n_exact, 380.8276447106178, 1e-9)
  assert.deepEqual(sampleSizeTwoProportions(0.52, 0.62), size)
})

test('sampleSizeTwoProportions needs more questions for more power and throws when the rates are equal', () => {
  assert.ok(sampleSizeTwoProportions(0.62, 0.52, { power: 0.9 }).n > 381)
  assert.ok(sampleSizeTwoProportions(0.62, 0.52, { alpha: 0.01 }).n > 381)
  assert.throws(() => sampleSizeTwoProportions(0.5, 0.5), RangeError)
})

test('minimumDetectableEffect at n = 50, p = 0.5 is 0.2802', () => {
  near(minimumDetectableEffect(50), 0.28015852181129686)
  assert.equal(minimumDetectableEffect(50).toFixed(4), '0.2802')
})

test('minimumDetectableEffect solved back for n gives the n it was computed at', () => {
  const mde = minimumDetectableEffect(200, 0.5)
  const back = (2 * 0.25 * (1.959963984540054 + 0.8416212335729143) ** 2) / mde ** 2
  near(back, 200, 1e-9)
  assert.throws(() => minimumDetectableEffect(0), RangeError)
})
