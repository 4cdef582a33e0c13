import { directedChange, metricInfo } from '../metrics/registry.ts'
import type { GateSettings, QuestionChange, QuestionResult } from '../schemas/results.ts'
import { EPS, type Columns } from './columns.ts'
import { changeCounts, type ChangeCounts } from './counts.ts'
import { questionReason } from './reasons.ts'

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
  readonly size: number[] = []
  readonly key: number[] = []
  /** 1 at each question position with at least one change of this kind */
  readonly questions: Uint8Array

  constructor(questionCount: number) {
    this.questions = new Uint8Array(questionCount)
  }

  add(size: number, position: number, key: number): void {
    this.size.push(size)
    this.key.push(key)
    this.questions[position] = 1
  }

  /** The keys of the `keep` largest changes, largest first; equal sizes in key order. */
  largest(keep: number): number[] {
    const { size, key } = this
    const bySize = (a: number, b: number) => size[b]! - size[a]! || key[a]! - key[b]!
    if (size.length <= keep || keep <= 0)
      return size
        .map((_, i) => i)
        .sort(bySize)
        .slice(0, keep)
        .map((i) => key[i]!)
    // only the changes down to the keep-th largest size are kept: those above it in full order,
    // then of those at it (often many: every pass → fail flip has size 1) the smallest keys
    const cut = Float64Array.from(size).sort()[size.length - keep]!
    const above: number[] = []
    const atCut: number[] = []
    for (let i = 0; i < size.length; i++) {
      if (size[i]! > cut) above.push(i)
      else if (size[i] === cut) atCut.push(key[i]!)
    }
    const firstAtCut = Float64Array.from(atCut)
      .sort()
      .subarray(0, keep - above.length)
    return [...above.sort(bySize).map((i) => key[i]!), ...firstAtCut]
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
export function questionChanges(questions: Readonly<Record<string, QuestionResult>>, columns: Columns, gate: GateSettings, keep: number): QuestionChanges {
  const n = columns.ids.length
  const worse = new Found(n)
  const better = new Found(n)
  // ids are in code-point order, so a position orders by id; a metric's rank in this list orders by name
  const metrics = [...columns.candidate.keys()].sort(byText)
  const keyOf = (position: number, rank: number) => position * metrics.length + rank
  metrics.forEach((metric, rank) => {
    const info = metricInfo(metric)
    const baselines = columns.baseline?.get(metric)
    if (!baselines || info?.unit === 'ms') return
    const candidates = columns.candidate.get(metric)!
    const threshold = gate.question_drop
    for (let i = 0; i < n; i++) {
      const candidate = candidates[i]!
      const baseline = baselines[i]!
      if (Number.isNaN(candidate) || Number.isNaN(baseline)) continue
      const change = directedChange(info, baseline, candidate)
      const flip = info?.binary === true && Math.abs(baseline - candidate) > EPS
      if (change <= -threshold + EPS || (flip && change < 0)) worse.add(Math.abs(change), i, keyOf(i, rank))
      else if (change >= threshold - EPS || (flip && change > 0)) better.add(Math.abs(change), i, keyOf(i, rank))
    }
  })
  const rowOf = (key: number): QuestionChange => {
    const position = Math.floor(key / metrics.length)
    const metric = metrics[key % metrics.length]!
    const id = columns.ids[position]!
    const q = questions[id]!
    const baseline = columns.baseline!.get(metric)![position]!
    const candidate = columns.candidate.get(metric)![position]!
    const info = metricInfo(metric)
    const change = directedChange(info, baseline, candidate)
    const flip = info?.binary === true && Math.abs(baseline - candidate) > EPS
    return { id, category: q.category, metric, baseline, candidate, delta: candidate - baseline, change, flip, reason: questionReason(q, metric) }
  }
  return {
    regressions: worse.largest(keep).map(rowOf),
    improvements: better.largest(keep).map(rowOf),
    counts: changeCounts({ regressions: worse.size.length, improvements: better.size.length }, worse.questions, better.questions),
  }
}
