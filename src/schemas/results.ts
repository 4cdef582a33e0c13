import { z } from 'zod'
import { idRecordSchema } from './ids.ts'
import { GateFailureSchema, MetricLimitSchema, NoiseReasonSchema } from './failures.ts'
import { GateSettingsSchema } from './gate.ts'
import { JudgeHealthSchema } from './judgeHealth.ts'
import { UsageSchema } from './usage.ts'

export { GateSettingsSchema, type GateSettings } from './gate.ts'
export { FamilyUsageSchema, UsageSchema, type FamilyUsage, type Usage } from './usage.ts'

/** 2: gate failures are data (`comparison.failures`), a metric row names its limit (`limit`), `reasons` only explain an incomparable baseline. */
export const RESULTS_SCHEMA_VERSION = 2

export const JudgeIdentitySchema = z.object({
  provider: z.string(),
  model: z.string().nullable(),
  embeddings_model: z.string().nullable(),
  /** sha256 over the judge's prompts and metric settings: a changed definition is never compared with an old score */
  definitions_hash: z.string(),
  /** sha256 over the rule settings (lengths, citation rule, forbidden words, refusal phrases) */
  rules_hash: z.string().optional(),
  /** an LLM judge's endpoint: scheme, host and port only (never a key, a path or a query) */
  endpoint: z.string().nullable().optional(),
  /** the response format the LLM judge's requests ended with: json_schema, json_object or text */
  response_format: z.string().nullable().optional(),
})
export type JudgeIdentity = z.infer<typeof JudgeIdentitySchema>

export const IntervalSchema = z.object({ low: z.number(), high: z.number(), level: z.number() })

export const MetricSummarySchema = z.object({
  mean: z.number().nullable(),
  /** questions with a value */
  n: z.number().int(),
  /** questions without one (not applicable or errored); always counted, never averaged in */
  nan: z.number().int(),
  /** the subset of `nan` caused by an error */
  errors: z.number().int(),
  interval: IntervalSchema.nullable().optional(),
})
export type MetricSummary = z.infer<typeof MetricSummarySchema>

export const ClaimSchema = z.object({
  text: z.string(),
  verdict: z.enum(['supported', 'contradicted', 'not_mentioned']),
  evidence: z.string().nullable().optional(),
})
export type Claim = z.infer<typeof ClaimSchema>

/**
 * One judge call behind a question's scores, as the endpoint answered it: the `model` string and
 * response `id` it returned (null when it sent none; embeddings responses carry no id), and
 * whether the reply came from the judge cache (then with the model and id of the call that first
 * gave it). Kept per question, model strings inline: the response id is unique per call and is
 * most of an entry, so a per-run table of models referenced by index would save little and make
 * merging shards a renumbering.
 */
export const JudgeCallSchema = z.object({
  family: z.string(),
  model: z.string().nullable(),
  id: z.string().nullable(),
  cached: z.boolean(),
})
export type JudgeCallRecord = z.infer<typeof JudgeCallSchema>

export const QuestionResultSchema = z.object({
  question: z.string(),
  category: z.string().nullable(),
  difficulty: z.string().nullable(),
  should_refuse: z.boolean(),
  answer: z.string(),
  /** metric → value in [0,1] (ms for latency_ms) or null */
  scores: z.record(z.string(), z.number().nullable()),
  /** metric → why the value is null, or the judge's reason */
  notes: z.record(z.string(), z.string()),
  /** metric → error message; "candidate" when the system under test failed on this question */
  errors: z.record(z.string(), z.string()),
  claims: z.array(ClaimSchema).optional(),
  /** every LLM-judge call behind this question's scores; absent when the judge made none (or in files written before evalgate kept them) */
  judge_calls: z.array(JudgeCallSchema).optional(),
  /** one turn of a conversation (`conversation_id` + `turn`); absent for a single question */
  conversation: z.object({ id: z.string(), turn: z.number().int().min(1) }).optional(),
})
export type QuestionResult = z.infer<typeof QuestionResultSchema>

/** shard i of n: which slice of the eval set this run scored, and how many questions the whole set has */
export const ShardSchema = z.object({ index: z.number().int().min(1), count: z.number().int().min(1), total_questions: z.number().int().min(0) })
export type Shard = z.infer<typeof ShardSchema>

