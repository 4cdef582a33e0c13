import { GateError } from '../../io/errors.ts'
import type { EndpointSpec, JudgeSpec } from '../../judge/build.ts'
import { endpointOrigin, fillTemplates } from '../../judge/endpoint.ts'
import { TRANSPORTS, type EmbeddingsEndpointProvider } from '../../judge/transports/registry.ts'
import { hasPrices } from '../../judge/usage.ts'
import type { Config } from '../../schemas/config.ts'
import { NO_EMBEDDINGS, type ChatProvider, type EmbeddingsConfig } from '../../schemas/judgeConfig.ts'
import type { ScorerEnvironment } from './scorer.ts'

/** The default key variable of an embeddings endpoint of its own: its API's. */
function embeddingsKeyEnvOf(provider: EmbeddingsEndpointProvider, e: EmbeddingsConfig | undefined): string {
  return e?.api_key_env ?? TRANSPORTS[provider].defaultKeyEnv
}

/** The variable an embeddings endpoint of its own reads its key from; null when the embeddings are the judge's or none. */
export function embeddingsKeyEnv(config: Config): string | null {
  const provider = config.embeddings?.provider
  return provider === undefined || provider === 'judge' || provider === 'none' ? null : embeddingsKeyEnvOf(provider, config.embeddings)
}

export function keyEnvOf(config: Config, name: ChatProvider): string {
  return config.judge.api_key_env ?? TRANSPORTS[name].defaultKeyEnv
}

export function baseUrlOf(config: Config, name: ChatProvider): string {
  const api = TRANSPORTS[name]
  const url = config.judge.base_url ?? api.defaultBaseUrl
  if (url === null)
    throw new GateError('bad_config', `judge.provider is ${name} but no judge.base_url is set`, `set judge.base_url (flag --judge-base-url) to ${api.baseUrlHint ?? "the API's address"}`)
  return url
}

/** judge.model, which every chat API needs. */
function judgeModel(config: Config, name: ChatProvider): string {
  const model = config.judge.model
  if (!model) {
    throw new GateError('bad_config', `judge.provider is ${name} but no judge.model is set`, `set judge.model (flag --judge-model, Action input judge-model)${TRANSPORTS[name].modelHint}`)
  }
  return model
}

/** Checked before anything runs: each names its setting and the fix. */
export function checkSettings(config: Config, name: ChatProvider, { needsEmbeddings }: { needsEmbeddings: boolean }): void {
  const j = config.judge
  const api = TRANSPORTS[name]
  judgeModel(config, name)
  if (j.api_version && !api.apiVersion) {
    throw new GateError(
      'bad_config',
      `judge.api_version is set (${j.api_version}) but judge.provider is ${name}: only azure sends an api-version`,
      'set judge.provider: azure for an Azure OpenAI resource, or remove judge.api_version (a server that wants extra query parameters takes them in judge.query)',
    )
  }
  if (j.response_format !== 'auto' && !api.formats.includes(j.response_format)) {
    throw new GateError(
      'bad_config',
      `judge.response_format is ${j.response_format}, which the ${name} transport cannot ask for`,
      `set judge.response_format to auto or one of ${api.formats.join(', ')}`,
    )
  }
  if (api.capRequired && j.max_tokens === 'default') {
    throw new GateError('bad_config', `judge.max_tokens is default, but the ${name} API requires a cap on every reply`, 'set judge.max_tokens to a whole number, e.g. 4096')
  }
  baseUrlOf(config, name)
  checkBudgetCanAct(config)
  api.check?.(j)
  if (needsEmbeddings) embeddingsChoice(config, name)
}

function checkBudgetCanAct(config: Config): void {
  const { budget, judge } = config
  if (budget.usd !== undefined && !hasPrices(judge.prices)) {
    throw new GateError(
      'bad_config',
      `budget.usd (--budget-usd, Action input budget-usd) is ${budget.usd} but judge.prices is not set: without prices no call has a cost, so the budget could never act`,
      "set judge.prices in evalgate.yml (prompt_per_million, completion_per_million, embedding_per_million: your endpoint's $ per million tokens), or limit calls instead with --budget-calls",
    )
  }
  if ((budget.usd !== undefined || budget.tokens !== undefined) && judge.max_tokens === 'default') {
    throw new GateError(
      'bad_config',
      `budget.${budget.usd !== undefined ? 'usd' : 'tokens'} is set but judge.max_tokens is default: a reply's length then has no bound, so no reservation can keep the spend within the budget`,
      'set judge.max_tokens to a whole number (e.g. 4096), or limit requests instead with --budget-calls',
    )
  }
}

