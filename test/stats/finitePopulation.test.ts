import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { mulberry32 } from '../../src/stats/bootstrap.ts'
import { normalMixtureLogEvidence } from '../../src/stats/confidenceSequence.ts'
import { unseenTotalToReject, WithoutReplacement } from '../../src/stats/finitePopulation.ts'

type Random = () => number

function shuffled(values: readonly number[], random: Random): number[] {
  const out = [...values]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[out[i], out[j]] = [out[j]!, out[i]!]
  }
  return out
}

/** Populations of paired differences in [−1, 1]: symmetric rubric steps, pass/fail flips, and the left-skewed kind (small gains, a few large drops) a variance-only boundary is fooled by. */
const POPULATIONS: Record<string, (n: number, random: Random) => number[]> = {
  'rubric steps': (n, random) => Array.from({ length: n }, () => [-0.5, -0.25, 0, 0, 0, 0.25, 0.25, 0.5][Math.floor(random() * 8)]!),
  'pass/fail flips': (n, random) =>
    Array.from({ length: n }, () => {
      const u = random()
      return u < 0.1 ? -1 : u < 0.3 ? 1 : 0
    }),
  '10% drop by 0.9, the rest gain 0.05': (n, random) => Array.from({ length: n }, () => (random() < 0.1 ? -0.9 : 0.05)),
  '3% drop by 1, the rest gain 0.02': (n, random) => Array.from({ length: n }, () => (random() < 0.03 ? -1 : 0.02)),
  '5% drop by 1, the rest unchanged': (n, random) => Array.from({ length: n }, () => (random() < 0.05 ? -1 : 0)),
}

const ALPHA = 0.05

/** Whether the sequence ever rejected the population's own mean (a miss) over one random order. */
function missesOwnMean(population: readonly number[], random: Random): boolean {
  const mean = population.reduce((a, b) => a + b, 0) / population.length
  const sequence = new WithoutReplacement(population.length, -1, 1, 0.05)
  for (const x of shuffled(population, random)) {
    sequence.add(x)
    if (sequence.logEvidenceAbove(mean) >= Math.log(1 / ALPHA)) return true
  }
  return false
}

describe('confidence sequences for sampling without replacement (Waudby-Smith & Ramdas, by betting)', () => {
  for (const n of [50, 200]) {
    it(`never rejects the eval set's own mean more than alpha of the time, checked after every draw: 300 random orders of each population of ${n}`, () => {
      const random = mulberry32(n)
      for (const [name, make] of Object.entries(POPULATIONS)) {
        let misses = 0
        for (let r = 0; r < 300; r++) if (missesOwnMean(make(n, random), random)) misses++
        assert.ok(misses / 300 <= ALPHA, `${name}: missed ${misses} of 300`)
      }
    })
  }

  it('is not fooled by a few large drops hiding behind small gains, as a boundary on the variance alone is', () => {
    // the same martingale with the normal-mixture boundary on Σ(x − x̄)² instead of bets: nothing in it knows a drop of 1 can still come
    const varianceOnlyMisses = (population: readonly number[], random: Random) => {
      const n = population.length
      const mean = population.reduce((a, b) => a + b, 0) / n
      let [sum, centred, weight, variance] = [0, 0, 0, 0]
      return shuffled(population, random).some((x, i) => {
        centred += x + sum / (n - i)
        weight += n / (n - i)
        variance += (x - (i === 0 ? 0 : sum / i)) ** 2
        sum += x
        return normalMixtureLogEvidence(centred - mean * weight, variance, (0.05 * n) / 15) >= Math.log(1 / ALPHA)
      })
    }
    const random = mulberry32(3)
    let varianceOnly = 0
    let misses = 0
    for (let r = 0; r < 300; r++) {
      const population = POPULATIONS['3% drop by 1, the rest gain 0.02']!(50, random)
      if (varianceOnlyMisses(population, random)) varianceOnly++
      if (missesOwnMean(population, random)) misses++
    }
    assert.ok(varianceOnly / 300 > 4 * ALPHA, `variance only: ${varianceOnly} of 300`)
    assert.ok(misses / 300 <= ALPHA, `betting: ${misses} of 300`)
  })

  it('closes on the population mean as the last units are drawn: a finite population is known exactly once all of it is seen', () => {
    const random = mulberry32(5)
    const population = POPULATIONS['rubric steps']!(50, random)
    const mean = population.reduce((a, b) => a + b, 0) / population.length
    const sequence = new WithoutReplacement(50, -1, 1, 0.05)
    const drawn = shuffled(population, random)
    drawn.slice(0, 25).forEach((x) => sequence.add(x))
    const halfway = sequence.logEvidenceAbove(mean - 0.03)
    drawn.slice(25).forEach((x) => sequence.add(x))
    assert.ok(sequence.logEvidenceAbove(mean - 0.03) >= Math.log(1 / 0.025), 'a mean 0.03 below the true one is ruled out at the end')
    assert.ok(sequence.logEvidenceAbove(mean - 0.03) > halfway)
    assert.ok(sequence.logEvidenceAbove(mean + 0.01) < Math.log(1 / 0.025), 'a mean at or above the true one never is')
    assert.equal(sequence.seen, 50)
    assert.ok(Math.abs(sequence.sum - mean * 50) < 1e-9)
  })

  it('bounds the mean from below at a level: 40 ones in the first 40 draws of 50 rule out 3 zeros among them (chance 0.6%), not 1 (chance 20%)', () => {
    const sequence = new WithoutReplacement(50, 0, 1, 0.25)
    for (let i = 0; i < 40; i++) sequence.add(1)
    const bound = sequence.lowerBound(0.05)
    assert.ok(bound > 47 / 50 - 1e-9 && bound < 49 / 50, `${bound}`)
    assert.ok(sequence.lowerBound(0.001) <= bound)
  })

  it('refuses a draw outside its range, a draw past its population, and an empty range', () => {
    const sequence = new WithoutReplacement(2, -1, 1, 0.05)
    assert.throws(() => sequence.add(1.5), /outside \[-1, 1\]/)
    assert.throws(() => sequence.add(Number.NaN), /outside/)
    sequence.add(0)
    sequence.add(0)
    assert.throws(() => sequence.add(0), /all 2 units are drawn already/)
    assert.throws(() => new WithoutReplacement(3, 1, 1, 0.05), /empty/)
    assert.throws(() => new WithoutReplacement(0, -1, 1, 0.05), /positive integer/)
  })
})

