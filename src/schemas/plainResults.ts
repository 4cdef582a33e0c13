import { idRecord, nfc } from '../text/ids.ts'
import type { Claim, JudgeCallRecord, QuestionResult, Results } from './results.ts'
import { noteKeyMetric, ResultsV3FileSchema } from './resultsFile.ts'
import { ResultsV2Schema } from './resultsV1.ts'
import { isRanks } from './baseline.ts'
import { knownField } from '../io/known.ts'

/** Thrown inside the fast path: this file is the schema's to parse (and to report in its own words). */
const UNSURE = Symbol('unsure')

const VERDICTS: ReadonlySet<unknown> = new Set<Claim['verdict']>(['supported', 'contradicted', 'not_mentioned'])

/**
 * ResultsFileSchema's result for a well-formed results.json of schema 3 or 2, with its
 * per-question entries checked by plain type checks, which cost a fraction of zod's for 100,000
 * of them (issue 13); null for anything else (schema_version 1, a field of an unexpected type,
 * one question twice), which the schema then parses and reports in its own words. Equal to the
 * schema's result wherever it is not null (test/baseline/plainResults.test.ts): each question
 * is a new object with the schema's keys in its order (unknown keys dropped, as zod does); a
 * schema-2 question's scores, notes and errors are the objects JSON.parse made (zod copies them
 * with the same keys in the same order; JSON.parse's are compact, its copies hash tables).
 */
export function plainResults(data: unknown): Results | null {
  if (!isPlainRecord(data) || !isPlainRecord(data.questions)) return null
  try {
    if (data.schema_version === 3) return plainV3(data, data.questions)
    if (data.schema_version === 2) return plainV2(data, data.questions)
  } catch (error) {
    if (error === UNSURE) return null
    throw error
  }
  return null
}

function plainV2(data: Record<string, unknown>, raw: Record<string, unknown>): Results | null {
  const questions = plainQuestions(raw, (q) => {
    const out: QuestionResult = {
      ...plainFields(q),
      scores: recordOf(q.scores, isScore),
      notes: shareRepeats(recordOf(q.notes, isString)),
      errors: recordOf(q.errors, isString),
    }
    return Object.assign(out, optionalFields(q))
  })
  // everything but the questions through the schema; `questions` keeps its place among the keys
  const rest = ResultsV2Schema.safeParse({ ...data, questions: {} })
  if (!rest.success) return null
  rest.data.questions = questions
  return rest.data
}

function plainV3(data: Record<string, unknown>, raw: Record<string, unknown>): Results | null {
  const rest = ResultsV3FileSchema.safeParse({ ...data, questions: {} })
  if (!rest.success) return null
  // the schema has checked them
  rest.data.questions = plainQuestions(raw, v3Reader(data.score_columns as string[], data.shared_notes as string[]))
  return rest.data
}

/**
 * A schema-3 question read straight into the `Results` form questionDecoder gives (resultsFile.ts),
 * checked as QuestionFileSchema and questionProblem check it, in one pass: no encoded copy of the
 * question between the two (a merge reads 100,000). A note for a metric without a score column
 * (written by hand) is left to the schema. The common shapes are one literal each, so every
 * field lives in the object itself.
 */
