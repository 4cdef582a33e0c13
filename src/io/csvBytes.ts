import { knownAt } from './known.ts'

const COMMA = 0x2c
const LF = 0x0a
const CR = 0x0d
const QUOTE = 0x22
const BOM = Buffer.from([0xef, 0xbb, 0xbf])

/**
 * The records of a CSV file in its common form, read from its UTF-8 bytes (checked to be UTF-8
 * before): what plainCsv (plainCsv.ts) reads from the decoded text, cell for cell, but each
 * cell is only located here and decoded when asked for (`cell`). So no string of the whole file
 * is made, each cell a run keeps is a string of its own (a cell sliced from the whole text
 * keeps all of it alive), and a shard decodes only its own rows' cells. Null where plainCsv
 * gives null (a CR, a stray quote, a record of another width, an unclosed quote, a BOM inside),
 * for the text reader, and csv-parse behind it, to read or report.
 */
export function plainCsvBytes(bytes: Buffer): CsvCells | null {
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0
  if (bytes.indexOf(CR) !== -1 || bytes.indexOf(BOM, i) !== -1) return null
  const cells = new CellBuilder()
  let width = -1
  let line = 1
  while (i < bytes.length) {
    if (bytes[i] === LF) {
      i++
      line++
      continue
    }
    cells.startRecord(line)
    let fields = 0
    for (;;) {
      const end = bytes[i] === QUOTE ? quotedField(bytes, i, cells) : unquotedField(bytes, i, cells)
      if (end === -1) return null
      fields++
      line += cells.newlines
      i = end
      // the field ends the record (LF or the end of the bytes) or is followed by a comma
      if (i >= bytes.length || bytes[i] === LF) break
      i++
    }
    if (i < bytes.length) {
      i++
      line++
    }
    if (width === -1) {
      width = fields
      // room for a record per line left, once, instead of doubling to it (a 100,000-row set: two arrays of 800,000 cells)
      cells.reserve(cells.count + width * (linesFrom(bytes, i) + 1))
    } else if (fields !== width) return null
  }
  return new CsvCells(bytes, cells, Math.max(width, 0))
}

/** Where each cell is: [start, end) of its text in the bytes, and whether it holds a doubled quote. */
class CellBuilder {
  starts = new Int32Array(1024)
  ends = new Int32Array(1024)
  doubled = new Uint8Array(1024)
  count = 0
  recordLines: number[] = []
  /** line ends inside the last quoted cell */
  newlines = 0

  startRecord(line: number): void {
    this.recordLines.push(line)
  }

  add(start: number, end: number, doubled: boolean): void {
    if (this.count === this.starts.length) this.reserve(this.count * 2)
    this.starts[this.count] = start
    this.ends[this.count] = end
    this.doubled[this.count] = doubled ? 1 : 0
    this.count++
  }

  /** Room for `cells` cells in all. */
  reserve(cells: number): void {
    if (cells <= this.starts.length) return
    this.starts = grown(this.starts, cells)
    this.ends = grown(this.ends, cells)
    const more = new Uint8Array(cells)
    more.set(this.doubled)
    this.doubled = more
  }
}

function grown(a: Int32Array<ArrayBuffer>, length: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(length)
  b.set(a)
  return b
}

/** The line feeds from `from` on. */
function linesFrom(bytes: Buffer, from: number): number {
  let n = 0
  for (let i = bytes.indexOf(LF, from); i !== -1; i = bytes.indexOf(LF, i + 1)) n++
  return n
}

function unquotedField(bytes: Buffer, from: number, cells: CellBuilder): number {
  let i = from
  for (; i < bytes.length; i++) {
    const c = bytes[i]
    if (c === COMMA || c === LF) break
    if (c === QUOTE) return -1
  }
  cells.newlines = 0
  cells.add(from, i, false)
  return i
}

/** `"…"` with `""` for a quote inside; -1 when unclosed or followed by anything but a comma, a LF or the end. */
function quotedField(bytes: Buffer, from: number, cells: CellBuilder): number {
  let i = from + 1
  let doubled = false
  for (;;) {
    const quote = bytes.indexOf(QUOTE, i)
    if (quote === -1) return -1
    if (bytes[quote + 1] === QUOTE) {
      doubled = true
      i = quote + 2
      continue
    }
    const next = quote + 1 < bytes.length ? bytes[quote + 1] : -1
    if (next !== -1 && next !== COMMA && next !== LF) return -1
    let newlines = 0
    for (let n = bytes.indexOf(LF, from + 1); n !== -1 && n < quote; n = bytes.indexOf(LF, n + 1)) newlines++
    cells.newlines = newlines
    cells.add(from + 1, quote, doubled)
    return quote + 1
  }
}

/** The cells of a CSV file, located; each decoded as it is asked for. Record 0 is the header. */
export class CsvCells {
  /** records, the header included */
  readonly records: number
  private readonly starts: Int32Array
  private readonly ends: Int32Array
  private readonly doubled: Uint8Array
  private readonly lines: number[]

  constructor(
    private readonly bytes: Buffer,
    cells: CellBuilder,
    readonly width: number,
  ) {
    this.starts = cells.starts
    this.ends = cells.ends
    this.doubled = cells.doubled
    this.lines = cells.recordLines
    this.records = cells.recordLines.length
  }

  /** The 1-based line record `r` starts on. */
  line(r: number): number {
    return knownAt(this.lines, r, 'the line of a CSV record')
  }

  /** Record `r`'s cell in column `c`, as text. */
  cell(r: number, c: number): string {
    const k = r * this.width + c
    const start = this.starts[k]
    const end = this.ends[k]
    if (start === undefined || end === undefined) throw new RangeError(`CSV cell ${c} of record ${r}: past the ${this.records} records of ${this.width} cells`)
    const text = this.bytes.toString('utf8', start, end)
    return this.doubled[k] ? text.replaceAll('""', '"') : text
  }

  /** Record `r` as plainCsv gives it. */
  record(r: number): string[] {
    return Array.from({ length: this.width }, (_, c) => this.cell(r, c))
  }
}
