import { OpenAIJudge } from '../judge/openai.ts'
import type { Judge } from '../metrics/judge.ts'
import { UsageMeter } from '../judge/usage.ts'
import { LLM_METRICS, plannedCalls, scoreWithJudge, type LlmSettings } from '../metrics/llm.ts'
import type { CandidateOutput } from '../schemas/candidate.ts'
import type { Config } from '../schemas/config.ts'
import type { EvalRow } from '../schemas/evalSet.ts'
import type { JudgeIdentity, QuestionResult, Usage } from '../schemas/results.ts'
import { GateError } from '../io/errors.ts'
import type { Logger } from '../io/logger.ts'

/** Above this mean absolute difference between two rubric passes the judge is called unstable. */
export const STABILITY_THRESHOLD = 0.02

export interface LlmPlan {
  chat: number
  embeddings: number
  tokens: number
}

export function llmSettings(config: Config): LlmSettings {
  return { relevancyQuestions: config.judge.answer_relevancy.questions, noncommittal: config.judge.answer_relevancy.noncommittal, repeats: config.judge.repeats }
}

/**
 * The most the tier can cost, before any call: questions × metrics → chat and embedding
 * calls, and a token estimate (characters / 3 of what each prompt carries, plus a reply).
 */
export function planLlm(rows: readonly EvalRow[], outputs: ReadonlyMap<string, CandidateOutput>, settings: LlmSettings): LlmPlan {
  const plan = { chat: 0, embeddings: 0, tokens: 0 }
  for (const row of rows) {
    const output = outputs.get(row.id)
    const calls = plannedCalls(row, output, settings)
    plan.chat += calls.chat
    plan.embeddings += calls.embeddings
    const carried = row.question.length + (row.ground_truth?.length ?? 0) + row.reference_points.join('').length + (output?.answer.length ?? 0) + (output?.contexts.join('').length ?? 0)
    // every chat call carries its instructions (~600 tokens) and part of the question's text, and replies with ~150
    plan.tokens += calls.chat * (600 + 150 + Math.ceil(carried / 3)) + calls.embeddings * Math.ceil((row.question.length * 4) / 3)
  }
  return plan
}

export function checkBudget(plan: LlmPlan, budget: Config['budget']): void {
  if (budget.calls !== undefined && plan.chat + plan.embeddings > budget.calls) {
    throw new GateError(
      'budget',
      `the judge plan needs up to ${plan.chat + plan.embeddings} calls (${plan.chat} chat + ${plan.embeddings} embeddings), over budget.calls ${budget.calls}; no call was made`,
      'raise budget.calls, score fewer questions (shard: i/n), or turn off judge.repeats',
    )
  }
  if (budget.tokens !== undefined && plan.tokens > budget.tokens) {
    throw new GateError('budget', `the judge plan needs about ${plan.tokens} tokens, over budget.tokens ${budget.tokens}; no call was made`, 'raise budget.tokens or score fewer questions')
  }
}

export interface LlmTierResult {
  usage: Usage
  stability: { repeats: number; mean_abs_diff: number | null; threshold: number } | null
  notes: string[]
}

export function openAIJudgeFor(config: Config, identity: JudgeIdentity, apiKey: string, cwd: string, variant?: string): Judge {
  const j = config.judge
  return new OpenAIJudge({
    baseURL: j.base_url,
    apiKey,
    model: j.model!,
    embeddingsModel: j.embeddings_model ?? null,
    timeoutMs: j.timeout_ms,
    concurrency: j.concurrency,
    cacheDir: j.cache ? (j.cache_dir.startsWith('/') ? j.cache_dir : `${cwd}/${j.cache_dir}`) : null,
    identity,
    retry: { maxRetries: j.max_retries, baseDelayMs: 500, maxDelayMs: 20_000, maxRetryAfterMs: 60_000 },
    ...(variant ? { variant } : {}),
  })
}

/** Scores every question with the judge, all in flight at once behind the judge's concurrency limit. */
export async function runLlmTier(
  rows: readonly EvalRow[],
  outputs: ReadonlyMap<string, CandidateOutput>,
  questions: Record<string, QuestionResult>,
  judge: Judge,
  config: Config,
  plan: LlmPlan,
  logger: Logger,
): Promise<LlmTierResult> {
  const settings = llmSettings(config)
  const diffs: number[] = []
  await Promise.all(
    rows.map(async (row) => {
      const output = outputs.get(row.id)
      const q = questions[row.id]!
      if (!output || output.error !== null) return
      const scored = await scoreWithJudge(row, output, judge, settings)
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
  let stability: LlmTierResult['stability'] = null
  if (config.judge.repeats > 1) {
    const mean = diffs.length ? diffs.reduce((a, b) => a + b, 0) / diffs.length : null
    stability = { repeats: config.judge.repeats, mean_abs_diff: mean, threshold: STABILITY_THRESHOLD }
    if (mean !== null && mean > STABILITY_THRESHOLD) {
      const warning = `the judge is unstable: two rubric passes differ by ${mean.toFixed(3)} on average (above ${STABILITY_THRESHOLD}); fix the rubric prompt or the judge model before trusting small differences`
      notes.push(warning)
      logger.warn(warning)
    }
  }
  logger.info(`judge: ${totals.llm_calls} chat + ${totals.embedding_calls} embedding calls made (plan: up to ${plan.chat} + ${plan.embeddings}), ${totals.cache_hits} cache hits, ${totals.retries} retries`)
  return { usage: { ...totals, by_family: byFamily, planned: plan }, stability, notes }
}
