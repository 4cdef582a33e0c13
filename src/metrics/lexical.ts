import { quotedAlike } from '../text/script.ts'
import type { CandidateOutput } from '../schemas/candidate.ts'
import type { EvalRow } from '../schemas/evalSet.ts'
import type { Claim } from '../schemas/results.ts'
import { averagePrecision, claimScores, shareCovered } from './rag.ts'
import { isKnownMetric, registry, type MetricName } from './registry.ts'
import { CITATION_PATTERN } from './rules.ts'
import { covers, sentences, textCache, tokenCount, tokenize, union, type Tokens } from './tokens.ts'
import { noScore, type Score, type Scores } from './types.ts'

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

/** context_retention_norm's reason on every question: word overlap cannot tell whether an answer kept what was said earlier. */
export const NO_RETENTION = 'lexical cannot judge context retention'

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
  const tokensOf = texts.tokens
  if (row.should_refuse) {
    const skipped = noScore('should-refuse question: judged by refuse_ok')
    return { scores: { ...Object.fromEntries(LEXICAL_METRICS.map((m) => [m, skipped])), context_retention_norm: noScore(NO_RETENTION) }, claims: [] }
  }
  const chunks = output.contexts.map(tokensOf)
  const allContexts = union(chunks)
  const reference = referenceStatements(row, texts)
  const share = LEXICAL_SETTINGS.minWordShare
  const scores: Scores = { context_retention_norm: noScore(NO_RETENTION) }

  const answer = tokensOf(output.answer)
  const points = row.reference_points.map((text) => ({ text, covered: covers(answer, tokensOf(text), share) }))
  scores.completeness_norm = withMissing(
    shareCovered(
      points.map((p) => p.covered),
      'reference_points',
    ),
    points,
    isRefusal ? 'the answer is a refusal; not in the answer' : 'not in the answer',
  )

  const answerClauses = texts.clauses(output.answer)
  const claims: Claim[] = isRefusal ? [] : answerClauses.map(({ text, tokens }) => ({ text, verdict: covers(allContexts, tokens, share) ? 'supported' : 'not_mentioned' }))
  Object.assign(
    scores,
    claimScores(
      claims.map((c) => c.verdict),
      false,
    ),
  )
  if (isRefusal) {
    const refusal = noScore('the answer is a refusal: no factual claim to check')
    scores.faithfulness = refusal
    scores.hallucination_rate = refusal
  } else {
    const unsupported = claims.filter((c) => c.verdict !== 'supported').map((c) => c.text)
    if (unsupported.length > 0) scores.faithfulness!.reason = `not found in the contexts: ${quoteList(unsupported)}`
  }

  const judgeAgainst = reference.length > 0 ? { label: 'the ground truth', statements: reference } : { label: 'the answer (no ground truth)', statements: answerClauses }
  if (judgeAgainst.statements.length === 0) {
    scores.context_precision = noScore('no ground truth and no answer claims to judge chunk usefulness against')
  } else {
    const useful = chunks.map((chunk) => judgeAgainst.statements.some((s) => covers(chunk, s.tokens, share)))
    // the note always says what usefulness was judged against (SPEC: the report says which)
    scores.context_precision = { value: averagePrecision(useful), reason: `useful chunks in rank order [${useful.map(Number).join(',')}], judged against ${judgeAgainst.label}` }
  }
  const attributable = reference.map((s) => ({ text: s.text, covered: covers(allContexts, s.tokens, share) }))
  scores.context_recall = withMissing(
    shareCovered(
      attributable.map((a) => a.covered),
      'reference points or ground truth',
    ),
    attributable,
    'not in the contexts',
  )
  return { scores, claims }
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

/** Names what was not covered, so a reviewer sees why a score dropped. */
function withMissing(result: Score, items: readonly { text: string; covered: boolean }[], where: string): Score {
  const missing = items.filter((i) => !i.covered).map((i) => i.text)
  if (result.value !== null && missing.length > 0) result.reason = `${where}: ${quoteList(missing)}`
  return result
}

function quoteList(texts: readonly string[]): string {
  const shown = quotedAlike(
    texts.slice(0, 3).map((t) => (t.length > 40 ? `${t.slice(0, 39)}…` : t)),
    texts.join(' '),
  )
  return shown.join(' ') + (texts.length > 3 ? ` (+${texts.length - 3} more)` : '')
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
