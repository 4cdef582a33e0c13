import { GateError, locate } from '../io/errors.ts'
import { updateFileSafely } from '../io/safeWrite.ts'
import { parseCsv } from '../io/tabular.ts'
import { redactSecrets } from '../text/redact.ts'
import type { Results } from '../schemas/results.ts'

/**
 * history.csv: one row per metric per run, appended by every baseline run, read by `evalgate
 * trend`. A plain CSV so it diffs well in a PR and opens in a spreadsheet.
 */
export interface HistoryRow {
  date: string
  version: string
  eval_set_version: string
  metric: string
  value: number
}

export const HISTORY_COLUMNS = ['date', 'version', 'eval_set_version', 'metric', 'value'] as const

const HEADER = HISTORY_COLUMNS.join(',')
const ROW_HINT = 'each row is date,version,eval_set_version,metric,value, e.g. 2026-01-31,v1.2,v1,rules_pass,0.82 (quote a field that holds a comma or a quote: "a, b", "say ""hi""")'
/** ISO 8601 date or date-time: the order of the strings is the order of the dates. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ][0-9:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/

/** One row per metric that has a mean (a metric nobody could score is not a point on a trend), by metric name. */
export function historyRowsFromResults(results: Results, date: string): HistoryRow[] {
  // the version is a label a user typed: a secret pasted into it is redacted, as in results.json
  const version = redactSecrets(results.run.version ?? 'unversioned')
  const eval_set_version = results.run.eval_set_version
  const rows: HistoryRow[] = []
  for (const [metric, summary] of Object.entries(results.metrics)) {
    if (summary.mean !== null && Number.isFinite(summary.mean)) rows.push({ date, version, eval_set_version, metric, value: summary.mean })
  }
  return rows.sort((a, b) => (a.metric < b.metric ? -1 : a.metric > b.metric ? 1 : 0))
}

/** RFC 4180, one `\n`-terminated line per row. */
export function formatHistoryCsv(rows: readonly HistoryRow[], withHeader: boolean): string {
  const lines = rows.map((r) => [r.date, neutralise(r.version), neutralise(r.eval_set_version), neutralise(r.metric), formatValue(r.value)].map(quoteField).join(','))
  if (withHeader) lines.unshift(HEADER)
  return lines.map((line) => `${line}\n`).join('')
}

function formatValue(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`history value must be a finite number, got ${value}`)
  // String() keeps every digit, so format → parse gives the same number back
  return String(value)
}

/**
 * A label a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR first) gets a
 * leading `'`, as OWASP recommends for CSV injection; so does a label that already starts
 * with `'` before one of those, so reading strips exactly one quote and gives the label
 * back. Only labels: a value like -0.05 is a number, and stays one.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/

function neutralise(label: string): string {
  return FORMULA_START.test(label) ? `'${label}` : label
}

function restoreLabel(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell) ? cell.slice(1) : cell
}

function quoteField(field: string): string {
  return /[",\r\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field
}

/** Parses history.csv (BOM and CRLF tolerated). Empty text is an empty history. */
export function parseHistoryCsv(text: string, file: string): HistoryRow[] {
  const table = parseCsv(file, text)
  const columns = table.columns ?? []
  if (columns.length === 0) return []
  const missing = HISTORY_COLUMNS.find((c) => !columns.includes(c))
  if (missing) {
    throw new GateError('bad_input', `${locate(file, 1, missing)}: missing from the header (header has: ${columns.join(', ')})`, `the first line of a history file must be exactly: ${HEADER}`)
  }
  const extra = columns.find((c) => !(HISTORY_COLUMNS as readonly string[]).includes(c))
  if (extra !== undefined) {
    throw new GateError('bad_input', `${locate(file, 1, extra)}: not a history column`, `the first line of a history file must be exactly: ${HEADER}`)
  }
  return table.records.map(({ line, data }) => {
    const field = (column: (typeof HISTORY_COLUMNS)[number]) => String(data[column] ?? '')
    const label = (column: 'version' | 'eval_set_version' | 'metric') => restoreLabel(field(column))
    const fail = (column: string, expected: string, got: string): never => {
      throw new GateError('bad_input', `${locate(file, line, column)}: expected ${expected}, got "${got}"`, ROW_HINT)
    }
    const date = field('date').trim()
    if (!ISO_DATE.test(date)) fail('date', 'an ISO date (YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ)', date)
    const version = label('version')
    if (version.trim() === '') fail('version', 'a version label', version)
    const eval_set_version = label('eval_set_version')
    if (eval_set_version.trim() === '') fail('eval_set_version', 'an eval set version label', eval_set_version)
    const metric = label('metric').trim()
    if (metric === '') fail('metric', 'a metric name', metric)
    const raw = field('value').trim()
    const value = raw === '' ? NaN : Number(raw)
    if (!Number.isFinite(value)) fail('value', 'a number', raw)
    return { date, version, eval_set_version, metric, value }
  })
}

/**
 * Appends this run's rows to a history file, writing the header when the file is new or
 * empty and creating its folder. Returns how many rows were written. The one function here
 * that touches the disk: the old bytes and the new rows are written as a whole new file by
 * the safe writer (history files are small), so a failed append leaves the old file intact.
 */
export function appendHistory(path: string, results: Results, date: string): number {
  const rows = historyRowsFromResults(results, date)
  if (rows.length === 0) return 0
  updateFileSafely(path, (before) => {
    const existing = (before ?? Buffer.alloc(0)).toString('utf8')
    const isEmpty = existing.replace(/^\uFEFF/, '').trim() === ''
    if (!isEmpty) {
      // appending under a foreign header would make the whole file unreadable
      const [header = ''] = existing.replace(/^\uFEFF/, '').split(/\r?\n/, 1)
      const firstLine = header.trim()
      if (firstLine !== HEADER) {
        throw new GateError('bad_input', `${locate(path, 1)}: not a history file: the header is "${firstLine.slice(0, 80)}"`, `use a new file, or make its first line exactly: ${HEADER}`)
      }
    }
    const separator = !isEmpty && !/\n$/.test(existing) ? '\n' : ''
    return Buffer.concat([before ?? Buffer.alloc(0), Buffer.from(separator + formatHistoryCsv(rows, isEmpty), 'utf8')])
  })
  return rows.length
}

export interface Series {
  eval_set_version: string
  points: { date: string; version: string; value: number }[]
}

/**
 * The points of one metric, one series per eval set version: scores on different eval sets
 * are never joined into one line. Points in date order (stable for equal dates); series in
 * the order of their first date.
 */
export function seriesFor(rows: readonly HistoryRow[], metric: string): Series[] {
  const bySet = new Map<string, Series>()
  for (const row of chronological(rows, metric)) {
    let series = bySet.get(row.eval_set_version)
    if (!series) {
      series = { eval_set_version: row.eval_set_version, points: [] }
      bySet.set(row.eval_set_version, series)
    }
    series.points.push({ date: row.date, version: row.version, value: row.value })
  }
  // Map keeps insertion order, and rows arrive in date order: series are ordered by first date
  return [...bySet.values()]
}

/** The rows of one metric in date order; rows with equal dates keep their file order. */
export function chronological(rows: readonly HistoryRow[], metric: string): HistoryRow[] {
  return rows.filter((r) => r.metric === metric).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
}
