import { existsSync, readdirSync } from 'node:fs'
import { GateError } from '../../io/errors.ts'
import { Budget } from '../../judge/budget.ts'
import { buildModelJudge, type JudgeSpec } from '../../judge/build.ts'
import { endpointOrigin, envReferences } from '../../judge/endpoint.ts'
import type { ModelJudge } from '../../judge/modelJudge.ts'
import { promptsHash } from '../../judge/prompts.ts'
import { LLM_METRICS } from '../../metrics/llm.ts'
import type { CandidateOutput } from '../../schemas/candidate.ts'
import type { Config } from '../../schemas/config.ts'
import type { EvalRow } from '../../schemas/evalSet.ts'
import type { JudgeIdentity, QuestionResult } from '../../schemas/results.ts'
import { runLlmTier, type TierSchedule } from '../llmTier/llmTier.ts'
import { checkBudget, countCached, describePlan, planLlm, type TierPlan } from '../llmTier/judgePlan.ts'
import { baseUrlOf, checkSettings, embeddingsKeyEnv, endpointSpecs, keyEnvOf, resolveKey } from './llmEndpoints.ts'
import { TRANSPORTS } from '../../judge/transports/registry.ts'
import type { ChatProvider } from '../../schemas/judgeConfig.ts'
import { noneScorer } from './none.ts'
import { settingsHash, type ScorerEnvironment, type ScoringProvider, type SetScores } from './scorer.ts'

/**
 * The LLM judge over the API `name` (judge/transports/: openai, azure, anthropic; llmTier.ts
 * does the scoring). Without its key the run falls back to the deterministic tier and says so,
 * rather than failing the check; a server other than the vendor's own may be called keyless
 * instead, when the API allows it.
 */
export function llmJudgeProvider(kind: ChatProvider): ScoringProvider {
  return {
    usesModel: true,
    keyEnv: (config) => keyEnvOf(config, kind),
    secretEnv: (config) => [
      keyEnvOf(config, kind),
      ...envReferences(config.judge.headers),
      ...envReferences(config.judge.query),
      ...[embeddingsKeyEnv(config)].filter((name) => name !== null),
      ...envReferences(config.embeddings?.headers ?? {}),
      ...envReferences(config.embeddings?.query ?? {}),
    ],
    scorer(config, environment) {
      checkSettings(config, kind, { needsEmbeddings: true })
      const key = resolveKey(config, kind, environment)
      // a skipped tier sends nothing: its header variables may be as missing as its key (a fork's pull request)
      if ('skip' in key) {
        environment.logger.warn(key.skip)
        return noneScorer(config, [key.skip], LLM_METRICS)
      }
      const spec = judgeSpec(config, kind, key.apiKey, environment, true)
      if (key.notice) environment.logger.info(key.notice)
      const run = new LlmRun(config, spec, environment)
      return {
        identity: spec.identity,
        label: llmLabel(config, kind, spec, null),
        notes: [],
        usesModel: true,
        metrics: LLM_METRICS,
        plan: async (rows, outputs) => void (await run.plan(rows, outputs)),
        preflight: () => run.preflightBeforeCandidate(),
        scoreSet: async (rows, outputs, questions, schedule) => {
          const scored = await run.score(rows, outputs, questions, schedule)
          return { ...scored, label: llmLabel(config, kind, spec, scored.judge?.response_format ?? null) }
        },
      }
    },
    headToHead(config, environment) {
      checkSettings(config, kind, { needsEmbeddings: false })
      const key = resolveKey(config, kind, environment)
      const keyEnv = keyEnvOf(config, kind)
      if ('skip' in key) throw new GateError('usage', `${keyEnv} is not set: pairwise has no judge without its key`, `export ${keyEnv}=<key>, or name another variable with --judge-api-key-env`)
      if (key.notice) environment.logger.info(key.notice)
      const spec = judgeSpec(config, kind, key.apiKey, environment, false)
      // pairwise compares answers; it asks for no embeddings, so its judge line names none
      return { judge: buildModelJudge(spec), label: llmLabel(config, kind, spec, null, false) }
    },
  }
}

/**
 * One run of the LLM tier: one judge for the preflight and the scoring (so the shape the
 * preflight negotiates is the run's), one budget for both, and the preflight sent only when
 * some call of the plan is not in the cache: an unchanged re-run sends no request at all.
 */
class LlmRun {
  private judge: ModelJudge | null = null
  private readonly budget: Budget
  /** calls of the plan the cache does not answer; null until known */
  private uncached: number | null = null
  private preflown = false
  private statedFromAnswers = false
  private readonly config: Config
  private readonly spec: JudgeSpec
  private readonly environment: ScorerEnvironment

  constructor(config: Config, spec: JudgeSpec, environment: ScorerEnvironment) {
    this.config = config
    this.spec = spec
    this.environment = environment
    this.budget = new Budget(config.budget, config.judge.prices)
  }

  /** The plan, stated from the answers with what the cache answers, or estimated before they exist; over budget it stops. */
  async plan(rows: readonly EvalRow[], outputs: ReadonlyMap<string, CandidateOutput> | null): Promise<TierPlan> {
    this.statedFromAnswers = outputs !== null
    const plan = planLlm(rows, outputs, this.config, this.judge?.reasoningPerCall() ?? 0)
    const cached = outputs && this.config.judge.cache ? await countCached(rows, outputs, this.config, buildModelJudge(this.spec)) : null
    this.uncached = outputs === null ? null : cached === null ? plan.upTo.chat + plan.upTo.embeddings : cached.misses
    this.environment.logger.info(describePlan(plan, rows.length, this.config, cached?.hits ?? null))
    checkBudget(plan, this.config)
    return plan
  }

