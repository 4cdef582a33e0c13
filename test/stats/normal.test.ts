import { test } from 'node:test'
import assert from 'node:assert/strict'
import { normalCdf, normalQuantile } from '../../src/stats/normal.ts'

// Reference values: mpmath at 40 digits (inverse by root-finding on mpmath.ncdf).
const close = (actual: number, expected: number, relative: number, label: string): void => {
  assert.ok(Math.abs(actual - expected) <= relative * Math.abs(expected), `${label}: ${actual} vs ${expected}`)
}

test('normalQuantile gives the exact z values the spec pins: z0.975 = 1.959963984540054, z0.8 = 0.8416212335729143', () => {
  assert.ok(Math.abs(normalQuantile(0.975) - 1.959963984540054) < 1e-12)
  assert.ok(Math.abs(normalQuantile(0.8) - 0.8416212335729143) < 1e-12)
  assert.equal(normalQuantile(0.975).toFixed(6), '1.959964')
  assert.equal(normalQuantile(0.8).toFixed(6), '0.841621')
})

test('normalQuantile is accurate in all three AS241 regions, including the far tails', () => {
  close(normalQuantile(0.025), -1.9599639845400543, 1e-15, 'central')
  close(normalQuantile(1e-10), -6.361340902404057, 1e-15, 'intermediate tail')
  close(normalQuantile(1e-300), -37.0470962993612, 1e-15, 'far tail')
  assert.equal(normalQuantile(0.5), 0)
})

test('normalQuantile is antisymmetric about 1/2 and maps the ends to infinities', () => {
  for (const p of [0.001, 0.1, 0.3, 0.49]) assert.equal(normalQuantile(p), -normalQuantile(1 - p))
  assert.equal(normalQuantile(0), -Infinity)
  assert.equal(normalQuantile(1), Infinity)
})

test('normalQuantile throws on probabilities outside [0, 1] instead of returning NaN', () => {
  for (const p of [-0.1, 1.1, NaN]) assert.throws(() => normalQuantile(p), RangeError)
})

test('normalCdf matches high-precision values to 1e-14 relative, far into the lower tail', () => {
  close(normalCdf(-1), 0.15865525393145705, 1e-14, 'Φ(−1)')
  close(normalCdf(-5), 2.866515718791939e-7, 1e-14, 'Φ(−5)')
  close(normalCdf(-10), 7.619853024160525e-24, 1e-14, 'Φ(−10)')
  close(normalCdf(-37), 5.725571222524577e-300, 1e-13, 'Φ(−37)')
  close(normalCdf(3), 0.9986501019683699, 1e-15, 'Φ(3)')
  assert.equal(normalCdf(0), 0.5)
})

test('normalCdf inverts normalQuantile', () => {
  for (const p of [1e-12, 0.001, 0.025, 0.2, 0.5, 0.8, 0.975]) close(normalCdf(normalQuantile(p)), p, 1e-13, `p=${p}`)
})

test('normalCdf saturates to exactly 0 and 1 beyond double range and throws on NaN', () => {
  assert.equal(normalCdf(-40), 0)
  assert.equal(normalCdf(40), 1)
  assert.equal(normalCdf(-Infinity), 0)
  assert.equal(normalCdf(Infinity), 1)
  assert.throws(() => normalCdf(NaN), RangeError)
})
