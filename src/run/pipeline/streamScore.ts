import { missingOutput } from '../../candidates/outputs.ts'
import { idRecord, quoteId } from '../../text/ids.ts'
import { metricInfo, type MetricInfo } from '../../metrics/registry.ts'
import type { CandidateOutput } from '../../schemas/candidate.ts'
import type { Config } from '../../schemas/config.ts'
import type { EvalRow } from '../../schemas/evalSet.ts'
import type { MetricSummary, QuestionResult } from '../../schemas/results.ts'
import { misreadFinding, type MisreadFinding } from './misreadIds.ts'
import { NoteTexts, plannedMetrics, scoreQuestion, summarise } from './score.ts'
import type { Scorer } from '../scorers/scorer.ts'

/** What the questions of a streamed run came to, once every answer was handed over. */
export interface StreamedScores {
  /** keyed in the eval set's order, whatever order the answers came in */
  questions: Record<string, QuestionResult>
  summary: Record<string, MetricSummary>
  /** questions the candidate gave no answer for (each an error row) */
  unanswered: string[]
  /** the misread retrieved ids (misreadIds.ts), in the eval set's order */
  misread: MisreadFinding[]
  /** every `model` an answer named */
  models: Set<string>
  /** time spent scoring, in ms: a part of the time the candidate's answers took to arrive */
  scoringMs: number
}

/**
 * An answer that carries everything an answer may: a metric that some answer can make planned
 * (latency_ms, by carrying a latency) is planned with it, before any answer is read.
 */
const ANY_ANSWER: CandidateOutput = { id: '', answer: '', contexts: [], retrieved_ids: [], latency_ms: 0, error: null, model: 'any' }

/**
 * Scores each answer as the candidate hands it over (AnswerContext.take), for a scorer with no
 * tier over the whole set (lexical, none): an answer's contexts and retrieved ids go as soon as
 * it is scored, rather than every answer waiting in a map for the scoring loop (issue 32). The
 * metrics are planned as if some answer carried everything; those that no answer turned out to
 * plan (latency_ms when none had a latency) are taken out again at the end, so the results are
 * the ones a run that read every answer first would give.
 */
export class StreamScoring {
  /** the rows still to score; a row is let go once scored when the scoring owns them */
  private readonly rows: (EvalRow | undefined)[]
  private readonly place = new Map<string, number>()
  private readonly results: (QuestionResult | undefined)[]
  private readonly misread = new Map<number, MisreadFinding>()
  private readonly models = new Set<string>()
  private readonly provisional: string[]
  /** metrics planned only because some answer might carry what plans them, until one does */
  private undecided: MetricInfo[]
  private readonly witnesses: CandidateOutput[] = []
  private scoringMs = 0
  private readonly texts = new NoteTexts()

  /**
   * `owned`: nothing else needs the rows while the answers arrive (a predictions file is read
   * without its questions), so each is let go, in the array given, once its answer is scored.
   */
  constructor(
    rows: EvalRow[],
    private readonly config: Config,
    private readonly scorer: Pick<Scorer, 'metrics' | 'scoreAnswer'>,
    private readonly owned = false,
  ) {
    this.rows = rows
    rows.forEach((row, i) => this.place.set(row.id, i))
    this.results = new Array<QuestionResult | undefined>(rows.length).fill(undefined)
    this.provisional = plannedMetrics(rows, config, [ANY_ANSWER], scorer)
    const before = new Set(plannedMetrics(rows, config, [], scorer))
    this.undecided = this.provisional.filter((m) => !before.has(m)).map((m) => metricInfo(m) ?? undefinedMetric(m))
  }

  /** One answer, scored now; the candidate hands over only this run's questions, each once. */
  readonly take = (output: CandidateOutput): void => {
    const started = performance.now()
    const i = this.place.get(output.id)
    // a row let go is one whose answer was taken already
    const row = i === undefined ? undefined : this.rows[i]
    if (i === undefined || row === undefined || this.results[i] !== undefined) throw new Error(`an answer for "${output.id}" that this run did not ask for, or asked for twice`)
    if (this.owned) this.rows[i] = undefined
    if (this.undecided.length > 0) this.witness(output)
    if (output.model) this.models.add(output.model)
    const misread = misreadFinding(row, output)
    if (misread) this.misread.set(i, misread)
    this.results[i] = scoreQuestion(row, output, this.config, this.provisional, this.scorer, this.texts)
    this.scoringMs += performance.now() - started
  }

  private witness(output: CandidateOutput): void {
    // a metric planned by what answers carry looks at the answers, not the rows
    const run = { rows: [], config: this.config, outputs: [output] }
    const planned = this.undecided.filter((info) => info.planned?.(run))
    if (planned.length === 0) return
    // what plans a metric is a field of the answer, not its text or lists: those are let go like every other answer's
    this.witnesses.push({ ...output, answer: '', contexts: [], retrieved_ids: [] })
    this.undecided = this.undecided.filter((info) => !planned.includes(info))
  }

  /** Every question's result: an unanswered one as an error row, and the metrics no answer planned taken out. */
  finish(source: string): StreamedScores {
    const started = performance.now()
    const unanswered: string[] = []
    const dropped = new Set(this.undecided.map((info) => info.name))
    const metrics = this.provisional.filter((m) => !dropped.has(m))
    const questions = idRecord<QuestionResult>()
    for (const [id, i] of this.place) {
      let q = this.results[i]
      if (!q) {
        const row = this.rows[i]
        // a row is let go only once its answer is scored
        if (row === undefined) throw new Error(`internal error: the row of unanswered question ${quoteId(id)} was let go`)
        unanswered.push(id)
        q = scoreQuestion(row, missingOutput(id, source), this.config, this.provisional, this.scorer)
      }
      questions[id] = dropped.size > 0 ? withoutMetrics(q, dropped) : q
    }
    const misread = [...this.misread.entries()].sort((a, b) => a[0] - b[0]).map(([, finding]) => finding)
    const summary = summarise(questions, metrics)
    return { questions, summary, unanswered, misread, models: this.models, scoringMs: this.scoringMs + performance.now() - started }
  }
}

/** A planned metric has a definition: plannedMetrics lists only the registry's. */
function undefinedMetric(name: string): never {
  throw new Error(`internal error: metric "${name}" was planned but no definition declares it`)
}

/** The result without these metrics' scores and notes (every other key in its order). */
function withoutMetrics(q: QuestionResult, dropped: ReadonlySet<string>): QuestionResult {
  const scores: QuestionResult['scores'] = {}
  for (const [metric, score] of Object.entries(q.scores)) if (!dropped.has(metric)) scores[metric] = score
  const notes: QuestionResult['notes'] = {}
  for (const [metric, note] of Object.entries(q.notes)) if (!dropped.has(metric)) notes[metric] = note
  return { ...q, scores, notes }
}
