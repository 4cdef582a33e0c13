import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { mulberry32, pairedBootstrap } from '../../src/stats/bootstrap.ts'
import { clusteredPairedBootstrap, clusteredStandardError, clusterTotals, denseClusters } from '../../src/stats/clustered.ts'
import { signFlipTest } from '../../src/stats/permutation.ts'

function gaussian(random: () => number): number {
  const u = 1 - random()
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random())
}

/**
 * Two runs of an unchanged system over `conversations` conversations of `turns` turns: each run
 * shocks a whole conversation by one draw (sd `shared`), each turn by its own (sd 0.1).
 */
function unchangedPair(random: () => number, conversations: number, turns: number, shared: number) {
  const baseline: number[] = []
  const candidate: number[] = []
  const clusters: number[] = []
  for (let c = 0; c < conversations; c++) {
    const quality = 0.3 + 0.4 * random()
    const shockB = shared * gaussian(random)
    const shockC = shared * gaussian(random)
    for (let t = 0; t < turns; t++) {
      baseline.push(quality + shockB + 0.1 * gaussian(random))
      candidate.push(quality + shockC + 0.1 * gaussian(random))
      clusters.push(c)
    }
  }
  return { baseline, candidate, clusters }
}

describe('clustered paired statistics (conversations as clusters)', () => {
  it('gives exactly the per-question numbers when no question shares a conversation', () => {
    const random = mulberry32(3)
    const b = Array.from({ length: 40 }, () => random())
    const c = b.map((x) => x + (random() - 0.55) * 0.3)
    assert.equal(denseClusters(Array.from({ length: 40 }, (_, i) => i)), null)
    assert.deepEqual(clusteredPairedBootstrap(b, c, null, { seed: 9 }), pairedBootstrap(b, c, { seed: 9 }))
    const d = c.map((x, i) => x - b[i]!)
    const mean = d.reduce((s, x) => s + x, 0) / d.length
    const sd = Math.sqrt(d.reduce((s, x) => s + (x - mean) ** 2, 0) / (d.length - 1))
    assert.ok(Math.abs(clusteredStandardError(d, null) - sd / Math.sqrt(d.length)) < 1e-15)
  })

  it('takes the standard error from the cluster totals: a hand count', () => {
    // clusters {0.1, 0.3} and {−0.2}: mean 0.2/3; totals less n_c·mean: 0.4 − 2/15 = 4/15, −0.2 − 1/15 = −4/15
    const se = clusteredStandardError([0.1, 0.3, -0.2], denseClusters([7, 7, 9]))
    const expected = Math.sqrt(2 * ((4 / 15) ** 2 + (4 / 15) ** 2)) / 3
    assert.ok(Math.abs(se - expected) < 1e-15, `${se} vs ${expected}`)
    assert.deepEqual(clusterTotals([0.1, 0.3, -0.2], [0, 0, 1], 2).sizes, Float64Array.from([2, 1]))
  })

  it('keeps a 5% test at 5% when turns share their noise, where the per-question test rejects far more often (1,000 simulated pairs)', () => {
    const random = mulberry32(11)
    let perQuestion = 0
    let byConversation = 0
    const pairs = 1000
    for (let k = 0; k < pairs; k++) {
      // 12 conversations of 4 turns: the sign-flip test over 12 cluster totals is exact (4,096 assignments)
      const { baseline, candidate, clusters } = unchangedPair(random, 12, 4, 0.15)
      const d = candidate.map((x, i) => x - baseline[i]!)
      if (signFlipTest(d, { seed: k + 1 }).p < 0.05) perQuestion++
      const dense = denseClusters(clusters)!
      if (signFlipTest(clusterTotals(d, dense.labels, dense.count).sums).p < 0.05) byConversation++
    }
    assert.ok(perQuestion / pairs > 0.15, `per question: ${perQuestion / pairs}`)
    // binomial sd at 5% over 1,000 pairs is 0.7 pp
    assert.ok(byConversation / pairs <= 0.065, `by conversation: ${byConversation / pairs}`)
  })

  it('covers the true change about 95% of the time with conversations resampled whole (400 simulated pairs)', () => {
    const random = mulberry32(5)
    let covered = 0
    let coveredPerQuestion = 0
    const pairs = 400
    for (let k = 0; k < pairs; k++) {
      const { baseline, candidate, clusters } = unchangedPair(random, 25, 4, 0.15)
      const clustered = clusteredPairedBootstrap(baseline, candidate, denseClusters(clusters), { seed: k + 1, resamples: 1000 })!
      const plain = pairedBootstrap(baseline, candidate, { seed: k + 1, resamples: 1000 })!
      if (clustered.low <= 0 && clustered.high >= 0) covered++
      if (plain.low <= 0 && plain.high >= 0) coveredPerQuestion++
    }
    assert.ok(covered / pairs >= 0.9, `clustered coverage ${covered / pairs}`)
    assert.ok(coveredPerQuestion / pairs < 0.8, `per-question coverage ${coveredPerQuestion / pairs}`)
  })

  it('is seeded: the same clusters and seed give the same interval', () => {
    const random = mulberry32(8)
    const { baseline, candidate, clusters } = unchangedPair(random, 10, 3, 0.1)
    const a = clusteredPairedBootstrap(baseline, candidate, denseClusters(clusters), { seed: 4 })
    const b = clusteredPairedBootstrap(baseline, candidate, denseClusters(clusters), { seed: 4 })
    assert.deepEqual(a, b)
    assert.equal(a!.method, 'bootstrap')
  })
})