function v3Reader(columns: readonly string[], shared: readonly string[]): (q: Record<string, unknown>) => QuestionResult {
  const nullScores: Record<string, number | null> = Object.fromEntries(columns.map((c) => [c, null]))
  const notesOf = v3Notes(columns, shared)
  return (q) => {
    const { question, category, difficulty, should_refuse, answer, inputs_hash } = q
    // plainFields' checks, without the object it makes
    if (typeof question !== 'string' || typeof answer !== 'string' || typeof should_refuse !== 'boolean') throw UNSURE
    if (!(inputs_hash === undefined || typeof inputs_hash === 'string') || !isNullableString(category) || !isNullableString(difficulty)) throw UNSURE
    const list = q.scores
    if (!Array.isArray(list) || list.length !== columns.length) throw UNSURE
    const scores = { ...nullScores }
    let i = 0
    for (const column of columns) scores[column] = score(list[i++])
    const notes = notesOf(q.notes)
    const errors = recordOf(q.errors, isString)
    if (inputs_hash !== undefined && q.judge_calls === undefined && q.conversation === undefined) {
      const { claims, relevant_ranks } = q
      if (relevant_ranks !== undefined && !isRanks(relevant_ranks)) throw UNSURE
      if (claims !== undefined) {
        const checked = arrayOf(claims, claim)
        if (relevant_ranks !== undefined) return { question, category, difficulty, should_refuse, answer, inputs_hash, scores, notes, errors, claims: checked, relevant_ranks }
        return { question, category, difficulty, should_refuse, answer, inputs_hash, scores, notes, errors, claims: checked }
      }
      if (relevant_ranks !== undefined) return { question, category, difficulty, should_refuse, answer, inputs_hash, scores, notes, errors, relevant_ranks }
    }
    const common = { question, category, difficulty, should_refuse, answer }
    // the schema's key order: inputs_hash after the answer, only when present; the optional keys only when present
    const out: QuestionResult = { ...(inputs_hash === undefined ? common : { ...common, inputs_hash }), scores, notes, errors }
    return Object.assign(out, optionalFields(q))
  }
}

/** A schema-3 question's notes, by metric in column order; a note for a metric without a score column is the schema's to read. */
function v3Notes(columns: readonly string[], shared: readonly string[]): (written: unknown) => Record<string, string> {
  const place = new Map(columns.map((c, i) => [c, i]))
  // a note key (metrics by place or name, separated by spaces) → its metrics' columns; the keys of a run are a handful
  const keyColumns = new Map<string, number[]>()
  const columnsOf = (key: string): number[] => {
    let found = keyColumns.get(key)
    if (found === undefined) {
      if (!NOTE_KEY.test(key)) throw UNSURE
      found = key.split(' ').map((word) => place.get(noteKeyMetric(word, columns, place) ?? '') ?? -1)
      if (found.includes(-1)) throw UNSURE
      keyColumns.set(key, found)
    }
    return found
  }
  // each column's note while a question is read; emptied again before the next
  const byColumn = new Array<string | undefined>(columns.length).fill(undefined)
  return (written) => {
    if (!isPlainRecord(written) || Object.hasOwn(written, '__proto__')) throw UNSURE
    for (const key in written) {
      const value = written[key]
      const note = typeof value === 'string' ? value : Number.isSafeInteger(value) && (value as number) >= 0 ? shared[value as number] : undefined
      if (note === undefined) throw UNSURE
      for (const j of columnsOf(key)) {
        // a metric with two notes
        if (byColumn[j] !== undefined) throw UNSURE
        byColumn[j] = note
      }
    }
    const notes: Record<string, string> = {}
    let j = 0
    for (const column of columns) {
      const note = byColumn[j]
      if (note !== undefined) {
        notes[column] = note
        byColumn[j] = undefined
      }
      j++
    }
    return notes
  }
}

/** Each question through `read`, keyed by its NFC id; a question twice (in two normalisation forms) is the schema's to report. */
function plainQuestions(raw: Record<string, unknown>, read: (q: Record<string, unknown>) => QuestionResult): Record<string, QuestionResult> {
  const questions = idRecord<QuestionResult>()
  for (const key of Object.keys(raw)) {
    const id = nfc(key)
    const q = raw[key]
    if (Object.hasOwn(questions, id) || !isPlainRecord(q)) throw UNSURE
    questions[id] = read(q)
  }
  return questions
}

/** The text fields of a question, which every schema has alike; throws UNSURE when unsure. */
function plainFields(q: Record<string, unknown>): Pick<QuestionResult, 'question' | 'category' | 'difficulty' | 'should_refuse' | 'answer' | 'inputs_hash'> {
  const { question, category, difficulty, should_refuse: refuse, answer, inputs_hash: inputs } = q
  if (typeof question !== 'string' || typeof answer !== 'string' || typeof refuse !== 'boolean') throw UNSURE
  if (!(inputs === undefined || typeof inputs === 'string')) throw UNSURE
  if (!(category === null || typeof category === 'string') || !(difficulty === null || typeof difficulty === 'string')) throw UNSURE
  const common = { question, category, difficulty, should_refuse: refuse, answer }
  // the schema's key order: inputs_hash after the answer, only when present
  return inputs === undefined ? common : { ...common, inputs_hash: inputs }
}

