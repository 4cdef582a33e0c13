import type { BaselineView } from '../baseline/baseline.ts'
import { directedChange, metricInfo, sortMetrics } from '../metrics/registry.ts'
import type { Comparison, GateSettings, JudgeIdentity, MetricRow, QuestionChange } from '../schemas/results.ts'
import { categoryRows } from './categories.ts'
import { buildColumns, EPS, meanAt, type Columns, type RunUnderTest } from './columns.ts'
import { annotateNoise, noiseSummary } from './significance.ts'

/** Per-question change rows kept in results.json per kind: enough for any report, small enough for 100,000 questions. */
export const MAX_STORED_CHANGES = 10_000


/**
 * Why a baseline cannot be compared with this run; empty when it can. Checked before the
 * candidate runs, so a mismatch costs nothing.
 */
export function incomparability(baseline: BaselineView, run: Pick<RunUnderTest, 'eval_set_version' | 'eval_set_fingerprint' | 'judge'>): string[] {
  const where = baseline.path ?? 'the baseline'
  const reasons: string[] = []
  if (baseline.eval_set_version !== run.eval_set_version) {
    reasons.push(`${where} was written for eval_set_version "${baseline.eval_set_version}", this run uses "${run.eval_set_version}": scores over different question sets are not comparable`)
  } else if (baseline.eval_set_fingerprint && baseline.eval_set_fingerprint !== run.eval_set_fingerprint) {
    reasons.push(
      `${where} has eval_set_fingerprint ${short(baseline.eval_set_fingerprint)} but the eval set now hashes to ${short(run.eval_set_fingerprint)}: the eval set was edited without changing eval_set_version`,
    )
  }
  if (baseline.judge) {
    const a = baseline.judge
    const b = run.judge
    if (a.rules_hash && a.rules_hash !== b.rules_hash) {
      reasons.push(`${where} was scored with rule settings ${a.rules_hash}, this run with ${b.rules_hash} (lengths, citation rule, forbidden words or refusal phrases changed)`)
    }
    // a run whose model tier did not run is compared on the deterministic metrics only
    if (b.provider === 'none') return reasons
    if (a.provider !== b.provider || a.model !== b.model || a.embeddings_model !== b.embeddings_model) {
      reasons.push(`${where} was scored by judge ${judgeName(a)}, this run by ${judgeName(b)}: scores from different judges are not comparable`)
    } else if (a.definitions_hash !== b.definitions_hash) {
      reasons.push(`${where} was scored with metric definitions ${a.definitions_hash}, this run with ${b.definitions_hash} (prompts, rules or metric settings changed)`)
    }
  }
  return reasons
}

export function judgeName(j: JudgeIdentity): string {
  return [j.provider, j.model, j.embeddings_model].filter(Boolean).join(' / ')
}

function short(fingerprint: string): string {
  return fingerprint.replace(/^sha256:/, '').slice(0, 12)
}

export function incomparableComparison(baseline: BaselineView, reasons: string[], gate: GateSettings, updateCommand: string): Comparison {
  return {
    verdict: 'incomparable',
    reasons,
    verdicts_by_mode: null,
    noise: null,
    baseline: describeBaseline(baseline, 'absent'),
    common: 0,
    added: [],
    removed: [],
    metrics: [],
    categories: [],
    regressions: [],
    improvements: [],
    change_counts: { regression_rows: 0, improvement_rows: 0, questions_worse: 0, questions_better: 0 },
    messages: [],
    gate,
    update_command: updateCommand,
  }
}

/**
 * The gate: direction-aware metric deltas against max_drop, absolute thresholds, category
 * floors, error rates, and per-question regressions. Pure: no I/O, no logging.
 */
