import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs'

/**
 * Reading the large results.json and baseline.json files (issue 13): a merge reads 8 shards and
 * a baseline, 250 MB at 100,000 questions. Fresh memory is what costs most there (each file read
 * into a new buffer, decoded into one string of twice its size, then dropped), so the bytes go
 * into one buffer reused from file to file, and a file in the layout writeJsonFile gives a large
 * file (one member, or one question, per line) is decoded and parsed line by line: small strings
 * that the young generation recycles, instead of a 40-150 MB string per file.
 */

let scratch: Buffer = Buffer.alloc(0)

/** The file's bytes: a view of a buffer that the next call reuses (copy what is kept). Errors as readFileSync throws them. */
export function readBytes(path: string): Buffer {
  let fd: number
  try {
    fd = openSync(path, 'r')
  } catch {
    return readFileSync(path)
  }
  try {
    const size = fstatSync(fd).size
    // an empty size is a pipe or a special file: readFileSync reads it to its end
    if (size === 0) return readFileSync(path)
    if (scratch.length < size) scratch = Buffer.allocUnsafeSlow(size)
    // as readFileSync: up to the size the file had when opened
    let length = 0
    while (length < size) {
      const n = readSync(fd, scratch, length, size - length, null)
      if (n === 0) break
      length += n
    }
    return scratch.subarray(0, length)
  } catch {
    return readFileSync(path)
  } finally {
    closeSync(fd)
  }
}

const NEWLINE = 0x0a
const COMMA = 0x2c
const QUOTE = 0x22
const BACKSLASH = 0x5c
const QUESTIONS = Buffer.from('"questions": {')
const OPEN = Buffer.from('{')
const CLOSE = Buffer.from('}')
const CLOSE_COMMA = Buffer.from('},')

/** Thrown inside: the text is not in the line layout, or a line does not parse; JSON.parse of the whole text decides. */
const UNSURE = Symbol('unsure')

/**
 * JSON.parse(bytes.toString('utf8')) for a text in writeJsonFile's large-file layout, parsed
 * line by line; undefined for any other text (indented, one line, CRLF, a line that does not
 * parse), which the caller then parses whole and reports as before. Decoding the lines one by
 * one gives the same text: each ends at a newline byte, which is never part of a multi-byte
 * character, nor of an invalid sequence that U+FFFD replaces (test/baseline/readJson.test.ts).
 */
export function parseLinedJson(bytes: Buffer): unknown {
  try {
    return parseLines(new Lines(bytes))
  } catch (error) {
    if (error === UNSURE) return undefined
    throw error
  }
}

/** The lines of a text, each without its newline; the last must end with one, and be followed by nothing. */
class Lines {
  private next = 0
  start = 0
  end = 0
  constructor(readonly bytes: Buffer) {}

  /** Moves to the next line; false at the end of the text. */
  advance(): boolean {
    if (this.next >= this.bytes.length) return false
    const end = this.bytes.indexOf(NEWLINE, this.next)
    if (end === -1) throw UNSURE
    this.start = this.next
    this.end = end
    this.next = end + 1
    return true
  }

  is(line: Buffer): boolean {
    return this.end - this.start === line.length && this.bytes.compare(line, 0, line.length, this.start, this.end) === 0
  }

  /** The line ends with a comma (which then separates it from the next member). */
  get comma(): boolean {
    return this.end > this.start && this.bytes[this.end - 1] === COMMA
  }
}

function parseLines(lines: Lines): unknown {
  if (!lines.advance() || !lines.is(OPEN)) throw UNSURE
  const out: Record<string, unknown> = {}
  let comma = true
  for (;;) {
    if (!lines.advance()) throw UNSURE
    if (lines.is(CLOSE)) break
    // every member but the last ends with a comma
    if (!comma) throw UNSURE
    if (lines.is(QUESTIONS)) {
      if (Object.hasOwn(out, 'questions')) throw UNSURE
      out.questions = parseQuestions(lines)
      comma = lines.comma
      continue
    }
    comma = lines.comma
    const member = parse(lines.bytes, lines.start, comma ? lines.end - 1 : lines.end, '{', '}') as Record<string, unknown>
    for (const key of Object.keys(member)) {
      if (key === '__proto__' || Object.hasOwn(out, key)) throw UNSURE
      out[key] = member[key]
    }
  }
  if (comma || lines.advance()) throw UNSURE
  return out
}

/** The lines `"id": {…},` up to the `}` or `},` that closes the questions; leaves `lines` on that line. */
function parseQuestions(lines: Lines): Record<string, unknown> {
  const questions: Record<string, unknown> = {}
  const bytes = lines.bytes
  let comma = true
  for (;;) {
    if (!lines.advance()) throw UNSURE
    if (lines.is(CLOSE) || lines.is(CLOSE_COMMA)) break
    if (!comma) throw UNSURE
    comma = lines.comma
    const keyEnd = closingQuote(bytes, lines.start, lines.end)
    // `"id": value`, as JSON.stringify writes the id
    if (bytes[keyEnd + 1] !== 0x3a || bytes[keyEnd + 2] !== 0x20) throw UNSURE
    const id = parse(bytes, lines.start, keyEnd + 1, '', '') as string
    if (id === '__proto__' || Object.hasOwn(questions, id)) throw UNSURE
    questions[id] = parse(bytes, keyEnd + 3, comma ? lines.end - 1 : lines.end, '', '')
  }
  if (comma && Object.keys(questions).length > 0) throw UNSURE
  return questions
}

/** Where the JSON string that starts the line ends (its closing quote). */
function closingQuote(bytes: Buffer, start: number, end: number): number {
  if (bytes[start] !== QUOTE) throw UNSURE
  for (let i = start + 1; i < end; i++) {
    const b = bytes[i]
    if (b === BACKSLASH) i++
    else if (b === QUOTE) return i
  }
  throw UNSURE
}

function parse(bytes: Buffer, start: number, end: number, before: string, after: string): unknown {
  try {
    return JSON.parse(before + bytes.toString('utf8', start, end) + after)
  } catch {
    throw UNSURE
  }
}
