import type { BaselineView } from '../baseline/baseline.ts'
import { ownValue } from '../text/ids.ts'
import { comparedValue, metricInfo, worstCompared, type MetricInfo } from '../metrics/registry.ts'
import type { JudgeIdentity, MetricSummary, QuestionResult, RunInfo, Subset } from '../schemas/results.ts'
import { knownAt, knownField, knownKey } from '../io/known.ts'

/**
 * Every metric's per-question values as one Float64Array per side (NaN = no value), built
 * once per comparison: the means, intervals, category rows and flips then run over arrays
 * instead of looking 100,000 ids up in objects once per metric and pass.
 *
 * A question the candidate did not answer (no output, or an output with an error) is scored as
 * failing on the candidate side, never left out: left out, dropping the worst answers would
 * raise the mean. It fails where the baseline has a value for it; without a per-question
 * baseline, on every metric that can apply to it.
 */
export interface Columns {
  /** the run's question ids in code-point order: the bootstrap resamples positions, so its
   * result must not depend on the order the questions came in (one run, or merged shards) */
  ids: string[]
  /** 1 where the baseline has the question too */
  inBaseline: Uint8Array
  candidate: Map<string, Float64Array>
  baseline: Map<string, Float64Array> | null
  /**
   * per position, its cluster: the questions of one conversation share one, every other
   * question has its own (the noise tests resample and sign-flip conversations whole); null
   * when no question belongs to a conversation
   */
  clusters: Int32Array | null
}

/**
 * `lookup`: the metrics' facts (evalgate's registry; a test may pass its own). A metric with a
 * target (DirectionWords.target) has its distance from the target in its columns, never its
 * value: every mean, interval, flip and limit downstream then reads a lower-is-better number.
 */
export function buildColumns(
  questions: Record<string, QuestionResult>,
  base: BaselineView['questions'],
  metrics: readonly string[],
  lookup: (metric: string) => MetricInfo | undefined = metricInfo,
): Columns {
  // sort() with no comparator orders strings by UTF-16 code units, as `<` does, at half the cost of calling one
  const ids = Object.keys(questions).sort()
  const n = ids.length
  const inBaseline = new Uint8Array(n)
  const candidate = new Map(metrics.map((m) => [m, new Float64Array(n).fill(Number.NaN)]))
  const baseline = base ? new Map(metrics.map((m) => [m, new Float64Array(n).fill(Number.NaN)])) : null
  // the same arrays as the maps hold, in `metrics` order: no map lookup per question and metric
  const candidateColumns = metrics.map((m) => knownKey(candidate, m, 'candidate column'))
  const baselineColumns = baseline && metrics.map((m) => knownKey(baseline, m, 'baseline column'))
  const position = new Map(metrics.map((m, j) => [m, j]))
  const infos = metrics.map(lookup)
  // per column, the target whose distance it holds (DirectionWords.target), else undefined
  const targets = infos.map((info) => info?.direction.target)
  for (const [i, id] of ids.entries()) {
    const q = knownField(questions, id, 'question')
    const b = ownValue(base, id)
    if (b) inBaseline[i] = 1
    const unanswered = q.errors.candidate !== undefined
    if (!unanswered) {
      // an answered question: each side's scores walked by for…in (a field load each), not looked up by name per metric
      if (b && baselineColumns) scatter(b.scores, position, baselineColumns, targets, i)
      scatter(q.scores, position, candidateColumns, targets, i)
      continue
    }
    for (const [j, m] of metrics.entries()) {
      const v = q.scores[m]
      const bv = b ? (b.scores[m] ?? null) : undefined
      const info = infos[j]
      if (bv !== undefined && bv !== null && baselineColumns) knownAt(baselineColumns, j, 'baseline column')[i] = comparedValue(info?.direction, bv)
      if (v !== null && v !== undefined) knownAt(candidateColumns, j, 'candidate column')[i] = comparedValue(info?.direction, v)
      else if (unanswered) knownAt(candidateColumns, j, 'candidate column')[i] = failingValue(m, info, q, bv)
    }
  }
  return { ids, inBaseline, candidate, baseline, clusters: clustersOf(questions, ids) }
}

/** Each position's cluster (see Columns.clusters): conversations in order of first turn, single questions each their own. */
function clustersOf(questions: Record<string, QuestionResult>, ids: readonly string[]): Int32Array | null {
  let conversations: Map<string, number> | null = null
  const clusters = new Int32Array(ids.length)
  for (const [i, id] of ids.entries()) {
    const conversation = knownField(questions, id, 'question').conversation
    if (!conversation) {
      clusters[i] = i
      continue
    }
    conversations ??= new Map()
    let cluster = conversations.get(conversation.id)
    if (cluster === undefined) {
      cluster = i
      conversations.set(conversation.id, cluster)
    }
    clusters[i] = cluster
  }
  return conversations ? clusters : null
}

