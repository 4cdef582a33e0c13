import { z } from 'zod'
import { GateSettingsInputSchema } from './gate.ts'
import { idRecord } from '../io/ids.ts'
import { idRecordSchema } from './ids.ts'
import { JudgeIdentitySchema } from './results.ts'

/** 2: each question keeps its answer (capped) and the answer's SHA-256. 1 (or none): scores only; still read. */
export const BASELINE_SCHEMA_VERSION = 2

/** How many code points of each answer a baseline keeps, and the mark that ends a cut one (baseline/answer.ts). */
export const ANSWER_CAP = 500
export const ANSWER_CUT_MARK = '…'

export const BaselineQuestionSchema = z.object({
  category: z.string().nullable(),
  question: z.string().optional(),
  scores: z.record(z.string(), z.number().nullable()),
  notes: z.record(z.string(), z.string()).optional(),
  /** schema 2: the answer, at most ANSWER_CAP code points, ending with … when cut */
  answer: z
    .string()
    .refine((a) => [...a].length <= ANSWER_CAP, `at most ${ANSWER_CAP} characters (code points): evalgate baseline keeps the first ${ANSWER_CAP - 1} and ${ANSWER_CUT_MARK}`)
    .optional(),
  answer_truncated: z.boolean().optional(),
  /** schema 2: hex SHA-256 of the whole answer */
  answer_sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'the hex SHA-256 of the whole answer (64 characters 0-9a-f)')
    .optional(),
  /** the whole answer's length in code points; optional: baselines written before evalgate kept it still load */
  answer_chars: z.number().int().min(0).optional(),
})
export type BaselineQuestion = z.infer<typeof BaselineQuestionSchema>

/** The distinct model strings the judge's API reported, chat and embeddings apart (judge/trace.ts). */
export const ReportedModelsSchema = z.object({ chat: z.array(z.string()), embeddings: z.array(z.string()) })
export type ReportedModels = z.infer<typeof ReportedModelsSchema>

/** required in schema 2 */
const ANSWER_FIELDS = ['answer', 'answer_truncated', 'answer_sha256'] as const
/** not read from a schema-1 baseline */
const OLD_IGNORED_FIELDS: readonly string[] = [...ANSWER_FIELDS, 'answer_chars']

/**
 * A baseline of schema 1 (or none: the seed's form) keeps no answers: answer fields in one
 * (copied from a results.json by hand) are not read, as before schema 2.
 */
function withoutOldAnswers(data: unknown): unknown {
  if (typeof data !== 'object' || data === null || (data as { schema_version?: unknown }).schema_version === BASELINE_SCHEMA_VERSION) return data
  const questions = (data as { questions?: unknown }).questions
  if (typeof questions !== 'object' || questions === null || Array.isArray(questions)) return data
  const kept = idRecord<unknown>()
  for (const id of Object.keys(questions)) {
    const q = (questions as Record<string, unknown>)[id]
    if (typeof q !== 'object' || q === null) kept[id] = q
    else kept[id] = Object.fromEntries(Object.entries(q).filter(([field]) => !OLD_IGNORED_FIELDS.includes(field)))
  }
  return { ...data, questions: kept }
}

export const BaselineSchema = z.preprocess(
  withoutOldAnswers,
  GateSettingsInputSchema.extend({
    schema_version: z.union([z.literal(1), z.literal(BASELINE_SCHEMA_VERSION)]).optional(),
    version: z.union([z.string(), z.number()]).transform(String),
    eval_set_version: z.union([z.string(), z.number()]).transform(String),
    eval_set_fingerprint: z.string().optional(),
    judge: JudgeIdentitySchema.optional(),
    /** what the judge's API reported answering with (a requested `gpt-4o` is `gpt-4o-2024-08-06`); absent when it reported nothing, or in files written before evalgate kept it */
    judge_reported_models: ReportedModelsSchema.optional(),
    created_at: z.string().optional(),
    /** aggregate means; the seed's form has only these */
    metrics: z.record(z.string(), z.number().nullable()),
    /** per-question scores (and, from schema 2, answers), written by `evalgate baseline` */
    questions: idRecordSchema(BaselineQuestionSchema).optional(),
  })
    .passthrough()
    .superRefine((b, ctx) => {
      // schema 2 keeps every question's answer: an entry without one is refused
      const current = b.schema_version === BASELINE_SCHEMA_VERSION
      for (const [id, q] of Object.entries(b.questions ?? {})) {
        for (const field of ANSWER_FIELDS) {
          if (current && q[field] === undefined) {
            ctx.addIssue({ code: 'custom', path: ['questions', id, field], message: `required in a baseline of schema_version ${BASELINE_SCHEMA_VERSION}: write it again with evalgate baseline` })
          }
        }
        if (q.answer_truncated && q.answer !== undefined && ([...q.answer].length !== ANSWER_CAP || !q.answer.endsWith(ANSWER_CUT_MARK))) {
          ctx.addIssue({ code: 'custom', path: ['questions', id, 'answer'], message: `a cut answer (answer_truncated: true) is ${ANSWER_CAP} characters ending with ${ANSWER_CUT_MARK}` })
        }
        if (q.answer_chars !== undefined && q.answer !== undefined && q.answer_truncated !== undefined) {
          const kept = [...q.answer].length
          if (q.answer_truncated ? q.answer_chars <= ANSWER_CAP : q.answer_chars !== kept) {
            const expected = q.answer_truncated ? `more than ${ANSWER_CAP} (the answer was cut)` : `${kept}, the answer's length in code points`
            ctx.addIssue({ code: 'custom', path: ['questions', id, 'answer_chars'], message: `expected ${expected}, got ${q.answer_chars}: write the baseline again with evalgate baseline` })
          }
        }
      }
    }),
)
export type Baseline = z.infer<typeof BaselineSchema>