/** Every way to fill `unseen` units from `values`: their total, squares, and how many are negative. */
function* fillings(unseen: number, values: readonly number[]): Generator<{ total: number; squares: number; negatives: number }> {
  if (unseen === 0) return yield { total: 0, squares: 0, negatives: 0 }
  for (const v of values) for (const rest of fillings(unseen - 1, values)) yield { total: rest.total + v, squares: rest.squares + v * v, negatives: rest.negatives + (v < 0 ? 1 : 0) }
}

/** All R unseen units may be negative, their total within ±R (each within ±1). */
const allOf = (units: number) => ({ units, negative: units, below: units, above: units })

describe('the unseen total the full run needs to reject no change (Σd/√Σd² below −z)', () => {
  const cases = [
    { seenSum: 1.5, seenSquares: 3, unseen: 5 },
    { seenSum: -1, seenSquares: 2, unseen: 4 },
    { seenSum: 0.25, seenSquares: 0.5, unseen: 6 },
    { seenSum: -3, seenSquares: 3.5, unseen: 3 },
  ]
  for (const integral of [false, true]) {
    const values = integral ? [-1, 0, 1] : [-1, -0.75, -0.5, -0.25, 0, 0.25, 0.5, 1]
    for (const negative of [null, 2]) {
      const which = `${integral ? 'pass/fail' : 'graded'} units${negative === null ? '' : `, at most ${negative} of them negative`}`
      it(`is sound: every filling of the unseen units that rejects has a total below it (brute force, ${which})`, () => {
        for (const { seenSum, seenSquares, unseen } of cases) {
          const seen = integral ? { seenSum: Math.round(seenSum), seenSquares: Math.abs(Math.round(seenSum)) + 2 } : { seenSum, seenSquares }
          const known = negative === null ? allOf(unseen) : { units: unseen, negative, below: negative, above: unseen }
          const bound = unseenTotalToReject(seen.seenSum, seen.seenSquares, known, 1.96, integral)
          let rejecting = 0
          for (const { total, squares, negatives } of fillings(unseen, values)) {
            if (negatives > known.negative || (seen.seenSum + total) / Math.sqrt(seen.seenSquares + squares) >= -1.96) continue
            rejecting++
            assert.ok(bound !== null && total < bound, `${JSON.stringify(seen)} +${unseen}: a rejecting filling with total ${total}, bound ${bound}`)
          }
          if (bound === null) assert.equal(rejecting, 0)
        }
      })
    }
  }

  it('says when no unseen total can make the test reject: three unseen units cannot outweigh a seen gain of 2', () => {
    assert.equal(unseenTotalToReject(2, 2, allOf(3), 1.96), null)
    // seen nothing but no change: R units all at −1 give −R/√R = −√R, below −1.96 only from 4 units on
    assert.equal(unseenTotalToReject(0, 0, allOf(3), 1.96), null)
    assert.notEqual(unseenTotalToReject(0, 0, allOf(4), 1.96), null)
    // and 40 unseen units of which at most 3 can be negative are as few as 3
    assert.equal(unseenTotalToReject(0, 0, { units: 40, negative: 3, below: 3, above: 40 }, 1.96), null)
  })

  it('is the Cauchy–Schwarz root: at the bound, unseen units all equal to it put the statistic exactly at −z', () => {
    const bound = unseenTotalToReject(1, 2, allOf(20), 2.5)!
    const statistic = (1 + bound) / Math.sqrt(2 + (bound * bound) / 20)
    assert.ok(Math.abs(statistic - -2.5) < 1e-9, `${statistic}`)
  })

  it('is tighter for pass/fail units, whose squares are at least their size', () => {
    const graded = unseenTotalToReject(2, 6, allOf(30), 2.58)!
    const passFail = unseenTotalToReject(2, 6, allOf(30), 2.58, true)!
    assert.ok(passFail < graded - 2, `${passFail} vs ${graded}`)
  })

  it('puts no bound when every total within reach already rejects, and none when nothing is unseen unless the seen part rejects', () => {
    assert.equal(unseenTotalToReject(-20, 10, allOf(4), 1.96), Infinity)
    assert.notEqual(unseenTotalToReject(-10, 10, allOf(4), 1.96), Infinity)
    assert.equal(unseenTotalToReject(-10, 10, allOf(0), 1.96), Infinity)
    assert.equal(unseenTotalToReject(-1, 10, allOf(0), 1.96), null)
  })
})
