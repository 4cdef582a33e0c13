import { createHash } from 'node:crypto'
import { GateError, locate, Problems } from '../io/errors.ts'
import { readTable, requireColumns, tryParseRecord, type Table } from '../io/tabular.ts'
import { EvalRowInputSchema, KNOWN_EVAL_COLUMNS, REQUIRED_EVAL_COLUMNS, type EvalRow } from '../schemas/evalSet.ts'
import { plainEvalRow, type KnownEvalFields } from '../schemas/plainEvalRow.ts'
import { checkColumnNames, checkConversations, separatorWarnings, type ConversationCells } from './evalSetChecks.ts'

export interface EvalSet {
  file: string
  rows: EvalRow[]
  fingerprint: string
  /** what loads but probably does not mean what it says (a `,` where `;` separates items): the run logs them */
  warnings: string[]
}

const columnHints: Record<string, string> = {
  id: 'give every row a stable, unique id (e.g. q001) and never reuse one for a different question',
  question: 'write the question text, or remove the row',
  should_refuse: 'write true or false (1/0 and yes/no work too)',
  expect_json: 'write true or false (1/0 and yes/no work too)',
  relevant_doc_ids: 'separate ids with | and give a grade as doc:G with G in 0-3 (e.g. D1|D2:3)',
  reference_points: 'separate reference points with ; (CSV) or give a JSON array (JSONL)',
  required_keys: 'list key names separated by ; or as a JSON array',
  turn: 'number the turns of each conversation 1, 2, 3, … (the row with turn 1 opens the conversation)',
  history: 'give the earlier messages as a JSON array, e.g. [{"role":"user","content":"…"},{"role":"assistant","content":"…"}]',
}

export async function loadEvalSet(file: string): Promise<EvalSet> {
  return evalSetFromTable(await readTable(file, 'eval set'))
}

export function evalSetFromTable(table: Table): EvalSet {
  // before the required columns: a `query` column gets "did you mean question?" rather than "no question column"
  checkColumnNames(table)
  requireColumns(table, REQUIRED_EVAL_COLUMNS, 'the eval set needs at least the columns id and question')
  const rows: EvalRow[] = []
  const firstLine = new Map<string, number>()
  // every bad row is reported at once, so one run shows everything to fix
  const problems = new Problems()
  const conversationCells: ConversationCells[] = []
  // a CSV whose columns are all known passes nothing through: no per-row search for extra columns
  const noExtra = table.columns !== null && table.columns.every((c) => KNOWN_EVAL_COLUMNS.has(c))
  for (const record of table.records) {
    // plain string handling for a row of text cells; the schema for anything else, with its located messages
    const parsed = plainEvalRow(record.data) ?? tryParseRecord(EvalRowInputSchema, record, table.file, (c) => columnHints[c] ?? 'fix the value in this cell', problems)
    if (!parsed) continue
    const previous = firstLine.get(parsed.id)
    if (previous !== undefined) {
      problems.add(
        `${locate(table.file, record.line, 'id')}: duplicate id "${parsed.id}" (first used on line ${previous})`,
        'ids must be unique: give this row a new id; keep the old id for the old question',
      )
      continue
    }
    firstLine.set(parsed.id, record.line)
    // a single question (neither cell) is nothing checkConversations looks at
    if (parsed.conversation_id !== null || parsed.turn !== null)
      conversationCells.push({ line: record.line, conversationId: parsed.conversation_id, turn: parsed.turn, hasHistory: parsed.history !== null })
    // fromEntries defines properties: a `__proto__` column stays a column instead of becoming the prototype
    const extra = noExtra ? {} : Object.fromEntries(Object.entries(record.data).filter(([key]) => !KNOWN_EVAL_COLUMNS.has(key)))
    rows.push(evalRow(parsed, extra))
  }
  checkConversations(table.file, conversationCells, problems)
  problems.throwIfAny('bad_input')
  if (rows.length === 0) throw new GateError('bad_input', `${table.file}: the eval set has no rows`, 'add at least one question below the header')
  return { file: table.file, rows, fingerprint: fingerprintRows(rows), warnings: separatorWarnings(table) }
}

/** The row of a question; one literal per shape, so the common row (no conversation) is built without spreading. */
function evalRow(parsed: KnownEvalFields, extra: Record<string, unknown>): EvalRow {
  const { conversation_id: conversationId, turn, history } = parsed
  const row: EvalRow = {
    id: parsed.id,
    question: parsed.question,
    ground_truth: parsed.ground_truth,
    reference_points: parsed.reference_points,
    category: parsed.category,
    difficulty: parsed.difficulty,
    should_refuse: parsed.should_refuse,
    relevant_docs: parsed.relevant_doc_ids,
    expect_json: parsed.expect_json,
    required_keys: parsed.required_keys,
    extra,
  }
  if (conversationId === null && history === null) return row
  // the conversation's fields come before `extra`, as they always have
  const { extra: passed, ...known } = row
  return {
    ...known,
    ...(conversationId !== null && turn !== null ? { conversation: { id: conversationId, turn } } : {}),
    ...(history !== null ? { history } : {}),
    extra: passed,
  }
}

/**
 * sha256 over the normalised rows, sorted by id: reordering rows or switching CSV ↔ JSONL
 * keeps the fingerprint, editing a question, answer, label or relevance judgement changes it.
 * Pass-through columns are not part of it: they do not change any score.
 */
export function fingerprintRows(rows: readonly EvalRow[]): string {
  const hash = createHash('sha256')
  const sorted = [...rows].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  for (const row of sorted) {
    hash.update(
      JSON.stringify([
        row.id,
        row.question,
        row.ground_truth,
        row.reference_points,
        row.category,
        row.difficulty,
        row.should_refuse,
        row.relevant_docs.map((d) => [d.id, d.grade]),
        row.expect_json,
        row.required_keys,
        // only when present: a set without conversations keeps the fingerprint it always had
        ...(row.conversation ? [['conversation', row.conversation.id, row.conversation.turn]] : []),
        ...(row.history ? [['history', row.history.map((m) => [m.role, m.content])]] : []),
      ]),
    )
    // a row at a time: joining rows into bigger strings to hash cost 6× more (Chinese text makes them two-byte strings, copied at every join)
    hash.update('\n')
  }
  return `sha256:${hash.digest('hex')}`
}
