import { z } from 'zod'
import { idRecord } from '../text/ids.ts'
import { idRecordSchema } from './ids.ts'
import { QuestionResultSchema, ResultsSchema, RESULTS_SCHEMA_VERSION, type QuestionResult, type Results } from './results.ts'
import { ResultsV2Schema, upgradeResults } from './resultsV1.ts'
import { knownAt, knownField } from '../io/known.ts'

/**
 * results.json schema 3, as written: the layout that keeps a 100,000-question run near 90 MB
 * (issue 32) and holds exactly what `Results` holds.
 *
 * - `score_columns`: the metric of each place in a question's `scores` list.
 * - `shared_notes`: each note that more than one question carries, written once.
 * - a question's `notes`: its key lists the metrics a note is for, separated by spaces (the
 *   retrieval metrics of one cut-off share one), each by its place in `score_columns` ("3 4 5")
 *   or by its name; its value is the note, or the place of a shared one in `shared_notes`.
 *   A word of the key that names a score column is that metric, else one of digits alone is
 *   a place (noteKeyMetric). evalgate writes places (names when a score column's name is
 *   digits alone); files written with names, as before issue 32's last series, read as ever.
 */

/** A metric name: no space, since a note's key lists several separated by spaces. */
const MetricNameSchema = z
  .string()
  .regex(/^\S+$/, 'a metric name (no spaces)')
  .refine((name) => name !== '__proto__', 'not a metric name')

/** The note itself, or its place in shared_notes. */
export const NoteValueSchema = z.union([z.string(), z.number().int().min(0)])

export const QuestionFileSchema = QuestionResultSchema.extend({
  /** the value of each metric of score_columns, in that order (null: no value) */
  scores: z.array(z.number().nullable()),
  /** metrics (places in score_columns or names) separated by spaces → the note they share, or its place in shared_notes */
  notes: z.record(z.string().regex(/^\S+( \S+)*$/, 'metrics separated by single spaces'), NoteValueSchema),
})
export type QuestionFile = z.infer<typeof QuestionFileSchema>

const ResultsFileShape = ResultsSchema.omit({ questions: true }).extend({
  score_columns: z.array(MetricNameSchema),
  shared_notes: z.array(z.string()),
  questions: idRecordSchema(QuestionFileSchema),
})
export type ResultsFile = z.infer<typeof ResultsFileShape>

/** A schema-3 results.json, read into `Results`. */
export const ResultsV3FileSchema = ResultsFileShape.superRefine((file, ctx) => {
  const columns = new Set(file.score_columns)
  if (columns.size !== file.score_columns.length) ctx.addIssue({ code: 'custom', path: ['score_columns'], message: 'a metric is listed twice' })
  for (const [id, q] of Object.entries(file.questions)) {
    const problem = questionProblem(q, file.score_columns, file.shared_notes.length)
    if (problem) ctx.addIssue({ code: 'custom', path: ['questions', id, problem.field], message: problem.message })
  }
}).transform(decodeResults)

/** What is wrong with a question of a file with these score columns and `shared` shared notes; null when nothing. */
function questionProblem(q: Pick<QuestionFile, 'scores' | 'notes'>, columns: readonly string[], shared: number): { field: 'scores' | 'notes'; message: string } | null {
  if (q.scores.length !== columns.length) return { field: 'scores', message: `expected ${columns.length} scores, one per score_columns entry, got ${q.scores.length}` }
  const place = new Map(columns.map((c, i) => [c, i]))
  const seen = new Set<string>()
  for (const key in q.notes) {
    const value = knownField(q.notes, key, 'note')
    if (typeof value === 'number' && value >= shared) return { field: 'notes', message: `shared note ${value} does not exist (shared_notes has ${shared})` }
    for (const word of key.split(' ')) {
      const metric = noteKeyMetric(word, columns, place)
      if (metric === undefined) return { field: 'notes', message: `column ${word} does not exist (score_columns has ${columns.length})` }
      if (seen.has(metric)) return { field: 'notes', message: `metric ${metric} has two notes` }
      seen.add(metric)
    }
  }
  return null
}

