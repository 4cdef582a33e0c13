import { directedChange, metricInfo } from '../metrics/registry.ts'
import type { GateSettings, QuestionChange, QuestionResult } from '../schemas/results.ts'
import { EPS, valueAt, type Columns } from './columns.ts'
import { changeCounts, type ChangeCounts } from './counts.ts'
import { questionReason } from './reasons.ts'
import { knownAt, knownField, knownKey } from '../io/known.ts'

export interface QuestionChanges {
  /** the largest drops and flips to fail, worst first, at most `keep` */
  regressions: QuestionChange[]
  /** the largest rises and flips to pass, largest first, at most `keep` */
  improvements: QuestionChange[]
  /** every change, counted before `keep` cut the lists */
  counts: ChangeCounts
}

/**
 * One kind of change (worse or better) as parallel columns, one entry per question and metric:
 * its size |change| and a key that orders equal sizes by question id, then metric name. At
 * 100,000 questions there are hundreds of thousands of changes and only `keep` of each kind
 * are kept, so the rows are made for those alone, after the sort.
 */
class Found {
  /** how many changes were found */
  count = 0
  // typed arrays grown by doubling: no boxed number per change, no push
  size = new Float64Array(1024)
  key = new Float64Array(1024)
  /** 1 at each question position with at least one change of this kind */
  readonly questions: Uint8Array

  constructor(questionCount: number) {
    this.questions = new Uint8Array(questionCount)
  }

  add(size: number, position: number, key: number): void {
    if (this.count === this.size.length) this.grow()
    this.size[this.count] = size
    this.key[this.count] = key
    this.count += 1
    this.questions[position] = 1
  }

  private grow(): void {
    const size = new Float64Array(this.size.length * 2)
    const key = new Float64Array(this.key.length * 2)
    size.set(this.size)
    key.set(this.key)
    this.size = size
    this.key = key
  }

  /** The keys of the `keep` largest changes, largest first; equal sizes in key order. */
  largest(keep: number): number[] {
    const { count } = this
    const size = this.size.subarray(0, count)
    const key = this.key.subarray(0, count)
    const sizeOf = (i: number) => valueAt(size, i)
    const keyOf = (i: number) => valueAt(key, i)
    const bySize = (a: number, b: number) => sizeOf(b) - sizeOf(a) || keyOf(a) - keyOf(b)
    if (count <= keep || keep <= 0) {
      const order: number[] = []
      for (let i = 0; i < count; i++) order.push(i)
      return order.sort(bySize).slice(0, keep).map(keyOf)
    }
    // only the changes down to the keep-th largest size are kept: those above it in full order,
    // then of those at it (often many: every pass → fail flip has size 1) the smallest keys
    const cut = knownAt(size.slice().sort(), count - keep, 'the cut size')
    const above: number[] = []
    let atCutCount = 0
    size.forEach((s, i) => {
      if (s > cut) above.push(i)
      else if (s === cut) atCutCount += 1
    })
    const atCut = new Float64Array(atCutCount)
    let filled = 0
    size.forEach((s, i) => {
      if (s === cut) atCut[filled++] = keyOf(i)
    })
    const firstAtCut = atCut.sort().subarray(0, keep - above.length)
    const kept = above.sort(bySize).map(keyOf)
    for (const k of firstAtCut) kept.push(k)
    return kept
  }
}

const byText = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0)

/**
 * Per question and metric: drops of at least question_drop and pass → fail flips, worst first
 * (ties: by id, then metric), and the rises and fail → pass flips the same way; the `keep`
 * largest of each kind and the counts of all of them.
 * Quality only: one question's latency is mostly jitter, and a rise in ms is not comparable with
 * a drop in score, so latency changes are neither listed nor counted (the metric row gates them).
 */
export function questionChanges(
  questions: Readonly<Record<string, QuestionResult>>,
  columns: Columns,
  gate: GateSettings,
  keep: number,
  /** the baseline's questions: where their relevant docs were retrieved, for the reasons */
  before: Readonly<Record<string, { relevant_ranks?: Record<string, number | null> }>> | null = null,
): QuestionChanges {
  const n = columns.ids.length
  const worse = new Found(n)
  const better = new Found(n)
  // ids are in code-point order, so a position orders by id; a metric's rank in this list orders by name
  const sides = [...columns.candidate.entries()].sort(([a], [b]) => byText(a, b)).map(([metric, candidates]) => ({ metric, candidates, baselines: columns.baseline?.get(metric) }))
  const metrics = sides.map((side) => side.metric)
  const keyOf = (position: number, rank: number) => position * metrics.length + rank
  /** by rank, the metrics compared question by question: both sides' columns */
  const compared = new Map<number, { metric: string; candidates: Float64Array; baselines: Float64Array }>()
  sides.forEach(({ metric, candidates, baselines }, rank) => {
    const info = metricInfo(metric)
    if (!baselines || info?.unit === 'ms') return
    compared.set(rank, { metric, candidates, baselines })
    const threshold = gate.question_drop
    // directedChange of a score metric (latency returned above), with its lookups out of the loop
    const higherIsBetter = info?.higherIsBetter ?? true
    const binary = info?.binary === true
    for (let i = 0; i < n; i++) {
      const candidate = valueAt(candidates, i)
      const baseline = valueAt(baselines, i)
      if (Number.isNaN(candidate) || Number.isNaN(baseline)) continue
      const change = higherIsBetter ? candidate - baseline : baseline - candidate
      const flip = binary && Math.abs(baseline - candidate) > EPS
      if (change <= -threshold + EPS || (flip && change < 0)) worse.add(Math.abs(change), i, keyOf(i, rank))
      else if (change >= threshold - EPS || (flip && change > 0)) better.add(Math.abs(change), i, keyOf(i, rank))
    }
  })
  const rowOf = (key: number): QuestionChange => {
    const position = Math.floor(key / metrics.length)
    const { metric, candidates, baselines } = knownKey(compared, key % metrics.length, 'compared metric of rank')
    const id = knownAt(columns.ids, position, 'a question position')
    const q = knownField(questions, id, 'question')
    const baseline = valueAt(baselines, position)
    const candidate = valueAt(candidates, position)
    const info = metricInfo(metric)
    const change = directedChange(info, baseline, candidate)
    const flip = info?.binary === true && Math.abs(baseline - candidate) > EPS
    const ranks = before && Object.hasOwn(before, id) ? knownField(before, id, 'baseline question').relevant_ranks : undefined
    return { id, category: q.category, metric, baseline, candidate, delta: candidate - baseline, change, flip, reason: questionReason(q, metric, ranks) }
  }
  return {
    regressions: worse.largest(keep).map(rowOf),
    improvements: better.largest(keep).map(rowOf),
    counts: changeCounts({ regressions: worse.count, improvements: better.count }, worse.questions, better.questions),
  }
}
