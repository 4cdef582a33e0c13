import type { BaselineView } from '../baseline/baseline.ts'
import { idRecord } from '../text/ids.ts'
import { sortMetrics } from '../metrics/registry.ts'
import type { Comparison, GateSettings, JudgeIdentity, MetricRow } from '../schemas/results.ts'
import { baselineAnswers, determinism } from './answers.ts'
import { categoryRows } from './categories.ts'
import { questionChanges } from './changes.ts'
import { noChanges } from './counts.ts'
import { buildColumns, overallSummaries, type Columns, type RunUnderTest } from './columns.ts'
import { gateFailures } from './failures.ts'
import { notGated } from './subset.ts'
import { metricRow } from './rows.ts'
import { annotateNoise, noiseSummary, type HolmTest } from './significance.ts'
import { applySettled } from './settled.ts'
import { judgeModelChange } from '../judge/trace.ts'
import { isLegacyFingerprint, shortFingerprint } from '../baseline/fingerprint.ts'

/** Where each gate setting came from (GateStack in baseline/gate.ts). */
type GateSources = NonNullable<Comparison['gate_sources']>

/** Per-question change rows kept in results.json per kind: enough for any report, small enough for 100,000 questions. */
export const MAX_STORED_CHANGES = 10_000

/**
 * Why a baseline cannot be compared with this run; empty when it can. compare() asks it
 * first; the pipeline also asks before the candidate runs, to say so early.
 */
export function incomparability(baseline: BaselineView, run: Pick<RunUnderTest, 'eval_set_version' | 'eval_set_fingerprint' | 'recomputed_fingerprint' | 'judge'>): string[] {
  const where = baseline.path ?? 'the baseline'
  const reasons: string[] = []
  if (baseline.eval_set_version !== run.eval_set_version) {
    reasons.push(`${where} was written for eval_set_version "${baseline.eval_set_version}", this run uses "${run.eval_set_version}": scores over different question sets are not comparable`)
  } else if (baseline.eval_set_fingerprint) {
    const own = fingerprintOfKind(baseline.eval_set_fingerprint, run)
    if (own === null) {
      reasons.push(
        `${where} has an eval_set_fingerprint of the kind evalgate wrote before results schema 3, which is recomputed from the eval set to compare, and the eval set this run scored could not be read as it was (run this where the eval set is, at its path in results.json run.eval_set_path, or write the baseline again)`,
      )
    } else if (own !== baseline.eval_set_fingerprint) {
      reasons.push(
        `${where} has eval_set_fingerprint ${shortFingerprint(baseline.eval_set_fingerprint)} but the eval set now hashes to ${shortFingerprint(own)}: the eval set was edited without changing eval_set_version`,
      )
    }
  }
  if (baseline.judge) {
    const a = baseline.judge
    const b = run.judge
    if (a.rules_hash && a.rules_hash !== b.rules_hash) {
      reasons.push(`${where} was scored with rule settings ${a.rules_hash}, this run with ${b.rules_hash} (lengths, citation rule, forbidden words or refusal phrases changed)`)
    }
    // a run whose model tier did not run is compared on the deterministic metrics only
    if (b.provider === 'none') return reasons
    // a side without embeddings (embeddings_model: none) has no answer_relevancy to compare; its other metrics are the same judge's
    const embeddingsDiffer = a.embeddings_model !== b.embeddings_model && a.embeddings_model !== null && b.embeddings_model !== null
    if (a.provider !== b.provider || a.model !== b.model || embeddingsDiffer) {
      reasons.push(`${where} was scored by judge ${judgeName(a)}, this run by ${judgeName(b)}: scores from different judges are not comparable`)
    } else if (a.definitions_hash !== b.definitions_hash) {
      reasons.push(`${where} was scored with metric definitions ${a.definitions_hash}, this run with ${b.definitions_hash} (prompts, rules or metric settings changed)`)
    }
  }
  return reasons
}

/** The same judge model on another endpoint (a gateway, a local server) is comparable; the reader is told. */
function changedEndpoint(baseline: JudgeIdentity, run: JudgeIdentity): string[] {
  if (!baseline.endpoint || !run.endpoint || baseline.endpoint === run.endpoint) return []
  return [`the judge endpoint changed: the baseline was judged at ${baseline.endpoint}, this run at ${run.endpoint} (same provider and model, so the scores are compared)`]
}

