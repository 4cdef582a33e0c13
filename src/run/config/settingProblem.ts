import type { z } from 'zod'
import { similarName } from '../../text/similarName.ts'

/**
 * A setting whose value is of the wrong kind, said in evalgate.yml's terms: what it expects and
 * what it was given ("expected a number, got the text \"0.05\""), and the fix written out the way
 * YAML needs it (`max_drop: 0.05`, `k: [5]`, `require_citation: true`). Null for any other
 * issue, which keeps its own message.
 */
export function settingProblem(issue: z.core.$ZodIssue, value: unknown): { message: string; hint: string } | null {
  const key = String(issue.path[issue.path.length - 1] ?? 'setting')
  if (issue.code === 'invalid_value' && typeof value === 'string') {
    const choices = issue.values.map(String)
    const meant = similarName(value, choices)
    return { message: `expected one of ${choices.join(', ')}, got ${given(value)}`, hint: meant ? `did you mean ${meant}? ${key}: ${meant}` : `write one of them, e.g. ${key}: ${choices[0] ?? ''}` }
  }
  if (issue.code !== 'invalid_type') return null
  const message = `expected ${EXPECTED[issue.expected] ?? issue.expected}, got ${given(value)}`
  return { message, hint: fixFor(issue.expected, key, value) }
}

const EXPECTED: Record<string, string> = {
  array: 'a list',
  object: 'settings of their own (a mapping)',
  record: 'a mapping of names to values',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  string: 'text',
}

function fixFor(expected: string, key: string, value: unknown): string {
  const text = typeof value === 'string' ? value.trim() : null
  if (expected === 'array')
    return `write a YAML list: ${key}: [${listItems(value).join(', ')}]${text !== null && /[,\s]/.test(text) ? ` (the value ${JSON.stringify(value)} is one piece of text to YAML)` : ''}`
  if ((expected === 'number' || expected === 'int') && text !== null && text !== '' && Number.isFinite(Number(text))) return `write the number without quotes: ${key}: ${text}`
  if (expected === 'int' && typeof value === 'number') return `write a whole number, e.g. ${key}: ${Math.max(1, Math.round(value))}`
  if (expected === 'boolean' && text !== null && BOOLEAN_WORDS.has(text.toLowerCase())) return `write true or false without quotes: ${key}: ${String(BOOLEAN_WORDS.get(text.toLowerCase()))}`
  if (expected === 'object' || expected === 'record') return `write the settings of ${key} on indented lines below it (${key}:, then "  name: value" lines)`
  return `write ${EXPECTED[expected] ?? expected} for ${key} (flags and Action inputs override evalgate.yml)`
}

/** The items a scalar meant as a list holds: "3,5" → 3, 5; 5 → 5; each quoted when YAML would not read it as plain text. */
function listItems(value: unknown): string[] {
  if (typeof value !== 'string') return value === null || value === undefined ? [] : [String(value)]
  return value
    .split(value.includes(',') ? ',' : /\s+/)
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => (/^-?\d+(\.\d+)?$/.test(item) || /^[\w.@/-]+$/.test(item) ? item : JSON.stringify(item)))
}

const BOOLEAN_WORDS = new Map<string, boolean>([
  ['true', true],
  ['false', false],
  ['yes', true],
  ['no', false],
  ['on', true],
  ['off', false],
  ['1', true],
  ['0', false],
])

/** A value as the message shows it: the text "0.05", the number 2.5, a list. */
function given(value: unknown): string {
  if (typeof value === 'string') return `the text ${JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value)}`
  if (typeof value === 'number') return `the number ${value}`
  if (typeof value === 'boolean') return String(value)
  if (value === null || value === undefined) return 'nothing'
  return Array.isArray(value) ? 'a list' : 'a mapping'
}
