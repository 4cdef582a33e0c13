import type { CandidateOutput } from '../schemas/candidate.ts'
import type { Config } from '../schemas/config.ts'
import type { EvalRow } from '../schemas/evalSet.ts'
import type { JudgeScorer } from './judgedScores.ts'
import type { LexicalScorer } from './lexicalScores.ts'
import type { Question } from './question.ts'
import type { LlmSource } from './llmSources.ts'
import type { Score } from './score.ts'

/**
 * What a metric's definition says (definitions.ts holds evalgate's): the facts the scoring, the
 * comparison and the report read, and its scoring function. Direction belongs to the metric,
 * never to the caller.
 */
export type MetricFamily = 'rules' | 'retrieval' | 'citations' | 'judge' | 'rag' | 'hallucination' | 'operations'

/** The tiers a scoring provider computes (run/scorers/), beside the deterministic tier every run gets: a provider's tier is named here, and nowhere else. */
export const PROVIDER_TIERS = ['lexical', 'llm'] as const
export type ProviderTier = (typeof PROVIDER_TIERS)[number]

/** Who computes a metric: the deterministic tier (each definition's `score`, run by `deterministic.ts`), or a scoring provider. */
export type MetricTier = 'rules' | 'retrieval' | 'citations' | 'operations' | ProviderTier
export type DeterministicTier = Exclude<MetricTier, ProviderTier>

export { LLM_SOURCES, type LlmSource } from './llmSources.ts'

/** What a run knows before its first question is scored: enough to decide which metrics it computes. */
export interface RunShape {
  rows: readonly EvalRow[]
  config: Pick<Config, 'rules' | 'k'>
  /** null before the candidate has answered: a metric planned by what the answers carry is then not planned */
  outputs: readonly CandidateOutput[] | null
}

export interface MetricDefinition<Name extends string = string> {
  /** the name in results.json; with `@K` it stands for every cut-off in `k` (`recall@K` → recall@5, recall@10) */
  name: Name
  /** for people; `{k}` becomes the cut-off */
  displayName: string
  /** what it measures; `{k}` becomes the cut-off */
  description: string
  family: MetricFamily
  /** the tiers that compute it: a deterministic one, or the scoring providers that report it */
  tiers: readonly MetricTier[]
  /**
   * A deterministic metric's scoring function: its score of one question (`k`: an `@K` metric's
   * cut-off), or undefined when the question gets none from it (then null, noted as `askedOf`
   * and `missingNote` decide). What several metrics of a question need is worked out once per
   * question, by the first that asks (`Question.shared`).
   */
  score?: QuestionScorer
  /** the lexical provider's metrics: its score from the provider's analysis of the question (lexicalScores.ts) */
  fromLexical?: LexicalScorer
  /** the LLM tier's metrics: its score from the judge's replies, from the call its `llmSource` names (judgedScores.ts) */
  fromJudge?: JudgeScorer
  /** which way it is better, in the words every renderer says it with (DIRECTIONS) */
  direction: DirectionWords
  /** 0/1 metrics: a 1 → 0 change is a pass → fail flip; intervals are Wilson, tests McNemar */
  binary: boolean
  /** its scale (SCALES): `score` lies in [0, 1], `ms` is milliseconds; a value outside the scale's range is an error, never a score */
  unit: MetricUnit
  /**
   * What a change is held against: the mean's change against `max_drop` (or its override), or
   * `latency_rise`: the p50 and p95 across questions, a relative rise that must also exceed
   * `latency_min_ms`, gated only when latency_rise is set (compare/latency.ts); such a metric's
   * per-question changes are never listed or counted. Any metric can also carry a `thresholds`
   * entry and `by_category` floors (ceilings where lower is better).
   */
  gate: 'max_drop' | 'latency_rise'
  /**
   * Applicability. `planned`: whether a run computes the metric at all (deterministic tiers; a
   * provider's metric without it is planned whenever the provider runs). Every question then gets the key.
   */
  planned?: (run: RunShape) => boolean
  /** the questions it is asked of; the others get null with no note (a rule that does not apply by design) */
  askedOf?: (row: EvalRow) => boolean
  /** the note on a question it is asked of but got no value for (else: should-refuse, no retrieved_ids, not applicable) */
  missingNote?: string
  /** when its scoring function gives null (with that reason as the question's note), in words */
  nullWhen: string
  /** the LLM tier: the judge call whose verdicts it comes from; only `rubric` metrics judge should-refuse questions */
  llmSource?: LlmSource
  /**
   * Metrics that are mechanically tied (computed from the same retrieved list, the same claims)
   * share a name here and are tested as one family: the noise test counts them once, so that
   * one change seen through five lenses is not five chances of a false alarm. Unset: the
   * metric is its own family, and an `@K` metric's cut-offs are one family (its pattern).
   */
  testFamily?: string
  /** a headline metric: a category whose interval on it is wider than ±0.1 has too few questions */
  headline?: boolean
  /** its place in the report's trend chart (lower first; the chart shows the first 3 the run has) */
  trendRank?: number
  /** its place among the columns of the report's by-category table (lower first; at most 6) */
  categoryRank?: number
}

