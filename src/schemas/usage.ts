import { z } from 'zod'

/** What the judge spent: results.json run.usage, per run and per metric family. */
export const FamilyUsageSchema = z.object({
  /** replies used (a cache hit is none) */
  calls: z.number().int(),
  /** requests sent: every retry, repair, adaptation and failure included (absent before evalgate counted them) */
  requests: z.number().int().optional(),
  cache_hits: z.number().int(),
  retries: z.number().int(),
  errors: z.number().int(),
  prompt_tokens: z.number().int(),
  completion_tokens: z.number().int(),
  ms: z.number(),
})
export type FamilyUsage = z.infer<typeof FamilyUsageSchema>

export const UsageSchema = z.object({
  llm_calls: z.number().int(),
  embedding_calls: z.number().int(),
  prompt_tokens: z.number().int(),
  completion_tokens: z.number().int(),
  cache_hits: z.number().int(),
  retries: z.number().int().default(0),
  /** requests sent, the preflight's, retries and failures included (absent without an LLM tier, and before evalgate counted them) */
  requests: z.number().int().optional(),
  cost_usd: z.number().nullable(),
  /** per metric family (judge prompt) and embeddings */
  by_family: z.record(z.string(), FamilyUsageSchema).default({}),
  /** the plan stated before the first call */
  planned: z.object({ chat: z.number().int(), embeddings: z.number().int(), tokens: z.number().int() }).nullable().default(null),
})
export type Usage = z.infer<typeof UsageSchema>
