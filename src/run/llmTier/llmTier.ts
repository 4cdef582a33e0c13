import type { Judge } from '../../metrics/judge.ts'
import { UsageMeter } from '../../judge/usage.ts'
import { Budget, BudgetedJudge } from '../../judge/budget.ts'
import { outOfScale } from '../../metrics/definitions.ts'
import { isKnownMetric, metricInfo } from '../../metrics/registry.ts'
import { LLM_METRICS, planQuestion, scoreWithJudge, type LlmQuestionResult } from '../../metrics/llm.ts'
import type { CallPlan } from '../../metrics/callPlan.ts'
import type { CandidateOutput } from '../../schemas/candidate.ts'
import type { Config } from '../../schemas/config.ts'
import type { EvalRow } from '../../schemas/evalSet.ts'
import type { QuestionResult, Usage } from '../../schemas/results.ts'
import type { Logger } from '../../io/logger.ts'
import { forEachInPool } from '../../io/pool.ts'
import { knownAt, knownField } from '../../io/known.ts'
import type { TierPlan } from './judgePlan.ts'
import { llmSettings, questionsInFlight } from './settings.ts'

/** Above this mean absolute difference between two rubric passes the judge is called unstable. */
export const STABILITY_THRESHOLD = 0.02

/**
 * The order the tier takes questions in and when it stops taking them (`--sequential`): it
 * takes `order` (indices into rows) front to back, adds each index to `completed` once that
 * question's scores are recorded (or it had no answer to judge), and asks `settled()` before
 * taking each next question: true stops taking more (the questions in flight finish).
 */
export interface TierSchedule {
  readonly order: readonly number[]
  readonly completed: Set<number>
  settled(): boolean
}

export interface LlmTierResult {
  usage: Usage
  stability: { repeats: number; mean_abs_diff: number | null; threshold: number } | null
  notes: string[]
}

/**
 * Scores every question with the judge, a bounded pool of them at a time (questionsInFlight),
 * taken in the eval set's order (or the schedule's, until it is settled); a question's own calls
 * run concurrently behind the judge's concurrency limit, each drawn from its own plan, all within
 * the budget.
 */
export async function runLlmTier(
  rows: readonly EvalRow[],
  outputs: ReadonlyMap<string, CandidateOutput>,
  questions: Record<string, QuestionResult>,
  judge: Judge,
  config: Config,
  plan: TierPlan,
  logger: Logger,
  budget: Budget = new Budget(config.budget, config.judge.prices),
  schedule?: TierSchedule,
): Promise<LlmTierResult> {
  const settings = llmSettings(config, rows)
  const budgeted = new BudgetedJudge(judge, budget)
  // by row, so the stability mean adds them in the eval set's order whatever order questions finish in
  const diffs: (number | null)[] = rows.map(() => null)
  await forEachInPool(schedule?.order.length ?? rows.length, questionsInFlight(config), async (taken) => {
    // a settled schedule takes no more questions: the rest pass through untouched
    if (schedule?.settled()) return
    const index = schedule ? knownAt(schedule.order, taken, "the schedule's order") : taken
    const row = knownAt(rows, index, 'row')
    const output = outputs.get(row.id)
    const q = knownField(questions, row.id, 'result of question')
    if (output && output.error === null) {
      // the question's plan is made as it is taken and dropped as it ends: the same CallPlan planLlm summed
      const calls = planQuestion(row, output, settings)
      const scored = await scoreWithJudge(row, output, budgeted, settings, calls)
      record(q, scored, calls)
      diffs[index] = scored.rubricDiff
    }
    schedule?.completed.add(index)
  })
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
  const stability = judgeStability(
    diffs.filter((d) => d !== null),
    config.judge.repeats,
  )
  if (stability?.mean_abs_diff != null && stability.mean_abs_diff > STABILITY_THRESHOLD) {
    warn(
      `the judge is unstable: two rubric passes differ by ${stability.mean_abs_diff.toFixed(3)} on average (above ${STABILITY_THRESHOLD}); fix the rubric prompt or the judge model before trusting small differences`,
    )
  }
  for (const problem of judge.problems?.() ?? []) logger.warn(problem)
  const failed = Object.values(byFamily).reduce((n, f) => n + f.errors, 0)
  logger.info(
    `judge: ${totals.llm_calls} chat + ${totals.embedding_calls} embedding replies used (plan: up to ${plan.upTo.chat} + ${plan.upTo.embeddings}); ${totals.requests} request${totals.requests === 1 ? '' : 's'} sent (the preflight, ${totals.retries} retries and every failure included), ${failed} ask${failed === 1 ? '' : 's'} failed, ${totals.cache_hits} cache hits`,
  )
  return { usage: { ...totals, by_family: byFamily, planned: plan.upTo }, stability, notes }
}

/** A scored question's values, reasons, errors, claims and judge calls, into its result. */
function record(q: QuestionResult, scored: LlmQuestionResult, calls: CallPlan): void {
  // by family, so concurrent asks land in one order from run to run
  if (calls.calls.length > 0) q.judge_calls = [...calls.calls].sort((a, b) => (a.family < b.family ? -1 : a.family > b.family ? 1 : 0))
  // a metric this run does not plan (context_retention_norm without conversations) gets no key
  const planned = LLM_METRICS.filter((metric) => Object.hasOwn(q.scores, metric))
  // the judge's reasons replace the planned metrics' notes, after the others: a new object, as
  // `delete` would turn each question's notes into a hash table (~800 bytes, 16 MB per 20,000)
  const notes: QuestionResult['notes'] = {}
  for (const [metric, note] of Object.entries(q.notes)) if (!isKnownMetric(metric) || !planned.includes(metric)) notes[metric] = note
  for (const metric of planned) {
    const s = scored.scores[metric]
    // a value off the metric's scale is an error row, as in the deterministic tier (run/pipeline/score.ts)
    const info = metricInfo(metric)
    const outside = info && s?.value != null ? outOfScale(info, s.value) : null
    q.scores[metric] = outside === null ? (s?.value ?? null) : null
    if (s?.reason && outside === null) notes[metric] = s.reason
    const error = outside ?? scored.errors[metric]
    if (error) q.errors[metric] = error
  }
  q.notes = notes
  if (scored.claims.length > 0) q.claims = scored.claims
}

function judgeStability(diffs: readonly number[], repeats: number): LlmTierResult['stability'] {
  if (repeats <= 1) return null
  const mean = diffs.length ? diffs.reduce((a, b) => a + b, 0) / diffs.length : null
  return { repeats, mean_abs_diff: mean, threshold: STABILITY_THRESHOLD }
}

function budgetLabel(budget: Config['budget']): string {
  return [
    budget.calls !== undefined ? `budget.calls ${budget.calls}` : null,
    budget.tokens !== undefined ? `budget.tokens ${budget.tokens}` : null,
    budget.usd !== undefined ? `budget.usd ${budget.usd}` : null,
  ]
    .filter(Boolean)
    .join(', ')
}
