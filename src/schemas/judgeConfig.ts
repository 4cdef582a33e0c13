import { z } from 'zod'
import type { GateIssueParams } from './gateIssue.ts'
import { noUserInfo } from './urlSetting.ts'

/** The most judge calls in flight at once: the tier's memory follows it (a pool of questions per slot), a rate limit decides it. */
export const MAX_JUDGE_CONCURRENCY = 512

/** The wire formats the LLM judge speaks (judge/transports/): each is a value of judge.provider too. */
export const CHAT_PROVIDERS = ['openai', 'azure', 'anthropic'] as const
export type ChatProvider = (typeof CHAT_PROVIDERS)[number]

/** The values of judge.provider: each is one scoring provider in run/scorers/, chosen by its factory. */
export const JUDGE_PROVIDERS = ['lexical', ...CHAT_PROVIDERS, 'none'] as const
export type JudgeProvider = (typeof JUDGE_PROVIDERS)[number]

/**
 * The values of embeddings.provider: `judge` (the default when embeddings.model is set) asks the
 * judge's own endpoint with its key; `openai` and `azure` an endpoint of their own; `none`
 * turns answer_relevancy off (an endpoint without embeddings: Groq, Anthropic, llama.cpp
 * started without --embeddings).
 */
export const EMBEDDINGS_PROVIDERS = ['judge', 'openai', 'azure', 'none'] as const
export type EmbeddingsProvider = (typeof EMBEDDINGS_PROVIDERS)[number]

/** `embeddings.model: none` (and the older `judge.embeddings_model: none`): embeddings.provider none */
export const NO_EMBEDDINGS = 'none'

/** auto: strict json_schema, stepping down to json_object and then to plain text when the endpoint rejects a format */
export const RESPONSE_FORMATS = ['auto', 'json_schema', 'json_object', 'text'] as const
export type ResponseFormatSetting = (typeof RESPONSE_FORMATS)[number]

/** `${NAME}` in a header or query value: filled from the environment, and the value is a secret */
const EnvTemplateMapSchema = z.record(z.string().min(1), z.string()).default({})

/** Where an endpoint is and how it is signed: judge.* and embeddings.* alike. */
function endpointFields() {
  return {
    /** azure: the api-version query parameter, e.g. 2024-10-21 */
    api_version: z.string().min(1).optional(),
    /** the name of the environment variable holding the key, never the key itself (default: the provider's, e.g. OPENAI_API_KEY) */
    api_key_env: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'an environment variable name, e.g. OPENAI_API_KEY')
      .optional(),
    /** extra request headers; `${NAME}` is filled from the environment */
    headers: EnvTemplateMapSchema,
    /** extra query parameters on every request; `${NAME}` is filled from the environment */
    query: EnvTemplateMapSchema,
  }
}

/** A number in [low, high], or `default`: not sent, the server's own default applies. */
function sampling(name: string, low: number, high: number, whole: boolean, fallback: number) {
  const hint = `set judge.${name} to ${whole ? 'a whole number' : 'a number'} from ${low} to ${high}, or default to leave it to the server`
  return z
    .union([z.number(), z.literal('default')])
    .default(fallback)
    .superRefine((value, ctx) => {
      if (value === 'default' || (value >= low && value <= high && (!whole || Number.isInteger(value)))) return
      const params: GateIssueParams = { gate: { code: 'bad_config', hint, located: true } }
      ctx.addIssue({ code: 'custom', message: `judge.${name} is ${value}, outside ${low}..${high}`, params })
    })
}

export const JudgeConfigSchema = z
  .object({
    /** lexical: offline, deterministic; openai: any OpenAI-compatible endpoint; azure: Azure OpenAI deployments; none: rules, retrieval, citations only */
    provider: z.enum(JUDGE_PROVIDERS).default('lexical'),
    /** default: the provider's own API (openai: https://api.openai.com/v1, anthropic: https://api.anthropic.com); azure: the resource endpoint, e.g. https://my-resource.openai.azure.com */
    base_url: z.string().url().superRefine(noUserInfo('judge.base_url', 'judge.api_key_env (the variable holding the key) or judge.headers with ${VAR}')).optional(),
    /** azure: the deployment name */
    model: z.string().min(1).optional(),
    ...endpointFields(),
    /** the runner's or evalgate's own secrets (ACTIONS_*, INPUT_*, GITHUB_TOKEN, the judge key) that `${NAME}` in judge and embeddings headers and query may use */
    env_passthrough: z.array(z.string().regex(/^[A-Za-z_][A-Za-z0-9_-]*$/, 'an environment variable name, e.g. GITHUB_TOKEN')).default([]),
    response_format: z.enum(RESPONSE_FORMATS).default('auto'),
    temperature: sampling('temperature', 0, 2, false, 0),
    /** a cap on each reply; a model stuck repeating itself stops here instead of at its context length */
    max_tokens: sampling('max_tokens', 1, 1_000_000, true, 4096),
    concurrency: z
      .number()
      .int()
      .min(1, 'at least 1 judge call in flight')
      .max(MAX_JUDGE_CONCURRENCY, `at most ${MAX_JUDGE_CONCURRENCY} judge calls in flight at once; set it to what the endpoint's rate limit allows`)
      .default(8),
    timeout_ms: z.number().int().positive().default(60_000),
    max_retries: z.number().int().min(0).max(10).default(4),
    cache: z.boolean().default(true),
    cache_dir: z.string().min(1).default('.evalgate-cache'),
    repeats: z.number().int().min(1).max(5).default(1),
    answer_relevancy: z
      .object({
        questions: z.number().int().min(1).max(10).default(3),
        noncommittal: z.enum(['soft', 'any', 'all']).default('soft'),
      })
      .strict()
      .default({ questions: 3, noncommittal: 'soft' }),
    prices: z
      .object({
        prompt_per_million: z.number().min(0).optional(),
        completion_per_million: z.number().min(0).optional(),
        embedding_per_million: z.number().min(0).optional(),
      })
      .strict()
      .optional(),
  })
  .strict()
export type JudgeConfig = z.infer<typeof JudgeConfigSchema>

/**
 * embeddings: where answer_relevancy's embeddings come from. Absent, or with only a model,
 * they come from the judge's endpoint; `provider: openai | azure` names an endpoint of their
 * own (chat on Anthropic or a local vLLM, embeddings on OpenAI), with its own key and headers.
 */
export const EmbeddingsConfigSchema = z
  .object({
    provider: z.enum(EMBEDDINGS_PROVIDERS).optional(),
    /** the embeddings model (azure: the deployment name); `none` is provider none */
    model: z.string().min(1).optional(),
    base_url: z.string().url().superRefine(noUserInfo('embeddings.base_url', 'embeddings.api_key_env (the variable holding the key) or embeddings.headers with ${VAR}')).optional(),
    ...endpointFields(),
  })
  .strict()
export type EmbeddingsConfig = z.infer<typeof EmbeddingsConfigSchema>