export type EmbeddingsChoice = { provider: 'none' } | { provider: 'judge'; model: string } | { provider: EmbeddingsEndpointProvider; model: string; settings: EmbeddingsConfig; baseURL: string }

/** Where the embeddings come from, with every setting that could not act refused. */
export function embeddingsChoice(config: Config, name: ChatProvider): EmbeddingsChoice {
  const e = config.embeddings
  const ownEmbeddings = TRANSPORTS[name].embeddings !== undefined
  const provider = e?.provider ?? (e?.model === NO_EMBEDDINGS ? 'none' : e?.model !== undefined ? 'judge' : undefined)
  // without embeddings settings there is no provider; every choice below reads them
  if (provider === undefined || e === undefined) {
    throw new GateError(
      'bad_config',
      !ownEmbeddings
        ? `judge.provider is ${name}, which has no embeddings endpoint, and no embeddings endpoint is set (answer_relevancy needs embeddings)`
        : `judge.provider is ${name} but no embeddings model is set (answer_relevancy needs embeddings)`,
      !ownEmbeddings
        ? 'set embeddings.provider: openai (or azure) and embeddings.model, e.g. text-embedding-3-small, or embeddings.provider: none to turn answer_relevancy off'
        : `set embeddings.model (flag --embeddings-model), e.g. text-embedding-3-small, or ${NO_EMBEDDINGS} to turn answer_relevancy off on an endpoint without embeddings`,
    )
  }
  const own = (['base_url', 'api_key_env', 'api_version'] as const).filter((key) => e[key] !== undefined)
  const maps = (['headers', 'query'] as const).filter((key) => Object.keys(e[key] ?? {}).length > 0)
  const cannotAct = [...own, ...maps].map((key) => `embeddings.${key}`)
  if (provider === 'none') {
    if (e.model !== undefined && e.model !== NO_EMBEDDINGS) cannotAct.unshift('embeddings.model')
    if (cannotAct.length > 0)
      throw new GateError(
        'bad_config',
        `embeddings.provider is none, but ${cannotAct.join(', ')} ${cannotAct.length === 1 ? 'is' : 'are'} set and would do nothing`,
        'remove them, or name an embeddings provider',
      )
    return { provider: 'none' }
  }
  const model = e.model
  if (model === undefined || model === NO_EMBEDDINGS)
    throw new GateError('bad_config', `embeddings.provider is ${provider} but no embeddings.model is set`, 'set embeddings.model (flag --embeddings-model), e.g. text-embedding-3-small')
  if (provider === 'judge') {
    if (!ownEmbeddings)
      throw new GateError(
        'bad_config',
        `embeddings come from the judge, but the ${name} API has no embeddings endpoint`,
        'set embeddings.provider: openai (or azure) with its base_url and key, or embeddings.provider: none',
      )
    if (cannotAct.length > 0) {
      throw new GateError(
        'bad_config',
        `${cannotAct.join(', ')} ${cannotAct.length === 1 ? 'is' : 'are'} set, but the embeddings come from the judge's endpoint, which these would not change`,
        'set embeddings.provider: openai or azure for an embeddings endpoint of its own, or remove them',
      )
    }
    return { provider: 'judge', model }
  }
  const api = TRANSPORTS[provider]
  const baseURL = e.base_url ?? api.defaultBaseUrl
  if (baseURL === null || (api.apiVersion && !e.api_version)) {
    throw new GateError(
      'bad_config',
      `embeddings.provider is ${provider} but embeddings.base_url or embeddings.api_version is not set`,
      `set embeddings.base_url to ${api.baseUrlHint ?? "the API's address"} and embeddings.api_version, e.g. 2024-10-21`,
    )
  }
  if (e.api_version && !api.apiVersion) throw new GateError('bad_config', `embeddings.api_version is set but embeddings.provider is ${provider}, which sends none`, 'remove embeddings.api_version')
  return { provider, model, settings: e, baseURL }
}

