import type { Judge } from '../metrics/judge.ts'
import { UsageMeter } from '../judge/usage.ts'
import { BudgetedJudge } from '../judge/budget.ts'
import { CallPlan, type CallTotals } from '../metrics/callPlan.ts'
import { chunkLabelOf } from '../metrics/language.ts'
import { LLM_METRICS, MAX_CLAIMS, planQuestion, scoreWithJudge, type LlmSettings } from '../metrics/llm.ts'
import type { CandidateOutput } from '../schemas/candidate.ts'
import { NO_EMBEDDINGS, type Config } from '../schemas/config.ts'
import type { EvalRow } from '../schemas/evalSet.ts'
import type { QuestionResult, Usage } from '../schemas/results.ts'
import { GateError } from '../io/errors.ts'
import type { Logger } from '../io/logger.ts'
import { countOf } from '../io/countOf.ts'

/** Above this mean absolute difference between two rubric passes the judge is called unstable. */
export const STABILITY_THRESHOLD = 0.02

/** Calls and a token estimate; `usage.planned` in results.json. */
export interface LlmPlan {
  chat: number
  embeddings: number
  tokens: number
}

/** The tier's plan: the CallPlan of every question, which the run draws its calls from, and their sums. */
export interface TierPlan {
  questions: ReadonlyMap<string, CallPlan>
  /** every call that can happen: each chat ask repaired once, every re-ask made */
  upTo: LlmPlan
  /** the calls of a judge whose every reply is well-formed and lines up */
  wellFormed: LlmPlan
}

/** The tier's settings for a run: the judge's, and the chunk label its questions' language calls for. */
export function llmSettings(config: Config, rows: readonly EvalRow[]): LlmSettings {
  return {
    relevancyQuestions: config.judge.answer_relevancy.questions,
    noncommittal: config.judge.answer_relevancy.noncommittal,
    repeats: config.judge.repeats,
    embeddings: config.judge.embeddings_model !== NO_EMBEDDINGS,
    chunkLabel: chunkLabelOf(rows.map((r) => r.question)),
  }
}

/**
 * The most the tier can cost, before any call: one CallPlan per question → chat and embedding
 * calls, and a token estimate (characters / 3 of what each prompt carries, plus a reply).
 */
export function planLlm(rows: readonly EvalRow[], outputs: ReadonlyMap<string, CandidateOutput>, settings: LlmSettings): TierPlan {
  const questions = new Map<string, CallPlan>()
  const upTo = { chat: 0, embeddings: 0, tokens: 0 }
  const wellFormed = { chat: 0, embeddings: 0, tokens: 0 }
  for (const row of rows) {
    const output = outputs.get(row.id)
    const plan = planQuestion(row, output, settings)
    questions.set(row.id, plan)
    const carried = row.question.length + (row.ground_truth?.length ?? 0) + row.reference_points.join('').length + (output?.answer.length ?? 0) + (output?.contexts.join('').length ?? 0)
    addCalls(upTo, plan.upTo(), carried, row.question.length)
    addCalls(wellFormed, plan.wellFormed(), carried, row.question.length)
  }
  return { questions, upTo, wellFormed }
}

function addCalls(sum: LlmPlan, calls: CallTotals, carried: number, questionLength: number): void {
  sum.chat += calls.chat
  sum.embeddings += calls.embeddings
  // every chat call carries its instructions (~600 tokens) and part of the question's text, and replies with ~150
  sum.tokens += calls.chat * (600 + 150 + Math.ceil(carried / 3)) + calls.embeddings * Math.ceil((questionLength * 4) / 3)
}

/** The plan as stated before the first call. */
export function describePlan(plan: TierPlan, questionCount: number, config: Config): string {
  const { upTo, wellFormed } = plan
  const cache = config.judge.cache ? `, cache ${config.judge.cache_dir}` : ', no cache'
  const calls = config.budget.calls
  const capped = calls !== undefined && calls < upTo.chat + upTo.embeddings ? `; budget.calls ${calls} caps them: calls past it are not made and their metrics become errors "budget spent"` : ''
  return (
    `judge plan: ${countOf(questionCount, 'question')} × ${LLM_METRICS.length} metrics → up to ${upTo.chat} chat + ${upTo.embeddings} embedding calls (~${upTo.tokens.toLocaleString('en')} tokens) at concurrency ${config.judge.concurrency}${cache}` +
    `; ${wellFormed.chat} chat + ${wellFormed.embeddings} embedding calls if every reply is well-formed, the rest are repairs and re-asks (per claim, at most ${MAX_CLAIMS} claims per answer; once for chunk usefulness and context recall)${capped}`
  )
}

