import { locate, Problems } from '../../io/errors.ts'
import { similarName } from '../../text/similarName.ts'
import type { RecordSource } from '../../io/records.ts'
import { KNOWN_EVAL_COLUMNS } from '../../schemas/evalSet.ts'
import { tokenCount, tokenize } from '../../metrics/tokens.ts'

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
export function checkColumnNames(table: RecordSource): void {
  const problems = new Problems()
  const suggestions = new Map<string, string | null>()
  const reported = new Set<string>()
  const suggest = (key: string) => {
    const earlier = suggestions.get(key)
    if (earlier !== undefined) return earlier
    const meant = KNOWN_EVAL_COLUMNS.has(key) ? null : similarName(key, KNOWN, EVAL_COLUMN_ALIASES)
    suggestions.set(key, meant)
    return meant
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
  else for (let i = 0; i < table.size; i++) check(Object.keys(table.data(i)), table.line(i))
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
 * A `,` in a relevant_doc_ids cell separates ids that the file format separates otherwise (`|`
 * in CSV, arrays in JSONL): the cell is then read as one id. A `,` in a reference_points cell
 * does so only where the split is ambiguous (`ambiguousCommas`); a point with a comma inside
 * ("Yes, within 30 days", "accepts Visa, Mastercard and Amex") is one point and is left alone,
 * as is a cell already split by `;` and every item of a JSONL array. Warnings, not errors.
 * Only `records` are looked at (a shard's own rows).
 */
export function separatorWarnings(table: RecordSource, records: Iterable<number>): string[] {
  const warnings: string[] = []
  for (const [column, separator] of [
    ['reference_points', ';'],
    ['relevant_doc_ids', '|'],
  ] as const) {
    const lines: number[] = []
    for (const i of records) if (commaSeparated(table.field(i, column), column, separator)) lines.push(table.line(i))
    if (lines.length === 0) continue
    const shown = lines.slice(0, SHOWN_ROWS).map((line) => `${locate(table.file, line)}`)
    const more = lines.length > SHOWN_ROWS ? ` and ${lines.length - SHOWN_ROWS} more row(s)` : ''
    const how = table.format === 'csv' ? `separate items with ${separator}` : 'give the items as a JSON array'
    warnings.push(
      column === 'reference_points'
        ? `${shown.join(', ')}${more}: column "${column}" has commas between parts that each read as a point of their own, but the cell is one point; if they are several, separate them with ${separator}`
        : `${shown.join(', ')}${more}: column "${column}" has "," inside a cell, which is read as part of one item; ${how}`,
    )
  }
  return warnings
}

function commaSeparated(value: unknown, column: 'reference_points' | 'relevant_doc_ids', separator: string): boolean {
  if (column === 'reference_points') return typeof value === 'string' && !value.includes(separator) && ambiguousCommas(value)
  if (typeof value === 'string') return value.includes(',')
  // an array's items are explicit; an id with a comma in it is still a slip
  return Array.isArray(value) && value.some((item) => typeof item === 'string' && item.includes(','))
}

/** Words that continue the sentence before them: a part starting with one is not a point of its own. */
const CONTINUATIONS =
  /^(?:and|or|nor|but|yet|so|then|which|who|whose|whom|where|when|while|that|if|unless|except|including|includes|such as|e\.g\.|i\.e\.|etc|plus|as well as|with|without|after|before|because|since|although|though|for example|但是?|而且?|并且?|且|或者?|则|如果|否则|除非|即|以及|包括)(?![\p{L}\p{N}])/iu

/** A comma between digits with three after it groups thousands (1,000): it separates nothing. */
const SPLITTING_COMMA = /,(?!\d{3}(?!\d))|(?<!\d),/

/** "X, Y and Z": the last part joins the list's last two items, so the commas list items of one point. */
const LIST_END = /\s(?:and|or)\s|[和及与或]/iu

/** Answers that are not facts: a part that is only one of these leads into the point ("Yes, within 30 days"). */
const ANSWER_WORDS = /^(?:yes|yeah|no|ok|okay|sure|correct|right|true|false|能|不能|可以|不可以|是|不是|否|对|不|会|不会|有|没有)[\s.!。！]*$/iu

/**
 * Whether commas in one reference_points cell could be separating several points. Precisely:
 * the cell, cut at its commas (not at thousands separators such as 1,000), gives two or more
 * parts; the last part does not end a list ("X, Y and Z", "X, Y or Z"); and every part could
 * stand as a point of its own: it holds a fact as the lexical judge counts one (a word that is
 * not a stop word, or a number), is not only a yes / no answer ("Yes", "能"), and does not
 * start with a word that continues a sentence (and, but, which, if, including, 但, 并且, …).
 * Ambiguous: "5天,带薪", "Refunds within 30 days, renewals within 7 days". Not: "Yes, within
 * 30 days", "accepts Visa, Mastercard and Amex", "retries after 3, 5 and 7 days", "within 30
 * days, but not after renewal", "Refunds, if approved, take 10 days", "100,000 rows".
 */
export function ambiguousCommas(cell: string): boolean {
  const parts = cell.split(SPLITTING_COMMA).map((part) => part.trim())
  const last = parts.at(-1)
  if (parts.length < 2 || last === undefined || LIST_END.test(last)) return false
  return parts.every((part) => !CONTINUATIONS.test(part) && !ANSWER_WORDS.test(part) && tokenCount(tokenize(part)) >= 1)
}
