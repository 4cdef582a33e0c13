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
  const words = keyWords(columns)
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
  return { file, question: (q) => encodeQuestion(q, columns, words, place) }
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
 * The word for each score column in a note's key: its place (the keys of a 100,000-question run
 * are ~12 MB shorter than with names), or its name when some column's name is digits alone and
 * would read as a place.
 */
function keyWords(columns: readonly string[]): ReadonlyMap<string, string> {
  const byName = columns.some((c) => /^[0-9]+$/.test(c))
  return new Map(columns.map((c, i) => [c, byName ? c : String(i)]))
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
function encodeQuestion(q: QuestionResult, columns: readonly string[], words: ReadonlyMap<string, string>, place: ReadonlyMap<string, number>): QuestionFile {
  const scores = new Array<number | null>(columns.length)
  for (const [i, column] of columns.entries()) scores[i] = q.scores[column] ?? null
  // each distinct note with the metrics it is for, space-separated
  const distinct: { text: string; key: string }[] = []
  for (const metric in q.notes) {
    const text = knownField(q.notes, metric, 'note')
    const word = words.get(metric) ?? metric
    const same = distinct.find((d) => d.text === text)
    if (same) same.key += ` ${word}`
    else distinct.push({ text, key: word })
  }
  const notes: Record<string, string | number> = {}
  for (const { text, key } of distinct) notes[key] = place.get(text) ?? text
  const { question, category, difficulty, should_refuse, answer, inputs_hash, errors, claims, judge_calls, conversation, relevant_ranks } = q
  const common = { question, category, difficulty, should_refuse, answer }
  // the schema's key order: inputs_hash after the answer, only when present
  const out: QuestionFile = { ...(inputs_hash === undefined ? common : { ...common, inputs_hash }), scores, notes, errors }
  if (claims !== undefined) out.claims = claims
  if (judge_calls !== undefined) out.judge_calls = judge_calls
  if (conversation !== undefined) out.conversation = conversation
  if (relevant_ranks !== undefined) out.relevant_ranks = relevant_ranks
  return out
}
