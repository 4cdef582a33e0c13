import { createHash } from 'node:crypto'
import type { CandidateOutput } from '../schemas/candidate.ts'
import type { EvalRow } from '../schemas/evalSet.ts'
import type { Claim } from '../schemas/results.ts'
import { averagePrecision, claimScores, shareCovered } from './rag.ts'
import { CITATION_PATTERN } from './rules.ts'
import { covers, sentences, tokenCount, tokenize, union, type Tokens } from './tokens.ts'
import { noScore, type Score } from './types.ts'

/**
 * The offline, deterministic provider (the seed's "no-model" route). It computes only what
 * token and number overlap can honestly say:
 *   completeness_norm  reference points covered by the answer
 *   faithfulness       answer clauses whose numbers and most words appear in the contexts
 *   hallucination_rate 1 − faithfulness on the same clauses
 *   context_precision  average precision over chunks that cover a reference statement
 *   context_recall     reference statements covered by the contexts
 * It cannot tell a contradiction from an omission, so it never reports `contradicted`, and
 * it does not pretend to judge accuracy, relevance or answer relevancy.
 */
export const LEXICAL_SETTINGS = {
  version: 2,
  /** share of a statement's words that must appear for it to count as covered */
  minWordShare: 0.5,
  /** clauses with fewer content tokens are filler ("好的", "抱歉"), not claims */
  minClauseTokens: 2,
  /** within a sentence, clauses are split here too: one claim per clause */
  clauseSeparators: '；;，,',
} as const

export const LEXICAL_METRICS = ['completeness_norm', 'faithfulness', 'hallucination_rate', 'context_precision', 'context_recall'] as const

export function lexicalDefinitionsHash(): string {
  return createHash('sha256').update(JSON.stringify(LEXICAL_SETTINGS)).digest('hex').slice(0, 16)
}

export interface LexicalResult {
  scores: Record<string, Score>
  claims: Claim[]
}

// a comma between digits groups thousands (1,000 元): it does not end a clause
const CLAUSE_SPLIT = new RegExp(`(?:(?!(?<=\\d),\\d{3}(?!\\d))[${LEXICAL_SETTINGS.clauseSeparators}])+`)

export function scoreLexical(row: EvalRow, output: CandidateOutput, isRefusal: boolean, tokensOf: (text: string) => Tokens = tokenize): LexicalResult {
  if (row.should_refuse) {
    const skipped = noScore('should-refuse question: judged by refuse_ok')
    return { scores: Object.fromEntries(LEXICAL_METRICS.map((m) => [m, skipped])), claims: [] }
  }
  const chunks = output.contexts.map(tokensOf)
  const allContexts = union(chunks)
  const reference = referenceStatements(row)
  const scores: Record<string, Score> = {}

  const answer = tokenize(output.answer)
  scores.completeness_norm = shareCovered(
    row.reference_points.map((p) => covers(answer, tokensOf(p), LEXICAL_SETTINGS.minWordShare)),
    'reference_points',
  )

  const answerClauses = clauses(output.answer)
  const claims: Claim[] = isRefusal
    ? []
    : answerClauses.map(({ text, tokens }) => ({
        text,
        verdict: covers(allContexts, tokens, LEXICAL_SETTINGS.minWordShare) ? 'supported' : 'not_mentioned',
      }))
  const claimResult = claimScores(
    claims.map((c) => c.verdict),
    false,
  )
  if (isRefusal) {
    const refusal = noScore('the answer is a refusal: no factual claim to check')
    claimResult.faithfulness = refusal
    claimResult.hallucination_rate = refusal
  }
  Object.assign(scores, claimResult)

  const statements = reference.statements.length > 0 ? reference : { against: 'answer' as const, statements: answerClauses.map((c) => c.tokens) }
  if (statements.statements.length === 0) {
    scores.context_precision = noScore('no ground truth and no answer claims to judge chunk usefulness against')
  } else {
    const useful = chunks.map((chunk) => statements.statements.some((s) => covers(chunk, s, LEXICAL_SETTINGS.minWordShare)))
    scores.context_precision = { value: averagePrecision(useful), reason: `usefulness judged against the ${statements.against === 'answer' ? 'answer (no ground truth)' : 'ground truth'}` }
  }
  scores.context_recall = shareCovered(
    reference.statements.map((s) => covers(allContexts, s, LEXICAL_SETTINGS.minWordShare)),
    'reference points or ground truth',
  )
  return { scores, claims }
}

/** Reference points when the row has them, else the ground truth split into clauses. */
function referenceStatements(row: EvalRow): { against: 'ground_truth'; statements: Tokens[] } {
  if (row.reference_points.length > 0) {
    return { against: 'ground_truth', statements: row.reference_points.map(tokenize).filter((t) => tokenCount(t) > 0) }
  }
  return { against: 'ground_truth', statements: row.ground_truth ? clauses(row.ground_truth).map((c) => c.tokens) : [] }
}

function clauses(text: string): { text: string; tokens: Tokens }[] {
  return sentences(text.replace(new RegExp(CITATION_PATTERN.source, 'gi'), ' '))
    .flatMap((sentence) => sentence.split(CLAUSE_SPLIT))
    .map((t) => t.replace(/[。！？!?.\s]+$/u, ''))
    .map((t) => t.trim())
    .map((t) => ({ text: t, tokens: tokenize(t) }))
    .filter((c) => tokenCount(c.tokens) >= LEXICAL_SETTINGS.minClauseTokens)
}

