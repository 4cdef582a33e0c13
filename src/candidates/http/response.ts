import type { CandidateOutput } from '../../schemas/candidate.ts'
import { describeValue } from './jsonPath.ts'
import type { HttpPlan } from './plan.ts'
import { BODY_EXCERPT_CHARS, excerpt } from './quote.ts'
import { redact } from './redact.ts'

export function errorRow(id: string, error: string): CandidateOutput {
  return { id, answer: '', contexts: [], retrieved_ids: [], latency_ms: null, error }
}

/** A 2xx body → the question's output through the JSON paths. A body that does not fit is an error row for this question only. */
export function readResponse(id: string, text: string, latencyMs: number, plan: HttpPlan): CandidateOutput {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return errorRow(id, `response is not JSON: ${excerpt(redact(text, plan.secrets), BODY_EXCERPT_CHARS)}`)
  }
  const answer = plan.paths.answer.resolve(json)
  if (!answer.ok) return errorRow(id, `answer_path ${answer.reason}`)
  if (!['string', 'number', 'boolean'].includes(typeof answer.value)) {
    return errorRow(id, `answer_path "${plan.paths.answer.source}" resolved to ${describeValue(answer.value)}, expected a string`)
  }
  let contexts: string[] = []
  if (plan.paths.contexts) {
    const found = plan.paths.contexts.resolve(json)
    if (!found.ok) return errorRow(id, `contexts_path ${found.reason}`)
    const list = typeof found.value === 'string' ? [found.value] : found.value
    if (!Array.isArray(list) || !list.every((c) => typeof c === 'string')) {
      return errorRow(id, `contexts_path "${plan.paths.contexts.source}" resolved to ${describeValue(found.value)}, expected an array of strings`)
    }
    contexts = list.map((c: string) => c.normalize('NFC'))
  }
  let retrievedIds: string[] = []
  if (plan.paths.retrievedIds) {
    const found = plan.paths.retrievedIds.resolve(json)
    if (!found.ok) return errorRow(id, `retrieved_ids_path ${found.reason}`)
    const list = typeof found.value === 'string' || typeof found.value === 'number' ? [found.value] : found.value
    if (!Array.isArray(list) || !list.every((v) => typeof v === 'string' || typeof v === 'number')) {
      return errorRow(id, `retrieved_ids_path "${plan.paths.retrievedIds.source}" resolved to ${describeValue(found.value)}, expected an array of strings or numbers`)
    }
    retrievedIds = list.map((v: string | number) => String(v).trim()).filter((v: string) => v !== '')
  }
  return { id, answer: String(answer.value).normalize('NFC'), contexts, retrieved_ids: retrievedIds, latency_ms: latencyMs, error: null }
}
