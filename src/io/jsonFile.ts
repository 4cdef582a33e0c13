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
      write(`${JSON.stringify(key)}: ${JSON.stringify(redactMember(data[key], outsideText, key))}${last ? '' : ','}\n`)
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
