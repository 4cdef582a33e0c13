import { readInput } from './input.ts'
import { isUtf8 } from 'node:buffer'
import { plainCsvBytes, type CsvCells } from './csvBytes.ts'
import { decodeUtf8 } from './encoding.ts'
import { GateError, locate } from './errors.ts'
import { checkHeader, missingColumnsError, parseCsv, parseJsonl, tableFormat, type SourceRecord, type Table } from './tabular.ts'
import { knownAt } from './known.ts'

/**
 * The records of a table, asked for one at a time: a whole record (`data`) or one field of it
 * (`field`). A CSV file in its common form is read from its bytes (csvBytes.ts), so a record is
 * decoded only when asked for: a shard reads every row's id, and the rest of its own rows only.
 */
export interface RecordSource {
  file: string
  format: 'csv' | 'jsonl'
  /** CSV header (null for JSONL, whose keys may vary by line) */
  columns: string[] | null
  size: number
  /** the 1-based line record `i` starts on */
  line(i: number): number
  /** record `i` as the schemas read it: a CSV row's cells by column, a JSONL line's object */
  data(i: number): Record<string, unknown>
  /** one field of record `i` (undefined when it has none), without the rest of the record */
  field(i: number, name: string): unknown
}

/** A table's records, already read, as a RecordSource. */
export function recordsOf(table: Table): RecordSource {
  const { file, format, columns, records } = table
  return {
    file,
    format,
    columns,
    size: records.length,
    line: (i) => knownAt(records, i, 'a table record').line,
    data: (i) => knownAt(records, i, 'a table record').data,
    field: (i, name) => knownAt(records, i, 'a table record').data[name],
  }
}

/** A CSV or JSONL file's records: a plain CSV from its bytes, anything else as readTable reads it. */
export async function readRecords(file: string, what: string): Promise<RecordSource> {
  // capped, and stopped by Ctrl-C while it reads (io/input.ts)
  const bytes = await readInput(file, what)
  if (tableFormat(file) === 'jsonl') return recordsOf(parseJsonl(file, decodeUtf8(file, bytes)))
  // a file that is not UTF-8 is refused by decodeUtf8, naming its first bad byte
  const cells = isUtf8(bytes) && !looksLikeUtf16(bytes) ? plainCsvBytes(bytes) : null
  return cells ? csvRecords(file, cells) : recordsOf(parseCsv(file, decodeUtf8(file, bytes)))
}

/** NUL bytes are valid UTF-8 but no CSV's: decodeUtf8 tells a UTF-16 file from them. */
function looksLikeUtf16(bytes: Buffer): boolean {
  return bytes.indexOf(0) !== -1 && bytes.indexOf(0) < 4096
}

function csvRecords(file: string, cells: CsvCells): RecordSource {
  if (cells.records === 0) return recordsOf({ file, format: 'csv', columns: [], records: [] })
  const columns = cells.record(0).map((c) => c.trim())
  checkHeader(file, columns)
  const place = new Map(columns.map((c, i) => [c, i]))
  return {
    file,
    format: 'csv',
    columns,
    size: cells.records - 1,
    line: (i) => cells.line(i + 1),
    data: (i) => {
      const data: Record<string, unknown> = {}
      for (const [c, column] of columns.entries()) data[column] = cells.cell(i + 1, c)
      return data
    },
    field: (i, name) => {
      const c = place.get(name)
      return c === undefined ? undefined : cells.cell(i + 1, c)
    },
  }
}

/** Every record as a SourceRecord, for the checks that look at whole records. */
export function* allRecords(source: RecordSource): Generator<SourceRecord> {
  for (let i = 0; i < source.size; i++) yield { line: source.line(i), data: source.data(i) }
}

/** The required columns (CSV) or keys (every JSONL line): a missing one is an error naming the file and the fix. */
export function requireFields(source: RecordSource, required: readonly string[], hint: string): void {
  const { columns } = source
  if (columns) {
    const missing = required.filter((c) => !columns.includes(c))
    if (missing.length === 0) return
    throw missingColumnsError(source.file, columns, missing, hint)
  }
  for (let i = 0; i < source.size; i++) {
    const data = source.data(i)
    const missing = required.filter((c) => !(c in data))
    if (missing.length > 0) throw new GateError('bad_input', `${locate(source.file, source.line(i), missing[0])}: missing required key`, hint)
  }
}
