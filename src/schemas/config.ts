import { z } from 'zod'
import { GateSettingsInputSchema } from './baseline.ts'

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
    timeout_ms: z.number().int().positive().default(300_000),
  })
  .strict()

export const JudgeConfigSchema = z
  .object({
    provider: z.enum(['lexical', 'none']).default('lexical'),
  })
  .strict()

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
    judge: JudgeConfigSchema.default({ provider: 'lexical' }),
    k: z.array(z.number().int().positive()).min(1).default([5]),
    rules: RulesConfigSchema.default(RulesConfigSchema.parse({})),
    baseline: z.string().optional(),
    gate: GateSettingsInputSchema.strict().default({}),
    out: z.string().optional(),
    report: z.string().optional(),
  })
  .strict()
export type Config = z.infer<typeof ConfigSchema>
export type ConfigInput = z.input<typeof ConfigSchema>