export function judgeName(j: JudgeIdentity): string {
  return [j.provider, j.model, j.embeddings_model].filter(Boolean).join(' / ')
}

/** The run's eval-set fingerprint of the kind `theirs` is (its own, or the one recomputed for an older baseline); null when unknown. */
function fingerprintOfKind(theirs: string, run: Pick<RunUnderTest, 'eval_set_fingerprint' | 'recomputed_fingerprint'>): string | null {
  if (isLegacyFingerprint(theirs) === isLegacyFingerprint(run.eval_set_fingerprint)) return run.eval_set_fingerprint
  return run.recomputed_fingerprint ?? null
}

/**
 * The gate: direction-aware metric deltas against max_drop, absolute thresholds, category
 * floors, error rates, and per-question regressions. A baseline that cannot be compared
 * gives the verdict `incomparable` with its reasons; a subset run the verdict `subset` (never
 * gated, see notGated). Pure: no I/O, no logging.
 * `sources` says where each gate setting came from (GateStack); the comparison records it.
 */
export function compare(run: RunUnderTest, given: BaselineView | null, gate: GateSettings, updateCommand: string, sources?: GateSources): Comparison {
  const comparison = compareRun(run, given, gate, updateCommand, sources)
  return run.subset ? notGated(comparison) : comparison
}

function compareRun(run: RunUnderTest, given: BaselineView | null, gate: GateSettings, updateCommand: string, sources?: GateSources): Comparison {
  const reasons = given ? incomparability(given, run) : []
  const settings = { gate, ...(sources ? { gate_sources: sources } : {}) }
  if (given && reasons.length > 0) return incomparable(run, given, reasons, settings, updateCommand)
  // a subset is compared question by question or not at all: its means against the whole set's would mislead
  const baseline = run.subset && given && !given.questions ? null : given
  const runIds = Object.keys(run.questions)
  const baseQuestions = baseline?.questions
  const added = baseQuestions ? runIds.filter((id) => !Object.hasOwn(baseQuestions, id)) : []
  const removed = baseQuestions ? Object.keys(baseQuestions).filter((id) => !Object.hasOwn(run.questions, id)) : []
  const common = runIds.length - added.length
  const messages = questionSetMessages(run, given, added, run.subset ? [] : removed)

  const names = run.subset ? computedBySubset(run) : sortMetrics(new Set([...Object.keys(run.metrics), ...Object.keys(baseline?.metrics ?? {})]))
  const columns = buildColumns(run.questions, baseline?.questions ?? null, names)
  const metrics = names.map((name) => metricRow(name, run, baseline, columns, gate, runIds.length))
  const tests = testNoise(metrics, columns, baseline, gate, run)
  for (const name of Object.keys(gate.thresholds)) {
    if (!names.includes(name)) messages.push(`threshold for ${name} not checked: this run did not compute ${name}`)
  }
  const categories = categoryRows(run, columns, gate)
  const { regressions, improvements, counts: change_counts } = questionChanges(run.questions, columns, gate, MAX_STORED_CHANGES, baseline?.questions ?? null)
  const overall = overallSummaries(run.metrics, columns)
  const failuresIn = (mode: GateSettings['gate_mode']) => gateFailures(metrics, categories, overall, gate, mode)
  const verdictFor = (mode: GateSettings['gate_mode']) => (failuresIn(mode).length > 0 ? 'fail' : baseline ? 'pass' : 'no_baseline')
  if (change_counts.regression_rows > MAX_STORED_CHANGES || change_counts.improvement_rows > MAX_STORED_CHANGES) {
    messages.push(
      `results.json keeps the ${MAX_STORED_CHANGES.toLocaleString('en')} largest per-question changes of each kind (of ${change_counts.regression_rows.toLocaleString('en')} regressions and ${change_counts.improvement_rows.toLocaleString('en')} improvements); every question's scores are in its questions section`,
    )
  }
  return {
    verdict: verdictFor(gate.gate_mode),
    reasons: [],
    failures: failuresIn(gate.gate_mode),
    baseline: baseline ? describeBaseline(baseline, run) : { path: null, kind: 'none', version: null, eval_set_version: null, fingerprint_check: 'absent' },
    common: baseline ? common : 0,
    added,
    removed,
    metrics,
    categories,
    regressions,
    improvements,
    baseline_answers: baselineAnswers(regressions, baseline, run.questions),
    determinism: determinism(baseline, run.questions),
    change_counts,
    messages,
    judge_model_change: judgeModelChange(baseline, run),
    ...settings,
    verdicts_by_mode: baseline ? { strict: verdictFor('strict'), significant: verdictFor('significant') } : null,
    noise: baseline?.questions ? noiseSummary(metrics, tests, change_counts.questions_worse, change_counts.questions_better, common) : null,
    update_command: updateCommand,
  }
}

