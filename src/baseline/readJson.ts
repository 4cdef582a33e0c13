import { closeSync, openSync, readSync } from 'node:fs'

/**
 * Reading the large results.json and baseline.json files (issue 13): a merge reads 8 shards and
 * a baseline, 250 MB at 100,000 questions. Fresh memory is what costs most there (each file read
 * into a new buffer of its size, decoded into one string of twice that, then dropped), so a file
 * in the layout writeJsonFile gives a large file (one member, or one question, per line) is read
 * in chunks into one small buffer, reused from file to file, and decoded and parsed line by line:
 * small strings that the young generation recycles, instead of a 40-150 MB string per file.
 */

const CHUNK = 1 << 20
let scratch: Buffer | null = null

/** Fills `into` from `offset` with up to `length` bytes; 0 at the end. */
type Source = (into: Buffer, offset: number, length: number) => number

/**
 * JSON.parse of the file's text when it is in writeJsonFile's large-file layout; undefined for
 * any other file, or one that cannot be read: the caller then reads it whole and parses (or
 * reports) it as before.
 */
export function readLinedJson(path: string): unknown {
  let fd: number
  try {
    fd = openSync(path, 'r')
  } catch {
    return undefined
  }
  try {
    return parseLined((into, offset, length) => readSync(fd, into, offset, length, null))
  } catch {
    return undefined
  } finally {
    closeSync(fd)
  }
}

/** As readLinedJson, for a text in memory, handed over `most` bytes at a time. */
export function parseLinedJson(bytes: Buffer, most = Infinity): unknown {
  let read = 0
  return parseLined((into, offset, length) => {
    const n = bytes.copy(into, offset, read, Math.min(bytes.length, read + length, read + most))
    read += n
    return n
  })
}

/**
 * JSON.parse(text) for a text in writeJsonFile's large-file layout, parsed line by line;
 * undefined for any other text (indented, one line, CRLF, a line that does not parse), which
 * the caller then parses whole and reports as before. Decoding the lines one by one gives the
 * same text: each ends at a newline byte, which is never part of a multi-byte character, nor of
 * an invalid sequence that U+FFFD replaces (test/baseline/readJson.test.ts).
 */
function parseLined(source: Source): unknown {
  const lines = new Lines(source)
  try {
    return parseLines(lines)
  } catch (error) {
    if (error === UNSURE) return undefined
    throw error
  } finally {
    lines.release()
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

/** The lines of a text, each without its newline, read chunk by chunk; the last must end with one. */
class Lines {
  bytes: Buffer
  start = 0
  end = 0
  private next = 0
  private filled = 0
  private done = false

  constructor(private readonly source: Source) {
    this.bytes = scratch ?? Buffer.allocUnsafeSlow(CHUNK)
    // while in use, no other read shares it
    scratch = null
  }

  /** Gives the buffer back for the next file. */
  release(): void {
    scratch = this.bytes
  }

  /** Moves to the next line, at most `max` bytes long; false at the end of the text. */
  advance(max = Infinity): boolean {
    let end = this.bytes.indexOf(NEWLINE, this.next)
    while (end === -1 || end >= this.filled) {
      if (this.filled - this.next > max) throw UNSURE
      if (!this.more()) {
        if (this.next === this.filled) return false
        throw UNSURE
      }
      end = this.bytes.indexOf(NEWLINE, this.next)
    }
    if (end - this.next > max) throw UNSURE
    this.start = this.next
    this.end = end
    this.next = end + 1
    return true
  }

  /** Reads on: the unread rest moves to the front, the buffer doubles when a line fills it. */
  private more(): boolean {
    if (this.done) return false
    const rest = this.filled - this.next
    if (this.next === 0 && rest === this.bytes.length) {
      const bigger = Buffer.allocUnsafeSlow(this.bytes.length * 2)
      this.bytes.copy(bigger, 0, 0, rest)
      this.bytes = bigger
    } else if (this.next > 0) {
      this.bytes.copy(this.bytes, 0, this.next, this.filled)
    }
    this.next = 0
    this.filled = rest
    const n = this.source(this.bytes, rest, this.bytes.length - rest)
    if (n === 0) this.done = true
    this.filled += n
    return n > 0
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
  // a text on one line is not read to its end to find that out
  if (!lines.advance(1) || !lines.is(OPEN)) throw UNSURE
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
  let comma = true
  for (;;) {
    if (!lines.advance()) throw UNSURE
    if (lines.is(CLOSE) || lines.is(CLOSE_COMMA)) break
    if (!comma) throw UNSURE
    comma = lines.comma
    // the buffer of this line (a longer one than before may have grown it)
    const bytes = lines.bytes
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
