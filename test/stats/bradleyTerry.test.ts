import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { bradleyTerry, bradleyTerryIntervals, PSEUDO_COMPARISONS, type Outcome, type QuestionOutcome } from '../../src/stats/bradleyTerry.ts'

/** n copies of an outcome. */
function times(n: number, a: string, b: string, winner: Outcome['winner']): Outcome[] {
  return Array.from({ length: n }, () => ({ a, b, winner }))
}

function strengthOf(rows: { system: string; strength: number }[], system: string): number {
  return rows.find((r) => r.system === system)!.strength
}

/**
 * An independent fit for checking: Newton-Raphson on log-strengths θ (θ of the first system
 * fixed at 0) maximising the Bradley-Terry log-likelihood Σ W_ij (θ_i − log(e^θi + e^θj)),
 * with ties as half wins and the same pseudo-comparisons, solved by Gaussian elimination.
 */
function newtonFit(systems: string[], outcomes: Outcome[]): Map<string, number> {
  const k = systems.length
  const at = new Map(systems.map((s, i) => [s, i]))
  const W = Array.from({ length: k }, () => new Array<number>(k).fill(0))
  for (let i = 0; i < k; i++) for (let j = 0; j < k; j++) if (i !== j) W[i]![j]! += PSEUDO_COMPARISONS / 2
  for (const o of outcomes) {
    const a = at.get(o.a)!
    const b = at.get(o.b)!
    if (o.winner === 'a') W[a]![b]! += 1
    else if (o.winner === 'b') W[b]![a]! += 1
    else {
      W[a]![b]! += 0.5
      W[b]![a]! += 0.5
    }
  }
  const theta = new Array<number>(k).fill(0)
  for (let step = 0; step < 100; step++) {
    const m = k - 1
    const gradient = new Array<number>(m).fill(0)
    const hessian = Array.from({ length: m }, () => new Array<number>(m).fill(0))
    for (let i = 1; i < k; i++) {
      for (let j = 0; j < k; j++) {
        if (i === j) continue
        const n = W[i]![j]! + W[j]![i]!
        const pij = 1 / (1 + Math.exp(theta[j]! - theta[i]!))
        gradient[i - 1]! += W[i]![j]! - n * pij
        const curvature = n * pij * (1 - pij)
        hessian[i - 1]![i - 1]! -= curvature
        if (j > 0) hessian[i - 1]![j - 1]! += curvature
      }
    }
    const delta = solve(
      hessian,
      gradient.map((g) => -g),
    )
    for (let i = 1; i < k; i++) theta[i]! += delta[i - 1]!
    if (Math.max(...delta.map(Math.abs)) < 1e-14) break
  }
  const exp = theta.map(Math.exp)
  const sum = exp.reduce((a, b) => a + b, 0)
  return new Map(systems.map((s, i) => [s, exp[i]! / sum]))
}

function solve(matrix: number[][], rhs: number[]): number[] {
  const n = rhs.length
  const a = matrix.map((row, i) => [...row, rhs[i]!])
  for (let col = 0; col < n; col++) {
    let pivot = col
    for (let r = col + 1; r < n; r++) if (Math.abs(a[r]![col]!) > Math.abs(a[pivot]![col]!)) pivot = r
    ;[a[col], a[pivot]] = [a[pivot]!, a[col]!]
    for (let r = 0; r < n; r++) {
      if (r === col) continue
      const factor = a[r]![col]! / a[col]![col]!
      for (let c = col; c <= n; c++) a[r]![c]! -= factor * a[col]![c]!
    }
  }
  return a.map((row, i) => row[n]! / row[i]!)
}

