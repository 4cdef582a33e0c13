import type { z } from 'zod'

/**
 * A zod issue in words a user can act on: what was expected and what the file has. zod says
 * "Invalid input" for a value that fits none of a union's members (`question: {"a": 1}`, a
 * `schema_version` of 9); this says `expected text or a number, got {"a":1}`.
 */
export function issueText(issue: z.core.$ZodIssue, data: unknown): string {
  const got = `got ${describeValue(valueAt(data, issue.path))}`
  switch (issue.code) {
    case 'invalid_union': {
      const expected = [...new Set(issue.errors.flat().flatMap(expectedOf))]
      return expected.length > 0 ? `expected ${orList(expected)}, ${got}` : `${issue.message}: ${got}`
    }
    case 'invalid_type':
      return `${issue.message}: ${got}`
    case 'invalid_value':
      return `expected ${orList(issue.values.map((v) => JSON.stringify(v)))}, ${got}`
    default:
      return issue.message
  }
}

/** What a union member wanted, in words. */
function expectedOf(issue: z.core.$ZodIssue): string[] {
  const words = issue.code === 'invalid_type' ? [TYPE_WORDS[issue.expected] ?? issue.expected] : issue.code === 'invalid_value' ? issue.values.map((v) => JSON.stringify(v)) : []
  // a member that is a list of something, whose item did not fit
  return typeof issue.path[0] === 'number' ? words.map((word) => `a list of ${word}`) : words
}

const TYPE_WORDS: Record<string, string> = { string: 'text', number: 'a number', boolean: 'true or false', array: 'a list', object: 'an object', null: 'null' }

function orList(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let value = data
  for (const key of path) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined
    value = (value as Record<PropertyKey, unknown>)[key]
  }
  return value
}

/** A value as a message shows it: short, on one line. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing'
  if (value === null) return 'null'
  const kind = Array.isArray(value) ? 'a list ' : typeof value === 'object' ? 'an object ' : ''
  let text: string
  try {
    text = JSON.stringify(value) ?? String(value)
  } catch {
    text = String(value)
  }
  return `${kind}${text.length > 60 ? `${text.slice(0, 59)}…` : text}`
}
