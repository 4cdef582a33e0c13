import { failure, numbered, unlabelled, type Judge } from './judge.ts'
import { CallPlan, type PlannedAsks, type PlannedJudge } from './callPlan.ts'
import type { CandidateOutput } from '../schemas/candidate.ts'
import type { EvalRow } from '../schemas/evalSet.ts'
import type { Claim } from '../schemas/results.ts'
import type { ResponseOf } from '../schemas/judge.ts'
import { countOf } from '../text/countOf.ts'
import type { JudgeReplies, JudgeReply, NoncommittalMode, ReplyValues } from './judgedScores.ts'
import type { RubricPasses } from './llmSources.ts'
import { chunkLabel, type ChunkLabel } from './language.ts'
import type { ClaimVerdict } from './rag.ts'
import { misnumbered, reasked } from './reask.ts'
import { historyBlock } from './retention.ts'
import { isKnownMetric, metricInfo, registry, type MetricName } from './registry.ts'
import { noScore, type Score, type Scores } from './types.ts'
import { knownKey } from '../io/known.ts'

export type { NoncommittalMode } from './judgedScores.ts'

/**
 * The LLM tier: the 0-4 rubric and the RAGAS-style metrics, from judge verdicts: this file
 * asks the calls and lines their replies up, and each metric's definition turns the reply of
 * its call into its score (judgedScores.ts, with the arithmetic in rag.ts). Asks per question, at most: rubric 1 (× repeats), claims 1,
 * claim verdicts 1 (and one per claim when that batch does not line up), chunk usefulness 1
 * and context recall 1 (each asked once more when its reply does not line up with the chunks or
 * the reference points), generated questions 1, plus one embeddings call; `planQuestion` states
 * them and the scoring draws from that plan. The judge is injected; nothing here touches the
 * network itself.
 */
export const LLM_METRICS: readonly MetricName[] = registry.llmMetrics().filter(isKnownMetric)

/** Claims judged per answer: bounds the per-claim re-asks; claims beyond it are left out and the score says so. */
export const MAX_CLAIMS = 20

export interface LlmSettings {
  /** questions generated back from the answer for answer_relevancy */
  relevancyQuestions: number
  noncommittal: NoncommittalMode
  /** rubric passes; 2 measures the judge's own instability */
  repeats: number
  /** false: the endpoint has no embeddings model (judge.embeddings_model: none), answer_relevancy is off */
  embeddings: boolean
  /** how the prompts label the chunks, decided once per run from the questions (chunkLabelOf) */
  chunkLabel: ChunkLabel
}

/** answer_relevancy's reason when there is no embeddings model */
export const NO_EMBEDDINGS_REASON = 'no embeddings model'

export interface LlmQuestionResult {
  scores: Scores
  errors: Record<string, string>
  claims: Claim[]
  /** mean absolute difference between rubric passes (0-1 scale), when repeats > 1 */
  rubricDiff: number | null
}

/**
 * Every call scoring this question may make (the tier's stated plan is the sum over questions).
 * The conditions mirror the scoring functions below, but only from one side: a call the plan
 * leaves out fails as "not in the call plan" instead of being made.
 */
export function planQuestion(row: EvalRow, output: CandidateOutput | undefined, settings: LlmSettings): CallPlan {
  if (!output || output.error !== null) return new CallPlan([])
  const asks: PlannedAsks[] = [{ kind: 'rubric', count: Math.max(1, settings.repeats) }]
  if (!row.should_refuse) {
    const hasContexts = output.contexts.length > 0
    const answered = output.answer.trim() !== ''
    asks.push({ kind: 'claims', count: 1 })
    if (hasContexts) asks.push({ kind: 'verdicts', count: 1 }, { kind: 'verdict', count: MAX_CLAIMS, fallback: true })
    if (hasContexts && (row.ground_truth || answered)) asks.push({ kind: 'usefulness', count: 1 }, { kind: 'usefulness', count: 1, fallback: true })
    if (hasContexts && (row.reference_points.length > 0 || row.ground_truth)) asks.push({ kind: 'recall', count: 1 }, { kind: 'recall', count: 1, fallback: true })
    if (answered && settings.embeddings) asks.push({ kind: 'questions', count: 1 }, { kind: 'embeddings', count: 1 })
  }
  return new CallPlan(asks)
}

