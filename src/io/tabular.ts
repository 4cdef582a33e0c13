import { extname } from 'node:path'
import { parse } from 'csv-parse/sync'
import type { z } from 'zod'
import { plainCsv } from './plainCsv.ts'
import { MAX_JSON_DEPTH, tooDeep } from './nesting.ts'
import { issueText } from './zodIssue.ts'
import { decodeUtf8 } from './encoding.ts'
import { forEachLine, type ByteLine } from './jsonlLines.ts'
import { GateError, locate, Problems } from './errors.ts'
import { readInput } from './input.ts'

/** One record of a CSV or JSONL file with the line it starts on, for error messages. */
export interface SourceRecord {
  line: number
  data: Record<string, unknown>
}

export interface Table {
  file: string
  format: 'csv' | 'jsonl'
  /** CSV header (null for JSONL, whose keys may vary by line) */
  columns: string[] | null
  records: SourceRecord[]
}

export function tableFormat(file: string): 'csv' | 'jsonl' {
  const ext = extname(file).toLowerCase()
  if (ext === '.csv') return 'csv'
  if (ext === '.jsonl' || ext === '.ndjson' || ext === '.json') return 'jsonl'
  throw new GateError('bad_input', `${file}: unknown file type "${ext || '(none)'}"`, 'use a .csv or .jsonl file')
}

/** A whole file as text, read with the input cap (input.ts); anything but UTF-8 is refused, naming the first bad byte. */
export async function readText(file: string, what: string): Promise<string> {
  return decodeUtf8(file, await readInput(file, what))
}

export async function readTable(file: string, what: string): Promise<Table> {
  const format = tableFormat(file)
  const text = await readText(file, what)
  return format === 'csv' ? parseCsv(file, text) : parseJsonl(file, text)
}

export function parseCsv(file: string, text: string): Table {
  const plain = plainCsv(text)
  const rows = plain?.rows ?? parseCsvText(file, text)
  // csv-parse's line count skips blank lines and counts a quoted CRLF twice: find each
  // record's first line ourselves (starts[0] is the header).
  const starts = plain?.starts ?? recordStartLines(text)
  const [header, ...body] = rows
  if (!header) return { file, format: 'csv', columns: [], records: [] }
  const columns = header.map((c) => c.trim())
  checkHeader(file, columns)
  const records = body.map((record, index) => {
    const data: Record<string, unknown> = {}
    columns.forEach((c, i) => (data[c] = record[i]))
    return { line: starts[index + 1] ?? 0, data }
  })
  return { file, format: 'csv', columns, records }
}

/** A header that names a column twice is refused: which of the two would a row's value come from? */
export function checkHeader(file: string, columns: readonly string[]): void {
  const [first] = columns
  const separator = otherSeparator(columns)
  if (separator && first !== undefined) throw notCommaSeparated(file, first, separator)
  const seen = new Set<string>()
  for (const column of columns) {
    if (seen.has(column)) throw new GateError('bad_input', `${locate(file, 1, column)}: the header names this column twice`, 'rename or remove one of them')
    seen.add(column)
  }
}

/** Any CSV the plain reader leaves alone (a CR, a stray quote, …) through csv-parse, whose errors carry their line. */
function parseCsvText(file: string, text: string): string[][] {
  try {
    // no `info`: a record's line comes from recordStartLines, and a parse error carries its line anyway
    return parse(text, { bom: true, relax_column_count: false, skip_empty_lines: true }) as string[][]
  } catch (error) {
    const e = error as { lines?: number; message: string }
    const header = text.replace(/^\uFEFF/, '').split(/\r?\n|\r/, 1)[0] ?? ''
    const separator = header.includes(',') ? null : otherSeparator([header])
    if (separator) throw notCommaSeparated(file, header, separator)
    throw new GateError('bad_input', `${locate(file, e.lines)}: not valid CSV: ${e.message}`, 'quote fields that contain commas, quotes or newlines (RFC 4180: "a, b" and "say ""hi""")')
  }
}

/** A CSV header without required columns (the one message of every reader of tables). */
export function missingColumnsError(file: string, columns: readonly string[], missing: readonly string[], hint: string): GateError {
  return new GateError('bad_input', `${locate(file, 1)}: missing required column${missing.length > 1 ? 's' : ''} ${missing.map((c) => `"${c}"`).join(', ')} (header has: ${columns.join(', ')})`, hint)
}

/** Separators a spreadsheet writes instead of commas: its CSV export in many locales uses ";", a TSV tabs. */
const OTHER_SEPARATORS: readonly (readonly [string, string])[] = [
  [';', '";"'],
  ['\t', 'tabs'],
  ['|', '"|"'],
]

/** The separator a header read as one column holds instead of commas (its name: '";"', 'tabs'); null for any other header. */
function otherSeparator(columns: readonly string[]): string | null {
  const [only] = columns
  if (columns.length !== 1 || only === undefined) return null
  return OTHER_SEPARATORS.find(([separator]) => only.includes(separator))?.[1] ?? null
}

