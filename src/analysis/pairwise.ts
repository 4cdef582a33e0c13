/**
 * Versions judged head to head, question by question (seed §2.7, §3.7): every pair of
 * systems, every question, two judge calls with A and B swapped. A win counts only when both
 * orders name the same answer; anything else is a tie, and a disagreement between the two
 * orders is also counted as `inconsistent` (position bias, or a judge that cannot tell). With
 * three or more systems, head-to-head results are not transitive, so the ranking is a
 * Bradley-Terry fit, never a count of wins.
 */
import { numbered, type Judge, type JudgeResult } from '../metrics/judge.ts'
import type { ResponseOf } from '../schemas/judge.ts'
import type { EvalRow } from '../schemas/evalSet.ts'
import type { FamilyUsage, JudgeIdentity, Results } from '../schemas/results.ts'
import { bradleyTerryIntervals, PSEUDO_COMPARISONS, type QuestionOutcome, type StrengthInterval } from '../stats/bradleyTerry.ts'
import { seedFrom } from '../stats/bootstrap.ts'
import { wilson } from '../stats/proportions.ts'
import { GateError } from '../io/errors.ts'
import { knownField } from '../io/known.ts'

export interface PairwiseInput {
  name: string
  results: Results
}

/** One question of one pair. `first` is the call with the pair's A shown first, `second` the swapped call, in the judge's own letters. */
export interface PairwiseQuestion {
  id: string
  first: 'A' | 'B' | 'tie' | null
  second: 'A' | 'B' | 'tie' | null
  /** a: the pair's first system won both orders; b: the second did; tie otherwise; error: a call failed, the question is skipped */
  outcome: 'a' | 'b' | 'tie' | 'error'
  inconsistent: boolean
  reasons: string[]
  error?: string
}

export interface PairResult {
  a: string
  b: string
  /** questions judged (errors excluded) */
  judged: number
  /** a won in both orders */
  wins: number
  /** b won in both orders */
  losses: number
  /** every non-win, including the inconsistent ones */
  ties: number
  /** the two orders disagreed: counted as ties */
  inconsistent: number
  /** a judge call failed: the question is skipped for this pair */
  errors: number
  /** wins / (wins + losses) with a 95% Wilson interval; null when every judged question was a tie */
  win_rate: { value: number; low: number; high: number; level: number } | null
  questions: PairwiseQuestion[]
}

export interface PairwiseRanking {
  method: 'bradley-terry'
  /** strengths sum to 1; p_i / (p_i + p_j) is the modelled chance that i beats j */
  normalisation: 'sum-to-1'
  pseudo_comparisons_per_pair: number
  interval: { method: 'bootstrap over questions'; resamples: number; level: number; seed: number }
  systems: StrengthInterval[]
}

export interface PairwiseReport {
  systems: string[]
  eval_set_version: string
  /** ids compared: present in every results file (and in the eval set, when one is given) */
  question_ids: string[]
  reference_points: 'eval set' | 'none'
  judge: JudgeIdentity
  /** judge calls asked for: 2 × pairs × questions (the cache may serve some) */
  calls: number
  usage: FamilyUsage | null
  pairs: PairResult[]
  /** three or more systems only */
  ranking: PairwiseRanking | null
  notes: string[]
}

export interface PairwiseOptions {
  /** bootstrap resamples for the ranking intervals; default 1,000 */
  resamples?: number
}

const LEVEL = 0.95
const NONE_GIVEN = '(none given)'

/** What a run will ask of the judge, checked and counted before any call: 2 × pairs × questions. */
export function planPairwise(inputs: readonly PairwiseInput[], evalRows: readonly EvalRow[] | null): { questions: number; pairs: number; calls: number } {
  const { ids } = sharedQuestions(inputs, evalRows)
  const pairs = (inputs.length * (inputs.length - 1)) / 2
  return { questions: ids.length, pairs, calls: 2 * pairs * ids.length }
}

/**
 * Runs every judge call concurrently (the judge's own limiter bounds how many are in flight)
 * and never throws for a judge failure: a failed call skips that question for that pair and
 * is counted in `errors`. Input problems (mismatched eval set versions, a question whose text
 * differs between the files, no shared questions) are GateErrors, found before any call.
 */
