import { quoted } from '../io/script.ts'
import { failure, numbered, unlabelled, type Judge } from './judge.ts'
import { CallPlan, type PlannedAsks, type PlannedJudge } from './callPlan.ts'
import type { CandidateOutput } from '../schemas/candidate.ts'
import type { EvalRow } from '../schemas/evalSet.ts'
import type { Claim } from '../schemas/results.ts'
import type { ResponseOf } from '../schemas/judge.ts'
import { countOf } from '../io/countOf.ts'
import { chunkLabel, type ChunkLabel } from './language.ts'
import { averagePrecision, contradictedOf, faithfulnessOf, hallucinationRateOf, type ClaimVerdict } from './rag.ts'
import { misnumbered, reasked } from './reask.ts'
import { historyBlock, retention } from './retention.ts'
import { isKnownMetric, metricInfo, registry, type MetricName } from './registry.ts'
import { noScore, score, type Score, type Scores } from './types.ts'

/**
 * The LLM tier: the 0-4 rubric and the RAGAS-style metrics, computed from judge verdicts
 * with the arithmetic in rag.ts. Asks per question, at most: rubric 1 (× repeats), claims 1,
 * claim verdicts 1 (and one per claim when that batch does not line up), chunk usefulness 1
 * and context recall 1 (each asked once more when its reply does not line up with the chunks or
 * the reference points), generated questions 1, plus one embeddings call; `planQuestion` states
 * them and the scoring draws from that plan. The judge is injected; nothing here touches the
 * network itself.
 */
export const LLM_METRICS: readonly MetricName[] = registry.llmMetrics().filter(isKnownMetric)

/** Not asked of a should-refuse question: only the rubric judges a refusal (its correctness is refuse_ok). */
const SKIPPED_FOR_REFUSALS = LLM_METRICS.filter((m) => metricInfo(m)?.llmSource !== 'rubric')
/** Scored from the answer's claims and their verdicts: a failed claims call fails them all. */
const CLAIM_METRICS = LLM_METRICS.filter((m) => metricInfo(m)?.llmSource === 'claims')

/** Claims judged per answer: bounds the per-claim re-asks; claims beyond it are left out and the score says so. */
export const MAX_CLAIMS = 20

export type NoncommittalMode = 'soft' | 'any' | 'all'

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

const RUBRIC = [
  ['accuracy', 'accuracy_norm'],
  ['relevance', 'relevance_norm'],
  ['completeness', 'completeness_norm'],
  ['citation', 'citation_norm'],
] as const

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

/** Scores one question, drawing every judge call from its plan. */
export async function scoreWithJudge(row: EvalRow, output: CandidateOutput, inner: Judge, settings: LlmSettings, plan: CallPlan): Promise<LlmQuestionResult> {
  const judge = plan.judge(inner)
  const result: LlmQuestionResult = { scores: {}, errors: {}, claims: [], rubricDiff: null }
  const contexts = numbered(output.contexts.map(unlabelled), (i) => chunkLabel(settings.chunkLabel, i))
  const tasks: Promise<void>[] = [rubric(row, output, contexts, judge, settings, result)]
  if (row.should_refuse) {
    const skipped = noScore('should-refuse question: judged by refuse_ok and the rubric')
    for (const m of SKIPPED_FOR_REFUSALS) result.scores[m] = skipped
  } else {
    tasks.push(
      claims(row, output, contexts, judge, result),
      usefulness(row, output, contexts, judge, result),
      recall(row, output, contexts, judge, result),
      relevancy(row, output, judge, settings, result),
    )
  }
  await Promise.all(tasks)
  return result
}

function fail(result: LlmQuestionResult, metrics: readonly MetricName[], error: string): void {
  for (const m of metrics) {
    result.scores[m] = { value: null }
    result.errors[m] = error
  }
}