export function compare(run: RunUnderTest, baseline: BaselineView | null, gate: GateSettings, updateCommand: string): Comparison {
  const messages: string[] = []
  const runIds = Object.keys(run.questions)
  const baseIds = baseline?.questions ? new Set(Object.keys(baseline.questions)) : null
  const common = baseIds ? runIds.filter((id) => baseIds.has(id)) : runIds
  const added = baseIds ? runIds.filter((id) => !baseIds.has(id)) : []
  const removed = baseIds ? [...baseIds].filter((id) => !(id in run.questions)) : []
  if (baseline && !baseline.questions) {
    messages.push(`${baseline.path ?? 'the baseline'} has aggregate metrics only (the seed's minimal form): the gate compares means; the per-question table needs a baseline written by \`evalgate baseline\``)
  }
  if (added.length > 0) messages.push(`${added.length} question(s) not in the baseline are scored but not compared: ${preview(added)}`)
  if (removed.length > 0) messages.push(`${removed.length} baseline question(s) are missing from this run: ${preview(removed)}`)

  const names = sortMetrics(new Set([...Object.keys(run.metrics), ...Object.keys(baseline?.metrics ?? {})]))
  const questionCount = runIds.length
  const columns = buildColumns(run.questions, baseline?.questions ?? null, names)
  const metrics = names.map((name) => metricRow(name, run, baseline, columns, gate, questionCount))
  if (baseline?.questions) annotateNoise(metrics, columns)
  for (const name of Object.keys(gate.thresholds)) {
    if (!names.includes(name)) messages.push(`threshold for ${name} not checked: this run did not compute ${name}`)
  }
  const categories = categoryRows(run, columns, gate)
  const { regressions, improvements } = questionChanges(run, columns, gate)

  const otherFailures = [
    ...metrics.flatMap((row) => row.failures.map((f) => `${row.metric}: ${f}`)),
    ...categories.flatMap((c) => c.floors.filter((f) => !f.passed).map((f) => `category ${c.category}: ${f.metric} ${fmt(f.value)} is below its floor ${f.floor}`)),
  ]
  for (const [category, floors] of Object.entries(gate.by_category)) {
    if (!categories.some((c) => c.category === category)) {
      otherFailures.push(`category ${category}: by_category sets floors for ${Object.keys(floors).join(', ')}, but no question has this category`)
    }
  }
  const dropFailures = (mode: GateSettings['gate_mode']) =>
    metrics.filter((row) => row.status === 'regression' || (mode === 'strict' && row.status === 'regression_within_noise')).map((row) => `${row.metric}: ${dropReason(row)}`)
  const verdictFor = (mode: GateSettings['gate_mode']) => (dropFailures(mode).length + otherFailures.length > 0 ? 'fail' : baseline ? 'pass' : 'no_baseline')
  const reasons = [...dropFailures(gate.gate_mode), ...otherFailures]
  for (const row of metrics) {
    if (row.status === 'regression' || (gate.gate_mode === 'strict' && row.status === 'regression_within_noise')) row.failures.unshift(dropReason(row))
  }
  const verdict = verdictFor(gate.gate_mode)
  const changedIds = (changes: readonly QuestionChange[]) => new Set(changes.map((q) => q.id))
  const worseIds = changedIds(regressions)
  const betterIds = changedIds(improvements)
  const questionsWorse = [...worseIds].filter((id) => !betterIds.has(id)).length
  const questionsBetter = [...betterIds].filter((id) => !worseIds.has(id)).length
  const change_counts = { regression_rows: regressions.length, improvement_rows: improvements.length, questions_worse: worseIds.size, questions_better: betterIds.size }
  if (regressions.length > MAX_STORED_CHANGES || improvements.length > MAX_STORED_CHANGES) {
    messages.push(`results.json keeps the ${MAX_STORED_CHANGES.toLocaleString('en')} largest per-question changes of each kind (of ${regressions.length.toLocaleString('en')} regressions and ${improvements.length.toLocaleString('en')} improvements); every question's scores are in its questions section`)
  }
  return {
    verdict,
    reasons,
    baseline: baseline
      ? describeBaseline(baseline, baseline.eval_set_fingerprint ? (baseline.eval_set_fingerprint === run.eval_set_fingerprint ? 'match' : 'mismatch') : 'absent')
      : { path: null, kind: 'none', version: null, eval_set_version: null, fingerprint_check: 'absent' },
    common: baseline ? common.length : 0,
    added,
    removed,
    metrics,
    categories,
    regressions: regressions.slice(0, MAX_STORED_CHANGES),
    improvements: improvements.slice(0, MAX_STORED_CHANGES),
    change_counts,
    messages,
    gate,
    verdicts_by_mode: baseline ? { strict: verdictFor('strict'), significant: verdictFor('significant') } : null,
    noise: baseline?.questions ? noiseSummary(metrics, questionsWorse, questionsBetter, common.length) : null,
    update_command: updateCommand,
  }
}

function dropReason(row: MetricRow): string {
  const size = row.change === null ? '' : metricInfo(row.metric)?.unit === 'ms' ? `rose ${pct(-row.change)}, more than the allowed ${pct(row.max_drop)}` : `dropped ${fmt(-row.change)}, more than max_drop ${row.max_drop}`
  const noise =
    row.status === 'regression_within_noise' && row.interval
      ? ` (within noise: 95% CI of Δ ${signedFmt(row.interval.low)} to ${signedFmt(row.interval.high)}${row.flips ? `, ${row.flips.worse} questions worse / ${row.flips.better} better` : ''}, Holm p = ${row.p_holm?.toFixed(3)})`
      : ''
  return size + noise
}

function signedFmt(v: number): string {
  return `${v >= 0 ? '+' : ''}${v.toFixed(3)}`
}

function describeBaseline(b: BaselineView, fingerprint_check: Comparison['baseline']['fingerprint_check']): Comparison['baseline'] {
  return { path: b.path, kind: b.kind, version: b.version, eval_set_version: b.eval_set_version, fingerprint_check }
}

export function limitFor(name: string, gate: GateSettings): number {
  const override = gate.max_drop_overrides[name]
  if (override !== undefined) return override
  return metricInfo(name)?.unit === 'ms' ? gate.latency_rise : gate.max_drop
}

