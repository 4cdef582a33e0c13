/**
 * Bradley-Terry ranking of systems from pairwise outcomes.
 *
 * Head-to-head results are only a partial order and need not be transitive (A beats B, B beats
 * C, C beats A), so systems are not ranked by counting wins: the model P(i beats j) =
 * p_i / (p_i + p_j) is fitted by maximum likelihood and the strengths p are the ranking.
 *
 * Conventions, fixed so every report reads the same:
 * - a tie counts as half a win to each side;
 * - every pair of systems gets 0.5 pseudo-comparisons, scored as a tie (0.25 wins each). This
 *   keeps a system that never wins above 0 (the plain MLE sends it to 0 and its log to -∞),
 *   links systems that were never compared with each other, and so guarantees a unique
 *   maximum that the MM iteration converges to. It pulls strengths slightly towards equal,
 *   by less the more real comparisons there are;
 * - strengths are normalised to sum to 1, so with k systems equal strength is 1/k and a
 *   strength reads as a share: p_i / (p_i + p_j) is the modelled chance that i beats j.
 */
import { mulberry32, sortedQuantile } from './bootstrap.ts'
import { knownAt } from '../io/known.ts'

export type Winner = 'a' | 'b' | 'tie'

export interface Outcome {
  a: string
  b: string
  winner: Winner
}

/** An outcome tagged with the question it came from: the unit the bootstrap resamples. */
export interface QuestionOutcome extends Outcome {
  question: string
}

export interface Strength {
  system: string
  strength: number
}

export interface StrengthInterval extends Strength {
  /** percentile-bootstrap bounds at `level` */
  low: number
  high: number
}

export interface BradleyTerryOptions {
  /** most MM iterations; default 10,000 */
  iterations?: number
  /** stop when no strength moves by more than this, relatively; default 1e-12 */
  tolerance?: number
}

export interface BradleyTerryIntervalOptions extends BradleyTerryOptions {
  /** bootstrap resamples of the questions; default 1,000 */
  resamples?: number
  /** PRNG seed (see seedFrom); default 1 */
  seed?: number
  /** two-sided interval level; default 0.95 */
  level?: number
}

/** Pseudo-comparisons added to every pair, scored as a tie (see the module comment). */
export const PSEUDO_COMPARISONS = 0.5

/**
 * Strengths by the MM algorithm (Hunter 2004, "MM algorithms for generalized Bradley-Terry
 * models", eq. 3): p_i ← W_i / Σ_j n_ij / (p_i + p_j), then renormalised. Sorted strongest
 * first; equal strengths keep the order of `systems`.
 */
export function bradleyTerry(systems: readonly string[], outcomes: readonly Outcome[], options: BradleyTerryOptions = {}): Strength[] {
  const index = indexSystems(systems)
  const wins = new Float64Array(systems.length * systems.length)
  for (const outcome of outcomes) addOutcome(wins, systems.length, index, outcome)
  return ranked(systems, fitStrengths(wins, systems.length, options))
}

/**
 * Strengths with percentile-bootstrap intervals, resampling whole QUESTIONS with replacement
 * (every outcome of a drawn question comes along, as often as it is drawn): the questions are
 * the sample, and the outcomes of one question across pairs are not independent. Seeded, so
 * the same inputs give the same intervals. Sorted as bradleyTerry.
 */
export function bradleyTerryIntervals(systems: readonly string[], outcomes: readonly QuestionOutcome[], options: BradleyTerryIntervalOptions = {}): StrengthInterval[] {
  const { resamples = 1000, seed = 1, level = 0.95 } = options
  if (!Number.isInteger(resamples) || resamples < 1) throw new RangeError(`bradleyTerryIntervals: resamples must be a positive integer, got ${resamples}`)
  if (!(level > 0 && level < 1)) throw new RangeError(`bradleyTerryIntervals: level must be in (0, 1), got ${level}`)
  if (!Number.isInteger(seed)) throw new RangeError(`bradleyTerryIntervals: seed must be an integer, got ${seed}`)
  const k = systems.length
  const index = indexSystems(systems)
  // one win matrix per question, so a resample is a sum of matrices
  const byQuestion = new Map<string, Float64Array>()
  for (const outcome of outcomes) {
    let matrix = byQuestion.get(outcome.question)
    if (!matrix) byQuestion.set(outcome.question, (matrix = new Float64Array(k * k)))
    addOutcome(matrix, k, index, outcome)
  }
  // sorted ids: the draw depends on the questions, not on the order the outcomes arrived in
  const questions = [...byQuestion.entries()].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)).map(([, matrix]) => matrix)
  const total = new Float64Array(k * k)
  for (const matrix of questions) addInto(total, matrix)
  const point = fitStrengths(total, k, options)

  const draws = Array.from({ length: k }, () => new Float64Array(resamples))
  const random = mulberry32(seed)
  const resampled = new Float64Array(k * k)
  for (let r = 0; r < resamples; r++) {
    resampled.fill(0)
    for (let q = 0; q < questions.length; q++) addInto(resampled, knownAt(questions, Math.floor(random() * questions.length), 'a drawn question'))
    const strengths = fitStrengths(resampled, k, options)
    for (const [i, draw] of draws.entries()) draw[r] = knownAt(strengths, i, 'a strength')
  }
  const alpha = (1 - level) / 2
  const intervals = systems.map((system, i) => {
    const sorted = knownAt(draws, i, "a system's draws").sort()
    return { system, strength: knownAt(point, i, 'a strength'), low: sortedQuantile(sorted, alpha), high: sortedQuantile(sorted, 1 - alpha) }
  })
  return sortStrongestFirst(intervals)
}

