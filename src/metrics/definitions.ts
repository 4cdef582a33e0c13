import type { CandidateOutput } from '../schemas/candidate.ts'
import type { Config } from '../schemas/config.ts'
import type { EvalRow } from '../schemas/evalSet.ts'

/**
 * Every metric evalgate knows, once: the facts the scoring, the comparison and the report
 * read. Every list of metric names elsewhere (what a run plans, what a provider computes,
 * which metrics head the report) is derived from these definitions by `registry.ts`.
 * Direction belongs to the metric, never to the caller.
 */
export type MetricFamily = 'rules' | 'retrieval' | 'citations' | 'judge' | 'rag' | 'hallucination' | 'operations'

/** Who computes a metric: the deterministic tier's scoring functions (`deterministic.ts`), or a scoring provider. */
export type MetricTier = 'rules' | 'retrieval' | 'citations' | 'operations' | 'lexical' | 'llm'
export type DeterministicTier = Exclude<MetricTier, 'lexical' | 'llm'>

/** The LLM tier's judge calls, in the order a question's scores are written (llm.ts). */
export const LLM_SOURCES = ['rubric', 'claims', 'usefulness', 'recall', 'questions'] as const
export type LlmSource = (typeof LLM_SOURCES)[number]

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
  higherIsBetter: boolean
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
  ms: { min: 0, max: Number.POSITIVE_INFINITY, words: 'ms' },
} as const satisfies Record<string, MetricScale>
export type MetricUnit = keyof typeof SCALES

/** A metric's scale and direction in words: "0–1, higher is better", "ms, lower is better". */
export function scaleWords(definition: Pick<MetricDefinition, 'unit' | 'higherIsBetter'>): string {
  return `${SCALES[definition.unit].words}, ${definition.higherIsBetter ? 'higher' : 'lower'} is better`
}

/** Why a finite value cannot be a score of this metric, or null when it can. */
export function outOfScale(definition: Pick<MetricDefinition, 'name' | 'unit'>, value: number): string | null {
  const { min, max, words } = SCALES[definition.unit]
  if (value >= min && value <= max) return null
  const range = max === Number.POSITIVE_INFINITY ? `at least ${min}` : `${min}–${max}`
  return `internal error: ${definition.name} was scored ${value}, outside its scale (${words}: ${range}); the value is not used. Report it: a scoring function wrote it`
}

const answerable = (run: RunShape) => run.rows.some((r) => !r.should_refuse)
const withRelevantDocs = (run: RunShape) => run.rows.some((r) => r.relevant_docs.length > 0)
const always = () => true
const notRefusal = (row: EvalRow) => !row.should_refuse
/** a question asked after earlier turns: a conversation's turn 2, 3, …, or a row with a history cell */
export const hasEarlierTurns = (row: EvalRow) => (row.conversation?.turn ?? 1) > 1 || (row.history?.length ?? 0) > 0

/** Rules: pass/fail, from the answer alone; a should-refuse question is checked by refuse_ok only. */
function rule<Name extends string>(name: Name, displayName: string, description: string, more: Partial<Omit<MetricDefinition, 'name'>>): MetricDefinition<Name> {
  return { name, displayName, description, family: 'rules', tiers: ['rules'], higherIsBetter: true, binary: true, unit: 'score', gate: 'max_drop', nullWhen: 'never: 0 or 1', ...more }
}

/** Retrieval: from retrieved_ids against relevant_doc_ids, planned when some question lists relevant docs. */
function retrieval<Name extends string>(name: Name, displayName: string, description: string, nullWhen: string, more: Partial<Omit<MetricDefinition, 'name'>> = {}): MetricDefinition<Name> {
  return {
    name,
    displayName,
    description,
    family: 'retrieval',
    tiers: ['retrieval'],
    higherIsBetter: true,
    binary: false,
    unit: 'score',
    gate: 'max_drop',
    planned: withRelevantDocs,
    testFamily: 'retrieval',
    nullWhen,
    ...more,
  }
}

