import { GateError } from '../../io/errors.ts'
import { endpointOrigin, envReferences, fillTemplates, makeClient, type EndpointDialect } from '../../judge/endpoint.ts'
import { OpenAIJudge } from '../../judge/openai.ts'
import { boundHeapGrowth } from '../../judge/heap.ts'
import { hasPrices } from '../../judge/usage.ts'
import { preflight } from '../../judge/preflight.ts'
import { promptsHash } from '../../judge/prompts.ts'
import { LLM_METRICS } from '../../metrics/llm.ts'
import type { CandidateOutput } from '../../schemas/candidate.ts'
import { DEFAULT_JUDGE_BASE_URL, NO_EMBEDDINGS, type Config } from '../../schemas/config.ts'
import type { EvalRow } from '../../schemas/evalSet.ts'
import type { JudgeIdentity, QuestionResult } from '../../schemas/results.ts'
import { runLlmTier } from '../llmTier.ts'
import { checkBudget, countCached, describePlan, planLlm, type TierPlan } from '../judgePlan.ts'
import { noneScorer } from './none.ts'
import { settingsHash, type ScorerEnvironment, type ScoringProvider, type SetScores } from './scorer.ts'

/** What sets one LLM-judge provider apart from another: how it talks, where its key is, what it cannot do without. */
export interface LlmEndpointKind {
  /** judge.provider and results.json run.judge.provider */
  name: 'openai' | 'azure'
  dialect: EndpointDialect
  /** how the judge line names it */
  label: string
  /** the key's environment variable when judge.api_key_env is not set */
  defaultKeyEnv: string
  /** may call a server other than api.openai.com without a key (a local Ollama, LM Studio, vLLM) */
  keyless: boolean
  /** the settings it cannot run without, as errors naming the setting and the fix */
  check(judge: Config['judge']): void
}

/**
 * The LLM judge over an endpoint (llmTier.ts does the scoring). Without its key the run falls
 * back to the deterministic tier and says so, rather than failing the check; a server other
 * than api.openai.com may be called keyless instead, when the kind allows it.
 */
export function llmJudgeProvider(kind: LlmEndpointKind): ScoringProvider {
  return {
    usesModel: true,
    keyEnv: (config) => keyEnvOf(config, kind),
    secretEnv: (config) => [keyEnvOf(config, kind), ...envReferences(config.judge.headers), ...envReferences(config.judge.query)],
    scorer(config, environment) {
      checkSettings(config, kind, { needsEmbeddings: true })
      const key = resolveKey(config, kind, environment)
      // a skipped tier sends nothing: its header variables may be as missing as its key (a fork's pull request)
      if ('skip' in key) {
        environment.logger.warn(key.skip)
        return noneScorer(config, [key.skip], LLM_METRICS)
      }
      // an unset ${VAR} in judge.headers or judge.query stops here, before the candidate runs, not as 401s later
      const wire = fillWire(config, environment)
      if (key.notice) environment.logger.info(key.notice)
      // thousands of judge calls allocate fast: without this V8 lets the heap grow to ~4× what the run holds
      boundHeapGrowth()
      const identity = llmIdentity(config, kind)
      const judgeOf = () => llmJudgeFor(config, kind, identity, { apiKey: key.apiKey, ...wire }, environment, environment.judgeVariant)
      // the plan is stated once from the answers: before the candidate runs when they are stored, else once it has answered
      let statedFromAnswers = false
      const plan = async (rows: readonly EvalRow[], outputs: ReadonlyMap<string, CandidateOutput> | null) => {
        statedFromAnswers = outputs !== null
        return stateLlmPlan(rows, outputs, config, judgeOf, environment)
      }
      return {
        identity,
        label: llmLabel(config, kind, identity, null),
        notes: [],
        usesModel: true,
        metrics: LLM_METRICS,
        plan: async (rows, outputs) => void (await plan(rows, outputs)),
        preflight: () => preflightLlm(config, kind, { apiKey: key.apiKey, ...wire }),
        scoreSet: async (rows, outputs, questions) =>
          scoreWithLlm(rows, outputs, questions, statedFromAnswers ? planLlm(rows, outputs, config) : await plan(rows, outputs), config, kind, identity, judgeOf(), environment),
      }
    },
    headToHead(config, environment) {
      checkSettings(config, kind, { needsEmbeddings: false })
      const key = resolveKey(config, kind, environment)
      const keyEnv = keyEnvOf(config, kind)
      if ('skip' in key) throw new GateError('usage', `${keyEnv} is not set: pairwise has no judge without its key`, `export ${keyEnv}=<key>, or name another variable with --judge-api-key-env`)
      const wire = { apiKey: key.apiKey, ...fillWire(config, environment) }
      if (key.notice) environment.logger.info(key.notice)
      const identity = llmIdentity(config, kind)
      return { judge: llmJudgeFor(config, kind, identity, wire, environment), label: llmLabel(config, kind, identity, null) }
    },
  }
}