function metricRow(name: string, run: RunUnderTest, baseline: BaselineView | null, columns: Columns, gate: GateSettings, questionCount: number): MetricRow {
  const info = metricInfo(name)
  const summary = run.metrics[name]
  const limit = limitFor(name, gate)
  const row: MetricRow = {
    metric: name,
    baseline: null,
    candidate: summary?.mean ?? null,
    delta: null,
    change: null,
    max_drop: limit,
    status: baseline ? 'within' : 'no_baseline',
    threshold: gate.thresholds[name] ?? null,
    errors: summary?.errors ?? 0,
    questions: questionCount,
    n_baseline: null,
    n_candidate: summary?.n ?? 0,
    failures: [],
    interval: null,
    p: null,
    p_holm: null,
    flips: null,
    mde: null,
    note: null,
  }
  if (!summary) {
    row.status = 'not_computed'
    row.note = 'the baseline has this metric; this run did not compute it'
    return row
  }
  if (baseline) {
    const inBaseline = name in baseline.metrics
    if (!inBaseline) {
      row.status = 'new'
      row.note = 'not in the baseline: reported, not gated'
    } else if (baseline.questions) {
      const base = meanAt(columns.baseline?.get(name), columns.inBaseline)
      const cand = meanAt(columns.candidate.get(name), columns.inBaseline)
      row.baseline = base.mean
      row.candidate = cand.mean
      row.n_baseline = base.n
      row.n_candidate = cand.n
    } else {
      row.baseline = baseline.metrics[name] ?? null
    }
    if (row.baseline !== null && row.candidate !== null) {
      row.delta = row.candidate - row.baseline
      row.change = directedChange(info, row.baseline, row.candidate)
      // provisional: annotateNoise may call it a regression within noise, and the gate mode decides whether it fails
      if (row.change < -limit - EPS) {
        row.status = 'regression'
      } else if (row.change > limit + EPS) {
        row.status = 'improvement'
      }
    } else if (inBaseline) {
      row.note = row.candidate === null ? 'no question has a value in this run' : 'the baseline has no value for this metric'
    }
  }
  if (row.threshold !== null) {
    const value = summary.mean
    const higherIsBetter = info?.higherIsBetter ?? true
    if (value === null) row.failures.push(`no value to check against the threshold ${row.threshold}`)
    else if (higherIsBetter ? value < row.threshold - EPS : value > row.threshold + EPS) {
      row.failures.push(`${fmt(value)} is ${higherIsBetter ? 'below' : 'above'} the threshold ${row.threshold}`)
    }
  }
  if (questionCount > 0 && summary.errors / questionCount > gate.max_error_rate + EPS) {
    row.failures.push(`${summary.errors} of ${questionCount} questions errored (${pct(summary.errors / questionCount)}), more than max_error_rate ${pct(gate.max_error_rate)}`)
  }
  return row
}

/** Per question and metric: drops of at least question_drop (latency: a rise of latency_rise) and pass → fail flips, worst first. */
function questionChanges(run: RunUnderTest, columns: Columns, gate: GateSettings): { regressions: QuestionChange[]; improvements: QuestionChange[] } {
  const regressions: QuestionChange[] = []
  const improvements: QuestionChange[] = []
  if (!columns.baseline) return { regressions, improvements }
  for (const [metric, candidates] of columns.candidate) {
    const baselines = columns.baseline.get(metric)!
    const info = metricInfo(metric)
    const threshold = info?.unit === 'ms' ? gate.latency_rise : gate.question_drop
    for (let i = 0; i < candidates.length; i++) {
      const candidate = candidates[i]!
      const baseline = baselines[i]!
      if (Number.isNaN(candidate) || Number.isNaN(baseline)) continue
      const change = directedChange(info, baseline, candidate)
      const flip = info?.binary === true && Math.abs(baseline - candidate) > EPS
      const worse = change <= -threshold + EPS || (flip && change < 0)
      const better = !worse && (change >= threshold - EPS || (flip && change > 0))
      if (!worse && !better) continue
      const id = columns.ids[i]!
      const q = run.questions[id]!
      const entry: QuestionChange = { id, category: q.category, metric, baseline, candidate, delta: candidate - baseline, change, flip, reason: q.notes[metric] ?? q.errors[metric] ?? null }
      ;(worse ? regressions : improvements).push(entry)
    }
  }
  const byText = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0)
  const bySize = (a: QuestionChange, b: QuestionChange) => Math.abs(b.change) - Math.abs(a.change) || byText(a.id, b.id) || byText(a.metric, b.metric)
  return { regressions: regressions.sort(bySize), improvements: improvements.sort(bySize) }
}

function preview(ids: readonly string[]): string {
  return ids.length <= 10 ? ids.join(', ') : `${ids.slice(0, 10).join(', ')} … (+${ids.length - 10})`
}

export function fmt(value: number | null): string {
  return value === null ? '—' : value.toFixed(3)
}

function pct(value: number): string {
  return `${(value * 100).toFixed(1)}%`
}
