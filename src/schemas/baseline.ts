import { z } from 'zod'
import { GateSettingsInputSchema } from './gate.ts'
import { idRecord, nfc } from '../text/ids.ts'
import { idRecordSchema } from './ids.ts'
import { JudgeIdentitySchema } from './results.ts'

/**
 * 3: the eval-set fingerprint is the sum of the rows' hashes (baseline/fingerprint.ts), as in
 * results schema 3; otherwise as 2. 2: each question keeps its answer (capped) and the answer's
 * SHA-256. 1 (or none): scores only. All are read; a fingerprint of the older kind is
 * recognised by recomputing it from the eval set.
 */
export const BASELINE_SCHEMA_VERSION = 3
/** The baselines that keep each question's answer. */
const WITH_ANSWERS: ReadonlySet<unknown> = new Set([2, BASELINE_SCHEMA_VERSION])

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
  /** what the answer was generated from besides the question (results.json's inputs_hash); optional: baselines written before evalgate kept it still load */
  inputs_hash: z
    .string()
    .regex(/^[0-9a-f]{16}$/, 'the first 16 hex digits of a SHA-256')
    .optional(),
  /** results.json's relevant_ranks: where each relevant doc was retrieved; optional: older baselines still load */
  relevant_ranks: z.record(z.string(), z.number().int().min(1).nullable()).optional(),
})
export type BaselineQuestion = z.infer<typeof BaselineQuestionSchema>

/** The distinct model strings the judge's API reported, chat and embeddings apart (judge/trace.ts). */
export const ReportedModelsSchema = z.object({ chat: z.array(z.string()), embeddings: z.array(z.string()) })
export type ReportedModels = z.infer<typeof ReportedModelsSchema>

/** required from schema 2 */
const ANSWER_FIELDS = ['answer', 'answer_truncated', 'answer_sha256'] as const
/** not read from a schema-1 baseline */
const OLD_IGNORED_FIELDS: readonly string[] = [...ANSWER_FIELDS, 'answer_chars']

/**
 * A baseline of schema 1 (or none: the seed's form) keeps no answers: answer fields in one
 * (copied from a results.json by hand) are not read, as before schema 2.
 */
