import { questionsBetter, questionsWorse } from '../compare/counts.ts'
import { countOf } from '../text/countOf.ts'
import { metricInfo } from '../metrics/registry.ts'
import { DIRECTIONS, type DirectionWords } from '../metrics/definitions.ts'
import type { NoiseReason, PairedTest } from '../schemas/failures.ts'
import { SIGN_FLIP_RESAMPLES } from '../stats/permutation.ts'
import type { Comparison, MetricRow, Results } from '../schemas/results.ts'

type ChangeCounts = Comparison['change_counts']

/**
 * What the gate made of a metric, in plain words: the terminal prints these, the Markdown
 * report puts its emoji in front of them. One map, so the two never say different things.
 */
export const STATUS_WORDS: Record<MetricRow['status'], string> = {
  regression: 'regression',
  regression_within_noise: 'regression within noise',
  improvement: 'improvement',
  within: 'within max_drop',
  new: 'new (not gated)',
  not_computed: 'not computed',
  no_baseline: '',
  not_gated: 'not gated',
}

/** A row's status in words; `within` names the limit the row is within (latency: latency_rise and latency_min_ms). */
export function statusWords(row: Pick<MetricRow, 'status' | 'limit'>): string {
  if (row.status === 'within' && row.limit.kind === 'latency_rise') return 'within latency_rise'
  return STATUS_WORDS[row.status]
}

/** A latency row's p50 and p95, which the gate holds (the row's own values are means): `p50 30 → 33 ms, p95 40 → 300 ms`. */
export function percentileWords(row: Pick<MetricRow, 'percentiles'>): string {
  const { percentiles } = row
  if (!percentiles) return ''
  const ms = (v: number) => `${Math.round(v)}`
  return (['p50', 'p95'] as const).map((p) => `${p} ${ms(percentiles[p].baseline)} → ${ms(percentiles[p].candidate)} ms`).join(', ')
}

/** "9 questions worse, 1 better": the header and the terminal say the counts the noise note tests (compare's changeCounts). */
export function questionCountWords(c: ChangeCounts, explainMixed = true): string {
  const mixed = c.questions_mixed > 0 ? `, ${c.questions_mixed} mixed${explainMixed ? MIXED : ''}` : ''
  return `${countOf(questionsWorse(c), 'question')} worse, ${questionsBetter(c)} better${mixed}`
}

/** The distinct questions in the regression (or improvement) table: the worse (better) ones and the mixed ones. */
export function questionsIn(c: ChangeCounts, kind: 'regressions' | 'improvements'): number {
  return (kind === 'regressions' ? c.questions_worse : c.questions_better) + c.questions_mixed
}

/** A subset run (--only, --failing-from) says plainly that it is not the whole eval set and was not gated; null for any other run. */
export function subsetSentence(results: Pick<Results, 'run' | 'comparison'>): string | null {
  const subset = results.run.subset
  if (!subset) return null
  const c = results.comparison
  const compared = c && c.verdict !== 'incomparable' && c.baseline.kind !== 'none' ? `compared with the baseline on these ${countOf(c.common, 'question')} only` : 'not compared with a baseline'
  return `subset run, not gated: ${subset.questions} of the eval set's ${countOf(subset.total_questions, 'question')} (${subset.by}), ${compared}; the gate needs the whole eval set (a subset run exits 2 and cannot become the baseline)`
}

/** What a mixed question is, said once per report. */
export const MIXED = ' (worse on one metric, better on another)'

/** What a drop within noise rests on: its interval, its paired test's p, its Holm-adjusted p and the recorded reason. */
export interface NoiseFacts {
  interval: { low: number; high: number }
  p: number | null
  p_holm: number | null
  reason: NoiseReason | null
  /** the paired test behind p (null in files written before it was recorded) */
  test?: PairedTest | null
  /** the conversations its interval and test took as wholes */
  clusters?: number | null
}

/**
 * Why a drop beyond its limit is within noise: the recorded reason, or for a file written
 * before the reason was, the same rule applied to its numbers (the interval of a drop that
 * excludes 0 lies on the side of the drop, so "contains 0" needs no direction).
 */
export function noiseReason(f: NoiseFacts): NoiseReason {
  if (f.reason) return f.reason
  if (f.interval.low <= 0 && f.interval.high >= 0) return 'interval_includes_zero'
  return f.p !== null && f.p >= 0.05 ? 'test_not_significant' : 'holm_correction'
}

/**
 * The reason in a few words, for a status cell beside the interval: a drop whose interval
 * excludes 0 is never called noise without saying which test disagrees.
 */
