import { z } from 'zod'
import { MetricLimitSchema, NoiseReasonSchema, PairedTestSchema } from './failures.ts'

/** A two-sided interval at `level`. */
export const IntervalSchema = z.object({ low: z.number(), high: z.number(), level: z.number() })

/**
 * regression: dropped by more than max_drop and the paired interval excludes no change;
 * regression_within_noise: dropped by more than max_drop, but the data cannot tell it from noise;
 * not_gated: compared and reported, but no setting gates it (latency_ms without gate.latency_rise).
 */
export const MetricStatusSchema = z.enum(['regression', 'regression_within_noise', 'improvement', 'within', 'new', 'not_computed', 'no_baseline', 'not_gated'])
export type MetricStatus = z.infer<typeof MetricStatusSchema>

/** One latency percentile on both sides, in ms, and its direction-aware relative change (positive is faster, see directedChange). */
const LatencyPairSchema = z.object({ baseline: z.number(), candidate: z.number(), change: z.number() })

export const MetricRowSchema = z.object({
  metric: z.string(),
  baseline: z.number().nullable(),
  candidate: z.number().nullable(),
  /** candidate − baseline, in the metric's own unit */
  delta: z.number().nullable(),
  /** direction-aware change: positive is better (relative for latency_ms) */
  change: z.number().nullable(),
  /** what `change` is held against: max_drop (or its override) for scores, latency_rise for latency_ms */
  limit: MetricLimitSchema,
  status: MetricStatusSchema,
  /** absolute threshold (floor, or ceiling for lower-is-better metrics) */
  threshold: z.number().nullable(),
  errors: z.number().int(),
  questions: z.number().int(),
  n_baseline: z.number().int().nullable(),
  n_candidate: z.number().int(),
  /** 95% paired-bootstrap interval of delta (candidate − baseline) over the common questions */
  interval: IntervalSchema.nullable(),
  /**
   * two-sided p-value of delta from `test`, and after Holm correction across the metrics that
   * changed (tied metrics as one family; a member's is at least its own p); p_holm is null for
   * a metric no question moved on, which is not tested
   */
  p: z.number().nullable().default(null),
  p_holm: z.number().nullable().default(null),
  /** the paired test behind `p`: the sign-flip permutation test on the mean Δ (exact, seeded Monte Carlo or its normal limit), McNemar's mid-p for pass/fail */
  test: PairedTestSchema.nullable().default(null),
  /** why a drop beyond its limit is a regression within noise (status regression_within_noise); null otherwise */
  noise_reason: NoiseReasonSchema.nullable().default(null),
  /** per-question changes: how many questions got worse / better on this metric, and the sign test */
  flips: z.object({ worse: z.number().int(), better: z.number().int(), p: z.number() }).nullable().default(null),
  /**
   * the drop its paired test detects 80% of the time at alpha 0.05 and this n (paired design:
   * (z₀.₉₇₅ + z₀.₈)·paired_sd/√n); null when no paired variance is known (no question moved
   * and the baseline records none)
   */
  mde: z.number().nullable().default(null),
  /** where the MDE's variance came from: this run's paired differences, or the noise the baseline records (calibrate-noise --write) */
  mde_source: z.enum(['run', 'baseline']).nullable().default(null),
  /** sd of the per-question paired differences (conversation-robust: √n × the standard error of the mean Δ with conversations as clusters); null without per-question pairs */
  paired_sd: z.number().nullable().default(null),
  /** the conversations the interval and the test resampled and sign-flipped as wholes; null when every question stood alone */
  clusters: z.number().int().nullable().default(null),
  /** the smallest move of a question (or a conversation's total) in this run: the MDE is never below five of them over n, the least a 5% sign-flip test can find */
  smallest_move: z.number().nullable().default(null),
  note: z.string().nullable(),
  /** latency_ms against a per-question baseline: the p50 and p95 latency across the questions both sides timed, which the gate holds (the mean is only reported) */
  percentiles: z.object({ p50: LatencyPairSchema, p95: LatencyPairSchema }).nullable().default(null),
})
export type MetricRow = z.infer<typeof MetricRowSchema>