/** A score in [0, 1], higher is better, computed by the scoring providers named. */
function judged<Name extends string>(
  name: Name,
  family: MetricFamily,
  tiers: readonly MetricTier[],
  llmSource: LlmSource,
  text: [displayName: string, description: string, nullWhen: string],
  more: Partial<Omit<MetricDefinition, 'name'>> = {},
): MetricDefinition<Name> {
  const [displayName, description, nullWhen] = text
  return { name, displayName, description, family, tiers, higherIsBetter: true, binary: false, unit: 'score', gate: 'max_drop', llmSource, nullWhen, ...more }
}

const SKIPPED = 'a should-refuse question (judged by refuse_ok)'
const RUBRIC_NULL = 'never: the rubric judges every question, a should-refuse one too (a failed judge call is an error)'
const CLAIMS_NULL = `${SKIPPED}, a refusal (lexical), or an answer that makes no factual claim`

/** In report order: the SPEC's family table, and within a family the order here. */
export const METRIC_DEFINITIONS = [
  rule('length_ok', 'Length within bounds', 'answer length within [min_length, max_length]: characters for CJK text, words for other text', { planned: answerable, askedOf: notRefusal }),
  rule('citation_ok', 'Cites a source', 'answer carries a [文档N] / [docN] / [N] citation', { planned: (run) => answerable(run) && run.config.rules.require_citation, askedOf: notRefusal }),
  rule('no_forbidden', 'No forbidden words', 'answer contains none of the forbidden words', { planned: answerable, askedOf: notRefusal }),
  rule('json_ok', 'Valid JSON', 'answer is a JSON object with the required keys (expect_json rows)', {
    planned: (run) => run.rows.some((r) => r.expect_json && !r.should_refuse),
    askedOf: (row) => row.expect_json,
  }),
  rule('refuse_ok', 'Refuses when it should', 'should-refuse question answered with a refusal phrase', {
    planned: (run) => run.rows.some((r) => r.should_refuse),
    askedOf: (row) => row.should_refuse,
    categoryRank: 2,
  }),
  rule('no_over_refusal', 'Answers when it can', 'answerable question not refused (0 = over-refusal: a refusal phrase where an answer was due)', { planned: answerable, askedOf: notRefusal }),
  rule('rules_pass', 'All rules pass', 'every applicable rule passed', { planned: always, headline: true, trendRank: 2, categoryRank: 1 }),
  retrieval('precision@K', 'Precision@{k}', 'precision over the top {k} retrieved ids', 'never: 0 when nothing relevant is in the top {k}'),
  retrieval('recall@K', 'Recall@{k}', 'recall over the top {k} retrieved ids', 'the question lists no relevant_doc_ids', { trendRank: 6, categoryRank: 3 }),
  retrieval('hit@K', 'Hit@{k}', 'hit over the top {k} retrieved ids', 'never: 0 or 1', { binary: true }),
  retrieval('ndcg@K', 'NDCG@{k}', 'ndcg over the top {k} retrieved ids', 'the question lists no relevant_doc_ids'),
  retrieval('mrr', 'MRR', '1 / rank of the first relevant id, 0 if none', 'never: 0 when no relevant id was retrieved (the note says why)', { trendRank: 5, categoryRank: 4 }),
  {
    name: 'citation_valid',
    displayName: 'Valid citations',
    description: 'share of [N] / [docN] / [文档N] citations whose N (1-based) points to an existing context',
    family: 'citations',
    tiers: ['citations'],
    higherIsBetter: true,
    binary: false,
    unit: 'score',
    gate: 'max_drop',
    planned: always,
    nullWhen: 'the answer cites nothing',
  },
  judged('accuracy_norm', 'judge', ['llm'], 'rubric', ['Accuracy', 'rubric accuracy, 0-4 scaled to 0-1', RUBRIC_NULL], { headline: true, trendRank: 1, categoryRank: 5 }),
  judged('relevance_norm', 'judge', ['llm'], 'rubric', ['Relevance', 'rubric relevance, 0-4 scaled to 0-1', RUBRIC_NULL]),
  judged(
    'completeness_norm',
    'judge',
    ['lexical', 'llm'],
    'rubric',
    ['Completeness', 'rubric completeness (lexical: reference points covered), 0-1', `lexical: ${SKIPPED} or no reference_points; llm: ${RUBRIC_NULL}`],
    { headline: true, trendRank: 4, categoryRank: 6 },
  ),
  judged('citation_norm', 'judge', ['llm'], 'rubric', ['Citation correctness', 'rubric citation correctness, 0-4 scaled to 0-1', RUBRIC_NULL]),
  judged(
    'context_retention_norm',
    'judge',
    ['lexical', 'llm'],
    'rubric',
    [
      'Context retention',
      'rubric context retention: a turn after the first keeps what was said earlier (0 = forgot it), 0-4 scaled to 0-1',
      'a first turn or a single question (nothing earlier to retain); lexical: always (it cannot judge context retention)',
    ],
    // only a set with a turn after the first has the column: a single-turn run's results are unchanged
    { planned: (run) => run.rows.some(hasEarlierTurns) },
  ),
  judged('faithfulness', 'rag', ['lexical', 'llm'], 'claims', ['Faithfulness', 'supported claims / all claims', CLAIMS_NULL], {
    headline: true,
    trendRank: 3,
    categoryRank: 7,
    testFamily: 'claims',
  }),
  judged('answer_relevancy', 'rag', ['llm'], 'questions', ['Answer relevancy', 'cosine similarity of questions generated from the answer', `${SKIPPED}, or an empty answer`]),
  judged('context_precision', 'rag', ['lexical', 'llm'], 'usefulness', [
    'Context precision',
    'average precision of useful chunks in rank order',
    `${SKIPPED}, or no ground truth and no answer to judge the chunks against`,
  ]),
  judged('context_recall', 'rag', ['lexical', 'llm'], 'recall', ['Context recall', 'reference points attributable to the contexts', `${SKIPPED}, or no reference points and no ground truth`], {
    categoryRank: 8,
  }),
  judged('hallucination_rate', 'hallucination', ['lexical', 'llm'], 'claims', ['Hallucination rate', '1 - faithfulness on the same claims', CLAIMS_NULL], {
    higherIsBetter: false,
    testFamily: 'claims',
  }),
  judged('contradicted', 'hallucination', ['llm'], 'claims', ['Contradicted', '1 when any claim is contradicted by the contexts', CLAIMS_NULL], { higherIsBetter: false, binary: true }),
  {
    name: 'latency_ms',
    displayName: 'Latency',
    description: 'candidate latency in milliseconds',
    family: 'operations',
    tiers: ['operations'],
    higherIsBetter: false,
    binary: false,
    unit: 'ms',
    gate: 'latency_rise',
    planned: (run) => run.outputs?.some((o) => o.latency_ms !== null) ?? false,
    missingNote: 'the candidate gave no latency_ms for this question',
    nullWhen: 'the candidate gave no latency_ms for the question',
  },
] as const satisfies readonly MetricDefinition[]

/** A definition's name as written: `recall@K` stands for every cut-off. */
export type MetricPattern = (typeof METRIC_DEFINITIONS)[number]['name']
type CutOffPattern = Extract<MetricPattern, `${string}@K`>
type CutOffBase = CutOffPattern extends `${infer Base}@K` ? Base : never
/**
 * A metric's name as results.json writes it: a fixed name, or a cut-off metric at some k
 * (`recall@5`). Scoring functions write through this type, so a misspelt name does not compile.
 */
export type MetricName = Exclude<MetricPattern, CutOffPattern> | `${CutOffBase}@${number}`