function keyEnvOf(config: Config, kind: LlmEndpointKind): string {
  return config.judge.api_key_env ?? kind.defaultKeyEnv
}

/** Checked before anything runs: each names its setting and the fix. */
function checkSettings(config: Config, kind: LlmEndpointKind, { needsEmbeddings }: { needsEmbeddings: boolean }): void {
  const j = config.judge
  if (!j.model) {
    throw new GateError(
      'bad_config',
      `judge.provider is ${kind.name} but no judge.model is set`,
      `set judge.model (flag --judge-model, Action input judge-model)${kind.name === 'azure' ? ' to the deployment name' : ', e.g. gpt-4o-mini'}`,
    )
  }
  if (needsEmbeddings && !j.embeddings_model) {
    throw new GateError(
      'bad_config',
      `judge.provider is ${kind.name} but no judge.embeddings_model is set (answer_relevancy needs embeddings)`,
      `set judge.embeddings_model (flag --embeddings-model), e.g. text-embedding-3-small, or ${NO_EMBEDDINGS} to turn answer_relevancy off on an endpoint without embeddings`,
    )
  }
  if (config.budget.usd !== undefined && !hasPrices(j.prices)) {
    throw new GateError(
      'bad_config',
      `budget.usd (--budget-usd, Action input budget-usd) is ${config.budget.usd} but judge.prices is not set: without prices no call has a cost, so the budget could never act`,
      "set judge.prices in evalgate.yml (prompt_per_million, completion_per_million, embedding_per_million: your endpoint's $ per million tokens), or limit calls instead with --budget-calls",
    )
  }
  kind.check(j)
}

/** The key (null: keyless, with the notice to say so), or why the tier is skipped (in words for the warning and the run's notes). */
function resolveKey(config: Config, kind: LlmEndpointKind, environment: ScorerEnvironment): { apiKey: string | null; notice?: string } | { skip: string } {
  const keyEnv = keyEnvOf(config, kind)
  const key = environment.env[keyEnv]
  if (key) return { apiKey: key }
  // the fork wording only where it is the reason: a fork's pull request, as the Action's event says
  const why = environment.forkPullRequest ? ' (pull requests from forks get no secrets)' : ''
  const origin = endpointOrigin(config.judge.base_url)
  if (kind.keyless && origin !== endpointOrigin(DEFAULT_JUDGE_BASE_URL)) {
    return { apiKey: null, notice: `judge: ${keyEnv} is not set${why}; calling ${origin} without a key (a local server needs none; set ${keyEnv} if yours does)` }
  }
  return {
    skip: `LLM tier skipped: ${keyEnv} is not set${why}. The gate decides on rules, retrieval and citations; judge metrics are not computed. Set ${keyEnv} to run the judge`,
  }
}

function embeddingsOff(config: Config): boolean {
  return config.judge.embeddings_model === NO_EMBEDDINGS
}

function llmIdentity(config: Config, kind: LlmEndpointKind): JudgeIdentity {
  const j = config.judge
  const definitions = { prompts: promptsHash(), answer_relevancy: j.answer_relevancy, usefulness_reference: 'ground_truth, else the answer', temperature: j.temperature }
  return {
    provider: kind.name,
    model: j.model ?? null,
    // null: no embeddings model, answer_relevancy is off (its scores are null with that reason)
    embeddings_model: embeddingsOff(config) ? null : (j.embeddings_model ?? null),
    definitions_hash: settingsHash(definitions),
    rules_hash: settingsHash(config.rules),
    endpoint: endpointOrigin(j.base_url),
  }
}

/** One line for people: results.json run.judge_label, the report's judge line. */
function llmLabel(config: Config, kind: LlmEndpointKind, identity: JudgeIdentity, responseFormat: string | null): string {
  const j = config.judge
  const embeddings = identity.embeddings_model ? ` + ${identity.embeddings_model}` : ', no embeddings model (answer_relevancy off)'
  const format = responseFormat ?? (j.response_format === 'auto' ? 'auto' : j.response_format)
  const temperature = j.temperature === 'default' ? "the model's default temperature" : `temperature ${j.temperature}`
  return `${kind.label} ${identity.model ?? '?'}${embeddings} at ${identity.endpoint}, response format ${format}, ${temperature}, definitions ${identity.definitions_hash}`
}

