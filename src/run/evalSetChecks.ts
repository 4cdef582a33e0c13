import { locate, Problems } from '../io/errors.ts'
import { similarName } from '../io/similarName.ts'
import type { Table } from '../io/tabular.ts'
import { KNOWN_EVAL_COLUMNS } from '../schemas/evalSet.ts'

/** What people call the eval-set columns when they do not read the docs first. */
const EVAL_COLUMN_ALIASES: Record<string, readonly string[]> = {
  question: ['query', 'prompt', 'input'],
  ground_truth: ['expected_answer', 'reference_answer', 'gold_answer', 'expected', 'answer', 'groundtruth_answer'],
  reference_points: ['key_points', 'keypoints', 'points', 'reference_point_list'],
  relevant_doc_ids: ['relevant_docs', 'relevant_ids', 'relevant_documents', 'gold_doc_ids', 'gold_docs', 'doc_ids', 'relevant'],
  should_refuse: ['refuse', 'should_reject', 'unanswerable'],
  expect_json: ['json', 'expects_json', 'is_json'],
  required_keys: ['json_keys', 'keys'],
}

const KNOWN = [...KNOWN_EVAL_COLUMNS]

/**
 * An unknown column that looks like a known one (`relevant_docs`, `Question`, `query`) while
 * the known one is absent is an error: it would be passed through silently, and whatever it
 * holds (the relevant ids, say) would never be scored. Other unknown columns pass through.
 */
export function checkColumnNames(table: Table): void {
  const problems = new Problems()
  const suggestions = new Map<string, string | null>()
  const reported = new Set<string>()
  const suggest = (key: string) => {
    if (!suggestions.has(key)) suggestions.set(key, KNOWN_EVAL_COLUMNS.has(key) ? null : similarName(key, KNOWN, EVAL_COLUMN_ALIASES))
    return suggestions.get(key)!
  }
  const check = (keys: readonly string[], line: number) => {
    for (const key of keys) {
      const meant = suggest(key)
      if (meant === null || keys.includes(meant) || reported.has(key)) continue
      reported.add(key)
      problems.add(
        `${locate(table.file, line, key)}: unknown column; did you mean "${meant}"?`,
        `rename the column to ${meant} (a column evalgate does not know is only passed through to the candidate, so what it holds would never be scored)`,
      )
    }
  }
  if (table.columns) check(table.columns, 1)
  else for (const record of table.records) check(Object.keys(record.data), record.line)
  problems.throwIfAny('bad_input')
}

/** Rows named in one warning; the rest are counted. */
const SHOWN_ROWS = 5

/**
 * A `,` in a reference_points or relevant_doc_ids cell most likely separates items that the
 * file format separates otherwise (`;` and `|` in CSV, arrays in JSONL): the cell is then read
 * as one long item. Worth a warning, not an error: a reference point may be a sentence with
 * commas in it, so a reference_points cell already split by `;` (or a JSONL array) is trusted.
 */
export function separatorWarnings(table: Table): string[] {
  const warnings: string[] = []
  for (const [column, separator] of [
    ['reference_points', ';'],
    ['relevant_doc_ids', '|'],
  ] as const) {
    const lines: number[] = []
    for (const record of table.records) if (commaSeparated(record.data[column], column, separator)) lines.push(record.line)
    if (lines.length === 0) continue
    const shown = lines.slice(0, SHOWN_ROWS).map((line) => `${locate(table.file, line)}`)
    const more = lines.length > SHOWN_ROWS ? ` and ${lines.length - SHOWN_ROWS} more row(s)` : ''
    const how = table.format === 'csv' ? `separate items with ${separator}` : 'give the items as a JSON array'
    warnings.push(`${shown.join(', ')}${more}: column "${column}" has "," inside a cell, which is read as part of one item; ${how}`)
  }
  return warnings
}

function commaSeparated(value: unknown, column: 'reference_points' | 'relevant_doc_ids', separator: string): boolean {
  if (typeof value === 'string') return value.includes(',') && (column === 'relevant_doc_ids' || !value.includes(separator))
  // an array's items are explicit; an id with a comma in it is still a slip, a sentence with one is not
  return column === 'relevant_doc_ids' && Array.isArray(value) && value.some((item) => typeof item === 'string' && item.includes(','))
}
