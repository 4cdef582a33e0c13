import { GateError } from '../../io/errors.ts'
import type { EvalRow } from '../../schemas/evalSet.ts'
import { knownAt } from '../../io/known.ts'

// `{{id}}`, `{{question}}`, `{{history}}` or `{{column}}` of the eval set, filled per question

const PLACEHOLDER = /\{\{\s*([^{}\s]+)\s*\}\}/g
const PLACEHOLDER_HERE = /\{\{\s*([^{}\s]+)\s*\}\}/y

function placeholderValue(row: EvalRow, name: string, where: string): unknown {
  if (name === 'id') return row.id
  if (name === 'question') return row.question
  // the earlier turns as [{role, content}, …]: [] for a single question or a first turn
  if (name === 'history') return row.history ?? []
  if (Object.hasOwn(row.extra, name)) return row.extra[name] ?? null
  throw new GateError(
    'bad_config',
    `${where}: unknown placeholder {{${name}}} (question "${row.id}" has no column "${name}")`,
    `use {{id}}, {{question}}, {{history}} or a column of the eval set${Object.keys(row.extra).length ? ` (${Object.keys(row.extra).join(', ')})` : ''}`,
  )
}

/** Plain text with placeholders (a URL): every value goes through `encode`. */
export function renderTemplate(template: string, row: EvalRow, where: string, encode: (text: string) => string): string {
  return template.replace(PLACEHOLDER, (_, name: string) => {
    const value = placeholderValue(row, name, where)
    return encode(value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value))
  })
}

/**
 * Fills a JSON template: inside a string literal a value is JSON-escaped text (quotes,
 * newlines, backslashes, any script stay valid JSON); outside one it is a JSON value, so
 * `{"top_k": {{k}}}` works too.
 */
export function renderJsonTemplate(template: string, row: EvalRow, where: string): string {
  let out = ''
  let inString = false
  for (let i = 0; i < template.length;) {
    PLACEHOLDER_HERE.lastIndex = i
    const match = PLACEHOLDER_HERE.exec(template)
    if (match) {
      const value = placeholderValue(row, knownAt(match, 1, 'the name in {{name}}'), where)
      if (inString) out += JSON.stringify(typeof value === 'string' ? value : value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value)).slice(1, -1)
      else out += JSON.stringify(value ?? null)
      i += match[0].length
      continue
    }
    const char = template.charAt(i)
    if (char === '\\' && inString) {
      out += template.slice(i, i + 2)
      i += 2
      continue
    }
    if (char === '"') inString = !inString
    out += char
    i++
  }
  return out
}