/**
 * A subset run (--only, --failing-from) is about its questions: only the metrics one of them
 * computed (a value, or an error where a value was due) are listed. The rest (retrieval on a
 * should-refuse question, the baseline's metrics this subset never asks) would be rows of
 * dashes that say nothing about the questions chosen.
 */
function computedBySubset(run: RunUnderTest): string[] {
  return sortMetrics(Object.entries(run.metrics).flatMap(([m, summary]) => (summary.n > 0 || summary.errors > 0 ? [m] : [])))
}

/**
 * The paired tests of every metric against a per-question baseline (none against the seed's
 * aggregate-only form), then what a --sequential run settled. Latency is gated on its
 * percentiles with a floor in ms (latency.ts), not on a test of the mean.
 */
function testNoise(metrics: MetricRow[], columns: Columns, baseline: BaselineView | null, gate: GateSettings, run: RunUnderTest): HolmTest[] {
  const tests = baseline?.questions
    ? annotateNoise(
        metrics.filter((row) => row.limit.kind !== 'latency_rise'),
        columns,
        { primary: gate.primary, recordedNoise: baseline.noise ?? null },
      )
    : []
  applySettled(metrics, run.sequential)
  return tests
}

/** What the reader must know about the two question sets and the judge before reading the deltas. */
function questionSetMessages(run: RunUnderTest, baseline: BaselineView | null, added: string[], removed: string[]): string[] {
  const messages: string[] = []
  if (baseline && !baseline.questions) {
    messages.push(
      `${baseline.path ?? 'the baseline'} has aggregate metrics only (the seed's minimal form): the gate compares means; the per-question table needs a baseline written by \`evalgate baseline\``,
    )
  }
  if (baseline?.judge) messages.push(...changedEndpoint(baseline.judge, run.judge))
  if (added.length > 0) messages.push(`${added.length} question(s) not in the baseline are scored but not compared: ${preview(added)}`)
  if (removed.length > 0) messages.push(`${removed.length} baseline question(s) are missing from this run: ${preview(removed)}`)
  return messages
}

/** Nothing is compared: the reasons, the baseline as found, and the command that writes a new one. */
function incomparable(run: RunUnderTest, baseline: BaselineView, reasons: string[], settings: Pick<Comparison, 'gate' | 'gate_sources'>, updateCommand: string): Comparison {
  return {
    verdict: 'incomparable',
    reasons,
    failures: [],
    verdicts_by_mode: null,
    noise: null,
    baseline: describeBaseline(baseline, run),
    common: 0,
    added: [],
    removed: [],
    metrics: [],
    categories: [],
    regressions: [],
    improvements: [],
    baseline_answers: idRecord(),
    determinism: null,
    change_counts: noChanges(),
    messages: [],
    judge_model_change: null,
    ...settings,
    update_command: updateCommand,
  }
}

function describeBaseline(b: BaselineView, run: RunUnderTest): Comparison['baseline'] {
  const fingerprint_check = b.eval_set_fingerprint ? (b.eval_set_fingerprint === fingerprintOfKind(b.eval_set_fingerprint, run) ? 'match' : 'mismatch') : 'absent'
  return { path: b.path, kind: b.kind, version: b.version, eval_set_version: b.eval_set_version, fingerprint_check }
}

function preview(ids: readonly string[]): string {
  return ids.length <= 10 ? ids.join(', ') : `${ids.slice(0, 10).join(', ')} … (+${ids.length - 10})`
}
