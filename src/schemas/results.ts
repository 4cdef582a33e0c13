import { z } from 'zod'
import { idRecordSchema } from './ids.ts'
import { GateFailureSchema } from './failures.ts'
import { IntervalSchema, MetricRowSchema } from './metricRow.ts'
import { GateSettingsSchema } from './gate.ts'
import { JudgeHealthSchema } from './judgeHealth.ts'
import { UsageSchema } from './usage.ts'

export { GateSettingsSchema, type GateSettings } from './gate.ts'
export { FamilyUsageSchema, UsageSchema, type FamilyUsage, type Usage } from './usage.ts'

/**
 * 3: each question's scores are a list in the order of `score_columns`, a note shared by several
 * of a question's metrics is written once for all of them, and a note carried by more than one
 * question is written once in `shared_notes` and referred to by its place (resultsFile.ts); the
 * eval-set fingerprint is a sum of row hashes (baseline/fingerprint.ts).
 * 2: gate failures are data (`comparison.failures`), a metric row names its limit (`limit`), `reasons` only explain an incomparable baseline.
 */
export const RESULTS_SCHEMA_VERSION = 3

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
  /**
   * the first 16 hex digits of the SHA-256 of what the answer was generated from besides the
   * question: the conversation history given to the candidate, the retrieved ids and the
   * contexts. The same inputs and a different answer from the baseline's: the candidate answers
   * differently from run to run. Absent for an unanswered question and in older files.
   */
  inputs_hash: z.string().optional(),
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
  /**
   * relevant doc id → its rank (1-based) among the retrieved ids, null when not retrieved: the
   * question's retrieval as the baseline keeps it, so a later run's reason can say "relevant doc
   * X was rank 1, now not retrieved". Absent for a question that lists no relevant doc, and in older files.
   */
  relevant_ranks: z.record(z.string(), z.number().int().min(1).nullable()).optional(),
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
  /** the eval set's (baseline/fingerprint.ts); a shard's covers its own rows, and merge adds the shards' up to the whole set's */
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
  /**
   * --sequential: the LLM tier judged questions in a seeded random order and stopped once each
   * gated judged metric's anytime-valid confidence sequence settled the verdict (gate_mode
   * significant). What it judged, what it saved, and per metric its verdict, the units (questions,
   * conversations) its tests saw, their mean direction-aware change, and the anytime-valid
   * p-values of its two tests: of "no change" against a drop (fail below alpha_fail, with the mean
   * beyond max_drop) and of "the full run fails this metric" over the eval set's own questions,
   * sampled without replacement (pass below alpha_pass); written only by such a run.
   */
  sequential: z
    .object({
      seed: z.number().int(),
      questions_judged: z.number().int(),
      questions_total: z.number().int(),
      /** the judge calls the plan had for the questions not judged */
      calls_saved: z.number().int(),
      settled: z.enum(['fail', 'pass']).nullable(),
      alpha_fail: z.number(),
      alpha_pass: z.number(),
      metrics: z.array(z.object({ metric: z.string(), verdict: z.enum(['fail', 'pass']).nullable(), n: z.number().int(), mean: z.number().nullable(), p_drop: z.number(), p_within: z.number() })),
    })
    .optional(),
  /** the LLM judge stopped sending requests mid-run (a refused key, a server gone): why, and the fix; the run exits 2 */
  judge_stopped: z.object({ cause: z.string(), fix: z.string() }).nullable().optional(),
})
export type RunInfo = z.infer<typeof RunInfoSchema>

export { PairedTestSchema, type PairedTest } from './failures.ts'
export { IntervalSchema, MetricRowSchema, MetricStatusSchema, type MetricRow, type MetricStatus } from './metricRow.ts'

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
  /**
   * answers against the baseline's on the questions whose inputs (question, history, retrieved ids,
   * contexts) are the same on both sides: how many there are, on how many the answer differs, and
   * the first few of those; null when either side keeps no inputs hash (files written before it)
   */
  determinism: z
    .object({ same_inputs: z.number().int(), answers_differ: z.number().int(), ids: z.array(z.string()) })
    .nullable()
    .default(null),
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
      /** ± half-width of one pass rate's 95% interval at this n (how precisely a rate is known, not what a comparison detects) */
      half_width: z.number(),
      /** no longer written: the two-independent-runs MDE of a pass rate; each metric row has its paired `mde` */
      mde: z.number().optional(),
      questions_worse: z.number().int(),
      questions_better: z.number().int(),
      /** no longer written: a sign test over questions pooled across metrics answered no metric's question (each metric has its own test) */
      sign_p: z.number().optional(),
      /** the tests: gate.primary's fixed sequence (stage primary), then the Holm set: one test per metric that changed, tied metrics as one family (Simes) */
      tests: z.array(z.object({ family: z.string(), metrics: z.array(z.string()), p: z.number(), p_holm: z.number(), stage: z.enum(['primary', 'holm']).default('holm') })).default([]),
    })
    .nullable()
    .default(null),
  update_command: z.string(),
})
export type Comparison = z.infer<typeof ComparisonSchema>

/**
 * A run's results as evalgate holds them, and as results.json held them up to schema 2: each
 * question's scores and notes by metric name. A file of schema 3 is read into this shape
 * (resultsFile.ts), and written from it.
 */
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