/** The key (null: keyless, with the notice to say so), or why the tier is skipped (in words for the warning and the run's notes). */
export function resolveKey(config: Config, name: ChatProvider, environment: ScorerEnvironment): { apiKey: string | null; notice?: string } | { skip: string } {
  const api = TRANSPORTS[name]
  const keyEnv = keyEnvOf(config, name)
  const key = environment.env[keyEnv]
  if (key) return { apiKey: key }
  // the fork wording only where it is the reason: a fork's pull request, as the Action's event says
  const why = environment.forkPullRequest ? ' (pull requests from forks get no secrets)' : ''
  const origin = endpointOrigin(baseUrlOf(config, name))
  if (api.keyless && (api.defaultBaseUrl === null || origin !== endpointOrigin(api.defaultBaseUrl))) {
    return { apiKey: null, notice: `judge: ${keyEnv} is not set${why}; calling ${origin} without a key (a local server needs none; set ${keyEnv} if yours does)` }
  }
  return {
    skip: `LLM tier skipped: ${keyEnv} is not set${why}. The gate decides on rules, retrieval and citations; judge metrics are not computed. Set ${keyEnv} to run the judge`,
  }
}

/** The chat endpoint and the embeddings one (or the judge's own, or none), filled in from the environment. */
export function endpointSpecs(config: Config, name: ChatProvider, apiKey: string | null, environment: ScorerEnvironment, withEmbeddings: boolean): Pick<JudgeSpec, 'chat' | 'embeddings'> {
  const j = config.judge
  // ${VAR} may not name the runner's or evalgate's own secrets, the judge's key among them, unless judge.env_passthrough lists them
  const access = { passthrough: j.env_passthrough, keyEnvs: [keyEnvOf(config, name)] }
  const chat: EndpointSpec = {
    provider: name,
    baseURL: baseUrlOf(config, name),
    apiKey,
    keyEnv: keyEnvOf(config, name),
    apiVersion: j.api_version ?? null,
    // an unset ${VAR} in judge.headers or judge.query stops here, before the candidate runs, not as 401s later
    headers: fillTemplates(j.headers, environment.env, 'judge.headers', access),
    query: fillTemplates(j.query, environment.env, 'judge.query', access),
    templates: { headers: j.headers, query: j.query },
    model: judgeModel(config, name),
  }
  const choice = withEmbeddings ? embeddingsChoice(config, name) : { provider: 'none' as const }
  if (choice.provider === 'none') return { chat, embeddings: null }
  if (choice.provider === 'judge') return { chat, embeddings: { same: true, model: choice.model } }
  const e = choice.settings
  const api = TRANSPORTS[choice.provider]
  const keyEnv = embeddingsKeyEnvOf(choice.provider, e)
  const key = environment.env[keyEnv]
  const { baseURL } = choice
  // keyless only at a server of the user's own, as for the judge
  if (!key && (!api.keyless || (api.defaultBaseUrl !== null && endpointOrigin(baseURL) === endpointOrigin(api.defaultBaseUrl)))) {
    throw new GateError('bad_config', `embeddings.provider is ${choice.provider} but ${keyEnv} is not set`, `set ${keyEnv} in the job's env, or name another variable with embeddings.api_key_env`)
  }
  const embeddingsAccess = { ...access, keyEnvs: [...access.keyEnvs, keyEnv] }
  const embeddings: EndpointSpec<EmbeddingsEndpointProvider> = {
    provider: choice.provider,
    baseURL,
    apiKey: key || null,
    keyEnv,
    apiVersion: e.api_version ?? null,
    headers: fillTemplates(e.headers, environment.env, 'embeddings.headers', embeddingsAccess),
    query: fillTemplates(e.query, environment.env, 'embeddings.query', embeddingsAccess),
    templates: { headers: e.headers, query: e.query },
    model: choice.model,
  }
  return { chat, embeddings }
}
