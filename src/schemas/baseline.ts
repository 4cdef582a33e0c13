import { z } from 'zod'
import { JudgeIdentitySchema } from './results.ts'

export const BASELINE_SCHEMA_VERSION = 1

/**
 * Gate settings as written in a file: every field optional, so the seed's minimal
 * baseline.json and evalgate's own form load through the same schema.
 */
export const GateSettingsInputSchema = z.object({
  max_drop: z.number().min(0).optional(),
  max_drop_overrides: z.record(z.string(), z.number().min(0)).optional(),
  thresholds: z.record(z.string(), z.number()).optional(),
  by_category: z.record(z.string(), z.record(z.string(), z.number())).optional(),
  max_error_rate: z.number().min(0).max(1).optional(),
  question_drop: z.number().min(0).optional(),
  latency_rise: z.number().min(0).optional(),
  gate_mode: z.enum(['strict', 'significant']).optional(),
})
export type GateSettingsInput = z.infer<typeof GateSettingsInputSchema>

export const BaselineQuestionSchema = z.object({
  category: z.string().nullable(),
  question: z.string().optional(),
  scores: z.record(z.string(), z.number().nullable()),
  notes: z.record(z.string(), z.string()).optional(),
})
export type BaselineQuestion = z.infer<typeof BaselineQuestionSchema>

export const BaselineSchema = GateSettingsInputSchema.extend({
  schema_version: z.literal(BASELINE_SCHEMA_VERSION).optional(),
  version: z.union([z.string(), z.number()]).transform(String),
  eval_set_version: z.union([z.string(), z.number()]).transform(String),
  eval_set_fingerprint: z.string().optional(),
  judge: JudgeIdentitySchema.optional(),
  created_at: z.string().optional(),
  /** aggregate means; the seed's form has only these */
  metrics: z.record(z.string(), z.number().nullable()),
  /** per-question scores, written by `evalgate baseline` */
  questions: z.record(z.string(), BaselineQuestionSchema).optional(),
}).passthrough()
export type Baseline = z.infer<typeof BaselineSchema>
