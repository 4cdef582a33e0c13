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

/** The cells of one row that place it in a conversation, with the row's line. */
export interface ConversationCells {
  line: number
  conversationId: string | null
  turn: number | null
  hasHistory: boolean
}

/**
 * A conversation is asked turn by turn, each turn after the answers to the earlier ones: the
 * turns must be 1, 2, 3, … with none missing or given twice, and a row names both its
 * conversation and its turn, or neither. A row gives its history either as a `history` cell
 * or through its conversation, not both (the two would disagree about what came before).
 */
export function checkConversations(file: string, rows: readonly ConversationCells[], problems: Problems): void {
  const turns = new Map<string, Map<number, number>>()
  const firstLine = new Map<string, number>()
  for (const row of rows) {
    if ((row.conversationId === null) !== (row.turn === null)) {
      const missing = row.conversationId === null ? 'conversation_id' : 'turn'
      problems.add(
        `${locate(file, row.line, missing)}: empty, but this row has a ${missing === 'turn' ? 'conversation_id' : 'turn'}`,
        'give a row of a conversation both its conversation_id and its turn number (1, 2, 3, …); leave both empty for a single question',
      )
      continue
    }
    if (row.conversationId === null || row.turn === null) continue
    if (row.hasHistory) {
      problems.add(
        `${locate(file, row.line, 'history')}: a row with a conversation_id takes its history from the earlier turns`,
        'leave history empty on conversation rows, or drop conversation_id and turn and give the whole history in the history cell',
      )
    }
    const seen = turns.get(row.conversationId) ?? new Map<number, number>()
    turns.set(row.conversationId, seen)
    if (!firstLine.has(row.conversationId)) firstLine.set(row.conversationId, row.line)
    const previous = seen.get(row.turn)
    if (previous !== undefined) {
      problems.add(
        `${locate(file, row.line, 'turn')}: conversation "${row.conversationId}" has turn ${row.turn} twice (first on line ${previous})`,
        'one question per turn: renumber the turns of this conversation 1, 2, 3, … or move the row to another conversation',
      )
      continue
    }
    seen.set(row.turn, row.line)
  }
  for (const [id, seen] of turns) {
    const highest = Math.max(...seen.keys())
    const missing = Array.from({ length: highest }, (_, i) => i + 1).filter((t) => !seen.has(t))
    if (missing.length === 0) continue
    problems.add(
      `${locate(file, firstLine.get(id), 'turn')}: conversation "${id}" has no turn ${missing.join(', ')} (it has turns ${[...seen.keys()].sort((a, b) => a - b).join(', ')})`,
      'number the turns of each conversation 1, 2, 3, … without gaps: add the missing turn or renumber the later ones',
    )
  }
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
