import type { DropEvidence, GateFailure, MetricFailure } from '../schemas/failures.ts'
import type { Comparison } from '../schemas/results.ts'
import { codeSpan, escapeInline } from './escape.ts'
import { countOf } from '../text/countOf.ts'
import { untrustedLine } from '../text/untrusted.ts'
import { comparedWhat, directionOf, noiseReason, pText, signed, testName, worseVerb } from './words.ts'

/**
 * The words for a gate failure, in plain text: the terminal, the check's failure message,
 * and (escaped) the Markdown report. The data is in results.json; nothing parses these.
 */
export function failureSentence(f: GateFailure): string {
  switch (f.kind) {
    case 'category_floor':
      return `category ${untrustedLine(f.category)}: ${f.metric} ${boundWords(f.metric, f.value, f.bound, f.limit)}`
    case 'category_missing':
      return `category ${untrustedLine(f.category)}: by_category sets floors for ${f.metrics.join(', ')}, but no question has this category`
    default:
      return `${f.metric}: ${failureDetail(f)}`
  }
}

/** What went wrong with one metric, without its name (the terminal's status column). */
export function failureDetail(f: MetricFailure): string {
  switch (f.kind) {
    case 'latency':
      if (f.percentile !== null) return percentileRise(f.percentile, f.baseline, f.candidate, f.value, f.limit, f.min_ms)
      return dropWords(f.metric, true, f.value, f.limit) + (f.noise ? noiseWords(f.noise) : '')
    case 'max_drop':
    case 'significant':
      return dropWords(f.metric, f.unit === 'fraction', f.value, f.limit) + (f.kind === 'significant' || !f.noise ? '' : noiseWords(f.noise))
    case 'threshold':
      if (f.value === null) return `no value to check against the threshold ${f.limit}`
      return `${comparedWhat(directionOf(f.metric))}${fmt(f.value)} is ${f.bound === 'floor' ? 'below' : 'above'} the threshold ${f.limit}`
    case 'error_rate':
      return `${f.errors} of ${countOf(f.questions, 'question')} errored (${pct(f.value)}), more than max_error_rate ${pct(f.limit)}`
  }
}

/**
 * The Markdown report's words: the same sentence, escaped, with each metric name in a code
 * span, so that what is copied from the report (rendered or raw) pastes back into
 * `thresholds` as the metric's own name.
 */
export function failureMarkdown(f: GateFailure): string {
  switch (f.kind) {
    case 'category_floor':
      return `category ${escapeInline(f.category)}: ${codeSpan(f.metric)} ${boundWords(f.metric, f.value, f.bound, f.limit)}`
    case 'category_missing':
      return `category ${escapeInline(f.category)}: by\\_category sets floors for ${f.metrics.map(codeSpan).join(', ')}, but no question has this category`
    default:
      return `${codeSpan(f.metric)}: ${escapeInline(failureDetail(f))}`
  }
}

/** The failures of one metric row, in report order (the drop first). */
export function failuresOf(c: Comparison, metric: string): MetricFailure[] {
  return c.failures.filter((f): f is MetricFailure => f.kind !== 'category_floor' && f.kind !== 'category_missing' && f.metric === metric)
}

/** A change the wrong way beyond its limit: "fell" for a score, "rose" for hallucination_rate or latency (movement()). */
function dropWords(metric: string, relative: boolean, value: number | null, limit: number): string {
  // a latency rise is relative to the baseline; a score's change is in score points
  return relative ? `${worseVerb(metric)} ${pct(value)}, more than the allowed ${pct(limit)}` : `${comparedWhat(directionOf(metric))}${worseVerb(metric)} ${fmt(value)}, more than max_drop ${limit}`
}

/** A category's mean on the wrong side of its by_category bound: below a floor, or above a ceiling (lower-is-better metrics). */
export function boundWords(metric: string, value: number | null, bound: 'floor' | 'ceiling', limit: number): string {
  if (value === null) return `has no value to check against its ${bound} ${limit}`
  return `${comparedWhat(directionOf(metric))}${fmt(value)} is ${bound === 'floor' ? 'below its floor' : 'above its ceiling'} ${limit}`
}

/** A latency percentile's rise: both values in ms, the rise, and both limits it went past. */
function percentileRise(percentile: string, baseline: number, candidate: number, rise: number | null, limit: number, minMs: number | null): string {
  const ms = (v: number) => `${+v.toFixed(1)}`
  const floor = minMs === null ? '' : ` and latency_min_ms ${minMs} ms`
  return `${percentile} rose from ${ms(baseline)} to ${ms(candidate)} ms (+${ms(candidate - baseline)} ms, +${pct(rise)}), more than latency_rise ${pct(limit)}${floor}`
}

/** A drop the data cannot tell from noise, which only strict mode fails: the evidence, naming the part that says so (the interval, the metric's own paired test, Holm's correction or the primary sequence). */
function noiseWords(noise: DropEvidence): string {
  const flips = noise.flips ? `${countOf(noise.flips.worse, 'question')} worse / ${noise.flips.better} better` : ''
  const ci = `95% CI of Δ ${signedFmt(noise.interval.low)} to ${signedFmt(noise.interval.high)}`
  const test = `its ${testName(noise.test, noise.clusters)}`
  switch (noiseReason(noise)) {
    case 'interval_includes_zero':
      return `; the data cannot tell it from noise (the paired-bootstrap ${ci} includes 0${flips && `, ${flips}`}; ${test} gives ${pText(noise.p)}, Holm ${pText(noise.p_holm)}): strict mode fails it`
    case 'test_not_significant':
      return `; the data cannot tell it from noise (the ${ci} excludes 0, but ${test} does not${flips && ` on ${flips}`}: ${pText(noise.p)}): strict mode fails it`
    case 'holm_correction':
      // a file written before the paired test's p was kept has only the Holm p to show
      return noise.p === null
        ? `; the data cannot tell it from noise (the ${ci} excludes 0${flips && ` on ${flips}`}, but not after Holm's correction across the metrics: Holm ${pText(noise.p_holm)}): strict mode fails it`
        : `; the data cannot tell it from noise (the ${ci} excludes 0 and ${test} gives ${pText(noise.p)}${flips && ` on ${flips}`}, but not after Holm's correction across the metrics that changed: Holm ${pText(noise.p_holm)}): strict mode fails it`
    case 'primary_sequence':
      return `; the data cannot tell it from noise (the ${ci} excludes 0 and ${test} gives ${pText(noise.p)}${flips && ` on ${flips}`}, but an earlier gate.primary metric did not drop significantly, which ends the primary sequence before it: sequence ${pText(noise.p_holm)}): strict mode fails it`
  }
}

function fmt(value: number | null): string {
  return value === null ? '—' : value.toFixed(3)
}

function pct(value: number | null): string {
  return value === null ? '—' : `${(value * 100).toFixed(1)}%`
}

function signedFmt(v: number): string {
  return signed(v, 3, '-')
}