/** The file's questions read back into `Results`, every other field as it is. */
function decodeResults(file: ResultsFile): Results {
  const decode = questionDecoder(file.score_columns, file.shared_notes)
  const questions = idRecord<QuestionResult>()
  for (const id in file.questions) questions[id] = decode(knownField(file.questions, id, 'question'))
  return {
    schema_version: RESULTS_SCHEMA_VERSION,
    run: file.run,
    metrics: file.metrics,
    questions,
    comparison: file.comparison,
    judge_health: file.judge_health,
  }
}

const PLACE = /^(0|[1-9][0-9]*)$/

/**
 * The metric a word of a note's key stands for: the score column it names, else the column at
 * the place it gives in digits, else (a metric without a score column, in a file written by
 * hand) the word itself; undefined for a place past the last column.
 */
export function noteKeyMetric(word: string, columns: readonly string[], place: ReadonlyMap<string, number>): string | undefined {
  if (place.has(word) || !PLACE.test(word)) return word
  return columns[Number(word)]
}

/**
 * A question of a file with these columns and shared notes, as `Results` holds it: scores by
 * metric in column order (every question's object of one shape), each metric's note in column
 * order too (a shared note is the one string for every question that refers to it), as a run
 * makes them; fields in the schema's order.
 */
export function questionDecoder(columns: readonly string[], shared: readonly string[]): (q: QuestionFile) => QuestionResult {
  const nullScores: Record<string, number | null> = Object.fromEntries(columns.map((c) => [c, null]))
  const place = new Map(columns.map((c, i) => [c, i]))
  // each column's note while a question is read; emptied again before the next
  const byColumn: (string | undefined)[] = new Array<string | undefined>(columns.length).fill(undefined)
  return (q) => {
    const scores = { ...nullScores }
    for (const [i, column] of columns.entries()) scores[column] = knownAt(q.scores, i, 'score')
    let others: [string, string][] | null = null
    for (const key in q.notes) {
      const value = knownField(q.notes, key, 'note')
      const note = typeof value === 'number' ? knownAt(shared, value, 'shared note') : value
      for (const word of key.includes(' ') ? key.split(' ') : [key]) {
        const metric = noteKeyMetric(word, columns, place) ?? word
        const i = place.get(metric)
        if (i === undefined) (others ??= []).push([metric, note])
        else byColumn[i] = note
      }
    }
    const notes: Record<string, string> = {}
    for (const [i, column] of columns.entries()) {
      const note = byColumn[i]
      if (note === undefined) continue
      notes[column] = note
      byColumn[i] = undefined
    }
    if (others) for (const [metric, note] of others) notes[metric] = note
    const { question, category, difficulty, should_refuse, answer, inputs_hash, errors, claims, judge_calls, conversation, relevant_ranks } = q
    const common = { question, category, difficulty, should_refuse, answer }
    // the schema's key order: inputs_hash after the answer, only when present
    const out: QuestionResult = { ...(inputs_hash === undefined ? common : { ...common, inputs_hash }), scores, notes, errors }
    if (claims !== undefined) out.claims = claims
    if (judge_calls !== undefined) out.judge_calls = judge_calls
    if (conversation !== undefined) out.conversation = conversation
    if (relevant_ranks !== undefined) out.relevant_ranks = relevant_ranks
    return out
  }
}

/**
 * A results.json as written by any version of evalgate, read into `Results`: schema 3 decoded,
 * schema 2 as it is, schema 1 upgraded first (resultsV1.ts).
 */
export const ResultsFileSchema = z.preprocess(upgradeResults, z.discriminatedUnion('schema_version', [ResultsV2Schema, ResultsV3FileSchema]))
