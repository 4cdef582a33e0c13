import type { z } from 'zod'
import { exactLength } from '../io/exactLength.ts'
import { nfc, normaliseId } from '../text/ids.ts'
import type { EvalRowInputSchema, RelevantDoc } from './evalSet.ts'
import { knownAt } from '../io/known.ts'

/** The fields of EvalRowInputSchema's result that the eval set reads (the schema also passes unknown columns through). */
export type KnownEvalFields = Pick<
  z.output<typeof EvalRowInputSchema>,
  'id' | 'question' | 'ground_truth' | 'reference_points' | 'category' | 'difficulty' | 'should_refuse' | 'relevant_doc_ids' | 'expect_json' | 'required_keys' | 'conversation_id' | 'turn' | 'history'
>

/** Thrown inside the fast path: this row is the schema's to parse (and to report in its own words). */
const UNSURE = Symbol('unsure')

/**
 * EvalRowInputSchema's known fields for the common row, whose cells are text (every CSV row;
 * JSONL rows of strings), by plain string handling at a fraction of zod's cost per row
 * (issue 13); null for anything else (other JSON types, a history, a JSON list of keys, any
 * cell the schema would refuse), which the schema then parses. Equal to the schema's result
 * wherever it is not null (test/run/plainEvalRow.test.ts).
 */
export function plainEvalRow(data: Record<string, unknown>): KnownEvalFields | null {
  try {
    const history = cell(data.history)
    if (history !== null && history.trim() !== '') return null
    const id = normaliseId(required(data.id))
    const question = clean(required(data.question))
    if (id === '' || question === '') return null
    return {
      id,
      question,
      ground_truth: optionalText(data.ground_truth),
      reference_points: list(cell(data.reference_points)),
      category: optionalText(data.category),
      difficulty: optionalText(data.difficulty),
      should_refuse: booleanCell(data.should_refuse),
      relevant_doc_ids: relevantDocs(cell(data.relevant_doc_ids)),
      expect_json: booleanCell(data.expect_json),
      required_keys: requiredKeys(cell(data.required_keys)),
      conversation_id: optionalText(data.conversation_id),
      turn: turnCell(cell(data.turn)),
      history: null,
    }
  } catch (error) {
    if (error === UNSURE) return null
    throw error
  }
}

/** A text cell, or null for an absent one; anything else is left to the schema. */
function cell(value: unknown): string | null {
  if (value === undefined || value === null) return null
  if (typeof value === 'string') return value
  throw UNSURE
}

function required(value: unknown): string {
  if (typeof value === 'string') return value
  throw UNSURE
}

/** The schema's text cell: NFC, line breaks as \n, no surrounding blanks (as an id is compared). */
const clean = normaliseId

function optionalText(value: unknown): string | null {
  const text = cell(value)
  if (text === null) return null
  const s = clean(text)
  return s === '' ? null : s
}

function list(text: string | null): string[] {
  const items: string[] = []
  if (text === null) return items
  for (const raw of text.split(';')) {
    const item = nfc(raw).trim()
    if (item !== '') items.push(item)
  }
  return exactLength(items)
}

const truthy = new Set(['true', '1', 'yes'])
const falsy = new Set(['false', '0', 'no', ''])

function booleanCell(value: unknown): boolean {
  if (typeof value === 'boolean') return value
  const text = cell(value)
  if (text === null) return false
  const s = text.trim().toLowerCase()
  if (truthy.has(s)) return true
  if (falsy.has(s)) return false
  throw UNSURE
}

const GRADED = /^(.+):(\d+)$/

function relevantDocs(text: string | null): RelevantDoc[] {
  if (text === null) return []
  const docs: RelevantDoc[] = []
  for (const raw of text.split('|')) {
    const item = nfc(raw).trim()
    if (item === '') continue
    const graded = item.includes(':') ? GRADED.exec(item) : null
    const id = (graded ? knownAt(graded, 1, 'the id of a graded doc') : item).trim()
    const grade = graded ? Number(graded[2]) : 1
    // a row names a handful of documents: a scan finds a repeated one without a Set per row
    if (grade > 3 || docs.some((d) => d.id === id)) throw UNSURE
    docs.push({ id, grade })
  }
  return exactLength(docs)
}

function requiredKeys(text: string | null): string[] {
  if (text === null) return []
  const s = text.trim()
  if (s === '') return []
  if (s.startsWith('[')) throw UNSURE
  return s
    .split(';')
    .map((k) => k.trim())
    .filter((k) => k !== '')
}

function turnCell(text: string | null): number | null {
  if (text === null || text.trim() === '') return null
  const n = /^\s*\d+\s*$/.test(text) ? Number(text) : NaN
  if (Number.isInteger(n) && n >= 1) return n
  throw UNSURE
}