async function rubric(row: EvalRow, output: CandidateOutput, contexts: string, judge: PlannedJudge, settings: LlmSettings, result: LlmQuestionResult): Promise<void> {
  const vars = {
    should_refuse: String(row.should_refuse),
    history: historyBlock(row),
    question: row.question,
    reference_points: row.reference_points.length > 0 ? numbered(row.reference_points, (i) => `${i}.`) : (row.ground_truth ?? '(none given)'),
    contexts,
    answer: output.answer,
  }
  const passes = await Promise.all(Array.from({ length: Math.max(1, settings.repeats) }, (_, i) => judge.ask('rubric', vars, i === 0 ? {} : { variant: `repeat-${i + 1}` })))
  const error = passes.map(failure).find((e) => e !== null)
  if (error) return fail(result, [...RUBRIC.map(([, m]) => m), 'context_retention_norm'], error)
  const values = passes.map((p) => (p as { ok: true; value: ResponseOf<'rubric'> }).value)
  for (const [dimension, metric] of RUBRIC) {
    const mean = values.reduce((sum, v) => sum + v[dimension], 0) / values.length
    result.scores[metric] = { value: mean / 4, reason: String(values[0]!.reason) }
  }
  const kept = retention(row, values)
  if ('error' in kept) fail(result, ['context_retention_norm'], kept.error)
  else result.scores.context_retention_norm = kept.score
  if (values.length > 1) {
    let diff = 0
    for (const [dimension] of RUBRIC) diff += Math.abs((values[0]![dimension] as number) - (values[1]![dimension] as number)) / 4
    result.rubricDiff = diff / RUBRIC.length
  }
}

async function claims(row: EvalRow, output: CandidateOutput, contexts: string, judge: PlannedJudge, result: LlmQuestionResult): Promise<void> {
  const metrics = CLAIM_METRICS
  const extracted = await judge.ask('claims', { question: row.question, answer: output.answer })
  if (!extracted.ok) return fail(result, metrics, failure(extracted)!)
  const all = extracted.value.claims.map((c) => c.trim()).filter((c) => c !== '')
  const texts = all.slice(0, MAX_CLAIMS)
  const cut = all.length > texts.length ? `only the first ${MAX_CLAIMS} of ${all.length} claims were judged (at most ${MAX_CLAIMS} per answer)` : null
  if (texts.length === 0) {
    Object.assign(result.scores, claimScores([]))
    return
  }
  let verdicts: { verdict: ClaimVerdict; evidence: string }[]
  if (output.contexts.length === 0) {
    verdicts = texts.map(() => ({ verdict: 'not_mentioned', evidence: 'no contexts were retrieved' }))
  } else {
    const batch = await judge.ask('verdicts', { contexts, claims: numbered(texts, (i) => `${i}.`) })
    if (!batch.ok) return fail(result, metrics, failure(batch)!)
    const byClaim = new Map(batch.value.verdicts.map((v) => [v.claim, v]))
    const numbers = batch.value.verdicts.map((v) => v.claim)
    if (misnumbered(numbers, texts.length, 'claim') === null) {
      verdicts = texts.map((_, i) => byClaim.get(i + 1)!)
    } else {
      // the batch answer does not line up with the claims: ask claim by claim rather than guess
      const single = await Promise.all(texts.map((claim) => judge.ask('verdict', { contexts, claim })))
      const error = single.map(failure).find((e) => e !== null)
      if (error) return fail(result, metrics, error)
      verdicts = single.map((s) => (s as { ok: true; value: { verdict: ClaimVerdict; evidence: string } }).value)
    }
  }
  result.claims = texts.map((text, i) => ({ text, verdict: verdicts[i]!.verdict, evidence: verdicts[i]!.evidence || null }))
  Object.assign(result.scores, claimScores(verdicts.map((v) => v.verdict)))
  const unsupported = result.claims.filter((c) => c.verdict !== 'supported')
  if (unsupported.length > 0) {
    const reason = unsupported
      .slice(0, 3)
      .map((c) => `${c.verdict === 'contradicted' ? 'contradicted' : 'not in the contexts'}: ${quoted(c.text.slice(0, 60))}`)
      .join('; ')
    result.scores.faithfulness!.reason = reason
    result.scores.hallucination_rate!.reason = reason
    if (unsupported.some((c) => c.verdict === 'contradicted')) result.scores.contradicted!.reason = reason
  }
  if (cut) for (const m of metrics) result.scores[m]!.reason = [cut, result.scores[m]!.reason].filter(Boolean).join('; ')
}

function claimScores(verdicts: readonly ClaimVerdict[]): Scores {
  return { faithfulness: faithfulnessOf(verdicts), hallucination_rate: hallucinationRateOf(verdicts), contradicted: contradictedOf(verdicts) }
}

