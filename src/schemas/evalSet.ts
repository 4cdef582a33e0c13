import { z } from 'zod'
import { MAX_JSON_DEPTH, tooDeep } from '../io/nesting.ts'
import { nfc, normaliseId } from '../text/ids.ts'
import { idField, idValue } from './ids.ts'
import { knownAt } from '../io/known.ts'

/**
 * One eval-set row. CSV cells arrive as strings and JSONL values as strings, arrays or
 * booleans; the same schema normalises both, so the two formats cannot drift apart.
 */
const text = z.union([z.string(), z.number()]).transform((v) => normaliseId(String(v)))

const optionalText = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => {
    if (v === null || v === undefined) return null
    const s = normaliseId(String(v))
    return s === '' ? null : s
  })

/** `a;b;c` in CSV, `["a","b","c"]` in JSONL. */
function list(separator: string) {
  return z
    .union([z.string(), z.array(z.union([z.string(), z.number()])), z.null()])
    .optional()
    .transform((v) => {
      if (v === null || v === undefined) return [] as string[]
      const items = Array.isArray(v) ? v.map(String) : v.split(separator)
      return items.map((s) => nfc(s).trim()).filter((s) => s !== '')
    })
}

const truthy = new Set(['true', '1', 'yes'])
const falsy = new Set(['false', '0', 'no', ''])

export const booleanCell = z
  .union([z.boolean(), z.number(), z.string(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === null || v === undefined) return false
    if (typeof v === 'boolean') return v
    const s = String(v).trim().toLowerCase()
    if (truthy.has(s)) return true
    if (falsy.has(s)) return false
    ctx.addIssue({ code: 'custom', message: `expected true/false/1/0/yes/no, got "${String(v)}"` })
    return z.NEVER
  })

export const RelevantDocSchema = z.object({ id: z.string(), grade: z.number().int().min(0).max(3) })
export type RelevantDoc = z.infer<typeof RelevantDocSchema>

/** `D1|D2:3|D7:0`: a bare id is grade 1, `:0` marks a doc judged not relevant. */
const relevantDocs = z
  .union([z.string(), z.array(idValue), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === null || v === undefined) return [] as RelevantDoc[]
    const items = (Array.isArray(v) ? v : v.split('|')).map((s) => nfc(s).trim()).filter((s) => s !== '')
    const docs: RelevantDoc[] = []
    const seen = new Set<string>()
    for (const item of items) {
      const graded = /^(.+):(\d+)$/.exec(item)
      const id = (graded ? knownAt(graded, 1, 'the id of a graded doc') : item).trim()
      const grade = graded ? Number(graded[2]) : 1
      if (grade > 3) {
        ctx.addIssue({ code: 'custom', message: `"${item}": a graded id is written doc:G with G in 0-3` })
        return z.NEVER
      }
      if (seen.has(id)) {
        ctx.addIssue({ code: 'custom', message: `doc id "${id}" is listed twice` })
        return z.NEVER
      }
      seen.add(id)
      docs.push({ id, grade })
    }
    return docs
  })

export const ChatMessageSchema = z.object({ role: z.enum(['user', 'assistant']), content: z.string() })
export type ChatMessage = z.infer<typeof ChatMessageSchema>

/** `2` in JSONL, `"2"` in CSV: a whole number from 1. */
const turnCell = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return null
    const n = typeof v === 'number' ? v : /^\s*\d+\s*$/.test(v) ? Number(v) : NaN
    if (Number.isInteger(n) && n >= 1) return n
    ctx.addIssue({ code: 'custom', message: `expected a turn number 1, 2, 3, …, got "${String(v)}"` })
    return z.NEVER
  })

/**
 * The conversation before this question: a JSON array of `{role, content}` messages, user and
 * assistant taking turns from a user message to an assistant reply (the question is the next user
 * message). A JSON string in CSV, the array itself in JSONL.
 */
