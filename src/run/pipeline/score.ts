import { createHash } from 'node:crypto'
import { flatString } from '../../text/flatString.ts'
import { writeDeterministic } from '../../metrics/deterministic.ts'
import { relevantRanks } from '../../metrics/retrieval.ts'
import { isKnownMetric, metricInfo, registry, sortMetrics } from '../../metrics/registry.ts'
import { outOfScale } from '../../metrics/definitions.ts'
import { isRefusal } from '../../metrics/rules.ts'
import type { CandidateOutput } from '../../schemas/candidate.ts'
import type { Config } from '../../schemas/config.ts'
import type { EvalRow } from '../../schemas/evalSet.ts'
import type { ScoreSink } from '../../metrics/types.ts'
import type { Claim, MetricSummary, QuestionResult } from '../../schemas/results.ts'
import type { Scorer } from '../scorers/scorer.ts'
import { knownField } from '../../io/known.ts'

/** Which metrics a run computes, decided before any question is scored, so every row has the same keys. */
export function plannedMetrics(rows: readonly EvalRow[], config: Config, outputs: Iterable<CandidateOutput>, scorer: Pick<Scorer, 'metrics'>): string[] {
  const run = { rows, config, outputs: [...outputs] }
  const names = [...registry.plannedDeterministic(run), ...registry.plannedByProvider(scorer.metrics, run)]
  // one canonical order, so a run and the merge of its shards list metrics alike
  return sortMetrics(names)
}

/** Every metric of plannedMetrics that is known before the candidate answers: all but those planned by what the answers carry (latency_ms). Unsorted. */
export function metricsBeforeAnswers(rows: readonly EvalRow[], config: Pick<Config, 'rules' | 'k'>, scorer: Pick<Scorer, 'metrics'>): string[] {
  const run = { rows, config, outputs: null }
  return [...registry.plannedDeterministic(run), ...registry.plannedByProvider(scorer.metrics, run)]
}

/** What scoring a question needs to know of one planned metric. */
interface PlannedMetric {
  name: string
  /** its place in the plan */
  place: number
  /** whether the metric is asked of a question (MetricDefinition.askedOf; unknown metrics are asked of all) */
  askedOf: (row: EvalRow) => boolean
  /** the note of a question it is asked of but has no value for (MetricDefinition.missingNote) */
  missingNote: string | undefined
  /** why a value cannot be its score (outside its scale), or null */
  outOfScale: (value: number) => string | null
}

/** What scoring a question needs to know of each planned metric: worked out once per run (per list of planned metrics), not per question. */
interface MetricsPlan {
  /** every planned metric as null, in plan order: each question's scores start as a copy, so they share one shape and key order */
  nullScores: Record<string, number | null>
  /** every planned metric, in plan order */
  planned: PlannedMetric[]
  /** metric → its entry */
  byName: Map<string, PlannedMetric>
  /** whether the run computes retrieval metrics: then each question keeps where its relevant docs were retrieved */
  retrieval: boolean
}

const plans = new WeakMap<readonly string[], MetricsPlan>()
const askedOfAll = () => true

function metricsPlan(metrics: readonly string[]): MetricsPlan {
  let plan = plans.get(metrics)
  if (!plan) {
    const planned = metrics.map((name, place): PlannedMetric => {
      const info = metricInfo(name)
      return {
        name,
        place,
        askedOf: info?.askedOf ?? askedOfAll,
        missingNote: info?.missingNote,
        outOfScale: info ? (value: number) => outOfScale(info, value) : () => null,
      }
    })
    plan = {
      nullScores: Object.fromEntries(metrics.map((m) => [m, null])),
      planned,
      byName: new Map(planned.map((p) => [p.name, p])),
      retrieval: metrics.some((m) => metricInfo(m)?.tiers.includes('retrieval') === true),
    }
    plans.set(metrics, plan)
  }
  return plan
}

/**
 * One run's note texts: a note that an earlier question already has ("no relevant id among 10
 * retrieved", "useful chunks in rank order [1,1,0], …") becomes that question's string, so a
 * note is held once however many questions carry it, as a results.json read back holds it
 * (shared_notes). Each is flattened once, when made (flatString). At 100,000 questions ~30 MB less.
 */
export class NoteTexts {
  private readonly texts = new Map<string, string>()

  of(text: string): string {
    const flat = flatString(text)
    const known = this.texts.get(flat)
    if (known !== undefined) return known
    this.texts.set(flat, flat)
    return flat
  }
}

