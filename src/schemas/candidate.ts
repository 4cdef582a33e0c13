import { z } from 'zod'
import { exactLength } from '../io/exactLength.ts'
import { nfc, normaliseId } from '../text/ids.ts'
import { idField, idValue } from './ids.ts'
import { noUserInfo } from './urlSetting.ts'

/** `a||b` in CSV, an array in JSONL; a list of ids takes numbers too, a list of texts only strings. */
function list(separator: string, items: 'ids' | 'texts') {
  return z
    .union([z.string(), z.array(items === 'ids' ? idValue : z.string()), z.null()])
    .optional()
    .transform((v) => {
      if (v === null || v === undefined) return [] as string[]
      // ids compare NFC-normalised, as the eval set's relevant_doc_ids do
      const normalise = items === 'ids' ? (s: string) => s.normalize('NFC').trim() : (s: string) => s
      if (Array.isArray(v)) return v.map(normalise)
      return v === '' ? [] : v.split(separator).map((s) => normalise(s.trim()))
    })
}

const optionalNumber = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v === '') return null
    const n = typeof v === 'number' ? v : Number(v)
    if (!Number.isFinite(n) || n < 0) {
      ctx.addIssue({ code: 'custom', message: `expected a non-negative number of milliseconds, got "${String(v)}"` })
      return z.NEVER
    }
    return n
  })

/** What the system under test answered for one question (a predictions file row or a command's stdout line). */
export const CandidateOutputInputSchema = z.object({
  id: idField('id is empty'),
  answer: z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v ?? '').normalize('NFC')),
  contexts: list('||', 'texts'),
  retrieved_ids: list('|', 'ids').transform((ids) => ids.filter((id) => id !== '')),
  latency_ms: optionalNumber,
  error: z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v === undefined || v === null || v.trim() === '' ? null : v)),
  /** the model that answered, as the candidate declares it (for the same-vendor judge warning); untrusted text */
  model: z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined)),
})

/**
 * CandidateOutputInputSchema's output for the common well-formed JSON record (string id,
 * answer and error, arrays of strings, a plain latency) by plain type checks, which cost a
 * tenth of zod's per line (issue 13); null for anything else, which the schema then parses,
 * and reports with its own words. Equal to the schema's result wherever it is not null
 * (test/candidates/plainOutput.test.ts).
 */
export function plainOutput(data: Record<string, unknown>): z.output<typeof CandidateOutputInputSchema> | null {
  const { id, answer, contexts, retrieved_ids: retrieved, latency_ms: latency, error, model } = data
  if (typeof id !== 'string') return null
  if (!(model === undefined || model === null || typeof model === 'string')) return null
  const cleanId = normaliseId(id)
  if (cleanId === '') return null
  if (!(answer === undefined || answer === null || typeof answer === 'string')) return null
  if (!(error === undefined || error === null || typeof error === 'string')) return null
  if (!(latency === undefined || latency === null || (typeof latency === 'number' && Number.isFinite(latency) && latency >= 0))) return null
  const texts = plainList(contexts)
  const ids = plainList(retrieved)
  if (texts === null || ids === null) return null
  const retrievedIds: string[] = []
  for (const raw of ids) {
    const clean = normaliseId(raw)
    if (clean !== '') retrievedIds.push(clean)
  }
  return {
    id: cleanId,
    answer: nfc(answer ?? ''),
    contexts: texts,
    retrieved_ids: exactLength(retrievedIds),
    latency_ms: latency ?? null,
    error: error === undefined || error === null || error.trim() === '' ? null : error,
    // the schema writes the key only when the line has one
    ...(model !== undefined ? { model: typeof model === 'string' && model.trim() !== '' ? model.trim() : undefined } : {}),
  } as z.output<typeof CandidateOutputInputSchema>
}

/** An absent list as empty, an array of strings as itself; anything else (a CSV string, numbers) null: left to the schema. */
function plainList(value: unknown): string[] | null {
  if (value === undefined || value === null) return []
  if (!Array.isArray(value)) return null
  for (const item of value) if (typeof item !== 'string') return null
  return value as string[]
}

export const CandidateOutputSchema = z.object({
  id: z.string(),
  answer: z.string(),
  contexts: z.array(z.string()),
  retrieved_ids: z.array(z.string()),
  latency_ms: z.number().nullable(),
  error: z.string().nullable(),
  model: z.string().optional(),
})
export type CandidateOutput = z.infer<typeof CandidateOutputSchema>

export const DEFAULT_HTTP_BODY = '{"question": "{{question}}", "id": "{{id}}"}'

/** `candidate.http` in evalgate.yml: the system under test as an endpoint, one request per question. */
export const HttpCandidateSchema = z
  .object({
    url: z.string().min(1, 'url is empty').superRefine(noUserInfo('candidate.http.url', 'candidate.http.headers with ${VAR} (e.g. Authorization: Basic ${RAG_BASIC_AUTH})')),
    method: z.enum(['POST', 'GET']).default('POST'),
    /** JSON with `{{question}}`, `{{id}}`, `{{history}}` (the earlier turns, a JSON array) or `{{column}}` placeholders; not sent for GET. */
    body: z.string().default(DEFAULT_HTTP_BODY),
    /** A value may contain `${ENV_NAME}`, filled from the environment. */
    headers: z.record(z.string(), z.string()).default({}),
    answer_path: z.string().min(1).default('answer'),
    contexts_path: z.string().min(1).optional(),
    retrieved_ids_path: z.string().min(1).optional(),
    /** where the response names the model that answered; without it, the response's top-level `model` string when there is one */
    model_path: z.string().min(1).optional(),
    timeout_ms: z.number().int().positive().default(30_000),
    retries: z.number().int().min(0).max(10).default(2),
    concurrency: z.number().int().min(1).max(64).default(4),
    /** a response body above this many MB is an error row, read no further (as a command's max_output_mb) */
    max_response_mb: z.number().positive().max(1024).default(10),
    /** the whole candidate step, every question and retry: past it, questions without an answer are error rows */
    total_timeout_ms: z.number().int().positive().default(1_800_000),
  })
  .strict()
export type HttpCandidateConfig = z.infer<typeof HttpCandidateSchema>
