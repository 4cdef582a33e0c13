import { GateError } from '../io/errors.ts'
import type { QuestionResult, Results } from './results.ts'
import { RESULTS_SCHEMA_VERSION } from './results.ts'
import type { QuestionFile } from './resultsFile.ts'
import { knownField } from '../io/known.ts'

/**
 * `Results` → results.json schema 3 (resultsFile.ts): the top-level members, and each question
 * encoded as it is written (a 100,000-question run is never held twice). The notes that more
 * than one question carries are counted first, over every question, and written once.
 */
export interface ResultsEncoding {
  /** the file's members in its order, `questions` still as `Results` holds them */
  file: Record<string, unknown>
  question: (q: QuestionResult) => QuestionFile
}

export function encodeResults(results: Results): ResultsEncoding {
  const columns = scoreColumns(results)
  const shared = sharedNotes(results.questions)
  const place = new Map(shared.map((note, i) => [note, i]))
  const keys = new NoteKeys(columns)
  const file = {
    schema_version: RESULTS_SCHEMA_VERSION,
    run: results.run,
    metrics: results.metrics,
    score_columns: columns,
    shared_notes: shared,
    questions: results.questions,
    comparison: results.comparison,
    judge_health: results.judge_health,
  }
  return { file, question: (q) => encodeQuestion(q, columns, keys, place) }
}

/**
 * The run's metrics, then any other metric a question has a score for (a file written by
 * hand). Every metric named by a score or a note is checked to fit a note's key: no spaces, and
 * a metric without a score column not digits alone, which a key reads as a column's place.
 */
function scoreColumns(results: Results): string[] {
  const columns = Object.keys(results.metrics)
  const named = new Set(columns)
  for (const id in results.questions) {
    const { scores, notes } = knownField(results.questions, id, 'question')
    for (const metric in scores) {
      if (named.has(metric)) continue
      named.add(metric)
      columns.push(metric)
    }
    for (const metric in notes) named.add(metric)
  }
  const placed = new Set(columns)
  for (const metric of named) {
    if (!placed.has(metric) && /^[0-9]+$/.test(metric)) {
      throw new GateError(
        'bad_input',
        `metric "${metric}" has notes but no scores: results.json schema ${RESULTS_SCHEMA_VERSION} reads a note's key of digits alone as a score column's place`,
        'rename the metric in the file it came from',
      )
    }
    if (/\s/.test(metric) || metric === '') {
      throw new GateError(
        'bad_input',
        `metric "${metric}" cannot be written to results.json schema ${RESULTS_SCHEMA_VERSION}: a metric name has no spaces`,
        'rename the metric in the file it came from',
      )
    }
  }
  return columns
}

/**
 * A question's notes as the file keys them: each distinct note once, under the metrics it is
 * for, each named by its score column's place (the keys of a 100,000-question run are ~12 MB
 * shorter than with names), or by its name when some column's name is digits alone and would
 * read as a place. The keys are the same few from question to question: each is made once and
 * the same string used again (no new string, nor a new property name to look up, per question).
 */
class NoteKeys {
  private readonly words: ReadonlyMap<string, string>
  private readonly longer = new Map<string, Map<string, string>>()
  // the question's distinct notes and their keys while it is encoded
  private readonly texts: string[] = []
  private readonly keys: string[] = []

  constructor(columns: readonly string[]) {
    const byName = columns.some((c) => /^[0-9]+$/.test(c))
    this.words = new Map(columns.map((c, i) => [c, byName ? c : String(i)]))
  }

  notesOf(byMetric: Readonly<Record<string, string>>, place: ReadonlyMap<string, number>): Record<string, string | number> {
    const { texts, keys } = this
    texts.length = 0
    keys.length = 0
    for (const metric in byMetric) {
      const text = knownField(byMetric, metric, 'note')
      const word = this.words.get(metric) ?? metric
      const j = texts.indexOf(text)
      const key = j === -1 ? undefined : keys[j]
      if (key === undefined) {
        texts.push(text)
        keys.push(word)
      } else keys[j] = this.extended(key, word)
    }
    const notes: Record<string, string | number> = {}
    for (let j = 0; j < texts.length; j++) {
      const [text, key] = [texts[j], keys[j]]
      if (text === undefined || key === undefined) throw new Error('internal error: a note without its key')
      notes[key] = place.get(text) ?? text
    }
    return notes
  }

  /** `key` with `word` after it, the same string each time. */
  private extended(key: string, word: string): string {
    let after = this.longer.get(key)
    if (after === undefined) this.longer.set(key, (after = new Map()))
    let out = after.get(word)
    if (out === undefined) after.set(word, (out = `${key} ${word}`))
    return out
  }
}

/** Each note that more than one question carries, in the order of first use. */
function sharedNotes(questions: Record<string, QuestionResult>): string[] {
  const carriers = new Map<string, number>()
  const mine: string[] = []
  for (const id in questions) {
    const notes = knownField(questions, id, 'question').notes
    mine.length = 0
    for (const metric in notes) {
      const note = knownField(notes, metric, 'note')
      // a note one question gives several of its metrics counts once for it
      if (mine.includes(note)) continue
      mine.push(note)
      carriers.set(note, (carriers.get(note) ?? 0) + 1)
    }
  }
  const shared: string[] = []
  for (const [note, count] of carriers) if (count > 1) shared.push(note)
  return shared
}

/** One question in the file's layout: scores in column order, each distinct note once, keyed by the metrics it is for. */
function encodeQuestion(q: QuestionResult, columns: readonly string[], keys: NoteKeys, place: ReadonlyMap<string, number>): QuestionFile {
  const scores = new Array<number | null>(columns.length)
  let i = 0
  for (const column of columns) scores[i++] = q.scores[column] ?? null
  const notes = keys.notesOf(q.notes, place)
  const { question, category, difficulty, should_refuse, answer, inputs_hash, errors, claims, judge_calls, conversation, relevant_ranks } = q
  // the schema's key order: inputs_hash after the answer, only when present
  const out: QuestionFile =
    inputs_hash === undefined
      ? { question, category, difficulty, should_refuse, answer, scores, notes, errors }
      : { question, category, difficulty, should_refuse, answer, inputs_hash, scores, notes, errors }
  if (claims !== undefined) out.claims = claims
  if (judge_calls !== undefined) out.judge_calls = judge_calls
  if (conversation !== undefined) out.conversation = conversation
  if (relevant_ranks !== undefined) out.relevant_ranks = relevant_ranks
  return out
}
