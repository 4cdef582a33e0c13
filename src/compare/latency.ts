import { directedChange, metricInfo } from '../metrics/registry.ts'
import type { MetricLimit } from '../schemas/failures.ts'
import type { MetricRow } from '../schemas/results.ts'
import { sortedQuantile } from '../stats/bootstrap.ts'
import { EPS, valueAt, type Columns } from './columns.ts'

/**
 * The latency gate. Per-question latency is noisy (a cold cache, a busy runner) and a mean is
 * led by one slow question, so the gate holds the p50 and p95 latency across the questions both
 * runs timed, and a rise fails only when it is beyond latency_rise relative to the baseline AND
 * beyond latency_min_ms in milliseconds: 0.4 → 2 ms is five times slower and means nothing.
 */
export const LATENCY_PERCENTILES = { p50: 0.5, p95: 0.95 } as const
export type LatencyPercentile = keyof typeof LATENCY_PERCENTILES
type Percentiles = NonNullable<MetricRow['percentiles']>
type Pair = Percentiles[LatencyPercentile]

/** p50 and p95 of the metric over the questions both sides have a value for; null when there are none. */
export function latencyPercentiles(columns: Columns, metric: string): Percentiles | null {
  const base = columns.baseline?.get(metric)
  const cand = columns.candidate.get(metric)
  if (!base || !cand) return null
  // straight into typed arrays (their front, then a view): no growing arrays, no Float64Array.from over an iterator
  const b = new Float64Array(cand.length)
  const c = new Float64Array(cand.length)
  let n = 0
  for (let i = 0; i < cand.length; i++) {
    const before = valueAt(base, i)
    const after = valueAt(cand, i)
    if (columns.inBaseline[i] !== 1 || Number.isNaN(before) || Number.isNaN(after)) continue
    b[n] = before
    c[n++] = after
  }
  if (n === 0) return null
  const sortedB = b.subarray(0, n).sort()
  const sortedC = c.subarray(0, n).sort()
  const info = metricInfo(metric)
  const pair = (q: number): Pair => {
    const baseline = sortedQuantile(sortedB, q)
    const candidate = sortedQuantile(sortedC, q)
    return { baseline, candidate, change: directedChange(info, baseline, candidate) }
  }
  return { p50: pair(LATENCY_PERCENTILES.p50), p95: pair(LATENCY_PERCENTILES.p95) }
}

/** How one percentile moved against the gate: `worse` or `better` only beyond both the relative limit and the floor in ms. */
export function latencyMove(pair: Pair, limit: { value: number; min_ms: number }): 'worse' | 'better' | 'within' {
  const ms = pair.candidate - pair.baseline
  if (pair.change < -limit.value - EPS && ms > limit.min_ms + EPS) return 'worse'
  if (pair.change > limit.value + EPS && -ms > limit.min_ms + EPS) return 'better'
  return 'within'
}

/** The limit of a gated latency row, or null when latency is reported only. */
export function latencyLimit(limit: MetricLimit): { value: number; min_ms: number } | null {
  return limit.kind === 'latency_rise' && limit.value !== null && limit.min_ms !== null ? { value: limit.value, min_ms: limit.min_ms } : null
}

/**
 * A compared latency row's percentiles and status: `not_gated` without latency_rise, or when the
 * baseline has no per-question latency to take percentiles of; else a regression when p50 or
 * p95 rose beyond the limit, an improvement when one fell beyond it and neither rose.
 */
export function gateLatency(row: MetricRow, columns: Columns): void {
  row.percentiles = latencyPercentiles(columns, row.metric)
  const limit = latencyLimit(row.limit)
  if (!limit) {
    row.status = 'not_gated'
    row.note = 'reported, not gated: set gate.latency_rise to gate the p50 and p95 latency'
    return
  }
  if (!row.percentiles) {
    row.status = 'not_gated'
    row.note = 'the baseline has no per-question latency: its p50 and p95 cannot be compared'
    return
  }
  const moves = Object.values(row.percentiles).map((pair) => latencyMove(pair, limit))
  row.status = moves.includes('worse') ? 'regression' : moves.includes('better') ? 'improvement' : 'within'
}
