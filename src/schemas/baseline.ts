import { z } from 'zod'
import { GateSettingsInputSchema } from './gate.ts'
import { idRecordSchema } from './ids.ts'
import { JudgeIdentitySchema } from './results.ts'

export const BASELINE_SCHEMA_VERSION = 1

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
  questions: idRecordSchema(BaselineQuestionSchema).optional(),
}).passthrough()
export type Baseline = z.infer<typeof BaselineSchema>
