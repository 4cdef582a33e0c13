import { BudgetedJudge } from '../../judge/budget.ts'
import { costUsd } from '../../judge/usage.ts'
import type { Judge } from '../../metrics/judge.ts'
import { LLM_METRICS, MAX_CLAIMS, planQuestion, scoreWithJudge } from '../../metrics/llm.ts'
import { TYPICAL_CHUNK_CHARS, CHARS_PER_TOKEN, addTokens, estimateTokens, noTokens, totalTokens, typicalAnswer, type TokenEstimate } from '../../judge/tokenEstimate.ts'
import type { CandidateOutput } from '../../schemas/candidate.ts'
import type { Config } from '../../schemas/config.ts'
import type { EvalRow } from '../../schemas/evalSet.ts'
import { registry } from '../../metrics/registry.ts'
import { withHistories } from '../../candidates/turns.ts'
import { GateError } from '../../io/errors.ts'
import { countOf } from '../../text/countOf.ts'
import { forEachInPool } from '../../io/pool.ts'
import { knownAt } from '../../io/known.ts'
import { embeddingsOn, llmSettings, questionsInFlight } from './settings.ts'

/** Calls and a token estimate; `usage.planned` in results.json. */
export interface LlmPlan {
  chat: number
  embeddings: number
  tokens: number
}

/**
 * The tier's plan: the sums of every question's CallPlan (planQuestion). The CallPlans
 * themselves are not kept: the run makes each question's again when it takes the question
 * (the same plan: planQuestion is deterministic), so what a plan holds does not grow with
 * the number of questions.
 */
export interface TierPlan {
  /** every call that can happen: each chat ask repaired once, every per-claim re-ask made */
  upTo: LlmPlan
  /** the calls of a judge whose every reply is well-formed and lines up */
  wellFormed: LlmPlan
  /** the tokens of wellFormed and upTo, split as judge.prices prices them */
  tokens: { wellFormed: TokenEstimate; upTo: TokenEstimate }
  /** made before the candidate answered, from stand-in answers (typicalAnswer): calls are an upper bound, tokens a guess */
  beforeAnswers: boolean
  /** the tier's metrics this run computes (context_retention_norm only with a turn after the first) */
  metrics: number
  /** hidden reasoning tokens per chat call in the estimate: what the endpoint reported so far, 0 before any */
  reasoningPerCall: number
}

/**
 * The most the tier can cost, before any call: one CallPlan per question → chat and embedding
 * calls, and a token estimate from the prompts each call sends (tokenEstimate.ts). Without the
 * answers (`outputs` null: the candidate has not run) every question is planned as answered
 * with contexts, the most calls an answer can lead to, so the counts stay an upper bound of the
 * calls the run makes; the tokens then assume answers as long as the ground truths carrying
 * max(k) chunks of TYPICAL_CHUNK_CHARS.
 */
export function planLlm(rows: readonly EvalRow[], outputs: ReadonlyMap<string, CandidateOutput> | null, config: Config, reasoningPerCall = 0): TierPlan {
  const settings = llmSettings(config, rows)
  const estimate = { relevancyQuestions: settings.relevancyQuestions, reasoningPerCall, schemaInPrompt: config.judge.response_format === 'json_object' || config.judge.response_format === 'text' }
  const chunks = Math.max(...config.k)
  const upTo = { chat: 0, embeddings: 0, tokens: 0 }
  const wellFormed = { chat: 0, embeddings: 0, tokens: 0 }
  const tokens = { wellFormed: noTokens(), upTo: noTokens() }
  const answers = outputs ?? new Map(rows.map((row) => [row.id, standIn(row, chunks)]))
  // a later turn's rubric shows the earlier turns: before the candidate answers, with the stand-in answers
  for (const row of outputs ? rows : withHistories(rows, answers)) {
    const output = answers.get(row.id)
    if (!output) continue
    const plan = planQuestion(row, output, settings)
    add(upTo, plan.upTo())
    add(wellFormed, plan.wellFormed())
    addTokens(tokens.upTo, estimateTokens(row, output, plan.asks, estimate, true))
    addTokens(
      tokens.wellFormed,
      estimateTokens(
        row,
        output,
        plan.asks.filter((a) => !a.fallback),
        estimate,
        false,
      ),
    )
  }
  upTo.tokens = totalTokens(tokens.upTo)
  wellFormed.tokens = totalTokens(tokens.wellFormed)
  const metrics = registry.plannedByProvider(LLM_METRICS, { rows, config, outputs: null }).length
  return { upTo, wellFormed, tokens, beforeAnswers: outputs === null, metrics, reasoningPerCall }
}

function standIn(row: EvalRow, chunks: number): CandidateOutput {
  const { answer, contexts } = typicalAnswer(row, chunks)
  return { id: row.id, answer, contexts: [...contexts], retrieved_ids: [], latency_ms: null, error: null }
}

function add(sum: LlmPlan, calls: { chat: number; embeddings: number }): void {
  sum.chat += calls.chat
  sum.embeddings += calls.embeddings
}

/**
 * The plan as stated before the first call: before the candidate runs (an estimate, said so),
 * and again once its answers exist, with the calls the cache answers (`cached`, null when not
 * known: no answers yet, or no cache).
 */