/** Scores one question; a candidate error makes every metric null and counted as an error. `texts`: the run's notes, shared. */
export function scoreQuestion(
  row: EvalRow,
  output: CandidateOutput,
  config: Config,
  metrics: readonly string[],
  scorer: Pick<Scorer, 'scoreAnswer'>,
  texts: NoteTexts = new NoteTexts(),
): QuestionResult {
  const plan = metricsPlan(metrics)
  const scores = { ...plan.nullScores }
  if (output.error !== null) return questionResult(row, output, scores, {}, { candidate: output.error })
  // per place in the plan, the reason written with its score: '' for none, undefined while it has no score
  const reasons: (string | undefined)[] = new Array<string | undefined>(metrics.length).fill(undefined)
  let errors: Record<string, string> | null = null
  const sink: ScoreSink = (name, value, reason) => {
    // a metric this run did not plan (a provider's metric the run has no use for) is not written
    const planned = plan.byName.get(name)
    if (planned === undefined) return
    const outside = value === null ? null : planned.outOfScale(value)
    if (outside !== null) {
      // an error row, counted as one: a value off its scale is a scorer's bug, never averaged in
      ;(errors ??= {})[name] = outside
      reasons[planned.place] = ''
      return
    }
    scores[name] = value ?? null
    reasons[planned.place] = reason ?? ''
  }
  const refusal = isRefusal(output.answer, config.rules.refusal_phrases)
  writeDeterministic({ row, output, config, refused: refusal }, metrics, sink)
  const own = scorer.scoreAnswer?.(row, output, refusal)
  if (own) {
    for (const [name, s] of Object.entries(own.scores)) {
      // the types keep a misspelt name out of a scoring function; this keeps one built at run time out of the results
      if (!isKnownMetric(name)) throw new Error(`internal error: a scorer wrote "${name}", which no metric definition declares (src/metrics/definitions.ts)`)
      if (s) sink(name, s.value, s.reason)
    }
  }
  const notes: Record<string, string> = {}
  for (const metric of plan.planned) {
    const reason = reasons[metric.place]
    if (reason === undefined) {
      if (metric.askedOf(row)) notes[metric.name] = metric.missingNote ?? notApplicable(row, output)
    } else if (reason !== '') notes[metric.name] = texts.of(reason)
  }
  const ranks = plan.retrieval ? relevantRanks(output.retrieved_ids, row.relevant_docs) : null
  return questionResult(row, output, scores, notes, errors ?? {}, own?.claims, ranks ?? undefined)
}

/**
 * A question's result, its fields in results.json's order: a conversation turn's place after
 * `errors`, then the claims when the scorer made any. The common row is one literal per shape,
 * so every field lives in the object itself: a field added afterwards goes to a separate
 * store, ~25 MB more at 100,000 questions (issue 13).
 */
function questionResult(
  row: EvalRow,
  output: CandidateOutput,
  scores: QuestionResult['scores'],
  notes: QuestionResult['notes'],
  errors: QuestionResult['errors'],
  claims?: Claim[],
  ranks?: QuestionResult['relevant_ranks'],
): QuestionResult {
  const { question, category, difficulty, should_refuse } = row
  const { answer } = output
  if (row.conversation) {
    // a conversation turn (the rare row): its place is after errors, before the claims
    const conversation = { id: row.conversation.id, turn: row.conversation.turn }
    if (output.error !== null) return { question, category, difficulty, should_refuse, answer, scores, notes, errors, conversation }
    const inputs_hash = inputsHash(row, output)
    return { question, category, difficulty, should_refuse, answer, inputs_hash, scores, notes, errors, conversation, ...(claims ? { claims } : {}), ...(ranks ? { relevant_ranks: ranks } : {}) }
  }
  // an unanswered question was generated from nothing: no inputs_hash
  if (output.error !== null) return { question, category, difficulty, should_refuse, answer, scores, notes, errors }
  const inputs_hash = inputsHash(row, output)
  // where the relevant docs were retrieved comes last, as the schema orders it (a run without retrieval has none)
  if (claims && ranks) return { question, category, difficulty, should_refuse, answer, inputs_hash, scores, notes, errors, claims, relevant_ranks: ranks }
  if (claims) return { question, category, difficulty, should_refuse, answer, inputs_hash, scores, notes, errors, claims }
  if (ranks) return { question, category, difficulty, should_refuse, answer, inputs_hash, scores, notes, errors, relevant_ranks: ranks }
  return { question, category, difficulty, should_refuse, answer, inputs_hash, scores, notes, errors }
}

/** What the answer was generated from besides the question (results.json's inputs_hash): the history the candidate was given, the retrieved ids, the contexts. */
export function inputsHash(row: Pick<EvalRow, 'question' | 'history'>, output: Pick<CandidateOutput, 'retrieved_ids' | 'contexts'>): string {
  const inputs = JSON.stringify([row.question, row.history ?? [], output.retrieved_ids, output.contexts])
  return createHash('sha256').update(inputs, 'utf8').digest('hex').slice(0, 16)
}

/** The note on a question a metric is asked of but has no value for, when its definition names none. */
function notApplicable(row: EvalRow, output: CandidateOutput): string {
  if (row.should_refuse) return 'should-refuse question: judged by refuse_ok'
  if (output.retrieved_ids.length === 0) return 'no retrieved_ids'
  return 'not applicable'
}

/** Mean over non-null values, with how many had a value, how many did not, and how many errored. */
export function summarise(questions: Record<string, QuestionResult>, metrics: readonly string[]): Record<string, MetricSummary> {
  // summed in id order, so a merged run of shards gives the same floating-point means as one run
  // sort() with no comparator orders strings by UTF-16 code units, as `<` does, at half the cost of calling one
  const ids = Object.keys(questions).sort()
  const tallies = metrics.map((metric) => ({ metric, sum: 0, n: 0, nan: 0, errors: 0 }))
  for (const id of ids) {
    const q = knownField(questions, id, 'question')
    const scores = q.scores
    for (const t of tallies) {
      const v = scores[t.metric]
      if (v === null || v === undefined) {
        t.nan += 1
        if (q.errors.candidate !== undefined || q.errors[t.metric] !== undefined) t.errors += 1
        continue
      }
      t.sum += v
      t.n += 1
    }
  }
  const summary: Record<string, MetricSummary> = {}
  for (const { metric, sum, n, nan, errors } of tallies) summary[metric] = { mean: n === 0 ? null : sum / n, n, nan, errors }
  return summary
}
