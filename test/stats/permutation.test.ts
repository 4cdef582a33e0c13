import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { mulberry32 } from '../../src/stats/bootstrap.ts'
import { signFlipTest } from '../../src/stats/permutation.ts'
import { mcnemarExact, mcnemarMidP, simes } from '../../src/stats/tests.ts'

describe('signFlipTest (paired permutation test on the mean Δ, mid-p)', () => {
  it('is exact against a hand count: Δ = −3, −2, −1, +1, observed |sum| 5', () => {
    // ±3 ±2 ±1 ±1 over 16 assignments: |sum| 7 twice (larger), 5 four times (tied), less the other 10
    const result = signFlipTest([-3, -2, -1, 1])
    assert.deepEqual(result, { p: (2 + 4 / 2) / 16, changed: 4, method: 'exact' })
  })

  it('leaves unchanged questions out: they add 0 under every sign', () => {
    assert.deepEqual(signFlipTest([0, -3, 0, -2, -1, 1e-12, 1]), { p: 4 / 16, changed: 4, method: 'exact' })
  })

  it('gives 1 / 2^m when every question moved the same way, and 1 when nothing moved', () => {
    // the two all-one-sign assignments tie with the observed one; none is larger
    assert.equal(signFlipTest([-0.75, -0.75, -0.75]).p, 1 / 8)
    assert.equal(signFlipTest(Array.from({ length: 10 }, () => -0.25)).p, 1 / 1024)
    assert.deepEqual(signFlipTest([0, 0, 0]), { p: 1, changed: 0, method: 'exact' })
    assert.deepEqual(signFlipTest([]), { p: 1, changed: 0, method: 'exact' })
  })

  it('uses the size of each change: one large improvement against small drops is not a clear drop', () => {
    // the sign test sees 7 worse / 1 better (p = 0.070) both times; the permutation test sees the sizes
    const sizeAware = signFlipTest([-0.1, -0.1, -0.1, -0.1, -0.1, -0.1, -0.1, 0.7])
    // sum 0 when the 0.7 is offset by all seven 0.1 on the other side: 2 of 256 assignments
    assert.equal(sizeAware.p, (254 + 2 / 2) / 256)
    // seven −0.5 and one +0.1: |sum| 3.6 twice (larger), 3.4 twice (tied)
    assert.equal(signFlipTest([-0.5, -0.5, -0.5, -0.5, -0.5, -0.5, -0.5, 0.1]).p, (2 + 2 / 2) / 256)
  })

  it('treats sums equal up to floating-point rounding as ties', () => {
    // 0.1 + 0.2 ≠ 0.3 in binary; −0.1, −0.2, +0.3: |sum| 0 for 2 assignments (tied), 0.2, 0.4 or 0.6 for 6 (larger)
    assert.equal(signFlipTest([0.1, 0.2, -0.3]).p, (6 + 2 / 2) / 8)
  })

  it("is McNemar's mid-p on pass/fail scores", () => {
    const flips = [...Array.from({ length: 9 }, () => -1), 1, 1]
    assert.ok(Math.abs(signFlipTest(flips).p - mcnemarMidP(9, 2)) < 1e-15)
  })

  it('draws seeded Monte Carlo sign assignments above exactUpTo and agrees with the exact answer', () => {
    const random = mulberry32(42)
    // rubric-like steps of 0.25 to 1, mostly down, none of them 0
    const differences = Array.from({ length: 21 }, () => (random() < 0.6 ? -1 : 1) * (1 + Math.floor(random() * 4)) * 0.25)
    const exact = signFlipTest(differences, { exactUpTo: 21 })
    const drawn = signFlipTest(differences, { seed: 7 })
    assert.equal(exact.method, 'exact')
    assert.equal(drawn.method, 'monte_carlo')
    assert.ok(exact.p > 0.005 && exact.p < 0.5, `a case in the middle: ${exact.p}`)
    // 10,000 draws: the standard error is at most 0.005
    assert.ok(Math.abs(drawn.p - exact.p) < 0.02, `${drawn.p} vs ${exact.p}`)
    assert.deepEqual(signFlipTest(differences, { seed: 7 }), drawn, 'the same seed gives the same p')
  })

  it('never reports p = 0 from a finite draw', () => {
    const result = signFlipTest(
      Array.from({ length: 40 }, () => -1),
      { resamples: 999 },
    )
    // the observed assignment counts among the draws, as a tie
    assert.deepEqual(result, { p: 0.5 / 1000, changed: 40, method: 'monte_carlo' })
  })

  it('switches to the normal limit of the sum above normalAbove, close to the draws', () => {
    const random = mulberry32(3)
    const differences = Array.from({ length: 400 }, () => random() - 0.56)
    const normal = signFlipTest(differences, { normalAbove: 100 })
    const drawn = signFlipTest(differences)
    assert.equal(drawn.method, 'monte_carlo')
    assert.equal(normal.method, 'normal')
    assert.ok(Math.abs(normal.p - drawn.p) < 0.02, `${normal.p} vs ${drawn.p}`)
  })

  it('rejects a non-finite difference and settings it cannot act on', () => {
    assert.throws(() => signFlipTest([1, Number.NaN]), /difference 1 is not a finite number/)
    assert.throws(() => signFlipTest([1], { resamples: 0 }), /resamples must be a positive integer/)
    assert.throws(() => signFlipTest([1], { exactUpTo: 31 }), /exactUpTo must be an integer in \[0, 30\]/)
    assert.throws(() => signFlipTest([1], { seed: 1.5 }), /seed must be an integer/)
  })
})

describe('mcnemarMidP', () => {
  it('takes half the probability of the observed split off the exact test, by hand', () => {
    // 0 of 5: exact 2·(1/32); mid-p 2·(½·1/32)
    assert.equal(mcnemarMidP(5, 0), 1 / 32)
    assert.equal(mcnemarExact(5, 0), 2 / 32)
    // 1 of 7: 2·[P(0) + ½·P(1)] = 2·(1 + 3.5)/128
    assert.ok(Math.abs(mcnemarMidP(6, 1) - 9 / 128) < 1e-15)
    assert.ok(Math.abs(mcnemarMidP(1, 6) - 9 / 128) < 1e-15)
  })

  it('is 1 for an even split and for no discordant question, and below 1 for the nearest odd split', () => {
    assert.equal(mcnemarMidP(3, 3), 1)
    assert.equal(mcnemarMidP(0, 0), 1)
    // 2 of 5: 2·[P(≤1) + ½·P(2)] = 2·(6 + 5)/32
    assert.ok(Math.abs(mcnemarMidP(2, 3) - 22 / 32) < 1e-15)
  })
})

describe('simes', () => {
  it('combines a family by hand: min of 3·0.01/1, 3·0.04/2, 3·0.5/3', () => {
    assert.ok(Math.abs(simes([0.5, 0.01, 0.04]) - 0.03) < 1e-15)
  })

  it('is the p itself for one test, and close to it when tied tests agree', () => {
    assert.equal(simes([0.2]), 0.2)
    assert.equal(simes([0.01, 0.01, 0.01, 0.01]), 0.01)
  })

  it('rejects an empty family and a p outside [0, 1]', () => {
    assert.throws(() => simes([]), /at least one/)
    assert.throws(() => simes([1.5]), /must be in \[0, 1\]/)
  })
})