/** The optional keys in the schema's order, only when present. */
function optionalFields(q: Record<string, unknown>): Pick<QuestionResult, 'claims' | 'judge_calls' | 'conversation' | 'relevant_ranks'> {
  const { claims, judge_calls: calls, conversation, relevant_ranks: ranks } = q
  const out: Pick<QuestionResult, 'claims' | 'judge_calls' | 'conversation' | 'relevant_ranks'> = {}
  if (claims !== undefined) out.claims = arrayOf(claims, claim)
  if (calls !== undefined) out.judge_calls = arrayOf(calls, judgeCall)
  if (conversation !== undefined) out.conversation = turnOf(conversation)
  if (ranks !== undefined) {
    if (!isRanks(ranks)) throw UNSURE
    out.relevant_ranks = ranks
  }
  return out
}

const NOTE_KEY = /^\S+( \S+)*$/

function claim(c: unknown): Claim {
  if (!isPlainRecord(c) || typeof c.text !== 'string' || !VERDICTS.has(c.verdict)) throw UNSURE
  const { text, verdict, evidence } = c as Claim
  if (!(evidence === undefined || evidence === null || typeof evidence === 'string')) throw UNSURE
  // the object JSON.parse made when it has the schema's keys alone, in its order (as evalgate writes a claim): no copy of each claim
  if (keysAre(c, evidence === undefined ? CLAIM_KEYS : CLAIM_KEYS_WITH_EVIDENCE)) return c as Claim
  return evidence === undefined ? { text, verdict } : { text, verdict, evidence }
}

const CLAIM_KEYS = ['text', 'verdict']
const CLAIM_KEYS_WITH_EVIDENCE = ['text', 'verdict', 'evidence']

function keysAre(value: Record<string, unknown>, keys: readonly string[]): boolean {
  let i = 0
  for (const key in value) if (key !== keys[i++]) return false
  return i === keys.length
}

function judgeCall(c: unknown): JudgeCallRecord {
  if (!isPlainRecord(c)) throw UNSURE
  const { family, model, id, cached } = c
  if (typeof family !== 'string' || typeof cached !== 'boolean' || !isNullableString(model) || !isNullableString(id)) throw UNSURE
  return { family, model, id, cached }
}

function turnOf(c: unknown): { id: string; turn: number } {
  if (!isPlainRecord(c)) throw UNSURE
  const { id, turn } = c
  if (typeof id !== 'string' || !Number.isSafeInteger(turn) || (turn as number) < 1) throw UNSURE
  return { id, turn: turn as number }
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isScore(v: unknown): v is number | null {
  return v === null || typeof v === 'number'
}

function score(v: unknown): number | null {
  if (isScore(v)) return v
  throw UNSURE
}

function isString(v: unknown): v is string {
  return typeof v === 'string'
}

function isNullableString(v: unknown): v is string | null {
  return v === null || typeof v === 'string'
}

/** The object JSON.parse made, when every value is valid; a `__proto__` key (which zod's z.record drops) is left to the schema. */
function recordOf<T>(value: unknown, valid: (v: unknown) => v is T): Record<string, T> {
  if (!isPlainRecord(value) || Object.hasOwn(value, '__proto__')) throw UNSURE
  for (const key in value) if (!valid(value[key])) throw UNSURE
  return value as Record<string, T>
}

/**
 * The record with a note equal to one of the two before it made the same string: the retrieval
 * metrics of one k (precision@5, recall@5, …) share one note, which JSON.parse made a copy of
 * for each. At 100,000 questions that is ~50 MB less to hold and to collect garbage over.
 */
function shareRepeats(notes: Record<string, string>): Record<string, string> {
  let before = ''
  let last = ''
  for (const key in notes) {
    const note = knownField(notes, key, 'note')
    const kept = note === last ? last : note === before ? before : note
    notes[key] = kept
    before = last
    last = kept
  }
  return notes
}

function arrayOf<T>(value: unknown, item: (v: unknown) => T): T[] {
  if (!Array.isArray(value)) throw UNSURE
  const out: T[] = new Array<T>(value.length)
  for (let i = 0; i < value.length; i++) out[i] = item(value[i])
  return out
}
