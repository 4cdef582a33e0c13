import type { BaselineView } from '../baseline/baseline.ts'
import { directedChange, metricInfo } from '../metrics/registry.ts'
import type { MetricLimit } from '../schemas/failures.ts'
import { DEFAULT_LATENCY_MIN_MS } from '../schemas/gate.ts'
import type { GateSettings, MetricRow } from '../schemas/results.ts'
import { EPS, meanAt, pairedMeans, type Columns, type RunUnderTest } from './columns.ts'
import { gateLatency } from './latency.ts'

/** A MetricLimit as limitFor makes it: a max_drop always has its value. */
type GateLimit = (MetricLimit & { kind: 'max_drop'; value: number; min_ms: null }) | (MetricLimit & { kind: 'latency_rise' })

/**
 * What a metric's change is held against: its override, else what its definition names:
 * max_drop, or for latency latency_rise with its floor latency_min_ms (nothing when
 * latency_rise is not set: latency is then reported, not gated).
 */
export function limitFor(name: string, gate: GateSettings): GateLimit {
  const kind = metricInfo(name)?.gate ?? 'max_drop'
  if (kind === 'max_drop') return { kind, value: gate.max_drop_overrides[name] ?? gate.max_drop, min_ms: null }
  if (gate.latency_rise === null) return { kind, value: null, min_ms: null }
  return { kind, value: gate.max_drop_overrides[name] ?? gate.latency_rise, min_ms: gate.latency_min_ms ?? DEFAULT_LATENCY_MIN_MS }
}

/**
 * One metric: baseline and candidate means, the direction-aware change and its provisional
 * status. Against a per-question baseline both means are over the same questions (those both
 * sides have a value for); otherwise the candidate mean is over all of the run's questions.
 * Either way an unanswered question counts as failing (see buildColumns).
 */
export function metricRow(name: string, run: Pick<RunUnderTest, 'metrics'>, baseline: BaselineView | null, columns: Columns, gate: GateSettings, questionCount: number): MetricRow {
  const summary = run.metrics[name]
  const limit = limitFor(name, gate)
  const row: MetricRow = {
    metric: name,
    baseline: null,
    candidate: summary ? meanAt(columns.candidate.get(name)).mean : null,
    delta: null,
    change: null,
    limit,
    status: baseline ? 'within' : 'no_baseline',
    threshold: gate.thresholds[name] ?? null,
    errors: summary?.errors ?? 0,
    questions: questionCount,
    n_baseline: null,
    n_candidate: summary?.n ?? 0,
    interval: null,
    p: null,
    p_holm: null,
    test: null,
    noise_reason: null,
    flips: null,
    mde: null,
    mde_source: null,
    paired_sd: null,
    clusters: null,
    smallest_move: null,
    note: null,
    percentiles: null,
  }
  if (!summary) {
    row.status = 'not_computed'
    row.note = 'the baseline has this metric; this run did not compute it'
    return row
  }
  if (!baseline) return row
  const inBaseline = name in baseline.metrics
  setBaselineSide(row, baseline, columns, inBaseline)
  if (row.baseline !== null && row.candidate !== null) {
    row.delta = row.candidate - row.baseline
    row.change = directedChange(metricInfo(name), row.baseline, row.candidate)
    if (limit.kind === 'latency_rise') {
      // the mean is reported; p50 and p95 are gated
      gateLatency(row, columns)
    } else if (row.change < -limit.value - EPS) {
      // provisional: annotateNoise may call it a regression within noise, and the gate mode decides whether it fails
      row.status = 'regression'
    } else if (row.change > limit.value + EPS) {
      row.status = 'improvement'
    }
  } else if (inBaseline) {
    row.note = row.candidate === null ? 'no question has a value in this run' : 'the baseline has no value for this metric'
  }
  return row
}

/** The baseline's side of a row: paired with the candidate's over the questions both have, or the aggregate mean of a baseline without questions. */
function setBaselineSide(row: MetricRow, baseline: BaselineView, columns: Columns, inBaseline: boolean): void {
  if (!inBaseline) {
    row.status = 'new'
    row.note = 'not in the baseline: reported, not gated'
  } else if (baseline.questions) {
    const paired = pairedMeans(columns.baseline?.get(row.metric), columns.candidate.get(row.metric), columns.inBaseline)
    row.baseline = paired.baseline
    row.candidate = paired.candidate
    row.n_baseline = paired.n
    row.n_candidate = paired.n
  } else {
    row.baseline = baseline.metrics[row.metric] ?? null
  }
}
