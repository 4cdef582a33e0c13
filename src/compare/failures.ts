import { metricInfo } from '../metrics/registry.ts'
import type { DropEvidence, GateFailure, MetricFailure } from '../schemas/failures.ts'
import type { CategoryRow, GateSettings, MetricRow, MetricSummary } from '../schemas/results.ts'
import { EPS } from './columns.ts'
import { LATENCY_PERCENTILES, latencyLimit, latencyMove, type LatencyPercentile } from './latency.ts'

/**
 * Every way the gate fails under `mode`, in the order the reports list them: the drops
 * first, then each metric's threshold and error rate, then the category floors.
 */
export function gateFailures(
  rows: readonly MetricRow[],
  categories: readonly CategoryRow[],
  summaries: Readonly<Record<string, MetricSummary>>,
  gate: GateSettings,
  mode: GateSettings['gate_mode'],
): GateFailure[] {
  return [
    ...rows.flatMap((row) => (row.limit.kind === 'latency_rise' ? latencyFailures(row) : (dropFailure(row, mode) ?? []))),
    ...rows.flatMap((row) => checkFailures(row, summaries[row.metric], gate)),
    ...categoryFailures(categories, gate),
  ]
}

/**
 * A drop beyond the row's max_drop: `significant` when the paired test tells it from noise
 * (it fails in either mode), else `max_drop`, which fails only in strict mode when the test
 * says noise, and always when there is no per-question data to test.
 */
function dropFailure(row: MetricRow, mode: GateSettings['gate_mode']): MetricFailure | null {
  const failing = row.status === 'regression' || (mode === 'strict' && row.status === 'regression_within_noise')
  if (!failing || row.baseline === null || row.candidate === null || row.change === null || row.limit.value === null) return null
  const evidence: DropEvidence | null =
    row.interval && row.p_holm !== null
      ? {
          interval: row.interval,
          flips: row.flips && { worse: row.flips.worse, better: row.flips.better },
          p: row.p,
          p_holm: row.p_holm,
          reason: row.noise_reason,
          test: row.test,
          clusters: row.clusters,
        }
      : null
  const drop = { metric: row.metric, baseline: row.baseline, candidate: row.candidate, value: -row.change, limit: row.limit.value }
  if (row.status === 'regression' && evidence) return { kind: 'significant', ...drop, unit: 'score', evidence }
  const noise = row.status === 'regression_within_noise' ? evidence : null
  return { kind: 'max_drop', ...drop, unit: 'score', noise }
}

/**
 * Each latency percentile that rose beyond latency_rise and latency_min_ms (see latency.ts). The
 * floor in ms is what keeps jitter out, so the gate mode does not change these.
 */
function latencyFailures(row: MetricRow): MetricFailure[] {
  const limit = latencyLimit(row.limit)
  const { percentiles } = row
  if (row.status !== 'regression' || !limit || !percentiles) return []
  return (Object.keys(LATENCY_PERCENTILES) as LatencyPercentile[]).flatMap((percentile): MetricFailure[] => {
    const pair = percentiles[percentile]
    if (latencyMove(pair, limit) !== 'worse') return []
    const { baseline, candidate } = pair
    return [{ kind: 'latency', metric: row.metric, baseline, candidate, value: -pair.change, limit: limit.value, unit: 'fraction', noise: null, percentile, min_ms: limit.min_ms }]
  })
}

/** The absolute threshold (over all of the run's questions) and the error rate of one metric. */
function checkFailures(row: MetricRow, summary: MetricSummary | undefined, gate: GateSettings): MetricFailure[] {
  if (!summary) return []
  const failures: MetricFailure[] = []
  const info = metricInfo(row.metric)
  if (row.threshold !== null) {
    const value = summary.mean
    const higherIsBetter = info?.higherIsBetter ?? true
    if (value === null || (higherIsBetter ? value < row.threshold - EPS : value > row.threshold + EPS)) {
      failures.push({ kind: 'threshold', metric: row.metric, value, limit: row.threshold, unit: info?.unit ?? 'score', bound: info?.direction.limit ?? 'floor' })
    }
  }
  const rate = row.questions > 0 ? summary.errors / row.questions : 0
  if (rate > gate.max_error_rate + EPS) {
    failures.push({ kind: 'error_rate', metric: row.metric, value: rate, limit: gate.max_error_rate, unit: 'fraction', errors: summary.errors, questions: row.questions })
  }
  return failures
}

function categoryFailures(categories: readonly CategoryRow[], gate: GateSettings): GateFailure[] {
  const failures: GateFailure[] = categories.flatMap((c) =>
    c.floors
      .filter((f) => !f.passed)
      .map((f): GateFailure => {
        const info = metricInfo(f.metric)
        return {
          kind: 'category_floor',
          category: c.category,
          metric: f.metric,
          value: f.value,
          limit: f.floor,
          unit: info?.unit ?? 'score',
          bound: info?.direction.limit ?? 'floor',
        }
      }),
  )
  for (const [category, floors] of Object.entries(gate.by_category)) {
    if (!categories.some((c) => c.category === category)) failures.push({ kind: 'category_missing', category, metrics: Object.keys(floors) })
  }
  return failures
}