/** Each score of `scores` that is a number into its metric's column at position `i` (for a target, its distance from it); other metrics and nulls stay NaN. */
function scatter(scores: Readonly<Record<string, number | null>>, position: ReadonlyMap<string, number>, columns: Float64Array[], targets: readonly (number | undefined)[], i: number): void {
  for (const m in scores) {
    const j = position.get(m)
    const v = scores[m]
    if (j === undefined || v === null || v === undefined) continue
    // checked here: this runs for every score of every question
    const column = columns[j]
    if (column === undefined) throw new RangeError(`metric ${m} has no column`)
    const target = targets[j]
    column[i] = target === undefined ? v : Math.abs(v - target)
  }
}

/**
 * An unanswered question's value on a metric: the worst the metric has (worstCompared: 0, or 1
 * where lower is better), NaN where the metric does not apply to it (the baseline has no value for it, or a
 * should-refuse question's answer rules and the other way round) and for latency, which has no
 * worst value. `baseline` is undefined when there is no per-question baseline for the question.
 */
function failingValue(metric: string, info: MetricInfo | undefined, q: QuestionResult, baseline: number | null | undefined): number {
  if (!info || baseline === null) return Number.NaN
  if (baseline === undefined && (metric === 'refuse_ok' ? !q.should_refuse : q.should_refuse && ANSWER_RULES.has(metric))) return Number.NaN
  return worstCompared(info)
}

const ANSWER_RULES = new Set(['length_ok', 'citation_ok', 'no_forbidden', 'json_ok'])

/** The run's summaries with each mean over all of its questions as the gate sees them (an unanswered one failing): what thresholds hold. */
export function overallSummaries(summaries: Record<string, MetricSummary>, columns: Columns): Record<string, MetricSummary> {
  return Object.fromEntries(Object.entries(summaries).map(([m, s]) => [m, { ...s, mean: meanAt(columns.candidate.get(m)).mean }]))
}

/** Means over the positions where both sides have a value: the same questions on both sides. */
export function pairedMeans(base: Float64Array | undefined, cand: Float64Array | undefined, positions: Uint8Array): { baseline: number | null; candidate: number | null; n: number } {
  if (!base || !cand) return { baseline: null, candidate: null, n: 0 }
  let sumB = 0
  let sumC = 0
  let n = 0
  for (let i = 0; i < cand.length; i++) {
    const b = valueAt(base, i)
    const c = valueAt(cand, i)
    if (positions[i] !== 1 || Number.isNaN(b) || Number.isNaN(c)) continue
    sumB += b
    sumC += c
    n += 1
  }
  return n === 0 ? { baseline: null, candidate: null, n } : { baseline: sumB / n, candidate: sumC / n, n }
}

/** Mean of the values that have one. */
export function meanAt(values: Float64Array | undefined): { mean: number | null; n: number } {
  if (!values) return { mean: null, n: 0 }
  let sum = 0
  let n = 0
  for (let i = 0; i < values.length; i++) {
    const v = valueAt(values, i)
    if (Number.isNaN(v)) continue
    sum += v
    n += 1
  }
  return { mean: n === 0 ? null : sum / n, n }
}

/**
 * A column's value at a position inside it. Not knownAt: the comparison reads every column at
 * every position several times, and a reader only ever given Float64Arrays costs the engine no
 * more than the plain read, where one shared by every kind of list made a comparison of 100,000
 * questions a sixth slower.
 */
export function valueAt(values: Float64Array, i: number): number {
  const value = values[i]
  if (value === undefined) throw new RangeError(`position ${i} is outside a column of ${values.length}`)
  return value
}

/** Decisions at 1e-9 so that 0.80 − 0.78 (= 0.0200000000000000018) is not "more than 0.02". */
export const EPS = 1e-9

export interface RunUnderTest {
  eval_set_version: string
  eval_set_fingerprint: string
  /**
   * The same eval set's fingerprint of the other kind (baseline/fingerprint.ts), recomputed from
   * the eval set when the baseline's is of that kind; null or absent when it could not be
   */
  recomputed_fingerprint?: string | null
  judge: JudgeIdentity
  metrics: Record<string, MetricSummary>
  questions: Record<string, QuestionResult>
  /** a subset run (--only, --failing-from): compared on its questions, never gated */
  subset?: Subset | null
  /** a --sequential run: which judged metrics its confidence sequences settled */
  sequential?: RunInfo['sequential']
}