async function usefulness(row: EvalRow, output: CandidateOutput, contexts: string, judge: PlannedJudge, result: LlmQuestionResult): Promise<void> {
  const against = row.ground_truth ? { kind: 'ground_truth', text: row.ground_truth } : output.answer.trim() ? { kind: 'answer', text: output.answer } : null
  if (!against) {
    result.scores.context_precision = noScore('no ground truth and no answer to judge chunk usefulness against')
    return
  }
  if (output.contexts.length === 0) {
    result.scores.context_precision = { value: 0, reason: 'no contexts were retrieved' }
    return
  }
  const vars = { question: row.question, reference_kind: against.kind, reference: against.text, contexts }
  const n = output.contexts.length
  const lineUp = ({ verdicts }: ResponseOf<'usefulness'>) => {
    const chunks = verdicts.map((v) => v.chunk)
    const problem = misnumbered(chunks, n, 'chunk')
    return problem && `${countOf(verdicts.length, 'usefulness verdict')} for ${countOf(n, 'chunk')} (${problem})`
  }
  const reply = await reasked(judge, 'usefulness', vars, lineUp, `Reply again with exactly one entry for each of the ${countOf(n, 'chunk')}, numbered as they are labelled.`)
  if (!reply.ok) return fail(result, ['context_precision'], reply.error)
  const byChunk = new Map(reply.value.verdicts.map((v) => [v.chunk, v.useful]))
  const useful = output.contexts.map((_, i) => byChunk.get(i + 1)!)
  result.scores.context_precision = {
    value: averagePrecision(useful),
    reason: `useful chunks in rank order [${useful.map(Number).join(',')}], judged against the ${against.kind === 'answer' ? 'answer (no ground truth)' : 'ground truth'}`,
  }
}

async function recall(row: EvalRow, output: CandidateOutput, contexts: string, judge: PlannedJudge, result: LlmQuestionResult): Promise<void> {
  const points = row.reference_points
  if (points.length === 0 && !row.ground_truth) {
    result.scores.context_recall = noScore('no reference points or ground truth')
    return
  }
  if (output.contexts.length === 0) {
    result.scores.context_recall = { value: 0, reason: 'no contexts were retrieved' }
    return
  }
  const reference = points.length > 0 ? numbered(points, (i) => `${i}.`) : row.ground_truth!
  const expected = points.length > 0 ? countOf(points.length, 'reference point') : 'a ground truth'
  const lineUp = ({ statements }: ResponseOf<'recall'>) =>
    statements.length === 0 || (points.length > 0 && statements.length !== points.length) ? `${countOf(statements.length, 'statement')} for ${expected}` : null
  const fix = points.length > 0 ? `Reply again with exactly one entry for each of the ${countOf(points.length, 'numbered reference statement')}, in order.` : 'Reply again with at least one statement.'
  const reply = await reasked(judge, 'recall', { question: row.question, reference, contexts }, lineUp, fix)
  if (!reply.ok) return fail(result, ['context_recall'], reply.error)
  const statements = reply.value.statements
  const attributable = statements.filter((s) => s.attributable).length
  const missing = statements.filter((s) => !s.attributable).map((s) => quoted(s.statement.slice(0, 40)))
  result.scores.context_recall = { value: attributable / statements.length, ...(missing.length ? { reason: `not in the contexts: ${missing.slice(0, 3).join(' ')}` } : {}) }
}

async function relevancy(row: EvalRow, output: CandidateOutput, judge: PlannedJudge, settings: LlmSettings, result: LlmQuestionResult): Promise<void> {
  if (!settings.embeddings) {
    result.scores.answer_relevancy = noScore(NO_EMBEDDINGS_REASON)
    return
  }
  if (!output.answer.trim()) {
    result.scores.answer_relevancy = noScore('empty answer')
    return
  }
  const reply = await judge.ask('questions', { n: settings.relevancyQuestions, answer: output.answer })
  if (!reply.ok) return fail(result, ['answer_relevancy'], failure(reply)!)
  const generated = reply.value.questions.filter((q) => q.question.trim() !== '')
  if (generated.length === 0) return fail(result, ['answer_relevancy'], 'the judge generated no questions')
  const vectors = await judge.embed([row.question, ...generated.map((q) => q.question)])
  if (!vectors.ok) return fail(result, ['answer_relevancy'], failure(vectors)!)
  const [original, ...others] = vectors.value
  const similarities = others.map((v) => cosine(original!, v))
  result.scores.answer_relevancy = answerRelevancy(
    similarities,
    generated.map((q) => q.noncommittal === 1),
    settings.noncommittal,
  )
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

export function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0
  let na = 0
  let nb = 0
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    dot += a[i]! * b[i]!
    na += a[i]! * a[i]!
    nb += b[i]! * b[i]!
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb)
}
