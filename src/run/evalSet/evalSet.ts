import { fingerprintRows } from '../../baseline/fingerprint.ts'
import { GateError, locate, Problems } from '../../io/errors.ts'
import { normaliseId } from '../../text/ids.ts'
import { knownKey } from '../../io/known.ts'
import { readRecords, recordsOf, requireFields, type RecordSource } from '../../io/records.ts'
import { tryParseRecord, type Table } from '../../io/tabular.ts'
import { EvalRowInputSchema, KNOWN_EVAL_COLUMNS, REQUIRED_EVAL_COLUMNS, type EvalRow } from '../../schemas/evalSet.ts'
import { plainEvalRow, type KnownEvalFields } from '../../schemas/plainEvalRow.ts'
import { checkColumnNames, checkConversations, separatorWarnings, type ConversationCells } from './checks.ts'
import { inShard, type ShardUnit } from './shard.ts'

export interface EvalSet {
  file: string
  /** the rows this run reads: the whole set's, or one shard's */
  rows: EvalRow[]
  /** of `rows` (baseline/fingerprint.ts): the whole set's, or the shard's own rows' (merge adds those up) */
  fingerprint: string
  /** every id of the whole set */
  ids: Set<string>
  /** how many questions the whole set has */
  total: number
  /** what loads but probably does not mean what it says (a `,` where `;` separates items): the run logs them */
  warnings: string[]
}

/** Shard `index` of `count`: the rows a run of it reads in full. */
export interface ShardSpec {
  index: number
  count: number
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

/**
 * The eval set, or one shard of it. A shard reads every row's id and conversation (to know
 * which rows are its own, and that every id is unique), and the rest of its own rows only:
 * a bad cell in another shard's row is that shard's to report.
 */
export async function loadEvalSet(file: string, shard: ShardSpec | null = null): Promise<EvalSet> {
  return evalSetFrom(await readRecords(file, 'eval set'), shard)
}

export function evalSetFromTable(table: Table): EvalSet {
  return evalSetFrom(recordsOf(table), null)
}

function evalSetFrom(source: RecordSource, shard: ShardSpec | null): EvalSet {
  // before the required columns: a `query` column gets "did you mean question?" rather than "no question column"
  checkColumnNames(source)
  requireFields(source, REQUIRED_EVAL_COLUMNS, 'the eval set needs at least the columns id and question')
  // every bad row is reported at once, so one run shows everything to fix
  const problems = new Problems()
  const placed = placeRows(source, shard)
  const rows: EvalRow[] = []
  const read: number[] = []
  const conversationCells: ConversationCells[] = []
  // a CSV whose columns are all known passes nothing through: no per-row search for extra columns
  const noExtra = source.columns !== null && source.columns.every((c) => KNOWN_EVAL_COLUMNS.has(c))
  const labels = new Labels()
  for (let i = 0; i < source.size; i++) {
    const first = placed.duplicates.get(i)
    if (first !== undefined) {
      problems.add(
        `${locate(source.file, source.line(i), 'id')}: duplicate id "${first.id}" (first used on line ${first.line})`,
        'ids must be unique: give this row a new id; keep the old id for the old question',
      )
    }
    if (!placed.read[i]) continue
    const record = { line: source.line(i), data: source.data(i) }
    // plain string handling for a row of text cells; the schema for anything else, with its located messages
    const parsed = plainEvalRow(record.data) ?? tryParseRecord(EvalRowInputSchema, record, source.file, (c) => columnHints[c] ?? 'fix the value in this cell', problems)
    if (!parsed) continue
    // a single question (neither cell) is nothing checkConversations looks at
    if (parsed.conversation_id !== null || parsed.turn !== null)
      conversationCells.push({ line: record.line, conversationId: parsed.conversation_id, turn: parsed.turn, hasHistory: parsed.history !== null })
    // fromEntries defines properties: a `__proto__` column stays a column instead of becoming the prototype
    const extra = noExtra ? {} : Object.fromEntries(Object.entries(record.data).filter(([key]) => !KNOWN_EVAL_COLUMNS.has(key)))
    parsed.category = labels.of(parsed.category)
    parsed.difficulty = labels.of(parsed.difficulty)
    rows.push(evalRow(parsed, extra))
    read.push(i)
  }
  checkConversations(source.file, conversationCells, problems)
  problems.throwIfAny('bad_input')
  if (placed.ids.size === 0) throw new GateError('bad_input', `${source.file}: the eval set has no rows`, 'add at least one question below the header')
  return { file: source.file, rows, fingerprint: fingerprintRows(rows), ids: placed.ids, total: placed.ids.size, warnings: separatorWarnings(source, read) }
}

/** Where each row goes: the set's ids, the rows that use an id again (by index: the id and its first line), and the rows to read in full. */
interface Placed {
  ids: Set<string>
  duplicates: Map<number, { id: string; line: number }>
  read: boolean[]
}

/**
 * Every row's id and conversation, read alone: a second use of an id is found (with the line of
 * the first), the set's ids are collected, and the rows to read in full are marked: all of them,
 * or a shard's own (inShard). A row whose id cannot be read alone is always read in full, so
 * that its own parse reports it.
 */
function placeRows(source: RecordSource, shard: ShardSpec | null): Placed {
  const duplicates = new Map<number, { id: string; line: number }>()
  const ids = new Set<string>()
  // each id's first line, found only once an id is used again: a set without duplicates needs none
  let firstLine: Map<string, number> | null = null
  const units: ShardUnit[] = []
  const unitOf: (number | null)[] = []
  for (let i = 0; i < source.size; i++) {
    const id = idCell(source.field(i, 'id'))
    unitOf.push(null)
    if (id === null) continue
    if (ids.has(id)) {
      firstLine ??= firstLines(source, i)
      duplicates.set(i, { id, line: knownKey(firstLine, id, 'the first line of an id') })
      unitOf[i] = -1
      continue
    }
    ids.add(id)
    firstLine?.set(id, source.line(i))
    unitOf[i] = units.length
    units.push({ id, conversation: plainText(source.field(i, 'conversation_id')) })
  }
  const mine = shard ? inShard(units, shard.index, shard.count) : null
  const read = unitOf.map((unit) => (unit === null ? true : unit === -1 ? false : mine === null || mine[unit] === true))
  return { ids, duplicates, read }
}

/** The line each id is first used on, in the rows before `end`. */
function firstLines(source: RecordSource, end: number): Map<string, number> {
  const lines = new Map<string, number>()
  for (let i = 0; i < end; i++) {
    const id = idCell(source.field(i, 'id'))
    if (id !== null && !lines.has(id)) lines.set(id, source.line(i))
  }
  return lines
}

/** A cell as the schema reads an id (idValue: a text, or in JSONL a number JSON holds exactly); null for one the schema refuses. */
function idCell(value: unknown): string | null {
  return typeof value === 'number' && !(Math.abs(value) <= Number.MAX_SAFE_INTEGER) ? null : plainText(value)
}

/** A text cell as the schema reads it (a JSONL number as its text); null when empty or of another type. */
function plainText(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null
  const text = normaliseId(String(value))
  return text === '' ? null : text
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
 * A set's category and difficulty labels, each held once: every question of a category carries
 * the one string (and so does its result), not a copy read from its own cell (100,000 questions
 * of a handful of labels: ~6 MB less held through the run).
 */
class Labels {
  private readonly known = new Map<string, string>()

  of(label: string | null): string | null {
    if (label === null) return null
    const known = this.known.get(label)
    if (known !== undefined) return known
    this.known.set(label, label)
    return label
  }
}
