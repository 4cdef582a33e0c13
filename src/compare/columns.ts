import type { BaselineView } from '../baseline/baseline.ts'
import { ownValue } from '../io/ids.ts'
import type { JudgeIdentity, MetricSummary, QuestionResult } from '../schemas/results.ts'

/**
 * Every metric's per-question values as one Float64Array per side (NaN = no value), built
 * once per comparison: the means, intervals, category rows and flips then run over arrays
 * instead of looking 100,000 ids up in objects once per metric and pass.
 */
export interface Columns {
  /** the run's question ids in code-point order: the bootstrap resamples positions, so its
   * result must not depend on the order the questions came in (one run, or merged shards) */
  ids: string[]
  /** 1 where the baseline has the question too */
  inBaseline: Uint8Array
  candidate: Map<string, Float64Array>
  baseline: Map<string, Float64Array> | null
}

export function buildColumns(questions: Record<string, QuestionResult>, base: BaselineView['questions'], metrics: readonly string[]): Columns {
  const ids = Object.keys(questions).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  const n = ids.length
  const inBaseline = new Uint8Array(n)
  const candidate = new Map(metrics.map((m) => [m, new Float64Array(n).fill(Number.NaN)]))
  const baseline = base ? new Map(metrics.map((m) => [m, new Float64Array(n).fill(Number.NaN)])) : null
  ids.forEach((id, i) => {
    const scores = questions[id]!.scores
    for (const m of metrics) {
      const v = scores[m]
      if (v !== null && v !== undefined) candidate.get(m)![i] = v
    }
    const b = ownValue(base, id)
    if (!b) return
    inBaseline[i] = 1
    for (const m of metrics) {
      const v = b.scores[m]
      if (v !== null && v !== undefined) baseline!.get(m)![i] = v
    }
  })
  return { ids, inBaseline, candidate, baseline }
}

/** Mean of the values at the given positions (all when omitted) that have one. */
export function meanAt(values: Float64Array | undefined, positions?: readonly number[] | Uint8Array): { mean: number | null; n: number } {
  if (!values) return { mean: null, n: 0 }
  let sum = 0
  let n = 0
  if (positions instanceof Uint8Array) {
    for (let i = 0; i < values.length; i++) {
      if (positions[i] !== 1) continue
      const v = values[i]!
      if (Number.isNaN(v)) continue
      sum += v
      n += 1
    }
  } else {
    const list = positions ?? Array.from({ length: values.length }, (_, i) => i)
    for (const i of list) {
      const v = values[i]!
      if (Number.isNaN(v)) continue
      sum += v
      n += 1
    }
  }
  return { mean: n === 0 ? null : sum / n, n }
}

/** Decisions at 1e-9 so that 0.80 − 0.78 (= 0.0200000000000000018) is not "more than 0.02". */
export const EPS = 1e-9

export interface RunUnderTest {
  eval_set_version: string
  eval_set_fingerprint: string
  judge: JudgeIdentity
  metrics: Record<string, MetricSummary>
  questions: Record<string, QuestionResult>
}