/** What a request carries besides its body: the key (null: keyless), judge.headers and judge.query filled in. */
interface Wire {
  apiKey: string | null
  headers: Record<string, string>
  query: Record<string, string>
}

function fillWire(config: Config, environment: ScorerEnvironment): Omit<Wire, 'apiKey'> {
  return { headers: fillTemplates(config.judge.headers, environment.env, 'judge.headers'), query: fillTemplates(config.judge.query, environment.env, 'judge.query') }
}

function llmJudgeFor(config: Config, kind: LlmEndpointKind, identity: JudgeIdentity, wire: Wire, environment: ScorerEnvironment, variant?: string): OpenAIJudge {
  const j = config.judge
  return new OpenAIJudge({
    dialect: kind.dialect,
    baseURL: j.base_url,
    ...wire,
    keyEnv: keyEnvOf(config, kind),
    apiVersion: j.api_version ?? null,
    sampling: { responseFormat: j.response_format, temperature: j.temperature, maxTokens: j.max_tokens },
    notify: (message) => environment.logger.info(message),
    warn: (message) => environment.logger.warn(message),
    model: j.model!,
    embeddingsModel: embeddingsOff(config) ? null : (j.embeddings_model ?? null),
    timeoutMs: j.timeout_ms,
    concurrency: j.concurrency,
    cacheDir: j.cache ? (j.cache_dir.startsWith('/') ? j.cache_dir : `${environment.cwd}/${j.cache_dir}`) : null,
    identity,
    retry: { maxRetries: j.max_retries, baseDelayMs: 500, maxDelayMs: 20_000, maxRetryAfterMs: 60_000 },
    ...(variant ? { variant } : {}),
  })
}

/** The preflight of preflight.ts on this run's endpoint, with the run's own key, headers and query. */
function preflightLlm(config: Config, kind: LlmEndpointKind, wire: Wire): Promise<void> {
  const j = config.judge
  const client = makeClient({ dialect: kind.dialect, baseURL: j.base_url, ...wire, apiVersion: j.api_version ?? null, timeoutMs: j.timeout_ms })
  return preflight({
    client,
    baseURL: j.base_url,
    model: j.model!,
    embeddingsModel: embeddingsOff(config) ? null : (j.embeddings_model ?? null),
    keyEnv: keyEnvOf(config, kind),
    keyed: wire.apiKey !== null,
    deployments: kind.dialect === 'azure',
  })
}

/**
 * States the plan (from the answers, with what the cache answers, or estimated before they
 * exist) and stops when it is over budget. Counting the cache sends nothing.
 */
async function stateLlmPlan(
  rows: readonly EvalRow[],
  outputs: ReadonlyMap<string, CandidateOutput> | null,
  config: Config,
  judgeOf: () => OpenAIJudge,
  environment: ScorerEnvironment,
): Promise<TierPlan> {
  const plan = planLlm(rows, outputs, config)
  const cached = outputs && config.judge.cache ? await countCached(rows, outputs, config, judgeOf()) : null
  environment.logger.info(describePlan(plan, rows.length, config, cached))
  checkBudget(plan, config)
  return plan
}

/** Runs the LLM tier on its stated plan, then says how the endpoint was talked to. */
async function scoreWithLlm(
  rows: readonly EvalRow[],
  outputs: ReadonlyMap<string, CandidateOutput>,
  questions: Record<string, QuestionResult>,
  plan: TierPlan,
  config: Config,
  kind: LlmEndpointKind,
  identity: JudgeIdentity,
  judge: OpenAIJudge,
  environment: ScorerEnvironment,
): Promise<SetScores> {
  const tier = await runLlmTier(rows, outputs, questions, judge, config, plan, environment.logger)
  const { responseFormat, adaptations } = judge.negotiated()
  environment.logger.info(`judge: ${identity.endpoint}, response format ${responseFormat}${adaptations.length > 0 ? ` (${adaptations.join('; ')})` : ''}`)
  const stopped = judge.stopped()
  return {
    ...tier,
    stopped,
    notes: [...tier.notes, ...adaptations.map((a) => `judge: ${a}`)],
    judge: { response_format: responseFormat },
    label: llmLabel(config, kind, identity, responseFormat),
  }
}