export function noiseReasonShort(f: NoiseFacts): string {
  switch (noiseReason(f)) {
    case 'interval_includes_zero':
      return 'CI includes 0'
    case 'test_not_significant':
      return `CI excludes 0 but ${testName(f.test ?? null, f.clusters ?? null)} ${pText(f.p)}`
    case 'holm_correction':
      return `CI excludes 0 but Holm ${pText(f.p_holm)}`
    case 'primary_sequence':
      return `CI excludes 0 but the primary sequence stopped before it, sequence ${pText(f.p_holm)}`
  }
}

/** A p-value as the reports print it in a table cell: three places, and "< 0.001" below that. */
export function pValue(p: number | null): string {
  if (p === null) return '—'
  return p < 0.001 ? '< 0.001' : p.toFixed(3)
}

/**
 * A signed number, and ± for a value that rounds to zero (never -0.000: a change too small to
 * show has no direction). Every renderer's Δ goes through here: the Markdown report with a real
 * minus sign, plain text (terminal, annotations, failure sentences) with `-`.
 */
export function signed(v: number, digits: number, minus: '−' | '-' = '−'): string {
  const text = Math.abs(v).toFixed(digits)
  if (Number(text) === 0) return `±${text}`
  return `${v < 0 ? minus : '+'}${text}`
}

export interface Movement {
  /** which way the value went */
  verb: 'rose' | 'fell' | 'did not move'
  /** what that means for this metric */
  judgement: 'better' | 'worse' | 'unchanged'
}

/**
 * How a metric moved (`change` = candidate − baseline), in its definition's direction words
 * (MetricDefinition.direction): a hallucination_rate that rose got worse and is never
 * "dropped"; a latency that fell got better. Every renderer that puts a change into words asks
 * this one function. A metric without a definition counts as higher-is-better, as in compare/.
 */
export function movement(metric: string, change: number): Movement {
  if (change === 0 || Number.isNaN(change)) return { verb: 'did not move', judgement: 'unchanged' }
  const direction = directionOf(metric)
  return change > 0 ? { verb: 'rose', judgement: direction.rise } : { verb: 'fell', judgement: direction.fall }
}

/** The way a metric moves when it gets worse: "fell" for scores, "rose" for hallucination_rate, contradicted and latency. */
export function worseVerb(metric: string): Movement['verb'] {
  return directionOf(metric).worse
}

/** What of a metric a change or a limit is of: "" for its value, "its distance from 1 " for a metric with a target (DirectionWords.target). */
export function comparedWhat(direction: DirectionWords): string {
  return direction.target === undefined ? '' : `its distance from ${direction.target} `
}

/** A metric's direction words; a metric without a definition counts as higher-is-better, as in compare/. */
export function directionOf(metric: string): DirectionWords {
  return metricInfo(metric)?.direction ?? DIRECTIONS.higher
}

/** A p-value in a sentence: `p = 0.045`, `p < 0.001` (never `p = < 0.001`). */
export function pText(p: number | null): string {
  if (p === null) return 'p = —'
  return p < 0.001 ? 'p < 0.001' : `p = ${p.toFixed(3)}`
}

const TEST_NAMES: Record<PairedTest, string> = {
  sign_flip_exact: 'permutation test',
  sign_flip_monte_carlo: 'permutation test',
  sign_flip_normal: 'permutation test',
  mcnemar_mid_p: 'McNemar mid-p test',
}

/** How the sign-flip permutation test got its p: every assignment, seeded draws, or the normal limit. */
const TEST_METHODS: Record<PairedTest, string> = {
  sign_flip_exact: 'exact',
  sign_flip_monte_carlo: `${SIGN_FLIP_RESAMPLES.toLocaleString('en')} draws`,
  sign_flip_normal: 'normal limit',
  mcnemar_mid_p: '',
}

/** A metric's own paired test by name ("permutation test", "McNemar mid-p test", "paired test" when unrecorded), over its conversations when it took them whole. */
export function testName(test: PairedTest | null, clusters: number | null = null): string {
  const name = test ? TEST_NAMES[test] : 'paired test'
  return clusters ? `${name} over ${countOf(clusters, 'conversation')}` : name
}

/** The test's name with how its p was found, for the folded per-metric table: "permutation, exact", "McNemar mid-p". */
export function testWords(test: PairedTest, clusters: number | null = null): string {
  const method = TEST_METHODS[test]
  const name = test === 'mcnemar_mid_p' ? 'McNemar mid-p' : `permutation, ${method}`
  return clusters ? `${name}, over ${countOf(clusters, 'conversation')}` : name
}