/** a subset run (--only, --failing-from): which questions it re-ran, of how many; never gated against the full baseline */
export const SubsetSchema = z.object({ by: z.string(), questions: z.number().int().min(0), total_questions: z.number().int().min(0) })
export type Subset = z.infer<typeof SubsetSchema>

export const RunInfoSchema = z.object({
  version: z.string().nullable(),
  eval_set_version: z.string(),
  eval_set_fingerprint: z.string(),
  eval_set_path: z.string().nullable(),
  question_count: z.number().int(),
  candidate: z.string(),
  judge: JudgeIdentitySchema,
  judge_label: z.string(),
  k: z.array(z.number().int()),
  shard: ShardSchema.nullable(),
  subset: SubsetSchema.nullable().default(null),
  started_at: z.string(),
  timings_ms: z.object({ candidate: z.number(), scoring: z.number(), total: z.number() }),
  usage: UsageSchema,
  /** judge.repeats > 1: mean absolute difference between the rubric passes (0-1 scale) */
  judge_stability: z.object({ repeats: z.number().int(), mean_abs_diff: z.number().nullable(), threshold: z.number() }).nullable().default(null),
  /** what the run wants the reader to know: a skipped tier, an unstable judge */
  notes: z.array(z.string()).default([]),
  /** the LLM judge stopped sending requests mid-run (a refused key, a server gone): why, and the fix; the run exits 2 */
  judge_stopped: z.object({ cause: z.string(), fix: z.string() }).nullable().optional(),
})
export type RunInfo = z.infer<typeof RunInfoSchema>

/**
 * regression: dropped by more than max_drop and the paired interval excludes no change;
 * regression_within_noise: dropped by more than max_drop, but the data cannot tell it from noise;
 * not_gated: compared and reported, but no setting gates it (latency_ms without gate.latency_rise).
 */
export const MetricStatusSchema = z.enum(['regression', 'regression_within_noise', 'improvement', 'within', 'new', 'not_computed', 'no_baseline', 'not_gated'])
export type MetricStatus = z.infer<typeof MetricStatusSchema>

/** One latency percentile on both sides, in ms, and its direction-aware relative change (positive is faster, see directedChange). */
const LatencyPairSchema = z.object({ baseline: z.number(), candidate: z.number(), change: z.number() })

export const PairedTestSchema = z.enum(['sign_flip_exact', 'sign_flip_monte_carlo', 'sign_flip_normal', 'mcnemar_mid_p'])
export type PairedTest = z.infer<typeof PairedTestSchema>

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
  /** smallest difference detectable at this n and base rate (alpha 0.05, power 0.8) */
  mde: z.number().nullable().default(null),
  note: z.string().nullable(),
  /** latency_ms against a per-question baseline: the p50 and p95 latency across the questions both sides timed, which the gate holds (the mean is only reported) */
  percentiles: z.object({ p50: LatencyPairSchema, p95: LatencyPairSchema }).nullable().default(null),
})
export type MetricRow = z.infer<typeof MetricRowSchema>

export const CategoryRowSchema = z.object({
  category: z.string(),
  n: z.number().int(),
  metrics: z.record(
    z.string(),
    z.object({
      baseline: z.number().nullable(),
      candidate: z.number().nullable(),
      /** 95% interval of the candidate mean in this category (Wilson for pass/fail metrics) */
      interval: z.object({ low: z.number(), high: z.number() }).nullable().default(null),
    }),
  ),
  /** a 95% half-width above 0.10 on a headline metric: too few questions to judge this category */
  too_few: z.boolean().default(false),
  floors: z.array(z.object({ metric: z.string(), floor: z.number(), value: z.number().nullable(), passed: z.boolean() })),
})
export type CategoryRow = z.infer<typeof CategoryRowSchema>

/** One question's change on one metric; its text is in `questions[id]`, not repeated here. */
export const QuestionChangeSchema = z.object({
  id: z.string(),
  category: z.string().nullable(),
  metric: z.string(),
  baseline: z.number(),
  candidate: z.number(),
  delta: z.number(),
  /** direction-aware size: positive is better */
  change: z.number(),
  flip: z.boolean(),
  reason: z.string().nullable(),
})
export type QuestionChange = z.infer<typeof QuestionChangeSchema>