export async function runPairwise(inputs: readonly PairwiseInput[], evalRows: readonly EvalRow[] | null, judge: Judge, options: PairwiseOptions = {}): Promise<PairwiseReport> {
  const { ids, notes, evalSetVersion } = sharedQuestions(inputs, evalRows)
  const rows = new Map((evalRows ?? []).map((row) => [row.id, row]))
  const systems = inputs.map((input) => input.name)
  const pairs: [PairwiseInput, PairwiseInput][] = inputs.flatMap((a, i) => inputs.slice(i + 1).map((b): [PairwiseInput, PairwiseInput] => [a, b]))

  const results = await Promise.all(pairs.map(([a, b]) => judgePair(a, b, ids, rows, evalRows !== null, judge)))

  let ranking: PairwiseRanking | null = null
  if (inputs.length >= 3) {
    const outcomes: QuestionOutcome[] = []
    for (const pair of results) {
      for (const q of pair.questions) if (q.outcome !== 'error') outcomes.push({ question: q.id, a: pair.a, b: pair.b, winner: q.outcome })
    }
    const resamples = options.resamples ?? 1000
    const seed = seedFrom(`pairwise:${evalSetVersion}:${systems.join('\u0000')}`)
    ranking = {
      method: 'bradley-terry',
      normalisation: 'sum-to-1',
      pseudo_comparisons_per_pair: PSEUDO_COMPARISONS,
      interval: { method: 'bootstrap over questions', resamples, level: LEVEL, seed },
      systems: bradleyTerryIntervals(systems, outcomes, { resamples, seed, level: LEVEL }),
    }
  }
  const errors = results.reduce((sum, pair) => sum + pair.errors, 0)
  if (errors > 0) notes.push(`${errors} question${errors === 1 ? '' : 's'} skipped because a judge call failed (see errors per pair)`)
  return {
    systems,
    eval_set_version: evalSetVersion,
    question_ids: ids,
    reference_points: evalRows ? 'eval set' : 'none',
    judge: judge.identity,
    calls: 2 * pairs.length * ids.length,
    usage: judge.usageByFamily().pairwise ?? null,
    pairs: results,
    ranking,
    notes,
  }
}

/** The questions every system answered (and the eval set holds), after checking they are the same questions. */
function sharedQuestions(inputs: readonly PairwiseInput[], evalRows: readonly EvalRow[] | null): { ids: string[]; notes: string[]; evalSetVersion: string } {
  const [first] = inputs
  if (first === undefined || inputs.length < 2) throw new GateError('usage', `pairwise needs at least two systems, got ${inputs.length}`, 'give --results twice or more')
  const names = new Set<string>()
  for (const { name } of inputs) {
    if (names.has(name)) throw new GateError('usage', `two systems are both named "${name}"`, 'give every system its own name with --names a,b,c')
    names.add(name)
  }
  const versions = new Set(inputs.map((input) => input.results.run.eval_set_version))
  if (versions.size > 1) {
    throw new GateError(
      'incomparable',
      `the systems were scored on different eval set versions (${inputs.map((input) => `${input.name}: ${input.results.run.eval_set_version}`).join(', ')})`,
      'run every system on the same eval set version before comparing them head to head',
    )
  }
  const notes: string[] = []
  if (new Set(inputs.map((input) => input.results.run.eval_set_fingerprint)).size > 1) {
    notes.push('the eval set fingerprints differ (an edited label or reference point); the question texts were checked to be the same')
  }
  let ids = Object.keys(first.results.questions).filter((id) => inputs.every((input) => Object.hasOwn(input.results.questions, id)))
  const union = new Set(inputs.flatMap((input) => Object.keys(input.results.questions)))
  if (union.size > ids.length) notes.push(`${union.size - ids.length} question${union.size - ids.length === 1 ? ' is' : 's are'} missing from at least one results file and not compared`)
  if (evalRows) {
    const inSet = new Set(evalRows.map((row) => row.id))
    const outside = ids.filter((id) => !inSet.has(id))
    if (outside.length > 0)
      notes.push(
        `${outside.length} question${outside.length === 1 ? ' is' : 's are'} not in the eval set (${outside.slice(0, 5).join(', ')}${outside.length > 5 ? ', …' : ''}) and not compared: no reference points to judge by`,
      )
    ids = ids.filter((id) => inSet.has(id))
  }
  ids.sort()
  if (ids.length === 0) throw new GateError('bad_input', 'the systems share no question to compare', 'compare results.json files written from the same eval set')
  for (const id of ids) {
    // ids are those every system has
    const questionOf = (input: PairwiseInput) => knownField(input.results.questions, id, 'question').question
    const question = questionOf(first)
    const other = inputs.find((input) => questionOf(input) !== question)
    if (other) {
      throw new GateError(
        'incomparable',
        `question ${id} differs between ${first.name} ("${clip(question)}") and ${other.name} ("${clip(questionOf(other))}")`,
        'the same id must mean the same question; re-run both systems on the same eval set',
      )
    }
  }
  return { ids, notes, evalSetVersion: first.results.run.eval_set_version }
}