/** Scores one question, drawing every judge call from its plan: each call's reply, then each LLM metric's definition scores it. */
export async function scoreWithJudge(row: EvalRow, output: CandidateOutput, inner: Judge, settings: LlmSettings, plan: CallPlan): Promise<LlmQuestionResult> {
  const judge = plan.judge(inner)
  const contexts = numbered(output.contexts.map(unlabelled), (i) => chunkLabel(settings.chunkLabel, i))
  // only the rubric judges a refusal: its correctness is refuse_ok
  const skipped = row.should_refuse ? settled(noScore('should-refuse question: judged by refuse_ok and the rubric')) : null
  // asked in this order, all at once
  const [rubricReply, claimsReply, usefulnessReply, recallReply, questionsReply] = await Promise.all([
    rubric(row, output, contexts, judge, settings),
    skipped ?? claims(row, output, contexts, judge),
    skipped ?? usefulness(row, output, contexts, judge),
    skipped ?? recall(row, output, contexts, judge),
    skipped ?? relevancy(row, output, judge, settings),
  ])
  const replies: JudgeReplies = { row, calls: { rubric: rubricReply, claims: claimsReply, usefulness: usefulnessReply, recall: recallReply, questions: questionsReply } }
  const result: LlmQuestionResult = { scores: {}, errors: {}, claims: claimsReply.kind === 'replied' ? [...claimsReply.value.claims] : [], rubricDiff: rubricDiff(rubricReply) }
  for (const { name, fromJudge } of LLM_SCORERS) {
    const scored = fromJudge(replies)
    if ('error' in scored) {
      result.scores[name] = { value: null }
      result.errors[name] = scored.error
    } else result.scores[name] = scored
  }
  return result
}

/** Each LLM metric's name and its definition's function from the judge's replies to its score, in LLM_METRICS order. */
const LLM_SCORERS = LLM_METRICS.flatMap((name) => {
  const fromJudge = metricInfo(name)?.fromJudge
  return fromJudge ? [{ name, fromJudge }] : []
})

type Reply<S extends keyof ReplyValues> = JudgeReply<ReplyValues[S]>

const replied = <T>(value: T): JudgeReply<T> => ({ kind: 'replied', value })
const failed = (error: string): JudgeReply<never> => ({ kind: 'failed', error })
const settled = (score: Score): JudgeReply<never> => ({ kind: 'settled', score })

async function rubric(row: EvalRow, output: CandidateOutput, contexts: string, judge: PlannedJudge, settings: LlmSettings): Promise<Reply<'rubric'>> {
  const vars = {
    should_refuse: String(row.should_refuse),
    history: historyBlock(row),
    question: row.question,
    reference_points: row.reference_points.length > 0 ? numbered(row.reference_points, (i) => `${i}.`) : (row.ground_truth ?? '(none given)'),
    contexts,
    answer: output.answer,
  }
  const ask = (i: number) => judge.ask('rubric', vars, i === 0 ? {} : { variant: `repeat-${i + 1}` })
  const [first, ...repeats] = await Promise.all([ask(0), ...Array.from({ length: Math.max(1, settings.repeats) - 1 }, (_, i) => ask(i + 1))])
  if (!first.ok) return failed(failure(first))
  const passes: [ResponseOf<'rubric'>, ...ResponseOf<'rubric'>[]] = [first.value]
  for (const pass of repeats) {
    if (!pass.ok) return failed(failure(pass))
    passes.push(pass.value)
  }
  return replied<RubricPasses>(passes)
}

const RUBRIC_DIMENSIONS = ['accuracy', 'relevance', 'completeness', 'citation'] as const

/** The mean absolute difference between the first two rubric passes, over the dimensions, on the 0-1 scale: the judge's own instability. */
function rubricDiff(reply: Reply<'rubric'>): number | null {
  if (reply.kind !== 'replied') return null
  const [first, second] = reply.value
  if (second === undefined) return null
  let diff = 0
  for (const dimension of RUBRIC_DIMENSIONS) diff += Math.abs(first[dimension] - second[dimension]) / 4
  return diff / RUBRIC_DIMENSIONS.length
}

async function claims(row: EvalRow, output: CandidateOutput, contexts: string, judge: PlannedJudge): Promise<Reply<'claims'>> {
  const extracted = await judge.ask('claims', { question: row.question, answer: output.answer })
  if (!extracted.ok) return failed(failure(extracted))
  const all = extracted.value.claims.map((c) => c.trim()).filter((c) => c !== '')
  const texts = all.slice(0, MAX_CLAIMS)
  const cut = all.length > texts.length ? `only the first ${MAX_CLAIMS} of ${all.length} claims were judged (at most ${MAX_CLAIMS} per answer)` : null
  if (texts.length === 0) return replied({ claims: [], cut })
  if (output.contexts.length === 0) return replied({ claims: texts.map((text) => claimOf(text, { verdict: 'not_mentioned', evidence: 'no contexts were retrieved' })), cut })
  return judgedClaims(texts, cut, contexts, judge)
}

