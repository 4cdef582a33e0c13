import type { CandidateOutput } from '../../schemas/candidate.ts'
import { checkOutput, outputHint } from '../outputs.ts'
import type { JsonPath } from './jsonPath.ts'
import type { HttpPlan, ResponsePaths } from './plan.ts'
import { BODY_EXCERPT_CHARS, excerpt } from './quote.ts'
import { redact } from '../../text/redact.ts'

/** Where a problem with a mapped response is said to be, as a predictions file names itself. */
export const RESPONSE_SOURCE = 'HTTP response'

export function errorRow(id: string, error: string): CandidateOutput {
  return { id, answer: '', contexts: [], retrieved_ids: [], latency_ms: null, error }
}

/**
 * A 2xx body → the question's output: the JSON paths pick the fields, then the candidate
 * schema checks them as it checks every other kind's outputs. A body that does not fit is an
 * error row for this question only.
 */
export function readResponse(id: string, text: string, latencyMs: number, plan: HttpPlan): CandidateOutput {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return errorRow(id, `response is not JSON: ${excerpt(redact(text, plan.secrets), BODY_EXCERPT_CHARS)}`)
  }
  const mapped = mapResponse(json, plan.paths)
  if (!mapped.ok) return errorRow(id, redact(mapped.error, plan.secrets))
  const checked = checkOutput({ ...mapped.fields, id, latency_ms: latencyMs, error: null }, RESPONSE_SOURCE, (column) => pathHint(column, plan, mapped.fields))
  if (!checked.ok) return errorRow(id, redact(checked.error, plan.secrets))
  const output = checked.output
  // as before the schema was shared: an endpoint's contexts are NFC like its answer, its ids trimmed
  return {
    ...output,
    contexts: output.contexts.map((c) => c.normalize('NFC')),
    retrieved_ids: output.retrieved_ids.map((v) => v.trim()).filter((v) => v !== ''),
  }
}

type Mapped = { ok: true; fields: Record<string, unknown> } | { ok: false; error: string }

/**
 * The values the paths point at, unchecked. A path to a single context or id means a list
 * of one: it is not split on `||` or `|` as a CSV cell would be.
 */
function mapResponse(json: unknown, paths: ResponsePaths): Mapped {
  const answer = paths.answer.resolve(json)
  if (!answer.ok) return { ok: false, error: `answer_path ${answer.reason}` }
  const fields: Record<string, unknown> = { answer: answer.value }
  if (paths.contexts) {
    const found = paths.contexts.resolve(json)
    if (!found.ok) return { ok: false, error: `contexts_path ${found.reason}` }
    fields.contexts = typeof found.value === 'string' ? [found.value] : found.value
  }
  if (paths.retrievedIds) {
    const found = paths.retrievedIds.resolve(json)
    if (!found.ok) return { ok: false, error: `retrieved_ids_path ${found.reason}` }
    fields.retrieved_ids = typeof found.value === 'string' || typeof found.value === 'number' ? [found.value] : found.value
  }
  if (paths.model) {
    const found = paths.model.resolve(json)
    if (!found.ok) return { ok: false, error: `model_path ${found.reason}` }
    fields.model = found.value
  } else if (typeof json === 'object' && json !== null && typeof (json as { model?: unknown }).model === 'string') {
    // an OpenAI-style response names its model: read when no path says where else to look
    fields.model = (json as { model: string }).model
  }
  return { ok: true, fields }
}

/** A field the schema rejected names the path it came from and what that path gave (redacted, then cut). */
function pathHint(column: string, plan: HttpPlan, fields: Record<string, unknown>): string {
  const paths = plan.paths
  const gave = (key: string, path: JsonPath) => `${key} "${path.source}" gave ${excerpt(redact(JSON.stringify(fields[column]) ?? 'nothing', plan.secrets), 60)}`
  if (column === 'answer') return `${gave('answer_path', paths.answer)}; expected a string`
  if (column === 'contexts' && paths.contexts) return `${gave('contexts_path', paths.contexts)}; expected an array of strings, or one string`
  if (column === 'model' && paths.model) return `${gave('model_path', paths.model)}; expected a string`
  if (column === 'retrieved_ids' && paths.retrievedIds) return `${gave('retrieved_ids_path', paths.retrievedIds)}; expected an array of strings or numbers, or one of them`
  return outputHint(column)
}
