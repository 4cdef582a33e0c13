import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mulberry32, pairedBootstrap, seedFrom } from '../../src/stats/bootstrap.ts'

/** Scores in [low, high) from a seeded stream, so fixtures are reproducible without literals. */
function makeScores(n: number, seed: number, low = 0, high = 1): number[] {
  const random = mulberry32(seed)
  return Array.from({ length: n }, () => low + (high - low) * random())
}

/**
 * The paired bootstrap written out plainly, independently of the implementation: resample
 * indices with mulberry32(seed), take the mean difference, sort, type-7 percentiles, and the
 * (count + 1)/(resamples + 1) two-sided p-value.
 */
function referenceBootstrap(baseline: number[], candidate: number[], resamples: number, seed: number) {
  const n = baseline.length
  const differences = baseline.map((b, i) => (candidate[i] ?? 0) - b)
  const random = mulberry32(seed)
  const means: number[] = []
  for (let r = 0; r < resamples; r++) {
    let sum = 0
    for (let i = 0; i < n; i++) sum += differences[Math.floor(random() * n)] ?? 0
    means.push(sum / n)
  }
  means.sort((x, y) => x - y)
  const percentile = (q: number): number => {
    const h = (resamples - 1) * q
    const lo = Math.floor(h)
    return (means[lo] ?? 0) + (h - lo) * ((means[Math.min(lo + 1, resamples - 1)] ?? 0) - (means[lo] ?? 0))
  }
  const below = means.filter((m) => m <= 0).length
  const above = means.filter((m) => m >= 0).length
  return { low: percentile(0.025), high: percentile(0.975), p: Math.min(1, (2 * (Math.min(below, above) + 1)) / (resamples + 1)) }
}

test('mulberry32 reproduces the reference stream (values from an independent Python port)', () => {
  const random = mulberry32(1)
  assert.deepEqual([random(), random(), random()], [0.6270739405881613, 0.002735721180215478, 0.5274470399599522])
  const fromZero = mulberry32(0)
  assert.deepEqual([fromZero(), fromZero()], [0.26642920868471265, 0.0003297457005828619])
})

test('seedFrom is FNV-1a 32-bit over UTF-8: the published vectors and a Chinese name', () => {
  assert.equal(seedFrom(''), 0x811c9dc5)
  assert.equal(seedFrom('a'), 0xe40c292c)
  assert.equal(seedFrom('foobar'), 0xbf9cf968)
  assert.equal(seedFrom('准确率'), 0xa2279205)
})

test('pairedBootstrap matches a plain reference implementation of the same procedure', () => {
  const baseline = makeScores(60, 11)
  const candidate = baseline.map((b, i) => b + (i % 3 === 0 ? -0.15 : 0.02) + (makeScores(1, 100 + i)[0] ?? 0) * 0.05)
  const result = pairedBootstrap(baseline, candidate, { resamples: 500, seed: 9 })
  const reference = referenceBootstrap(baseline, candidate, 500, 9)
  assert.ok(result)
  assert.equal(result.method, 'bootstrap')
  assert.ok(Math.abs(result.low - reference.low) < 1e-12)
  assert.ok(Math.abs(result.high - reference.high) < 1e-12)
  assert.equal(result.p, reference.p)
  const mean = candidate.reduce((sum, c, i) => sum + c - (baseline[i] ?? 0), 0) / baseline.length
  assert.ok(Math.abs(result.delta - mean) < 1e-12)
})

test('pairedBootstrap gives identical output, byte for byte, for identical input and seed', () => {
  const baseline = makeScores(120, 1)
  const candidate = makeScores(120, 2)
  const first = pairedBootstrap(baseline, candidate, { seed: 42 })
  const second = pairedBootstrap([...baseline], [...candidate], { seed: 42 })
  assert.deepEqual(first, second)
  assert.equal(JSON.stringify(first), JSON.stringify(second))
})

test('pairedBootstrap with a different seed gives a different interval', () => {
  const baseline = makeScores(120, 1)
  const candidate = makeScores(120, 2)
  const one = pairedBootstrap(baseline, candidate, { seed: 1 })
  const other = pairedBootstrap(baseline, candidate, { seed: seedFrom('accuracy_norm') })
  assert.ok(one && other)
  assert.equal(one.delta, other.delta)
  assert.ok(one.low !== other.low || one.high !== other.high)
})

test('pairedBootstrap: differences all +0.1 give the point interval [0.1, 0.1] and the smallest p', () => {
  const baseline = makeScores(40, 3, 0, 0.9)
  const candidate = baseline.map((b) => b + 0.1)
  // Rounding makes the differences unequal in the last digits; that must not count as variation.
  assert.ok(new Set(candidate.map((c, i) => c - (baseline[i] ?? 0))).size > 1)
  const result = pairedBootstrap(baseline, candidate)
  assert.ok(result)
  assert.ok(Math.abs(result.delta - 0.1) < 1e-12)
  assert.equal(result.low, result.delta)
  assert.equal(result.high, result.delta)
  assert.equal(result.p, 2 / 2001)
})