describe('bradleyTerry', () => {
  it('orders a dominance chain A > B > C > D by strength', () => {
    const outcomes = [
      ...times(7, 'A', 'B', 'a'),
      ...times(3, 'A', 'B', 'b'),
      ...times(7, 'B', 'C', 'a'),
      ...times(3, 'C', 'B', 'a'),
      ...times(8, 'C', 'D', 'a'),
      ...times(2, 'C', 'D', 'tie'),
      ...times(9, 'A', 'D', 'a'),
    ]
    const fit = bradleyTerry(['D', 'C', 'B', 'A'], outcomes)
    assert.deepEqual(
      fit.map((r) => r.system),
      ['A', 'B', 'C', 'D'],
    )
    assert.ok(Math.abs(fit.reduce((sum, r) => sum + r.strength, 0) - 1) < 1e-12, 'strengths sum to 1')
  })

  it('gives equal strengths for symmetric outcomes, in the order the systems were listed', () => {
    const outcomes = [...times(4, 'x', 'y', 'a'), ...times(4, 'x', 'y', 'b'), ...times(3, 'y', 'z', 'tie'), ...times(2, 'z', 'x', 'a'), ...times(2, 'x', 'z', 'a')]
    const fit = bradleyTerry(['x', 'y', 'z'], outcomes)
    assert.deepEqual(
      fit.map((r) => r.system),
      ['x', 'y', 'z'],
    )
    for (const r of fit) assert.ok(Math.abs(r.strength - 1 / 3) < 1e-9, String(r.strength))
  })

  it('agrees with an independent Newton maximisation of the likelihood to 1e-6', () => {
    const systems = ['s1', 's2', 's3', 's4', 's5']
    const outcomes = [
      ...times(6, 's1', 's2', 'a'),
      ...times(2, 's1', 's2', 'b'),
      ...times(3, 's1', 's2', 'tie'),
      ...times(5, 's2', 's3', 'a'),
      ...times(4, 's3', 's2', 'a'),
      ...times(9, 's1', 's4', 'a'),
      ...times(1, 's4', 's3', 'tie'),
      ...times(2, 's3', 's4', 'a'),
      ...times(4, 's5', 's1', 'b'),
      ...times(3, 's2', 's5', 'a'),
      ...times(2, 's5', 's3', 'tie'),
    ]
    const expected = newtonFit(systems, outcomes)
    for (const r of bradleyTerry(systems, outcomes)) assert.ok(Math.abs(r.strength - expected.get(r.system)!) < 1e-6, `${r.system}: ${r.strength} vs ${expected.get(r.system)}`)
  })

  it('keeps a system that never wins above zero (pseudo-comparisons), never 0 or NaN', () => {
    const fit = bradleyTerry(['best', 'worst', 'mid'], [...times(10, 'best', 'worst', 'a'), ...times(10, 'mid', 'worst', 'a'), ...times(6, 'best', 'mid', 'a'), ...times(4, 'best', 'mid', 'b')])
    const worst = strengthOf(fit, 'worst')
    assert.ok(Number.isFinite(worst) && worst > 0 && worst < 0.05, String(worst))
    assert.equal(fit.at(-1)!.system, 'worst')
    for (const r of fit) assert.ok(Number.isFinite(r.strength))
  })

  it('converges when the comparison graph is not connected: the pseudo-comparisons link it', () => {
    const fit = bradleyTerry(['a', 'b', 'c', 'd'], [...times(5, 'a', 'b', 'a'), ...times(5, 'c', 'd', 'a')])
    for (const r of fit) assert.ok(Number.isFinite(r.strength) && r.strength > 0)
    assert.ok(Math.abs(strengthOf(fit, 'a') - strengthOf(fit, 'c')) < 1e-9, 'mirror-image components get mirror-image strengths')
  })

  it('gives 1 / k to every system without outcomes, and 1 to a lone system', () => {
    for (const r of bradleyTerry(['a', 'b', 'c', 'd'], [])) assert.ok(Math.abs(r.strength - 0.25) < 1e-12)
    assert.deepEqual(bradleyTerry(['only'], []), [{ system: 'only', strength: 1 }])
  })

  for (const [name, systems, outcomes, message] of [
    ['an unknown system', ['a', 'b'], [{ a: 'a', b: 'c', winner: 'a' }], /unknown system \("c"\)/],
    ['a system compared with itself', ['a', 'b'], [{ a: 'a', b: 'a', winner: 'tie' }], /with itself/],
    ['a system listed twice', ['a', 'a'], [], /listed twice/],
  ] as const) {
    it(`rejects ${name}`, () => assert.throws(() => bradleyTerry([...systems], [...outcomes]), message))
  }
})

describe('bradleyTerryIntervals', () => {
  /** q1..qN: each question gets the given outcomes. */
  function perQuestion(n: number, outcomes: (i: number) => Outcome[]): QuestionOutcome[] {
    return Array.from({ length: n }, (_, i) => outcomes(i).map((o) => ({ ...o, question: `q${i + 1}` }))).flat()
  }
  const systems = ['strong', 'middle', 'weak']
  const data = perQuestion(30, (i) => [
    { a: 'strong', b: 'middle', winner: i % 4 === 0 ? 'tie' : 'a' },
    { a: 'middle', b: 'weak', winner: i % 3 === 0 ? 'b' : 'a' },
    { a: 'strong', b: 'weak', winner: i % 5 === 0 ? 'tie' : 'a' },
  ])

  it('brackets each point strength with a 95% percentile interval, strongest first', () => {
    const intervals = bradleyTerryIntervals(systems, data, { resamples: 500, seed: 7 })
    assert.deepEqual(
      intervals.map((r) => r.system),
      systems,
    )
    const point = bradleyTerry(systems, data)
    for (const r of intervals) {
      assert.ok(Math.abs(r.strength - strengthOf(point, r.system)) < 1e-12, 'the point estimate is the full-data fit')
      assert.ok(r.low <= r.strength && r.strength <= r.high, `${r.system}: ${r.low} ≤ ${r.strength} ≤ ${r.high}`)
      assert.ok(r.high > r.low, 'the questions vary, so the interval has width')
    }
  })

  it('is deterministic for a seed, differs across seeds, and ignores the order outcomes arrive in', () => {
    const once = bradleyTerryIntervals(systems, data, { resamples: 300, seed: 11 })
    assert.deepEqual(bradleyTerryIntervals(systems, data, { resamples: 300, seed: 11 }), once)
    assert.deepEqual(bradleyTerryIntervals(systems, [...data].reverse(), { resamples: 300, seed: 11 }), once)
    assert.notDeepEqual(bradleyTerryIntervals(systems, data, { resamples: 300, seed: 12 }), once)
  })

  it('resamples whole questions: identical questions give an interval of zero width', () => {
    const same = perQuestion(12, () => [
      { a: 'strong', b: 'middle', winner: 'a' },
      { a: 'middle', b: 'weak', winner: 'tie' },
      { a: 'strong', b: 'weak', winner: 'a' },
    ])
    for (const r of bradleyTerryIntervals(systems, same, { resamples: 200, seed: 3 })) {
      assert.ok(Math.abs(r.high - r.low) < 1e-9, `${r.system}: [${r.low}, ${r.high}]`)
    }
  })

  it('rejects a resample count that is not a positive integer', () => {
    assert.throws(() => bradleyTerryIntervals(systems, data, { resamples: 0 }), /resamples must be a positive integer/)
  })
})
