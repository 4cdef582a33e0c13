import type { EvalRow } from '../schemas/evalSet.ts'
import { scoreCitationValidity } from './citations.ts'
import { DIRECTIONS, type LlmSource, type MetricDefinition, type MetricFamily, type MetricTier, type RunShape } from './definition.ts'
import { fromCall, judgedScores, type JudgedScore, type ReplyValues } from './judgedScores.ts'
import { lexicalScores, type LexicalScorer } from './lexicalScores.ts'
import { hasEarlierTurns, sharedWork } from './question.ts'
import { hitAt, mrr, ndcgAt, precisionAt, recallAt } from './retrieval.ts'
import { citationCheck, forbiddenCheck, jsonCheck, lengthCheck, overRefusalCheck, refusalCheck, ruleScore, rulesPass, type Rule, type RuleCheck } from './rules.ts'

export * from './definition.ts'
export { hasEarlierTurns } from './question.ts'

const answerable = (run: RunShape) => run.rows.some((r) => !r.should_refuse)
const withRelevantDocs = (run: RunShape) => run.rows.some((r) => r.relevant_docs.length > 0)
const always = () => true
const notRefusal = (row: EvalRow) => !row.should_refuse

type RuleDefinition<Name extends string> = MetricDefinition<Name> & Rule

/** Rules: pass/fail, from the answer alone, by the check (rules.ts); a should-refuse question is checked by refuse_ok only. */
function rule<Name extends string>(name: Name, displayName: string, description: string, check: RuleCheck, more: Partial<Omit<MetricDefinition, 'name'>>): RuleDefinition<Name> {
  const shared = sharedWork(check)
  return { ...passFail(name, displayName, description, ruleScore(shared)), check: shared, ...more }
}

function passFail<Name extends string>(name: Name, displayName: string, description: string, score: MetricDefinition['score']): MetricDefinition<Name> {
  return { name, displayName, description, family: 'rules', tiers: ['rules'], score, direction: DIRECTIONS.higher, binary: true, unit: 'score', gate: 'max_drop', nullWhen: 'never: 0 or 1' }
}

/** Retrieval: from retrieved_ids against relevant_doc_ids, planned when some question lists relevant docs. */
function retrieval<Name extends string>(
  name: Name,
  displayName: string,
  description: string,
  score: MetricDefinition['score'],
  nullWhen: string,
  more: Partial<Omit<MetricDefinition, 'name'>> = {},
): MetricDefinition<Name> {
  return {
    name,
    displayName,
    description,
    family: 'retrieval',
    tiers: ['retrieval'],
    score,
    direction: DIRECTIONS.higher,
    binary: false,
    unit: 'score',
    gate: 'max_drop',
    planned: withRelevantDocs,
    testFamily: 'retrieval',
    nullWhen,
    ...more,
  }
}

/** A score in [0, 1], higher is better, from the reply of the LLM judge's `llmSource` call and, with its function, from the lexical provider too. */
function judged<Name extends string, Source extends LlmSource>(
  name: Name,
  family: MetricFamily,
  llmSource: Source,
  text: [displayName: string, description: string, nullWhen: string],
  scorers: { llm: (reply: ReplyValues[Source], row: EvalRow) => JudgedScore; lexical?: LexicalScorer },
  more: Partial<Omit<MetricDefinition, 'name'>> = {},
): MetricDefinition<Name> {
  const [displayName, description, nullWhen] = text
  const tiers: MetricTier[] = scorers.lexical ? ['lexical', 'llm'] : ['llm']
  const lexical = scorers.lexical ? { fromLexical: scorers.lexical } : {}
  const fromJudge = fromCall(llmSource, scorers.llm)
  return { name, displayName, description, family, tiers, ...lexical, fromJudge, direction: DIRECTIONS.higher, binary: false, unit: 'score', gate: 'max_drop', llmSource, nullWhen, ...more }
}

