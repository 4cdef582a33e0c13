import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { mulberry32 } from '../../src/stats/bootstrap.ts'
import { logEvidence, MixtureTest } from '../../src/stats/confidenceSequence.ts'
import { normalCdf } from '../../src/stats/normal.ts'

/** A paired difference of two rubric scores (quarter steps) of one question, the candidate moved by `shift`. */
function rubricDifference(random: () => number, shift: number): number {
  const quarter = (x: number) => Math.round(Math.min(1, Math.max(0, x)) * 4) / 4
  const quality = 0.3 + 0.5 * random()
  const noise = () => 0.12 * Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random())
  return quarter(quality + shift + noise()) - quarter(quality + noise())
}

describe('anytime-valid tests of a mean change (normal mixture, symmetric increments)', () => {
  it('computes the one-sided mixture e-value in closed form: a hand check', () => {
    // S = 1.5 (evidence below 0 from a sum of −1.5), V = 0.75, ρ = 0.25: 2·√(0.25/1)·e^(1.125)·Φ(1.5)
    const sums = { count: 3, sum: -1.5, squares: 0.75 }
    const expected = Math.log(2 * Math.sqrt(0.25) * Math.exp(1.5 ** 2 / 2) * normalCdf(1.5))
    assert.ok(Math.abs(logEvidence(sums, 0, 'below', 0.25) - expected) < 1e-12)
  })

  it('false-alarms at most alpha though it is checked after every one of 200 questions (2,000 unchanged runs)', () => {
    const random = mulberry32(1)
    let peekingFixedN = 0
    let rejected = 0
    const runs = 2000
    for (let r = 0; r < runs; r++) {
      const test = new MixtureTest(0, 'below', 0.05, 0.25)
      let sum = 0
      let squares = 0
      let crossed = false
      for (let t = 1; t <= 200; t++) {
        const d = rubricDifference(random, 0)
        test.add(d)
        sum += d
        squares += d * d
        // what peeking does to a fixed-n one-sided z-test at 5%
        if (!crossed && t >= 10 && sum / Math.sqrt(squares) < -1.645) crossed = true
      }
      if (test.rejected) rejected++
      if (crossed) peekingFixedN++
    }
    assert.ok(rejected / runs <= 0.05, `mixture: ${rejected / runs}`)
    assert.ok(peekingFixedN / runs > 0.15, `peeking at a fixed-n test: ${peekingFixedN / runs}`)
  })

  it('stops early on a clear drop: a 0.25 drop on rubric scores is settled well before 50 questions at alpha 0.0025', () => {
    const random = mulberry32(2)
    const stops: number[] = []
    for (let r = 0; r < 300; r++) {
      const test = new MixtureTest(0, 'below', 0.0025, 0.25)
      let t = 0
      while (!test.rejected && t < 200) {
        test.add(rubricDifference(random, -0.25))
        t++
      }
      stops.push(t)
    }
    stops.sort((a, b) => a - b)
    assert.ok(stops[150]! <= 30, `median stop ${stops[150]}`)
  })

  it('rejects for good once the e-process reached 1/alpha, and reports 1/its peak as the p-value', () => {
    const test = new MixtureTest(0, 'below', 0.05, 0.25)
    for (let i = 0; i < 12; i++) test.add(-0.5)
    assert.ok(test.rejected)
    const p = test.p
    for (let i = 0; i < 12; i++) test.add(0.5)
    assert.ok(test.rejected, 'a later recovery does not undo a rejection')
    assert.equal(test.p, p)
    assert.ok(p < 0.05)
  })
})