/** A CSV whose header is one column holding `separator`: every table evalgate reads has at least two columns' worth of meaning, so it was written with another separator. */
function notCommaSeparated(file: string, header: string, separator: string): GateError {
  return new GateError(
    'bad_input',
    `${locate(file, 1)}: the header is one column, ${JSON.stringify(header.slice(0, 60))}: this file's columns are separated by ${separator}, not commas`,
    'save it as comma-separated CSV (a spreadsheet exports CSV with ";" in some locales; in Excel choose CSV UTF-8 (Comma delimited))',
  )
}

/** 1-based line on which each non-empty CSV record starts (RFC 4180 quotes; LF, CRLF or CR). */
export function recordStartLines(text: string): number[] {
  const starts: number[] = []
  let line = 1
  let inQuotes = false
  let atRecordStart = true
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && text[i + 1] === '\n') i++
      line++
      if (!inQuotes) atRecordStart = true
      continue
    }
    if (atRecordStart) {
      if (ch === '\uFEFF') continue
      starts.push(line)
      atRecordStart = false
    }
    if (ch === '"') inQuotes = !inQuotes
  }
  return starts
}

/**
 * A .jsonl file line by line from disk (forEachLine), each line parsed as it is read and handed
 * to `take`: a 100,000-line predictions file never sits in memory as one string and an array
 * of lines at once. Bytes that are not UTF-8 stop the read with their offset, as readText does.
 * A line for which `skip` says true is neither decoded nor parsed (a shard's reader has dealt
 * with another shard's answer by its id).
 */
export async function readJsonl(file: string, what: string, take: (record: SourceRecord) => void, skip?: (line: ByteLine) => boolean): Promise<void> {
  await forEachLine(file, what, (line) => {
    if (skip?.(line)) return
    const record = parseJsonlLine(file, line.bytes.toString('utf8', line.start, line.end), line.number)
    if (record) take(record)
  })
}

const JSONL_HINT = 'each line of a .jsonl file must be one complete JSON object, e.g. {"id": "q1", "question": "..."}'

/** One line of a .jsonl file (1-based `number`): null for a blank line, a located GateError for anything but a JSON object. */
export function parseJsonlLine(file: string, raw: string, number: number, hint = JSONL_HINT): SourceRecord | null {
  const line = raw.trim()
  if (line === '') return null
  let value: unknown
  try {
    value = JSON.parse(line)
  } catch (error) {
    throw new GateError('bad_input', `${locate(file, number)}: not valid JSON: ${(error as Error).message}`, hint)
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new GateError('bad_input', `${locate(file, number)}: expected a JSON object, got ${Array.isArray(value) ? 'an array' : typeof value}`, hint)
  }
  const deep = tooDeep(value as Record<string, unknown>)
  if (deep !== null) {
    throw new GateError(
      'bad_input',
      `${locate(file, number, deep)}: nested more than ${MAX_JSON_DEPTH} levels deep`,
      "flatten the value (or store it as a JSON string in the cell); evalgate passes a row's other columns on as they are, and no column needs that depth",
    )
  }
  return { line: number, data: value as Record<string, unknown> }
}

export function parseJsonl(file: string, text: string): Table {
  const records: SourceRecord[] = []
  text
    .replace(/^\uFEFF/, '')
    .split('\n')
    .forEach((raw, index) => {
      const record = parseJsonlLine(file, raw, index + 1)
      if (record) records.push(record)
    })
  return { file, format: 'jsonl', columns: null, records }
}

export function requireColumns(table: Table, required: readonly string[], hint: string): void {
  const { columns } = table
  if (columns) {
    const missing = required.filter((c) => !columns.includes(c))
    if (missing.length > 0) throw missingColumnsError(table.file, columns, missing, hint)
    return
  }
  for (const record of table.records) {
    const missing = required.filter((c) => !(c in record.data))
    if (missing.length > 0) {
      throw new GateError('bad_input', `${locate(table.file, record.line, missing[0])}: missing required key`, hint)
    }
  }
}

/** Parses one record with a zod schema; every issue becomes a located GateError (a record from no file has no line). */
export function parseRecord<S extends z.ZodType>(schema: S, record: { line?: number; data: Record<string, unknown> }, file: string, hint: (column: string) => string): z.output<S> {
  const result = schema.safeParse(record.data)
  if (result.success) return result.data
  const problems = new Problems()
  addIssues(result.error.issues, record, file, hint, problems)
  return problems.fail('bad_input')
}

/** Parses one record with a zod schema; each issue is added to `problems`, located by line and column. */
export function tryParseRecord<S extends z.ZodType>(
  schema: S,
  record: { line?: number; data: Record<string, unknown> },
  file: string,
  hint: (column: string) => string,
  problems: Problems,
): z.output<S> | undefined {
  const result = schema.safeParse(record.data)
  if (result.success) return result.data
  addIssues(result.error.issues, record, file, hint, problems)
  return undefined
}

function addIssues(issues: readonly z.core.$ZodIssue[], record: { line?: number; data: Record<string, unknown> }, file: string, hint: (column: string) => string, problems: Problems): void {
  for (const issue of issues) {
    const column = issue.path.length > 0 ? String(issue.path[0]) : undefined
    problems.add(`${locate(file, record.line, column)}: ${issueText(issue, record.data)}`, hint(column ?? ''))
  }
}