function withoutOldAnswers(data: unknown): unknown {
  if (typeof data !== 'object' || data === null || WITH_ANSWERS.has((data as { schema_version?: unknown }).schema_version)) return data
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
    schema_version: z.union([z.literal(1), z.literal(2), z.literal(BASELINE_SCHEMA_VERSION)]).optional(),
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
    /**
     * metric → sd of one question's paired difference between two runs of the unchanged system,
     * measured by `evalgate calibrate-noise --write`: the variance a comparison's MDE uses when
     * no question moved in the run itself
     */
    noise: z.record(z.string(), z.number().min(0)).optional(),
  })
    .passthrough()
    .superRefine((b, ctx) => {
      // from schema 2 every question keeps its answer: an entry without one is refused
      const current = WITH_ANSWERS.has(b.schema_version)
      for (const [id, q] of Object.entries(b.questions ?? {})) {
        for (const field of ANSWER_FIELDS) {
          if (current && q[field] === undefined) {
            ctx.addIssue({ code: 'custom', path: ['questions', id, field], message: `required in a baseline of schema_version ${String(b.schema_version)}: write it again with evalgate baseline` })
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

/**
 * BaselineSchema's result for a well-formed baseline.json of the current schema, with its
 * per-question entries checked by plain type checks, which cost a fraction of zod's for
 * 100,000 of them (issue 13); null for anything else (an older schema, a field of an
 * unexpected type, a question that breaks a rule), which the schema then parses and reports
 * in its own words. Equal to the schema's result wherever it is not null
 * (test/baseline/plainBaseline.test.ts).
 */
export function plainBaseline(data: unknown): Baseline | null {
  if (!isPlainRecord(data) || !WITH_ANSWERS.has(data.schema_version) || !isPlainRecord(data.questions)) return null
  const questions = idRecord<BaselineQuestion>()
  for (const key of Object.keys(data.questions)) {
    const id = nfc(key)
    const question = plainQuestion(data.questions[key])
    if (question === null || Object.hasOwn(questions, id)) return null
    questions[id] = question
  }
  // everything but the questions through the schema; `questions` keeps its place among the keys
  const rest = BaselineSchema.safeParse({ ...data, questions: {} })
  if (!rest.success) return null
  rest.data.questions = questions
  return rest.data
}

/** One question of a baseline of schema 2 or 3, as BaselineQuestionSchema and BaselineSchema's rules give it; null when unsure. */
function plainQuestion(q: unknown): BaselineQuestion | null {
  if (!isPlainRecord(q)) return null
  const { category, question, scores, notes, answer, answer_truncated: truncated, answer_sha256: sha, answer_chars: chars, inputs_hash: inputs, relevant_ranks: ranks } = q
  if (!(category === null || typeof category === 'string')) return null
  if (!(question === undefined || typeof question === 'string')) return null
  if (!isRecordOf(scores, (v) => v === null || typeof v === 'number')) return null
  if (!(notes === undefined || isRecordOf(notes, (v) => typeof v === 'string'))) return null
  // schemas 2 and 3 require the three answer fields
  if (typeof answer !== 'string' || typeof truncated !== 'boolean' || typeof sha !== 'string' || !/^[0-9a-f]{64}$/.test(sha)) return null
  const kept = codePoints(answer)
  if (kept > ANSWER_CAP || (truncated && (kept !== ANSWER_CAP || !answer.endsWith(ANSWER_CUT_MARK)))) return null
  if (chars !== undefined && !(typeof chars === 'number' && Number.isSafeInteger(chars) && (truncated ? chars > ANSWER_CAP : chars === kept))) return null
  if (inputs !== undefined && !(typeof inputs === 'string' && /^[0-9a-f]{16}$/.test(inputs))) return null
  if (ranks !== undefined && !isRanks(ranks)) return null
  const checkedScores = scores as Record<string, number | null>
  // the shape evalgate baseline writes, as one literal; any other through spreads below
  if (question !== undefined && notes === undefined && chars !== undefined && inputs !== undefined && ranks !== undefined) {
    return { category, question, scores: checkedScores, answer, answer_truncated: truncated, answer_sha256: sha, answer_chars: chars, inputs_hash: inputs, relevant_ranks: ranks }
  }
  // the schema's key order (its shape's), with the optional keys only when present
  return {
    category,
    ...(question !== undefined ? { question } : {}),
    scores: checkedScores,
    ...(notes !== undefined ? { notes: notes as Record<string, string> } : {}),
    answer,
    answer_truncated: truncated,
    answer_sha256: sha,
    ...(chars !== undefined ? { answer_chars: chars } : {}),
    ...(inputs !== undefined ? { inputs_hash: inputs } : {}),
    ...(ranks !== undefined ? { relevant_ranks: ranks } : {}),
  }
}

/** relevant_ranks as the schema takes it: each value a rank from 1, or null; a `__proto__` key is the schema's to drop. */
export function isRanks(value: unknown): value is Record<string, number | null> {
  if (!isPlainRecord(value) || Object.hasOwn(value, '__proto__')) return false
  for (const key in value) {
    const v = value[key]
    if (!(v === null || (Number.isSafeInteger(v) && (v as number) >= 1))) return false
  }
  return true
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** An object of such values, read from JSON; a `__proto__` key (which zod's z.record drops) is left to the schema. */
function isRecordOf(value: unknown, valid: (v: unknown) => boolean): boolean {
  if (!isPlainRecord(value) || Object.hasOwn(value, '__proto__')) return false
  for (const key in value) if (!valid(value[key])) return false
  return true
}

/** `[...text].length` without building the array: a surrogate pair is one code point, a lone surrogate one too. */
function codePoints(text: string): number {
  let count = text.length
  for (let i = 0; i < text.length - 1; i++) {
    const c = text.charCodeAt(i)
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1)
      if (next >= 0xdc00 && next <= 0xdfff) {
        count--
        i++
      }
    }
  }
  return count
}
