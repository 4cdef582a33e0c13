import { z } from 'zod'
import { GateSettingsInputSchema } from './baseline.ts'
import { HttpCandidateSchema } from './candidate.ts'

export const DEFAULT_REFUSAL_PHRASES = [
  '不知道',
  '不清楚',
  '没有相关',
  '无法回答',
  '未收录',
  '无法提供',
  '不能回答',
  '无法确定',
  "i don't know",
  'i do not know',
  'cannot answer',
  "can't answer",
  'unable to answer',
  'no relevant information',
]

export const RulesConfigSchema = z
  .object({
    min_length: z.number().int().min(0).default(5),
    max_length: z.number().int().min(1).default(500),
    require_citation: z.boolean().default(true),
    forbidden: z.array(z.string().min(1)).default([]),
    refusal_phrases: z.array(z.string().min(1)).min(1).default(DEFAULT_REFUSAL_PHRASES),
  })
  .strict()
export type RulesConfig = z.infer<typeof RulesConfigSchema>

export const CandidateConfigSchema = z
  .object({
    predictions: z.string().optional(),
    command: z.string().optional(),
    /** the system under test as an HTTP endpoint, one request per question */
    http: HttpCandidateSchema.optional(),
    timeout_ms: z.number().int().positive().default(300_000),
  })
  .strict()

export const JudgeConfigSchema = z
  .object({
    /** lexical: offline, deterministic; openai: any OpenAI-compatible endpoint; none: rules, retrieval, citations only */
    provider: z.enum(['lexical', 'openai', 'none']).default('lexical'),
    base_url: z.string().url().default('https://api.openai.com/v1'),
    model: z.string().min(1).optional(),
    embeddings_model: z.string().min(1).optional(),
    /** the name of the environment variable holding the key, never the key itself */
    api_key_env: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'an environment variable name, e.g. OPENAI_API_KEY').default('OPENAI_API_KEY'),
    concurrency: z.number().int().min(1).max(64).default(8),
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

export const BudgetSchema = z.object({ calls: z.number().int().positive().optional(), tokens: z.number().int().positive().optional() }).strict()

/**
 * Everything a run needs, from evalgate.yml, CLI flags or Action inputs (in that order of
 * precedence, flags and inputs winning). Paths are relative to the working directory.
 */
export const ConfigSchema = z
  .object({
    eval_set: z.string().optional(),
    eval_set_version: z.union([z.string(), z.number()]).transform(String).optional(),
    version: z.union([z.string(), z.number()]).transform(String).optional(),
    candidate: CandidateConfigSchema.default({ timeout_ms: 300_000 }),
    judge: JudgeConfigSchema.default(JudgeConfigSchema.parse({})),
    /** the run stops before its first model call when the plan would exceed this */
    budget: BudgetSchema.default({}),
    k: z.array(z.number().int().positive()).min(1).default([5]),
    rules: RulesConfigSchema.default(RulesConfigSchema.parse({})),
    baseline: z.string().optional(),
    gate: GateSettingsInputSchema.strict().default({}),
    out: z.string().optional(),
    report: z.string().optional(),
    /** history.csv to append this run's metrics to (and to draw the trend chart from) */
    history: z.string().optional(),
    /** `i/n`: score only the i-th of n deterministic slices of the eval set (merge them with evalgate merge) */
    shard: z
      .string()
      .regex(/^\s*[1-9]\d*\s*\/\s*[1-9]\d*\s*$/, 'shard is written i/n, e.g. 2/4')
      .transform((v) => {
        const [index, count] = v.split('/').map((x) => Number(x.trim())) as [number, number]
        return { index, count }
      })
      .refine((s) => s.index <= s.count, 'the shard index must be between 1 and the shard count, e.g. 2/4')
      .optional(),
  })
  .strict()
export type Config = z.infer<typeof ConfigSchema>
export type ConfigInput = z.input<typeof ConfigSchema>
