import { redactAt, redactMember, type TextPaths } from '../text/redactValues.ts'
import { writeFileStreamed, type Sink, type WriteFs } from './safeWrite.ts'

/** Up to this many questions a results or baseline file is indented for people to read. */
const READABLE_UP_TO = 2_000

/** How a file's `questions` are written: each through `question` (results.json's encoding), lists of plain values on one line in an indented file. */
export interface JsonLayout {
  question?: (q: never) => unknown
  oneLineLists?: boolean
}

/**
 * Writes results.json / baseline.json with its `questions` streamed entry by entry, so a
 * 100,000-question run never builds one giant string. Small files are indented for reading
 * and diffs; large ones are written one question per line. Through the safe writer, so the
 * target is always either the old file or the new one. The strings at `outsideText` (text from
 * the candidate or the judge) are redacted as values, before they are encoded and serialised.
 */
export function writeJsonFile(path: string, data: Record<string, unknown>, outsideText: TextPaths, fs?: WriteFs, layout: JsonLayout = {}): void {
  writeFileStreamed(path, (write) => streamJson(write, data, outsideText, layout), fs)
}

function streamJson(write: Sink, data: Record<string, unknown>, outsideText: TextPaths, layout: JsonLayout): void {
  const questions = data.questions as Record<string, unknown> | undefined
  const count = questions ? Object.keys(questions).length : 0
  const encode = (layout.question ?? ((q: unknown) => q)) as (q: unknown) => unknown
  if (questions === undefined || count <= READABLE_UP_TO) {
    const redacted = redactAt(data, outsideText)
    const encoded = redacted.questions && layout.question ? { ...redacted, questions: mapValues(redacted.questions as Record<string, unknown>, encode) } : redacted
    const text = JSON.stringify(encoded, null, 2)
    write((layout.oneLineLists ? listsOnOneLine(text) : text) + '\n')
    return
  }
  const keys = Object.keys(data)
  write('{\n')
  keys.forEach((key, k) => {
    const last = k === keys.length - 1
    if (key !== 'questions') {
      write(`${JSON.stringify(key)}: `)
      writeJson(write, redactMember(data[key], outsideText, key), MEMBER_LEVELS)
      write(`${last ? '' : ','}\n`)
      return
    }
    write('"questions": {\n')
    const ids = Object.keys(questions)
    // one string per question: the writer encodes each into its buffer (a string joined from
    // 100,000 pieces would cost more to encode than to build)
    ids.forEach((id, i) => write(`${JSON.stringify(id)}: ${JSON.stringify(encode(redactMember(questions[id], outsideText, 'questions', id)))}${i === ids.length - 1 ? '' : ','}\n`))
    write(`}${last ? '' : ','}\n`)
  })
  write('}\n')
}

/** How deep writeJson splits a member of a large file: a comparison's lists of changes and its answers, item by item. */
const MEMBER_LEVELS = 3

/**
 * JSON.stringify(value)'s text, written in pieces: down to `levels` deep, an object's members
 * and an array's items are each stringified on their own, so a member of several MB (the
 * comparison of 100,000 questions: its changes, their answers) is never one string, and never
 * one string and its UTF-8 copy at once. The pieces join to JSON.stringify's text: a member
 * whose value JSON leaves out (undefined, a function) is left out, such an item is null, and a
 * value with toJSON is stringified whole.
 */
export function writeJson(write: Sink, value: unknown, levels: number): void {
  if (levels === 0 || !isJsonContainer(value)) {
    write(JSON.stringify(value) ?? 'null')
    return
  }
  if (Array.isArray(value)) {
    write('[')
    for (let i = 0; i < value.length; i++) {
      if (i > 0) write(',')
      writeJson(write, value[i], levels - 1)
    }
    write(']')
    return
  }
  write('{')
  let first = true
  for (const key of Object.keys(value)) {
    const member = (value as Record<string, unknown>)[key]
    if (member === undefined || typeof member === 'function' || typeof member === 'symbol') continue
    write(`${first ? '' : ','}${JSON.stringify(key)}:`)
    first = false
    writeJson(write, member, levels - 1)
  }
  write('}')
}

/** An array, or an object of data (Object's or no prototype, no toJSON): what writeJson may split. */
function isJsonContainer(value: unknown): value is object {
  if (value === null || typeof value !== 'object') return false
  if (Array.isArray(value)) return true
  const prototype: unknown = Object.getPrototypeOf(value)
  return (prototype === Object.prototype || prototype === null) && typeof (value as { toJSON?: unknown }).toJSON !== 'function'
}

/** The record with each value mapped, keys (and a missing prototype) kept. */
function mapValues(record: Record<string, unknown>, map: (value: unknown) => unknown): Record<string, unknown> {
  const out = Object.create(Object.getPrototypeOf(record) as object | null) as Record<string, unknown>
  for (const key of Object.keys(record)) out[key] = map(record[key])
  return out
}

/**
 * JSON.stringify's indented text with each list of plain values (numbers, strings, true, false,
 * null) on one line: `"scores": [1, 0.5, null]`. A list is joined only when nothing between its
 * brackets is a bracket or a brace, so no list or object inside one, and no string holding one,
 * is touched; a line break inside a list is always JSON.stringify's (a string's is escaped).
 */
function listsOnOneLine(text: string): string {
  return text.replace(/\[\n\s+([^[\]{}]*?)\n\s*\]/g, (_, items: string) => `[${items.replace(/,\n\s+/g, ', ')}]`)
}