/** What a value of a metric is: its range (a value outside it is a scorer's error, not a score) and how a person reads it. */
export interface MetricScale {
  min: number
  max: number
  /** the scale in words, before the direction: "0–1", "ms" */
  words: string
}

/** Every unit a metric may have, with its scale: a unit added without one does not compile. */
export const SCALES = {
  score: { min: 0, max: 1, words: '0–1' },
  ratio: { min: 0, max: Number.POSITIVE_INFINITY, words: 'a ratio' },
  ms: { min: 0, max: Number.POSITIVE_INFINITY, words: 'ms' },
} as const satisfies Record<string, MetricScale>
export type MetricUnit = keyof typeof SCALES

/**
 * Which way a metric is better, in every word a renderer says it with: the reference's
 * direction column and scaleWords, how a change reads (report/words.ts `movement`: a
 * hallucination_rate that rose got worse, it never "dropped"), and what a `thresholds` or
 * `by_category` limit on it is. The comparison's arithmetic reads the same fact as
 * MetricInfo.higherIsBetter (registry.ts), derived from these words.
 */
export interface DirectionWords {
  /** after the scale: "0–1, higher is better" */
  better: string
  /** what a rise of its value is, and a fall */
  rise: 'better' | 'worse'
  fall: 'better' | 'worse'
  /** the verb of a change for the worse: a score "fell", a hallucination_rate "rose" */
  worse: 'fell' | 'rose'
  /** a limit on it: a floor (a value below it fails) or a ceiling (a value above it fails) */
  limit: 'floor' | 'ceiling'
  /**
   * A metric best at one value and worse the farther from it either way ("a ratio, best at 1",
   * towards()): the comparison, the gate and every limit work on a question's distance from
   * it, |value − target|, lower better, and the words above are the distance's. The value
   * itself is what results.json keeps.
   */
  target?: number
}

export const DIRECTIONS = {
  higher: { better: 'higher is better', rise: 'better', fall: 'worse', worse: 'fell', limit: 'floor' },
  lower: { better: 'lower is better', rise: 'worse', fall: 'better', worse: 'rose', limit: 'ceiling' },
} as const satisfies Record<string, DirectionWords>

/** The direction of a metric best at `target` (DirectionWords.target): its distance from the target is compared, lower better. */
export function towards(target: number): DirectionWords {
  return { better: `best at ${target}`, rise: 'worse', fall: 'better', worse: 'rose', limit: 'ceiling', target }
}

/** A metric's scale and direction in words: "0–1, higher is better", "ms, lower is better", "a ratio, best at 1". */
export function scaleWords(definition: Pick<MetricDefinition, 'unit' | 'direction'>): string {
  return `${SCALES[definition.unit].words}, ${definition.direction.better}`
}

/**
 * What the comparison works on for one value of a metric: the value itself, or for a metric
 * with a target its distance from the target (DirectionWords.target). Every reader of a
 * question's value that compares, gates or ranks it goes through this.
 */
export function comparedValue(direction: DirectionWords | undefined, value: number): number {
  // a metric without a definition (undefined) is compared as it is
  return direction?.target === undefined ? value : Math.abs(value - direction.target)
}

/**
 * The worst value a metric's scale has, as the comparison reads it (comparedValue): the bottom
 * of the scale where higher is better, the top where lower is, and for a target the end farther
 * from it; NaN when that end is open (latency, a ratio), so there is no worst value to fail with.
 */
export function worstCompared(definition: Pick<MetricDefinition, 'unit' | 'direction'>): number {
  const { min, max } = SCALES[definition.unit]
  const { target, rise } = definition.direction
  const worst = target === undefined ? (rise === 'better' ? min : max) : target - min > max - target ? min : max
  return Number.isFinite(worst) ? comparedValue(definition.direction, worst) : Number.NaN
}

/** Why a finite value cannot be a score of this metric, or null when it can. */
export function outOfScale(definition: Pick<MetricDefinition, 'name' | 'unit'>, value: number): string | null {
  const { min, max, words } = SCALES[definition.unit]
  if (value >= min && value <= max) return null
  const range = max === Number.POSITIVE_INFINITY ? `at least ${min}` : `${min}–${max}`
  return `internal error: ${definition.name} was scored ${value}, outside its scale (${words}: ${range}); the value is not used. Report it: a scoring function wrote it`
}

/** A deterministic metric's score of one question (MetricDefinition.score). */
export type QuestionScorer = (q: Question, k: number) => Readonly<Score> | undefined