/** total += matrix, cell by cell (both k × k). */
function addInto(total: Float64Array, matrix: Float64Array): void {
  for (let c = 0; c < total.length; c++) {
    const sum = total[c]
    const more = matrix[c]
    if (sum === undefined || more === undefined) throw new RangeError(`bradleyTerry: win matrices of ${total.length} and ${matrix.length} cells`)
    total[c] = sum + more
  }
}

function indexSystems(systems: readonly string[]): Map<string, number> {
  const index = new Map<string, number>()
  systems.forEach((system, i) => {
    if (index.has(system)) throw new RangeError(`bradleyTerry: system "${system}" is listed twice`)
    index.set(system, i)
  })
  return index
}

/** wins[i*k + j] += what i earned against j in this outcome (1, or 0.5 for a tie). */
function addOutcome(wins: Float64Array, k: number, index: ReadonlyMap<string, number>, outcome: Outcome): void {
  const a = index.get(outcome.a)
  const b = index.get(outcome.b)
  if (a === undefined || b === undefined) throw new RangeError(`bradleyTerry: outcome names an unknown system ("${a === undefined ? outcome.a : outcome.b}")`)
  if (a === b) throw new RangeError(`bradleyTerry: an outcome compares "${outcome.a}" with itself`)
  const aOverB = a * k + b
  const bOverA = b * k + a
  const aWins = knownAt(wins, aOverB, 'a win count')
  const bWins = knownAt(wins, bOverA, 'a win count')
  if (outcome.winner === 'a') wins[aOverB] = aWins + 1
  else if (outcome.winner === 'b') wins[bOverA] = bWins + 1
  else {
    wins[aOverB] = aWins + 0.5
    wins[bOverA] = bWins + 0.5
  }
}

/** MM fit on a win matrix (pseudo-comparisons added here); strengths in `systems` order, summing to 1. */
function fitStrengths(observed: Float64Array, k: number, options: BradleyTerryOptions): Float64Array {
  const { iterations = 10_000, tolerance = 1e-12 } = options
  if (!Number.isInteger(iterations) || iterations < 1) throw new RangeError(`bradleyTerry: iterations must be a positive integer, got ${iterations}`)
  const p = new Float64Array(k).fill(1 / k)
  if (k < 2) return p
  const pseudoWin = PSEUDO_COMPARISONS / 2
  const wins = new Float64Array(k)
  const games = new Float64Array(k * k)
  for (let i = 0; i < k; i++) {
    let won = 0
    for (let j = 0; j < k; j++) {
      if (i === j) continue
      const ij = knownAt(observed, i * k + j, 'a cell of the win matrix')
      won += ij + pseudoWin
      games[i * k + j] = ij + knownAt(observed, j * k + i, 'a cell of the win matrix') + PSEUDO_COMPARISONS
    }
    wins[i] = won
  }
  const next = new Float64Array(k)
  // the iteration checks its reads itself: knownAt, shared by every kind of list, doubled its time
  const outside = (i: number): RangeError => new RangeError(`bradleyTerry: system ${i} is outside the ${k} fitted`)
  for (let iteration = 0; iteration < iterations; iteration++) {
    let sum = 0
    for (let i = 0; i < k; i++) {
      const pi = p[i]
      const won = wins[i]
      if (pi === undefined || won === undefined) throw outside(i)
      let denominator = 0
      for (let j = 0; j < k; j++) {
        if (j === i) continue
        const pj = p[j]
        const played = games[i * k + j]
        if (pj === undefined || played === undefined) throw outside(j)
        denominator += played / (pi + pj)
      }
      const value = won / denominator
      next[i] = value
      sum += value
    }
    let change = 0
    for (let i = 0; i < k; i++) {
      const before = p[i]
      const fitted = next[i]
      if (before === undefined || fitted === undefined) throw outside(i)
      const value = fitted / sum
      change = Math.max(change, Math.abs(value - before) / before)
      p[i] = value
    }
    if (change < tolerance) break
  }
  return p
}

function ranked(systems: readonly string[], strengths: Float64Array): Strength[] {
  return sortStrongestFirst(systems.map((system, i) => ({ system, strength: knownAt(strengths, i, 'a strength') })))
}

/** Strongest first; strengths equal to 1e-9 keep their input order (stable sort), so float noise cannot reorder a tie. */
function sortStrongestFirst<T extends Strength>(rows: T[]): T[] {
  return rows.sort((x, y) => (Math.abs(x.strength - y.strength) <= 1e-9 * Math.max(x.strength, y.strength) ? 0 : y.strength - x.strength))
}