const SKIPPED = 'a should-refuse question (judged by refuse_ok)'
const RUBRIC_NULL = 'never: the rubric judges every question, a should-refuse one too (a failed judge call is an error)'
const CLAIMS_NULL = `${SKIPPED}, a refusal (lexical), or an answer that makes no factual claim`

const RULES = [
  rule('length_ok', 'Length within bounds', 'answer length within [min_length, max_length]: characters for CJK text, words for other text', lengthCheck, { planned: answerable, askedOf: notRefusal }),
  rule('citation_ok', 'Cites a source', 'answer carries a [文档N] / [docN] / [N] citation', citationCheck, {
    planned: (run) => answerable(run) && run.config.rules.require_citation,
    askedOf: notRefusal,
  }),
  rule('no_forbidden', 'No forbidden words', 'answer contains none of the forbidden words', forbiddenCheck, { planned: answerable, askedOf: notRefusal }),
  rule('json_ok', 'Valid JSON', 'answer is a JSON object with the required keys (expect_json rows)', jsonCheck, {
    planned: (run) => run.rows.some((r) => r.expect_json && !r.should_refuse),
    askedOf: (row) => row.expect_json,
  }),
  rule('refuse_ok', 'Refuses when it should', 'should-refuse question answered with a refusal phrase', refusalCheck, {
    planned: (run) => run.rows.some((r) => r.should_refuse),
    askedOf: (row) => row.should_refuse,
    categoryRank: 2,
  }),
  rule('no_over_refusal', 'Answers when it can', 'answerable question not refused (0 = over-refusal: a refusal phrase where an answer was due)', overRefusalCheck, {
    planned: answerable,
    askedOf: notRefusal,
  }),
] as const

/** rules_pass names the failed rules the over-refusal first: it explains the others (a refusal is short and cites nothing). */
const OVER_REFUSAL_FIRST = [...RULES].sort((a, b) => Number(b.name === 'no_over_refusal') - Number(a.name === 'no_over_refusal'))

/**
 * Every metric evalgate knows, once: the facts the scoring, the comparison and the report
 * read, and its scoring function (definition.ts says what each property means). Every list of
 * metric names elsewhere (what a run plans, what a provider computes, which metrics head the
 * report) is derived from these definitions by `registry.ts`. In report order: the SPEC's
 * family table, and within a family the order here.
 */
