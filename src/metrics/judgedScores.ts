import { quoted } from '../text/script.ts'
import type { EvalRow } from '../schemas/evalSet.ts'
import type { ResponseOf } from '../schemas/judge.ts'
import type { Claim } from '../schemas/results.ts'
import type { LlmSource, RubricPasses } from './llmSources.ts'
import { averagePrecision, contradictedOf, faithfulnessOf, hallucinationRateOf } from './rag.ts'
import { retention } from './retention.ts'
import { noScore, score, type Score } from './score.ts'

/**
 * What one judge call of a question (its LLM source) gave the metrics drawn from it: the reply,
 * the failure that makes each of them an error, or, when the call was not made, the score each
 * of them gets (a should-refuse question, no contexts to judge, no embeddings model).
 */
export type JudgeReply<T> = { kind: 'replied'; value: T } | { kind: 'failed'; error: string } | { kind: 'settled'; score: Score }

export type NoncommittalMode = 'soft' | 'any' | 'all'

/** Each call's reply, as the LLM tier (llm.ts) has checked and lined it up. */
export interface ReplyValues {
  /** every rubric pass (judge.repeats, at least one) */
  rubric: RubricPasses
  /** the answer's claims with their verdicts, and the note when only the first MAX_CLAIMS were judged */
  claims: { claims: readonly Claim[]; cut: string | null }
  /** each chunk in rank order, useful or not, and what that was judged against */
  usefulness: { useful: readonly boolean[]; against: 'ground_truth' | 'answer' }
  /** each reference statement, attributable to the contexts or not */
  recall: ResponseOf<'recall'>['statements']
  /** the cosine of each generated question with the asked one, whether each was marked noncommittal, and the penalty */
  questions: { similarities: readonly number[]; noncommittal: readonly boolean[]; mode: NoncommittalMode }
}

/** One question and its judge calls, each as its metrics see it. */
export interface JudgeReplies {
  readonly row: EvalRow
  readonly calls: { readonly [S in LlmSource]: JudgeReply<ReplyValues[S]> }
}

/** An LLM metric's score, or the error that stands for it on this question. */
export type JudgedScore = Score | { error: string }

/** An LLM metric's score of one question from the judge's replies (MetricDefinition.fromJudge). */
export type JudgeScorer = (replies: JudgeReplies) => JudgedScore

/** A metric drawn from one call: the call's failure or settled score stands for it; a reply is scored by `fromReply`. */
export function fromCall<S extends LlmSource>(source: S, fromReply: (value: ReplyValues[S], row: EvalRow) => JudgedScore): JudgeScorer {
  return (replies) => {
    const reply: JudgeReply<ReplyValues[S]> = replies.calls[source]
    if (reply.kind === 'failed') return { error: reply.error }
    if (reply.kind === 'settled') return { ...reply.score }
    return fromReply(reply.value, replies.row)
  }
}

/** A rubric dimension's 0-4 grade, averaged over the passes and scaled to 0-1, with the first pass's reason. */
function rubricDimension(dimension: 'accuracy' | 'relevance' | 'completeness' | 'citation'): (passes: ReplyValues['rubric']) => Score {
  return (passes) => {
    const mean = passes.reduce((sum, v) => sum + v[dimension], 0) / passes.length
    return { value: mean / 4, reason: String(passes[0].reason) }
  }
}

/** The claims that are not supported, the first three quoted: the reason of every claim metric. */
function unsupportedReason(claims: readonly Claim[]): string | null {
  const unsupported = claims.filter((c) => c.verdict !== 'supported')
  if (unsupported.length === 0) return null
  return unsupported
    .slice(0, 3)
    .map((c) => `${c.verdict === 'contradicted' ? 'contradicted' : 'not in the contexts'}: ${quoted(c.text.slice(0, 60))}`)
    .join('; ')
}

/** A claim metric's score with its reason, after the note that some claims were left out. */
function claimMetric(of: (verdicts: readonly Claim['verdict'][]) => Score, reasonIf: (claims: readonly Claim[]) => boolean): (reply: ReplyValues['claims']) => Score {
  return ({ claims, cut }) => {
    const result = of(claims.map((c) => c.verdict))
    const reason = [cut, reasonIf(claims) ? unsupportedReason(claims) : null].filter(Boolean).join('; ')
    if (reason !== '') result.reason = reason
    return result
  }
}

/**
 * Mean cosine similarity, penalised for noncommittal answers by the named mode: `soft`
 * (× share of committal questions), `any` (0 if any is noncommittal), `all` (0 only when all are).
 */
export function answerRelevancy(similarities: readonly number[], noncommittal: readonly boolean[], mode: NoncommittalMode): Score {
  if (similarities.length === 0) return noScore('no generated questions')
  const mean = similarities.reduce((a, b) => a + b, 0) / similarities.length
  const evasive = noncommittal.filter(Boolean).length
  const share = evasive / noncommittal.length
  const value = mode === 'soft' ? mean * (1 - share) : mode === 'any' ? (evasive > 0 ? 0 : mean) : evasive === noncommittal.length ? 0 : mean
  const clamped = Math.min(1, Math.max(0, value))
  return evasive > 0 ? { value: clamped, reason: `${evasive} of ${noncommittal.length} generated questions marked noncommittal (${mode} penalty)` } : score(clamped)
}

/** Each LLM metric's function from its call's reply to its score; its definition names the call (llmSource). */
export const judgedScores = {
  accuracy: rubricDimension('accuracy'),
  relevance: rubricDimension('relevance'),
  completeness: rubricDimension('completeness'),
  citation: rubricDimension('citation'),
  contextRetention: (passes: ReplyValues['rubric'], row: EvalRow): JudgedScore => {
    const kept = retention(row, passes)
    return 'error' in kept ? kept : kept.score
  },
  faithfulness: claimMetric(faithfulnessOf, () => true),
  hallucinationRate: claimMetric(hallucinationRateOf, () => true),
  contradicted: claimMetric(contradictedOf, (claims) => claims.some((c) => c.verdict === 'contradicted')),
  contextPrecision: ({ useful, against }: ReplyValues['usefulness']): Score => ({
    value: averagePrecision(useful),
    reason: `useful chunks in rank order [${useful.map(Number).join(',')}], judged against the ${against === 'answer' ? 'answer (no ground truth)' : 'ground truth'}`,
  }),
  contextRecall: (statements: ReplyValues['recall']): Score => {
    const attributable = statements.filter((s) => s.attributable).length
    const missing = statements.filter((s) => !s.attributable).map((s) => quoted(s.statement.slice(0, 40)))
    return { value: attributable / statements.length, ...(missing.length ? { reason: `not in the contexts: ${missing.slice(0, 3).join(' ')}` } : {}) }
  },
  answerRelevancy: ({ similarities, noncommittal, mode }: ReplyValues['questions']): Score => answerRelevancy(similarities, noncommittal, mode),
}
