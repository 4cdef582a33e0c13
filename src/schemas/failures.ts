import { z } from 'zod'

/**
 * Why the gate failed, as data. compare/ decides; report/ and action/ turn each kind into
 * words, and nobody reads the words back. `value` and `limit` are in `unit`:
 * `score` a metric value in [0, 1] (or the difference of two), `ms` milliseconds,
 * `fraction` a share (a latency rise relative to the baseline, an error rate).
 */
export const FailureUnitSchema = z.enum(['score', 'ratio', 'ms', 'fraction'])
export type FailureUnit = z.infer<typeof FailureUnitSchema>

/**
 * Why a drop beyond its limit is still within noise: its interval includes 0; its interval
 * excludes 0 but the paired test does not reject "no change"; or that test does, but not after
 * Holm's correction across the metrics that changed; or (a gate.primary metric) an earlier
 * primary metric did not drop significantly, which ends the primary sequence before it.
 */
export const NoiseReasonSchema = z.enum(['interval_includes_zero', 'test_not_significant', 'holm_correction', 'primary_sequence'])
export type NoiseReason = z.infer<typeof NoiseReasonSchema>

/** The paired test behind a metric's p: the sign-flip permutation test on the mean Δ (exact, seeded Monte Carlo or its normal limit), McNemar's mid-p for pass/fail. */
export const PairedTestSchema = z.enum(['sign_flip_exact', 'sign_flip_monte_carlo', 'sign_flip_normal', 'mcnemar_mid_p'])
export type PairedTest = z.infer<typeof PairedTestSchema>

/** The paired evidence on a drop: 95% bootstrap interval of Δ, questions worse / better, the paired test's p and Holm-adjusted p. */
export const DropEvidenceSchema = z.object({
  interval: z.object({ low: z.number(), high: z.number(), level: z.number() }),
  flips: z.object({ worse: z.number().int(), better: z.number().int() }).nullable(),
  p: z.number().nullable().default(null),
  p_holm: z.number(),
  /** set when the drop is within noise; null in files written before it was recorded */
  reason: NoiseReasonSchema.nullable().default(null),
  /** the paired test behind `p`, so the words can name it; null in files written before it was recorded */
  test: PairedTestSchema.nullable().default(null),
  /** the conversations the interval and the test resampled as wholes; null when every question stood alone */
  clusters: z.number().int().nullable().default(null),
})
export type DropEvidence = z.infer<typeof DropEvidenceSchema>

const drop = {
  metric: z.string(),
  /** the means compared (over the questions both runs have) */
  baseline: z.number(),
  candidate: z.number(),
  /** how far the metric moved the wrong way; null when it cannot be written as a number (a rise from 0 ms) */
  value: z.number().nullable(),
  limit: z.number(),
}

export const GateFailureSchema = z.discriminatedUnion('kind', [
  /** a score fell by more than its max_drop; `noise` is set when the paired interval cannot tell the drop from noise (gate_mode strict) */
  z.object({ kind: z.literal('max_drop'), ...drop, unit: z.literal('score'), noise: DropEvidenceSchema.nullable() }),
  /**
   * latency rose by more than latency_rise (or its override), relative to the baseline, and by more
   * than `min_ms`: `percentile` names which latency across questions (p50, p95), whose values
   * `baseline` and `candidate` then are; null in files written before the gate used percentiles (the mean)
   */
  z.object({
    kind: z.literal('latency'),
    ...drop,
    unit: z.literal('fraction'),
    noise: DropEvidenceSchema.nullable(),
    percentile: z.enum(['p50', 'p95']).nullable().default(null),
    min_ms: z.number().nullable().default(null),
  }),
  /** a drop (or latency rise) beyond its limit that the paired test tells from noise: it fails under either gate mode */
  z.object({ kind: z.literal('significant'), ...drop, unit: z.enum(['score', 'fraction']), evidence: DropEvidenceSchema }),
  /** the run's mean is on the wrong side of an absolute threshold (a ceiling for lower-is-better metrics), or has no value */
  z.object({ kind: z.literal('threshold'), metric: z.string(), value: z.number().nullable(), limit: z.number(), unit: z.enum(['score', 'ratio', 'ms']), bound: z.enum(['floor', 'ceiling']) }),
  /** more than max_error_rate of the questions errored on this metric */
  z.object({ kind: z.literal('error_rate'), metric: z.string(), value: z.number(), limit: z.number(), unit: z.literal('fraction'), errors: z.number().int(), questions: z.number().int() }),
  /** a category's mean is on the wrong side of its by_category floor, or has no value */
  z.object({
    kind: z.literal('category_floor'),
    category: z.string(),
    metric: z.string(),
    value: z.number().nullable(),
    limit: z.number(),
    unit: z.enum(['score', 'ratio', 'ms']),
    bound: z.enum(['floor', 'ceiling']),
  }),
  /** by_category sets floors for a category no question has: a typo must not pass silently */
  z.object({ kind: z.literal('category_missing'), category: z.string(), metrics: z.array(z.string()) }),
])
export type GateFailure = z.infer<typeof GateFailureSchema>
export type GateFailureKind = GateFailure['kind']
/** The failures that belong to one metric row (everything but the category ones). */
export type MetricFailure = Extract<GateFailure, { kind: 'max_drop' | 'latency' | 'significant' | 'threshold' | 'error_rate' }>

/**
 * What a metric row's change is held against: max_drop (score points) or latency_rise (a share of
 * the baseline, on the p50 and p95 latency; null when latency_rise is not set: reported, not gated)
 * with `min_ms`, the absolute rise in ms it must also exceed.
 */
export const MetricLimitSchema = z.object({ kind: z.enum(['max_drop', 'latency_rise']), value: z.number().nullable(), min_ms: z.number().nullable().default(null) })
export type MetricLimit = z.infer<typeof MetricLimitSchema>