export const METRIC_DEFINITIONS = [
  ...RULES,
  { ...passFail('rules_pass', 'All rules pass', 'every applicable rule passed', rulesPass(OVER_REFUSAL_FIRST)), planned: always, headline: true, trendRank: 2, categoryRank: 1 },
  retrieval('precision@K', 'Precision@{k}', 'precision over the top {k} retrieved ids', precisionAt, 'never: 0 when nothing relevant is in the top {k}'),
  retrieval('recall@K', 'Recall@{k}', 'recall over the top {k} retrieved ids', recallAt, 'the question lists no relevant_doc_ids', { trendRank: 6, categoryRank: 3 }),
  retrieval('hit@K', 'Hit@{k}', 'hit over the top {k} retrieved ids', hitAt, 'never: 0 or 1', { binary: true }),
  retrieval('ndcg@K', 'NDCG@{k}', 'ndcg over the top {k} retrieved ids', ndcgAt, 'the question lists no relevant_doc_ids'),
  retrieval('mrr', 'MRR', '1 / rank of the first relevant id, 0 if none', mrr, 'never: 0 when no relevant id was retrieved (the note says why)', { trendRank: 5, categoryRank: 4 }),
  {
    name: 'citation_valid',
    displayName: 'Valid citations',
    description: 'share of [N] / [docN] / [文档N] citations whose N (1-based) points to an existing context',
    family: 'citations',
    tiers: ['citations'],
    score: (q) => scoreCitationValidity(q.output.answer, q.output.contexts.length),
    direction: DIRECTIONS.higher,
    binary: false,
    unit: 'score',
    gate: 'max_drop',
    planned: always,
    nullWhen: 'the answer cites nothing',
  },
  judged('accuracy_norm', 'judge', 'rubric', ['Accuracy', 'rubric accuracy, 0-4 scaled to 0-1', RUBRIC_NULL], { llm: judgedScores.accuracy }, { headline: true, trendRank: 1, categoryRank: 5 }),
  judged('relevance_norm', 'judge', 'rubric', ['Relevance', 'rubric relevance, 0-4 scaled to 0-1', RUBRIC_NULL], { llm: judgedScores.relevance }),
  judged(
    'completeness_norm',
    'judge',
    'rubric',
    ['Completeness', 'rubric completeness (lexical: reference points covered), 0-1', `lexical: ${SKIPPED} or no reference_points; llm: ${RUBRIC_NULL}`],
    { llm: judgedScores.completeness, lexical: lexicalScores.completeness },
    { headline: true, trendRank: 4, categoryRank: 6 },
  ),
  judged('citation_norm', 'judge', 'rubric', ['Citation correctness', 'rubric citation correctness, 0-4 scaled to 0-1', RUBRIC_NULL], { llm: judgedScores.citation }),
  judged(
    'context_retention_norm',
    'judge',
    'rubric',
    [
      'Context retention',
      'rubric context retention: a turn after the first keeps what was said earlier (0 = forgot it), 0-4 scaled to 0-1',
      'a first turn or a single question (nothing earlier to retain); lexical: always (it cannot judge context retention)',
    ],
    { llm: judgedScores.contextRetention, lexical: lexicalScores.contextRetention },
    // only a set with a turn after the first has the column: a single-turn run's results are unchanged
    { planned: (run) => run.rows.some(hasEarlierTurns) },
  ),
  judged(
    'faithfulness',
    'rag',
    'claims',
    ['Faithfulness', 'supported claims / all claims', CLAIMS_NULL],
    { llm: judgedScores.faithfulness, lexical: lexicalScores.faithfulness },
    { headline: true, trendRank: 3, categoryRank: 7, testFamily: 'claims' },
  ),
  judged('answer_relevancy', 'rag', 'questions', ['Answer relevancy', 'cosine similarity of questions generated from the answer', `${SKIPPED}, or an empty answer`], {
    llm: judgedScores.answerRelevancy,
  }),
  judged(
    'context_precision',
    'rag',
    'usefulness',
    ['Context precision', 'average precision of useful chunks in rank order', `${SKIPPED}, or no ground truth and no answer to judge the chunks against`],
    { llm: judgedScores.contextPrecision, lexical: lexicalScores.contextPrecision },
  ),
  judged(
    'context_recall',
    'rag',
    'recall',
    ['Context recall', 'reference points attributable to the contexts', `${SKIPPED}, or no reference points and no ground truth`],
    { llm: judgedScores.contextRecall, lexical: lexicalScores.contextRecall },
    { categoryRank: 8 },
  ),
  judged(
    'hallucination_rate',
    'hallucination',
    'claims',
    ['Hallucination rate', '1 - faithfulness on the same claims', CLAIMS_NULL],
    { llm: judgedScores.hallucinationRate, lexical: lexicalScores.hallucinationRate },
    { direction: DIRECTIONS.lower, testFamily: 'claims' },
  ),
  judged(
    'contradicted',
    'hallucination',
    'claims',
    ['Contradicted', '1 when any claim is contradicted by the contexts', CLAIMS_NULL],
    { llm: judgedScores.contradicted },
    { direction: DIRECTIONS.lower, binary: true },
  ),
  {
    name: 'latency_ms',
    displayName: 'Latency',
    description: 'candidate latency in milliseconds',
    family: 'operations',
    tiers: ['operations'],
    // no value: null, with its missingNote
    score: ({ output }) => (output.latency_ms === null ? undefined : { value: output.latency_ms }),
    direction: DIRECTIONS.lower,
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