/** A regressed question's answer in the baseline (capped, as the baseline keeps it), and whether this run's answer is the same (equal SHA-256). */
export const BaselineAnswerSchema = z.object({ answer: z.string(), answer_truncated: z.boolean(), unchanged: z.boolean() })
export type BaselineAnswer = z.infer<typeof BaselineAnswerSchema>

/** subset: a run of some questions only (--only, --failing-from), compared on those, never gated */
export const VerdictSchema = z.enum(['pass', 'fail', 'incomparable', 'no_baseline', 'subset'])
export type Verdict = z.infer<typeof VerdictSchema>

export const ComparisonSchema = z.object({
  verdict: VerdictSchema,
  /** why the baseline cannot be compared with this run (verdict `incomparable`); empty otherwise */
  reasons: z.array(z.string()),
  /** why the gate failed under the chosen gate_mode, in report order; empty when it did not */
  failures: z.array(GateFailureSchema),
  baseline: z.object({
    path: z.string().nullable(),
    kind: z.enum(['evalgate', 'minimal', 'results', 'none']),
    version: z.string().nullable(),
    eval_set_version: z.string().nullable(),
    fingerprint_check: z.enum(['match', 'mismatch', 'absent']),
  }),
  common: z.number().int(),
  added: z.array(z.string()),
  removed: z.array(z.string()),
  metrics: z.array(MetricRowSchema),
  categories: z.array(CategoryRowSchema),
  /** the largest changes, worst first, at most MAX_STORED_CHANGES each; every score is in `questions` */
  regressions: z.array(QuestionChangeSchema),
  improvements: z.array(QuestionChangeSchema),
  /** per question in `regressions`: what the baseline kept of its answer; empty when the baseline keeps no answers (schema 1, or none written before evalgate kept them) */
  baseline_answers: idRecordSchema(BaselineAnswerSchema).default(() => ({})),
  /** all changes, including rows beyond the stored ones, and distinct questions: worse on some metric and better on none, the reverse, or both (mixed) */
  change_counts: z
    .object({
      regression_rows: z.number().int(),
      improvement_rows: z.number().int(),
      /** questions worse on some metric and better on none; better likewise; mixed: worse on one and better on another (the noise note counts the same) */
      questions_worse: z.number().int(),
      questions_better: z.number().int(),
      questions_mixed: z.number().int().default(0),
    })
    .default({ regression_rows: 0, improvement_rows: 0, questions_worse: 0, questions_better: 0, questions_mixed: 0 }),
  messages: z.array(z.string()),
  /** the model string the judge's API reports differs from the baseline's under the same requested model (a silent vendor upgrade); shown beside the judge line */
  judge_model_change: z.string().nullable().default(null),
  gate: GateSettingsSchema,
  /** where each gate setting's value came from: "default", the baseline's path, evalgate.yml, "flags" or "action inputs"; absent in files written before evalgate recorded it */
  gate_sources: z.record(z.string(), z.string()).optional(),
  /** the verdict under each gate mode, so the report can say what the other mode would have done */
  verdicts_by_mode: z.object({ strict: VerdictSchema, significant: VerdictSchema }).nullable().default(null),
  noise: z
    .object({
      n: z.number().int(),
      half_width: z.number(),
      mde: z.number(),
      questions_worse: z.number().int(),
      questions_better: z.number().int(),
      sign_p: z.number(),
      /** the Holm set: one test per metric that changed, tied metrics as one family (Simes); latency adjusted on its own */
      tests: z.array(z.object({ family: z.string(), metrics: z.array(z.string()), p: z.number(), p_holm: z.number() })).default([]),
    })
    .nullable()
    .default(null),
  update_command: z.string(),
})
export type Comparison = z.infer<typeof ComparisonSchema>

export const ResultsSchema = z.object({
  schema_version: z.literal(RESULTS_SCHEMA_VERSION),
  run: RunInfoSchema,
  metrics: z.record(z.string(), MetricSummarySchema),
  questions: idRecordSchema(QuestionResultSchema),
  comparison: ComparisonSchema.nullable(),
  /** an LLM-judged run's judge health (grade spread, length bias); null for lexical and rules-only runs, and in files written before evalgate kept it */
  judge_health: JudgeHealthSchema.nullable().default(null),
})
export type Results = z.infer<typeof ResultsSchema>