export function describePlan(plan: TierPlan, questionCount: number, config: Config, cached: number | null): string {
  const { upTo, wellFormed } = plan
  const prices = config.judge.prices
  const usd = (t: TokenEstimate) => {
    const cost = costUsd(t, prices)
    return cost === null ? '' : ` ≈ $${cost.toFixed(cost < 1 ? 4 : 2)}`
  }
  const when = plan.beforeAnswers
    ? `judge plan before the candidate runs (an estimate: the answers do not exist yet; every question is counted as answered with contexts, an upper bound of the calls, and tokens assume answers as long as the ground truths with ${Math.max(...config.k)} chunks of ${TYPICAL_CHUNK_CHARS} characters)`
    : 'judge plan'
  const cache = !config.judge.cache
    ? ', no cache'
    : cached === null
      ? `, cache ${config.judge.cache_dir} (what it answers is known once the answers exist: every request carries the answer)`
      : `, cache ${config.judge.cache_dir} answers ${cached} of them`
  const calls = config.budget.calls
  const capped = calls !== undefined && calls < upTo.chat + upTo.embeddings ? `; budget.calls ${calls} caps the requests: past it none is sent and the metrics left become errors "budget spent"` : ''
  const cap = config.judge.max_tokens
  const bound = cap === 'default' ? "the model's own limit" : `${cap} a call`
  const reasoning =
    plan.reasoningPerCall > 0
      ? `; the estimates count ${Math.round(plan.reasoningPerCall)} hidden reasoning tokens a call, as the endpoint reported so far, and a reasoning model may spend up to judge.max_tokens (${bound}) on them`
      : `; a reasoning model's hidden reasoning tokens are not in these estimates and are bounded only by judge.max_tokens (${bound})`
  return (
    `${when}: ${countOf(questionCount, 'question')} × ${plan.metrics} metrics → up to ${upTo.chat} chat + ${upTo.embeddings} embedding calls (~${upTo.tokens.toLocaleString('en')} tokens${usd(plan.tokens.upTo)}) at concurrency ${config.judge.concurrency}${cache}` +
    `; ${wellFormed.chat} chat + ${wellFormed.embeddings} embedding calls if every reply is well-formed (~${wellFormed.tokens.toLocaleString('en')} tokens${usd(plan.tokens.wellFormed)}, at ${CHARS_PER_TOKEN} characters a token), the rest are repairs and re-asks (per claim, at most ${MAX_CLAIMS} claims per answer; once for chunk usefulness and context recall)${capped}${reasoning}`
  )
}

/**
 * Stops before the first call when even a well-formed judge would go over the budget; between
 * that and the plan's upper bound the BudgetedJudge stops the calls while the run goes. Before
 * the candidate runs the stop also saves the candidate's run.
 */
export function checkBudget(plan: TierPlan, config: Pick<Config, 'budget' | 'judge' | 'embeddings'>): void {
  const { budget } = config
  const { chat, embeddings, tokens } = plan.wellFormed
  const stopped = plan.beforeAnswers ? 'no call was made and the candidate was not run' : 'no call was made'
  const estimate = plan.beforeAnswers ? ' (estimated before the answers exist)' : ''
  // the preflight's requests count too: one chat, and one embeddings request when the run asks for embeddings
  const preflight = 1 + (embeddingsOn(config) ? 1 : 0)
  if (budget.calls !== undefined && chat + embeddings + preflight > budget.calls) {
    throw new GateError(
      'budget',
      `the judge plan needs ${chat + embeddings + preflight} requests (${chat} chat + ${embeddings} embeddings + ${preflight} for the preflight) even if every reply is well-formed, over budget.calls ${budget.calls}; ${stopped}`,
      'raise budget.calls (--budget-calls), score fewer questions (shard: i/n), or turn off judge.repeats',
    )
  }
  if (budget.tokens !== undefined && tokens > budget.tokens) {
    throw new GateError(
      'budget',
      `the judge plan needs about ${tokens} tokens${estimate} even if every reply is well-formed, over budget.tokens ${budget.tokens}; ${stopped}`,
      'raise budget.tokens or score fewer questions',
    )
  }
  const cost = costUsd(plan.tokens.wellFormed, config.judge.prices)
  if (budget.usd !== undefined && cost !== null && cost > budget.usd) {
    throw new GateError(
      'budget',
      `the judge plan costs about $${cost.toFixed(4)}${estimate} at judge.prices even if every reply is well-formed, over budget.usd ${budget.usd}; ${stopped}`,
      'raise budget.usd (--budget-usd), score fewer questions (shard: i/n), or pick a cheaper judge model',
    )
  }
}

/**
 * What the cache answers of the plan: the questions scored against a judge that may send no
 * request at all (every request is refused), counting the answers it serves (`hits`) and the
 * asks it could not serve (`misses`: 0 when the run needs no request). Follow-up asks (verdicts
 * after claims, embeddings after generated questions) count when the cache holds the reply
 * they follow. No request is sent. Questions go through the same bounded pool as the run, so
 * the dry run's memory does not grow with the number of questions.
 */
export async function countCached(rows: readonly EvalRow[], outputs: ReadonlyMap<string, CandidateOutput>, config: Config, judge: Judge): Promise<{ hits: number; misses: number }> {
  const settings = llmSettings(config, rows)
  const cacheOnly = new BudgetedJudge(judge, { calls: 0 })
  await forEachInPool(rows.length, questionsInFlight(config), async (index) => {
    const row = knownAt(rows, index, 'row')
    const output = outputs.get(row.id)
    if (!output || output.error !== null) return
    await scoreWithJudge(row, output, cacheOnly, settings, planQuestion(row, output, settings))
  })
  const hits = Object.values(judge.usageByFamily()).reduce((sum, f) => sum + f.cache_hits, 0)
  return { hits, misses: cacheOnly.spent().refused }
}