/** The claims with their verdicts: one batch ask, or claim by claim when its verdicts do not line up with the claims. */
async function judgedClaims(texts: readonly string[], cut: string | null, contexts: string, judge: PlannedJudge): Promise<Reply<'claims'>> {
  const batch = await judge.ask('verdicts', { contexts, claims: numbered(texts, (i) => `${i}.`) })
  if (!batch.ok) return failed(failure(batch))
  const numbers = batch.value.verdicts.map((v) => v.claim)
  if (misnumbered(numbers, texts.length, 'claim') === null) {
    const byClaim = new Map(batch.value.verdicts.map((v) => [v.claim, v]))
    return replied({ claims: texts.map((text, i) => claimOf(text, knownKey(byClaim, i + 1, 'a claim verdict (misnumbered found one per claim)'))), cut })
  }
  // the batch answer does not line up with the claims: ask claim by claim rather than guess
  const single = await Promise.all(texts.map(async (text) => ({ text, reply: await judge.ask('verdict', { contexts, claim: text }) })))
  const claims: Claim[] = []
  for (const { text, reply } of single) {
    if (!reply.ok) return failed(failure(reply))
    claims.push(claimOf(text, reply.value))
  }
  return replied({ claims, cut })
}

function claimOf(text: string, { verdict, evidence }: { verdict: ClaimVerdict; evidence: string }): Claim {
  return { text, verdict, evidence: evidence || null }
}

async function usefulness(row: EvalRow, output: CandidateOutput, contexts: string, judge: PlannedJudge): Promise<Reply<'usefulness'>> {
  const against = row.ground_truth ? { kind: 'ground_truth' as const, text: row.ground_truth } : output.answer.trim() ? { kind: 'answer' as const, text: output.answer } : null
  if (!against) return settled(noScore('no ground truth and no answer to judge chunk usefulness against'))
  if (output.contexts.length === 0) return settled({ value: 0, reason: 'no contexts were retrieved' })
  const vars = { question: row.question, reference_kind: against.kind, reference: against.text, contexts }
  const n = output.contexts.length
  const lineUp = ({ verdicts }: ResponseOf<'usefulness'>) => {
    const chunks = verdicts.map((v) => v.chunk)
    const problem = misnumbered(chunks, n, 'chunk')
    return problem && `${countOf(verdicts.length, 'usefulness verdict')} for ${countOf(n, 'chunk')} (${problem})`
  }
  const reply = await reasked(judge, 'usefulness', vars, lineUp, `Reply again with exactly one entry for each of the ${countOf(n, 'chunk')}, numbered as they are labelled.`)
  if (!reply.ok) return failed(reply.error)
  const byChunk = new Map(reply.value.verdicts.map((v) => [v.chunk, v.useful]))
  return replied({ useful: output.contexts.map((_, i) => knownKey(byChunk, i + 1, 'a chunk verdict (lineUp found one per chunk)')), against: against.kind })
}

async function recall(row: EvalRow, output: CandidateOutput, contexts: string, judge: PlannedJudge): Promise<Reply<'recall'>> {
  const points = row.reference_points
  const reference = points.length > 0 ? numbered(points, (i) => `${i}.`) : row.ground_truth
  if (!reference) return settled(noScore('no reference points or ground truth'))
  if (output.contexts.length === 0) return settled({ value: 0, reason: 'no contexts were retrieved' })
  const expected = points.length > 0 ? countOf(points.length, 'reference point') : 'a ground truth'
  const lineUp = ({ statements }: ResponseOf<'recall'>) =>
    statements.length === 0 || (points.length > 0 && statements.length !== points.length) ? `${countOf(statements.length, 'statement')} for ${expected}` : null
  const fix = points.length > 0 ? `Reply again with exactly one entry for each of the ${countOf(points.length, 'numbered reference statement')}, in order.` : 'Reply again with at least one statement.'
  const reply = await reasked(judge, 'recall', { question: row.question, reference, contexts }, lineUp, fix)
  return reply.ok ? replied(reply.value.statements) : failed(reply.error)
}

async function relevancy(row: EvalRow, output: CandidateOutput, judge: PlannedJudge, settings: LlmSettings): Promise<Reply<'questions'>> {
  if (!settings.embeddings) return settled(noScore(NO_EMBEDDINGS_REASON))
  if (!output.answer.trim()) return settled(noScore('empty answer'))
  const reply = await judge.ask('questions', { n: settings.relevancyQuestions, answer: output.answer })
  if (!reply.ok) return failed(failure(reply))
  const generated = reply.value.questions.filter((q) => q.question.trim() !== '')
  if (generated.length === 0) return failed('the judge generated no questions')
  const vectors = await judge.embed([row.question, ...generated.map((q) => q.question)])
  if (!vectors.ok) return failed(failure(vectors))
  const [original, ...others] = vectors.value
  // a Judge gives one vector per text (the transports refuse a reply with fewer)
  if (original === undefined) throw new Error('answer_relevancy: the judge gave no embedding for the question')
  return replied({ similarities: others.map((v) => cosine(original, v)), noncommittal: generated.map((q) => q.noncommittal === 1), mode: settings.noncommittal })
}

export function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0
  let na = 0
  let nb = 0
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    // checked here: a shared knownAt in this loop, run for every dimension of every vector, would cost more than the products
    const x = a[i]
    const y = b[i]
    if (x === undefined || y === undefined) throw new RangeError(`cosine: no component ${i} of ${a.length} and ${b.length}`)
    dot += x * y
    na += x * x
    nb += y * y
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb)
}