const historyCell = z
  .union([z.string(), z.array(z.unknown()), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return null
    let value: unknown = v
    if (typeof v === 'string') {
      try {
        value = JSON.parse(v)
      } catch {
        ctx.addIssue({ code: 'custom', message: `is not JSON: expected an array of {"role", "content"} messages, got "${v.slice(0, 60)}"` })
        return z.NEVER
      }
      if (tooDeep({ history: value }) !== null) {
        ctx.addIssue({ code: 'custom', message: `is nested more than ${MAX_JSON_DEPTH} levels deep: expected an array of {"role", "content"} messages` })
        return z.NEVER
      }
    }
    const problem = historyProblem(value)
    if (problem === null) return value as ChatMessage[]
    ctx.addIssue({ code: 'custom', message: problem })
    return z.NEVER
  })

function historyProblem(value: unknown): string | null {
  if (!Array.isArray(value)) return 'expected a JSON array of {"role", "content"} messages'
  for (const [i, message] of value.entries()) {
    const parsed = ChatMessageSchema.safeParse(message)
    if (!parsed.success) return `message ${i + 1} is not {"role": "user" | "assistant", "content": "…"}: got ${JSON.stringify(message)?.slice(0, 60)}`
    if (parsed.data.content.trim() === '') return `message ${i + 1} has empty content`
    const expected = i % 2 === 0 ? 'user' : 'assistant'
    if (parsed.data.role !== expected) return `message ${i + 1} has role "${parsed.data.role}" where "${expected}" is expected (user and assistant take turns, starting with user)`
  }
  if (value.length % 2 === 1) return 'the last message is a user message: the history ends with the assistant reply before this question'
  return null
}

export const EvalRowInputSchema = z
  .object({
    id: idField('id is empty: every row needs a stable, unique id'),
    question: text.pipe(z.string().min(1, 'question is empty')),
    ground_truth: optionalText,
    reference_points: list(';'),
    category: optionalText,
    difficulty: optionalText,
    should_refuse: booleanCell,
    relevant_doc_ids: relevantDocs,
    expect_json: booleanCell,
    required_keys: z
      .union([z.string(), z.array(z.string()), z.null()])
      .optional()
      .transform((v, ctx) => {
        if (v === null || v === undefined) return [] as string[]
        if (Array.isArray(v)) return v
        const s = v.trim()
        if (s === '') return []
        if (s.startsWith('[')) {
          try {
            const parsed: unknown = JSON.parse(s)
            if (Array.isArray(parsed) && parsed.every((k) => typeof k === 'string')) return parsed as string[]
          } catch {
            // fall through to the error below
          }
          ctx.addIssue({ code: 'custom', message: `expected a JSON array of key names or a;b;c, got "${s}"` })
          return z.NEVER
        }
        return s
          .split(';')
          .map((k) => k.trim())
          .filter((k) => k !== '')
      }),
    conversation_id: optionalText,
    turn: turnCell,
    history: historyCell,
  })
  .passthrough()

export const EvalRowSchema = z.object({
  id: z.string(),
  question: z.string(),
  ground_truth: z.string().nullable(),
  reference_points: z.array(z.string()),
  category: z.string().nullable(),
  difficulty: z.string().nullable(),
  should_refuse: z.boolean(),
  relevant_docs: z.array(RelevantDocSchema),
  expect_json: z.boolean(),
  required_keys: z.array(z.string()),
  /** Set when the row is one turn of a conversation (`conversation_id` + `turn` columns). */
  conversation: z.object({ id: z.string(), turn: z.number().int().min(1) }).optional(),
  /** The conversation before this question, given in the row (`history` column). */
  history: z.array(ChatMessageSchema).optional(),
  /** Unknown columns, kept and passed through to the candidate. */
  extra: z.record(z.string(), z.unknown()),
})
export type EvalRow = z.infer<typeof EvalRowSchema>

/** A question with every field empty: what a check that makes up its own questions starts from (check-rules, the settings a shard checks). */
export const BLANK_ROW: Readonly<EvalRow> = {
  id: '',
  question: '',
  ground_truth: null,
  reference_points: [],
  category: null,
  difficulty: null,
  should_refuse: false,
  relevant_docs: [],
  expect_json: false,
  required_keys: [],
  extra: {},
}

export const REQUIRED_EVAL_COLUMNS = ['id', 'question'] as const
export const KNOWN_EVAL_COLUMNS = new Set([
  'id',
  'question',
  'ground_truth',
  'reference_points',
  'category',
  'difficulty',
  'should_refuse',
  'relevant_doc_ids',
  'expect_json',
  'required_keys',
  'conversation_id',
  'turn',
  'history',
])
