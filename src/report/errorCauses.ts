import { redactSecrets } from '../text/redact.ts'
import type { Results } from '../schemas/results.ts'
import { questionIndex } from '../compare/questionIndex.ts'
import { knownField } from '../io/known.ts'

/** One cause of a run's errors: a message as written (redacted), and how many error rows have it. */
export interface ErrorCause {
  /** the most frequent exact message of the cause, redacted and cut at MAX_CAUSE_CHARS; not escaped (each renderer escapes for its medium) */
  message: string
  count: number
  /** distinct messages counted as this cause (they differ only in numbers or ids) */
  variants: number
}

export interface ErrorCauses {
  /** error rows (a question × metric, or a question's candidate failure) */
  total: number
  /** questions with at least one error */
  questions: number
  /** the most frequent causes first, at most `limit` */
  top: ErrorCause[]
  /** how many distinct causes there are in all */
  distinct: number
}

/** How many causes the terminal and the report show. */
export const TOP_ERROR_CAUSES = 3
export const MAX_CAUSE_CHARS = 160

/**
 * The run's error rows grouped by cause, most frequent first (ties: the cause seen first). Two
 * messages are one cause when they differ only in numbers and ids (attempt counts, ports,
 * positions in a reply, request ids); an HTTP status is kept, so a 401 and a 429 stay apart.
 */
export function errorCauses(questions: Results['questions'], limit = TOP_ERROR_CAUSES): ErrorCauses {
  // the terminal and report.md (the Action: three reports) each ask: one walk of the questions serves them all
  const key = `${limit}`
  const known = memo.get(questions)?.get(key)
  if (known) return known
  const causes = groupCauses(questions, limit)
  const byLimit = memo.get(questions) ?? new Map<string, ErrorCauses>()
  byLimit.set(key, causes)
  memo.set(questions, byLimit)
  return causes
}

/** errorCauses' answers per questions object and limit: a results object is not changed once it is rendered. */
const memo = new WeakMap<Results['questions'], Map<string, ErrorCauses>>()

function groupCauses(questions: Results['questions'], limit: number): ErrorCauses {
  const groups = new Map<string, Map<string, number>>()
  let total = 0
  let errored = 0
  // only the questions with an error (most have none), in the questions' order
  for (const id of questionIndex(questions).errored) {
    const errors = knownField(questions, id, 'question').errors
    errored += 1
    for (const kind in errors) {
      const raw = knownField(errors, kind, 'error')
      total += 1
      const message = redactSecrets(raw)
      const key = causeKey(message)
      const group = groups.get(key) ?? new Map<string, number>()
      group.set(message, (group.get(message) ?? 0) + 1)
      groups.set(key, group)
    }
  }
  const causes = [...groups.values()].map((group) => {
    const [message] = [...group.entries()].reduce((best, entry) => (entry[1] > best[1] ? entry : best))
    return { message: clip(message), count: [...group.values()].reduce((a, b) => a + b, 0), variants: group.size }
  })
  // a stable sort: equal counts keep the order the causes were first seen in
  causes.sort((a, b) => b.count - a.count)
  return { total, questions: errored, top: causes.slice(0, limit), distinct: causes.length }
}

/** The first `limit` questions with an error, in the questions' order (errorCauses counts them all): no entry per question. */
export function firstErrored(questions: Results['questions'], limit: number): [string, Results['questions'][string]][] {
  return questionIndex(questions)
    .errored.slice(0, limit)
    .map((id) => [id, knownField(questions, id, 'question')])
}

function clip(text: string): string {
  const chars = [...text.replace(/\s+/g, ' ').trim()]
  return chars.length > MAX_CAUSE_CHARS ? `${chars.slice(0, MAX_CAUSE_CHARS - 1).join('')}…` : chars.join('')
}

/** A message with its ids and free-standing numbers blanked; `HTTP 401` keeps its status, `gpt-4o` its digits. */
export function causeKey(message: string): string {
  return message
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<id>')
    .replace(/\b(?:req|chatcmpl|call|run|msg)[-_][A-Za-z0-9]+/g, '<id>')
    .replace(/\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{12,}\b/gi, '<id>')
    .replace(/(HTTP \d{3})|(?<![A-Za-z_-])\d+(?:\.\d+)*(?![A-Za-z_])/g, (match, status: string | undefined) => status ?? '#')
    .replace(/\battempts?\b/g, 'attempt')
}
