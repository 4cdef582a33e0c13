import type { CandidateOutput } from '../schemas/candidate.ts'
import type { EvalRow } from '../schemas/evalSet.ts'
import type { Claim } from '../schemas/results.ts'
import type { LexicalAnalysis } from './lexicalScores.ts'
import { isKnownMetric, registry, type MetricName } from './registry.ts'
import { CITATION_PATTERN } from './rules.ts'
import { covers, sentences, textCache, tokenCount, tokenize, union, type Tokens } from './tokens.ts'
import type { Scores } from './types.ts'

/**
 * The offline, deterministic provider (the seed's "no-model" route): token and number overlap
 * (tokens.ts: Chinese by character bigrams; English normalised, stop-listed and stemmed, with
 * number words, units and a negation guard).
 *   completeness_norm  reference points covered by the answer
 *   faithfulness       answer clauses whose numbers and most words appear in the contexts
 *   hallucination_rate 1 − faithfulness on the same clauses
 *   context_precision  average precision over chunks that cover a reference statement
 *   context_recall     reference statements covered by the contexts
 * It sees shared words, numbers and whether a statement is negated; it does not see synonyms,
 * paraphrases in other words, or what a sentence means. It never reports `contradicted` (a
 * clause it cannot find is "not mentioned", whatever the reason) and does not pretend to judge
 * accuracy, relevance, answer relevancy or context retention (null with a reason).
 */
export const LEXICAL_SETTINGS = {
  version: 4,
  /** English words: stopword 3.1.5's `eng` list, Porter2 stems (wink-porter2-stemmer 2.0.1) */
  english: 'stopword-3.1.5-eng, porter2, number words, units, hyphen pairs, technical tokens (flags, paths, identifiers, versions)',
  /** a negated statement is covered only by a text that negates it too, and the other way round */
  negationGuard: true,
  /** share of a statement's words that must appear for it to count as covered */
  minWordShare: 0.5,
  /** clauses with fewer content tokens are filler ("好的", "抱歉"), not claims */
  minClauseTokens: 2,
  /** within a sentence, clauses are split here too: one claim per clause */
  clauseSeparators: '；;，,',
} as const

export const LEXICAL_METRICS: readonly MetricName[] = registry.computedBy('lexical').filter(isKnownMetric)

export { NO_RETENTION } from './lexicalScores.ts'

export interface LexicalResult {
  scores: Scores
  claims: Claim[]
}

// a comma between digits groups thousands (1,000 元): it does not end a clause
const CLAUSE_SPLIT = new RegExp(`(?:(?!(?<=\\d),\\d{3}(?!\\d))[${LEXICAL_SETTINGS.clauseSeparators}])+`)

/** Where scoreLexical gets a text's tokens and clauses; `lexicalTexts()` memoises both for a run. */
export interface LexicalTexts {
  tokens(text: string): Tokens
  clauses(text: string): readonly Statement[]
}

const UNCACHED: LexicalTexts = { tokens: tokenize, clauses: (text) => clauses(text, tokenize) }

/** One run's texts, tokenised and split once however often they recur (contexts, answers and their clauses repeat across questions); `clear` lets them go. */
export function lexicalTexts(): LexicalTexts & { clear(): void } {
  const tokens = textCache(tokenize)
  const clausesOf = textCache((text) => clauses(text, tokens))
  return {
    tokens,
    clauses: clausesOf,
    clear: () => {
      tokens.clear()
      clausesOf.clear()
    },
  }
}

export function scoreLexical(row: EvalRow, output: CandidateOutput, isRefusal: boolean, texts: LexicalTexts = UNCACHED): LexicalResult {
  const analysis = analyseLexical(row, output, isRefusal, texts)
  const scores: Scores = {}
  for (const { name, fromLexical } of LEXICAL_SCORERS) scores[name] = fromLexical(analysis)
  return { scores, claims: analysis.claims as Claim[] }
}

/** Each lexical metric's name and its definition's function from the analysis to its score. */
const LEXICAL_SCORERS = registry.definitions.flatMap((d) => (d.fromLexical && isKnownMetric(d.name) ? [{ name: d.name, fromLexical: d.fromLexical }] : []))

/** What overlap finds in one question: what the answer and the contexts cover, for each lexical metric's definition to score. */
export function analyseLexical(row: EvalRow, output: CandidateOutput, isRefusal: boolean, texts: LexicalTexts = UNCACHED): LexicalAnalysis {
  if (row.should_refuse) return { shouldRefuse: true, refusal: false, points: [], claims: [], chunks: null, attributable: [] }
  const tokensOf = texts.tokens
  const share = LEXICAL_SETTINGS.minWordShare
  const chunks = output.contexts.map(tokensOf)
  const allContexts = union(chunks)
  const reference = referenceStatements(row, texts)
  const answer = tokensOf(output.answer)
  const answerClauses = texts.clauses(output.answer)
  const judgeAgainst = reference.length > 0 ? { label: 'the ground truth', statements: reference } : { label: 'the answer (no ground truth)', statements: answerClauses }
  return {
    shouldRefuse: false,
    refusal: isRefusal,
    points: row.reference_points.map((text) => ({ text, covered: covers(answer, tokensOf(text), share) })),
    claims: isRefusal ? [] : answerClauses.map(({ text, tokens }) => ({ text, verdict: covers(allContexts, tokens, share) ? 'supported' : 'not_mentioned' })),
    chunks: judgeAgainst.statements.length === 0 ? null : { useful: chunks.map((chunk) => judgeAgainst.statements.some((s) => covers(chunk, s.tokens, share))), against: judgeAgainst.label },
    attributable: reference.map((s) => ({ text: s.text, covered: covers(allContexts, s.tokens, share) })),
  }
}

export interface Statement {
  readonly text: string
  readonly tokens: Tokens
}

/** Reference points when the row has them, else the ground truth split into clauses. */
function referenceStatements(row: EvalRow, texts: LexicalTexts): readonly Statement[] {
  if (row.reference_points.length > 0) {
    return row.reference_points.map((text) => ({ text, tokens: texts.tokens(text) })).filter((s) => tokenCount(s.tokens) > 0)
  }
  return row.ground_truth ? texts.clauses(row.ground_truth) : []
}

const CITATION = new RegExp(CITATION_PATTERN.source, 'gi')

function clauses(text: string, tokensOf: (text: string) => Tokens): Statement[] {
  return sentences(text.replace(CITATION, ' '))
    .flatMap((sentence) => sentence.split(CLAUSE_SPLIT))
    .map((t) => t.replace(/[。！？!?.\s]+$/u, ''))
    .map((t) => t.trim())
    .map((t) => ({ text: t, tokens: tokensOf(t) }))
    .filter((c) => tokenCount(c.tokens) >= LEXICAL_SETTINGS.minClauseTokens)
}