test('pairedBootstrap: identical runs give delta 0, interval [0, 0] and p = 1', () => {
  const scores = makeScores(30, 4)
  assert.deepEqual(pairedBootstrap(scores, scores), { delta: 0, low: 0, high: 0, p: 1, method: 'bootstrap' })
})

test('pairedBootstrap: a clear drop (−0.2 on 60% of 200 questions) excludes 0 with p < 0.01', () => {
  const baseline = makeScores(200, 5, 0.2, 1)
  const candidate = baseline.map((b, i) => (i % 5 < 3 ? b - 0.2 : b))
  const result = pairedBootstrap(baseline, candidate)
  assert.ok(result)
  assert.ok(Math.abs(result.delta + 0.12) < 1e-12)
  assert.ok(result.high < 0, `high ${result.high}`)
  assert.ok(result.low < result.delta && result.delta < result.high)
  assert.ok(result.p < 0.01 && result.p > 0, `p ${result.p}`)
})

test('pairedBootstrap: symmetric noise with no shift gives an interval containing 0 and a large p', () => {
  const baseline = makeScores(200, 6, 0.2, 0.8)
  const noise = makeScores(100, 7, 0, 0.2)
  // Each noise value is used once up and once down, so the true mean difference is 0.
  const candidate = baseline.map((b, i) => b + (i % 2 === 0 ? 1 : -1) * (noise[Math.floor(i / 2)] ?? 0))
  const result = pairedBootstrap(baseline, candidate)
  assert.ok(result)
  assert.ok(result.low < 0 && result.high > 0, `[${result.low}, ${result.high}]`)
  assert.ok(result.p > 0.5, `p ${result.p}`)
})

test('pairedBootstrap interval is close to the normal-theory interval for a moderate n', () => {
  const baseline = makeScores(400, 8)
  const candidate = makeScores(400, 9)
  const result = pairedBootstrap(baseline, candidate)
  const normal = pairedBootstrap(baseline, candidate, { normalAbove: 0 })
  assert.ok(result && normal)
  assert.equal(normal.method, 'normal')
  assert.ok(Math.abs(result.low - normal.low) < 0.01, `${result.low} vs ${normal.low}`)
  assert.ok(Math.abs(result.high - normal.high) < 0.01, `${result.high} vs ${normal.high}`)
  assert.ok(Math.abs(result.p - normal.p) < 0.05, `${result.p} vs ${normal.p}`)
})

test('pairedBootstrap switches to the normal approximation above normalAbove (default 5,000)', () => {
  const atLimit = pairedBootstrap(makeScores(5000, 10), makeScores(5000, 11), { resamples: 20 })
  assert.equal(atLimit?.method, 'bootstrap')

  const n = 6000
  const baseline = makeScores(n, 12)
  const candidate = baseline.map((b, i) => b + 0.01 + ((i % 7) - 3) * 0.05)
  const result = pairedBootstrap(baseline, candidate)
  assert.ok(result)
  assert.equal(result.method, 'normal')
  // Closed form, computed here: mean ± z·sd/√n of the differences.
  const differences = candidate.map((c, i) => c - (baseline[i] ?? 0))
  const mean = differences.reduce((a, b) => a + b, 0) / n
  const sd = Math.sqrt(differences.reduce((a, d) => a + (d - mean) ** 2, 0) / (n - 1))
  const margin = (1.959963984540054 * sd) / Math.sqrt(n)
  assert.ok(Math.abs(result.low - (mean - margin)) < 1e-12)
  assert.ok(Math.abs(result.high - (mean + margin)) < 1e-12)
  assert.ok(result.p > 0 && result.p < 1e-6, `p ${result.p}`) // z ≈ 5.4
})

test('pairedBootstrap is null for empty or mismatched inputs and throws on non-finite scores', () => {
  assert.equal(pairedBootstrap([], []), null)
  assert.equal(pairedBootstrap([0.1, 0.2], [0.1]), null)
  assert.throws(() => pairedBootstrap([0.1, NaN], [0.1, 0.2]), RangeError)
  assert.throws(() => pairedBootstrap([0.1], [0.1], { resamples: 0 }), RangeError)
})

test('pairedBootstrap: 5,000 questions give a bootstrap interval (its speed is in npm run bench:stats)', () => {
  const result = pairedBootstrap(makeScores(5000, 13), makeScores(5000, 14))
  assert.equal(result?.method, 'bootstrap')
  assert.ok(result.low < result.high)
})
