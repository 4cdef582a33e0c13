import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { categoryCounts, fleiss, fleissKappa } from '../../src/stats/agreement.ts'
import { wilsonHalfWidth } from '../../src/stats/proportions.ts'
import { FLEISS_EXAMPLE } from '../helpers/fleiss-example.ts'

describe("Fleiss' kappa", () => {
  it('gives the published worked example: P̄ 0.378, P_e 0.213, κ 0.210', () => {
    const f = fleiss(FLEISS_EXAMPLE)!
    assert.equal(f.observed.toFixed(3), '0.378')
    assert.equal(f.chance.toFixed(3), '0.213')
    assert.equal(f.kappa!.toFixed(3), '0.210')
  })

  it('is 1 when every rater agrees on every item, and null when every rating is one category', () => {
    assert.equal(
      fleissKappa([
        [3, 0],
        [0, 3],
        [3, 0],
      ]),
      1,
    )
    assert.equal(
      fleissKappa([
        [3, 0],
        [3, 0],
      ]),
      null,
    )
    assert.equal(fleissKappa([]), null)
  })

  it('equals Scott’s pi for two raters (1 − observed disagreement / chance disagreement)', () => {
    // 4 items, two raters: agree, agree, disagree, agree over labels a/b
    const { counts } = categoryCounts([
      ['a', 'a'],
      ['b', 'b'],
      ['a', 'b'],
      ['a', 'a'],
    ])
    // p_a = 5/8, p_b = 3/8 → P_e = 34/64; P̄ = 3/4 → κ = (0.75 − 0.53125)/(1 − 0.53125)
    assert.ok(Math.abs(fleissKappa(counts)! - (0.75 - 34 / 64) / (1 - 34 / 64)) < 1e-12)
  })

  it('refuses items rated by different numbers of raters', () => {
    assert.throws(
      () =>
        fleissKappa([
          [2, 1],
          [1, 1],
        ]),
      /expected 3/,
    )
  })
})

describe('wilsonHalfWidth', () => {
  it('is the Wilson half-width at p = 0.5: ±28.5 pp at n = 8, first below 0.10 at n = 93', () => {
    assert.equal(wilsonHalfWidth(8).toFixed(4), '0.2848')
    assert.ok(wilsonHalfWidth(92) > 0.1)
    assert.ok(wilsonHalfWidth(93) < 0.1)
  })
})