  /**
   * Before the candidate runs: the preflight, unless the cache may answer every call. With the
   * answers stored that is known exactly; before they exist, only a cache that is off or empty
   * is sure not to, and otherwise the preflight waits for the exact plan.
   */
  async preflightBeforeCandidate(): Promise<void> {
    if (this.uncached !== null) return this.uncached > 0 ? this.preflight() : this.skipped()
    if (!this.config.judge.cache || !hasEntries(this.spec.cacheDir)) return this.preflight()
  }

  async score(rows: readonly EvalRow[], outputs: ReadonlyMap<string, CandidateOutput>, questions: Record<string, QuestionResult>, schedule?: TierSchedule): Promise<SetScores> {
    const plan = this.statedFromAnswers ? planLlm(rows, outputs, this.config, this.judge?.reasoningPerCall() ?? 0) : await this.plan(rows, outputs)
    if (!this.preflown) await ((this.uncached ?? 1) > 0 ? this.preflight() : this.skipped())
    const judge = this.runJudge()
    const tier = await runLlmTier(rows, outputs, questions, judge, this.config, plan, this.environment.logger, this.budget, schedule)
    const { responseFormat, adaptations } = judge.negotiated()
    const { limited, pausedMs } = judge.rateLimits()
    const logger = this.environment.logger
    logger.info(`judge: ${this.spec.identity.endpoint}, response format ${responseFormat}${adaptations.length > 0 ? ` (${adaptations.join('; ')})` : ''}`)
    const notes = [...tier.notes, ...adaptations.map((a) => `judge: ${a}`)]
    if (limited > 0) {
      const said = `judge: rate limited ${limited} time${limited === 1 ? '' : 's'}; every request stood still ${(pausedMs / 1000).toFixed(1)} s in all. Lower judge.concurrency (now ${this.config.judge.concurrency}) to stay under the limit, or raise judge.max_retries (now ${this.config.judge.max_retries}) to wait it out`
      logger.warn(said)
      notes.push(said)
    }
    return { ...tier, stopped: judge.stopped(), notes, judge: { response_format: responseFormat } }
  }

  private runJudge(): ModelJudge {
    return (this.judge ??= buildModelJudge(this.spec))
  }

  private async preflight(): Promise<void> {
    this.preflown = true
    await this.runJudge().preflight(this.budget)
    const reasoning = this.runJudge().reasoningPerCall()
    if (reasoning)
      this.environment.logger.info(
        `judge: the preflight's reply used ${Math.round(reasoning)} hidden reasoning tokens: a reasoning model spends up to judge.max_tokens (${this.config.judge.max_tokens}) per call on them, beyond the plan's estimate`,
      )
  }

  private skipped(): void {
    this.preflown = true
    this.environment.logger.info('judge: no preflight: the cache answers every call of the plan, so no request is sent')
  }
}

function hasEntries(dir: string | null): boolean {
  try {
    return dir !== null && existsSync(dir) && readdirSync(dir).length > 0
  } catch {
    return true
  }
}

function judgeSpec(config: Config, kind: ChatProvider, apiKey: string | null, environment: ScorerEnvironment, withEmbeddings: boolean): JudgeSpec {
  const j = config.judge
  const variant = environment.judgeVariant
  const endpoints = endpointSpecs(config, kind, apiKey, environment, withEmbeddings)
  const cacheDir = j.cache ? (j.cache_dir.startsWith('/') ? j.cache_dir : `${environment.cwd}/${j.cache_dir}`) : null
  return {
    identity: llmIdentity(config, kind, endpoints.embeddings === null ? null : endpoints.embeddings.model),
    ...endpoints,
    sampling: { responseFormat: j.response_format, temperature: j.temperature, maxTokens: j.max_tokens },
    cacheDir,
    concurrency: j.concurrency,
    timeoutMs: j.timeout_ms,
    maxRetries: j.max_retries,
    notify: (message) => environment.logger.info(message),
    warn: (message) => environment.logger.warn(message),
    ...(variant ? { variant } : {}),
  }
}

function llmIdentity(config: Config, kind: ChatProvider, embeddingsModel: string | null): JudgeIdentity {
  const j = config.judge
  const definitions = { prompts: promptsHash(), answer_relevancy: j.answer_relevancy, usefulness_reference: 'ground_truth, else the answer', temperature: j.temperature }
  return {
    provider: kind,
    model: j.model ?? null,
    // null: no embeddings, answer_relevancy is off (its scores are null with that reason)
    embeddings_model: embeddingsModel,
    definitions_hash: settingsHash(definitions),
    rules_hash: settingsHash(config.rules),
    endpoint: endpointOrigin(baseUrlOf(config, kind)),
  }
}

/** One line for people: results.json run.judge_label, the report's judge line. */
function llmLabel(config: Config, kind: ChatProvider, spec: JudgeSpec, responseFormat: string | null, withEmbeddings = true): string {
  const j = config.judge
  const e = spec.embeddings
  const embeddings = !withEmbeddings ? '' : e === null ? ', no embeddings model (answer_relevancy off)' : 'same' in e ? ` + ${e.model}` : ` + ${e.model} at ${endpointOrigin(e.baseURL)}`
  const format = responseFormat ?? (j.response_format === 'auto' ? 'auto' : j.response_format)
  const temperature = j.temperature === 'default' ? "the model's default temperature" : `temperature ${j.temperature}`
  return `${TRANSPORTS[kind].label} ${spec.identity.model ?? '?'}${embeddings} at ${spec.identity.endpoint}, response format ${format}, ${temperature}, definitions ${spec.identity.definitions_hash}`
}