async function judgePair(a: PairwiseInput, b: PairwiseInput, ids: readonly string[], rows: ReadonlyMap<string, EvalRow>, withEvalSet: boolean, judge: Judge): Promise<PairResult> {
  const questions = await Promise.all(
    ids.map(async (id): Promise<PairwiseQuestion> => {
      const qa = knownField(a.results.questions, id, 'question')
      const row = rows.get(id)
      const shared = {
        question: qa.question,
        should_refuse: String(row?.should_refuse ?? qa.should_refuse),
        reference_points: withEvalSet && row ? referencePoints(row) : NONE_GIVEN,
      }
      const answerA = answerOf(qa)
      const answerB = answerOf(knownField(b.results.questions, id, 'question'))
      const [first, second] = await Promise.all([ask(judge, { ...shared, answer_a: answerA, answer_b: answerB }), ask(judge, { ...shared, answer_a: answerB, answer_b: answerA })])
      if (!first.ok || !second.ok) {
        const failed = [!first.ok && `A-first call: ${first.error}`, !second.ok && `B-first call: ${second.error}`].filter(Boolean).join('; ')
        return { id, first: first.ok ? first.value.winner : null, second: second.ok ? second.value.winner : null, outcome: 'error', inconsistent: false, reasons: [], error: failed }
      }
      const inFirst = first.value.winner === 'A' ? 'a' : first.value.winner === 'B' ? 'b' : 'tie'
      // the swapped call shows b as "A": map its letter back to the pair's systems
      const inSecond = second.value.winner === 'A' ? 'b' : second.value.winner === 'B' ? 'a' : 'tie'
      const agree = inFirst === inSecond
      return { id, first: first.value.winner, second: second.value.winner, outcome: agree ? inFirst : 'tie', inconsistent: !agree, reasons: [first.value.reason, second.value.reason] }
    }),
  )
  const count = (outcome: PairwiseQuestion['outcome']) => questions.filter((q) => q.outcome === outcome).length
  const wins = count('a')
  const losses = count('b')
  const decided = wins + losses
  const interval = wilson(wins, decided, LEVEL)
  return {
    a: a.name,
    b: b.name,
    judged: questions.length - count('error'),
    wins,
    losses,
    ties: count('tie'),
    inconsistent: questions.filter((q) => q.inconsistent).length,
    errors: count('error'),
    win_rate: interval ? { value: wins / decided, low: interval.low, high: interval.high, level: LEVEL } : null,
    questions,
  }
}

/** A judge that throws instead of returning an error (a bug, an injected test judge) costs one question, not the run. */
async function ask(judge: Judge, vars: Record<string, string>): Promise<JudgeResult<ResponseOf<'pairwise'>>> {
  try {
    return await judge.ask('pairwise', vars)
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error), raw: null }
  }
}

/** As the rubric shows them: numbered reference points, else the ground truth, else "(none given)". */
function referencePoints(row: EvalRow): string {
  return row.reference_points.length > 0 ? numbered(row.reference_points, (i) => `${i}.`) : (row.ground_truth ?? NONE_GIVEN)
}

function answerOf(q: Results['questions'][string]): string {
  if (q.errors.candidate !== undefined) return '(no answer: the system failed on this question)'
  return q.answer.trim() === '' ? '(empty answer)' : q.answer
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text
}