/**
 * Stops before the first call when even a well-formed judge would go over the budget; between
 * that and the plan's upper bound the BudgetedJudge stops the calls while the run goes.
 */
export function checkBudget(plan: TierPlan, budget: Config['budget']): void {
  const { chat, embeddings, tokens } = plan.wellFormed
  if (budget.calls !== undefined && chat + embeddings > budget.calls) {
    throw new GateError(
      'budget',
      `the judge plan needs ${chat + embeddings} calls (${chat} chat + ${embeddings} embeddings) even if every reply is well-formed, over budget.calls ${budget.calls}; no call was made`,
      'raise budget.calls, score fewer questions (shard: i/n), or turn off judge.repeats',
    )
  }
  if (budget.tokens !== undefined && tokens > budget.tokens) {
    throw new GateError(
      'budget',
      `the judge plan needs about ${tokens} tokens even if every reply is well-formed, over budget.tokens ${budget.tokens}; no call was made`,
      'raise budget.tokens or score fewer questions',
    )
  }
}

export interface LlmTierResult {
  usage: Usage
  stability: { repeats: number; mean_abs_diff: number | null; threshold: number } | null
  notes: string[]
}

/**
 * Scores every question with the judge, all in flight at once behind the judge's concurrency
 * limit, each drawing its calls from its own plan, all within the budget.
 */
export async function runLlmTier(
  rows: readonly EvalRow[],
  outputs: ReadonlyMap<string, CandidateOutput>,
  questions: Record<string, QuestionResult>,
  judge: Judge,
  config: Config,
  plan: TierPlan,
  logger: Logger,
): Promise<LlmTierResult> {
  const settings = llmSettings(config, rows)
  const budgeted = new BudgetedJudge(judge, config.budget)
  const diffs: number[] = []
  await Promise.all(
    rows.map(async (row) => {
      const output = outputs.get(row.id)
      const q = questions[row.id]!
      if (!output || output.error !== null) return
      const scored = await scoreWithJudge(row, output, budgeted, settings, plan.questions.get(row.id) ?? new CallPlan([]))
      for (const metric of LLM_METRICS) {
        const s = scored.scores[metric]
        q.scores[metric] = s?.value ?? null
        delete q.notes[metric]
        if (s?.reason) q.notes[metric] = s.reason
        if (scored.errors[metric]) q.errors[metric] = scored.errors[metric]
      }
      if (scored.claims.length > 0) q.claims = scored.claims
      if (scored.rubricDiff !== null) diffs.push(scored.rubricDiff)
    }),
  )
  const byFamily = judge.usageByFamily()
  const meter = new UsageMeter()
  for (const [name, f] of Object.entries(byFamily)) Object.assign(meter.family(name), f)
  const totals = meter.totals(config.judge.prices)
  const notes: string[] = []
  const warn = (warning: string) => {
    notes.push(warning)
    logger.warn(warning)
  }
  const refused = budgeted.spent().refused
  if (refused > 0) warn(`budget spent: ${refused} judge call${refused === 1 ? ' was' : 's were'} not made (${budgetLabel(config.budget)}); the metrics they were for are errors on their questions`)
  const stability = judgeStability(diffs, config.judge.repeats)
  if (stability?.mean_abs_diff != null && stability.mean_abs_diff > STABILITY_THRESHOLD) {
    warn(
      `the judge is unstable: two rubric passes differ by ${stability.mean_abs_diff.toFixed(3)} on average (above ${STABILITY_THRESHOLD}); fix the rubric prompt or the judge model before trusting small differences`,
    )
  }
  for (const problem of judge.problems?.() ?? []) logger.warn(problem)
  logger.info(
    `judge: ${totals.llm_calls} chat + ${totals.embedding_calls} embedding calls made (plan: up to ${plan.upTo.chat} + ${plan.upTo.embeddings}), ${totals.cache_hits} cache hits, ${totals.retries} retries`,
  )
  return { usage: { ...totals, by_family: byFamily, planned: plan.upTo }, stability, notes }
}

function judgeStability(diffs: readonly number[], repeats: number): LlmTierResult['stability'] {
  if (repeats <= 1) return null
  const mean = diffs.length ? diffs.reduce((a, b) => a + b, 0) / diffs.length : null
  return { repeats, mean_abs_diff: mean, threshold: STABILITY_THRESHOLD }
}

function budgetLabel(budget: Config['budget']): string {
  return [budget.calls !== undefined ? `budget.calls ${budget.calls}` : null, budget.tokens !== undefined ? `budget.tokens ${budget.tokens}` : null].filter(Boolean).join(', ')
}
