import { metricInfo } from '../metrics/registry.ts'
import type { Comparison, MetricRow, Results } from '../schemas/results.ts'
import { failuresOf } from './failures.ts'
import { directionOf, noiseReasonShort, percentileWords, signed, statusWords } from './words.ts'

const EMOJI: Record<MetricRow['status'], string> = {
  regression: '❌ ',
  regression_within_noise: '⚠️ ',
  improvement: '✅ ',
  within: '',
  new: '🆕 ',
  not_computed: '⚪ ',
  no_baseline: '',
  not_gated: '',
}

/** The metric table: every metric with baseline, candidate, Δ, its interval, its limit and what the gate made of it. */
export function metricTable(results: Results): string[] {
  const c = results.comparison
  // an incomparable baseline compares nothing: the table shows this run's scores alone
  const compared = c && c.verdict !== 'incomparable' ? c : null
  const rows = compared ? compared.metrics : Object.entries(results.metrics).map(([metric, s]) => ({ metric, candidate: s.mean, n_candidate: s.n }))
  const lines = ['| metric | baseline | candidate | Δ | 95% CI of Δ | limit | status |', '|---|--:|--:|--:|--:|--:|---|']
  for (const row of rows) {
    const full = 'status' in row ? (row as MetricRow) : null
    const summary = results.metrics[row.metric]
    const nulls = summary && summary.nan > 0 ? ` <sub>n=${summary.n}, ${summary.nan} null${summary.errors > 0 ? `, ${summary.errors} errors` : ''}</sub>` : ''
    const status = full && compared ? statusCell(full, compared) : '—'
    const limit = full && full.status !== 'no_baseline' ? limitCell(full) : '—'
    const ci = full?.interval ? intervalCell(row.metric, full.interval) : '—'
    // a metric with a target is compared by its distance from it: the baseline, candidate and Δ are distances
    const target = compared ? directionOf(row.metric).target : undefined
    const name = target === undefined ? row.metric : `${row.metric} (distance from ${target})`
    lines.push(`| ${name} | ${value(row.metric, full?.baseline ?? null)} | ${value(row.metric, row.candidate)}${nulls} | ${full ? deltaCell(full) : '—'} | ${ci} | ${limit} | ${status} |`)
  }
  return lines
}

function intervalCell(metric: string, interval: { low: number; high: number }): string {
  const digits = metricInfo(metric)?.unit === 'ms' ? 0 : 3
  return `${signed(interval.low, digits)} … ${signed(interval.high, digits)}`
}

export function statusCell(row: MetricRow, c: Comparison): string {
  const failures = failuresOf(c, row.metric)
  const words = row.status === 'within' && failures.length > 0 ? '' : row.status === 'regression_within_noise' ? withinNoiseWords(row, failures) : EMOJI[row.status] + statusWords(row)
  const parts = [words]
  // the gate holds latency's p50 and p95, not the mean the row shows
  if (row.percentiles) parts.push(percentileWords(row))
  if (row.threshold !== null) parts.push(failures.some((f) => f.kind === 'threshold') ? `❌ threshold ${row.threshold}` : `threshold ${row.threshold} ✓`)
  if (failures.some((f) => f.kind === 'error_rate')) parts.push(`❌ error rate ${row.errors}/${row.questions}`)
  return parts.filter(Boolean).join(' · ') || '—'
}

/**
 * A drop beyond its limit that the data cannot tell from noise, in words that agree with the
 * verdict: strict mode fails it (❌, said so), significant mode lets it pass (⚠️, said so).
 */
function withinNoiseWords(row: MetricRow, failures: readonly { kind: string }[]): string {
  const failed = failures.some((f) => f.kind === 'max_drop' || f.kind === 'latency')
  const beyond = row.limit.kind === 'latency_rise' ? 'beyond latency_rise' : 'beyond max_drop'
  return failed ? `❌ ${beyond}, within noise${withinNoiseWhy(row)}: strict mode fails it` : `⚠️ ${beyond}, within noise${withinNoiseWhy(row)}: significant mode does not fail it`
}

/** After "regression within noise", why: the interval sits in the next column and may exclude 0. */
export function withinNoiseWhy(row: MetricRow): string {
  if (row.status !== 'regression_within_noise' || !row.interval) return ''
  return ` (${noiseReasonShort({ interval: row.interval, p: row.p, p_holm: row.p_holm, reason: row.noise_reason, test: row.test, clusters: row.clusters })})`
}

function limitCell(row: MetricRow): string {
  if (row.limit.kind === 'latency_rise') return row.limit.value === null ? 'not gated' : `+${Math.round(row.limit.value * 100)}% and +${row.limit.min_ms ?? '?'} ms`
  return `−${row.limit.value}`
}

/** Δ in the metric's unit: milliseconds for latency, score points otherwise. */
export function deltaCell(row: Pick<MetricRow, 'metric' | 'delta'>): string {
  if (row.delta === null) return '—'
  if (metricInfo(row.metric)?.unit === 'ms') return `${signed(row.delta, 0)} ms`
  return signed(row.delta, 3)
}

/** A metric's value in its unit: milliseconds rounded, scores to three places. */
export function value(metric: string, v: number | null): string {
  if (v === null) return '—'
  return metricInfo(metric)?.unit === 'ms' ? `${Math.round(v)} ms` : v.toFixed(3)
}
