import { z } from 'zod'

/** A warning when more than this share of the judged answers got one grade on a dimension: the judge has stopped discriminating. */
export const COLLAPSE_SHARE = 0.6
/** A warning when Spearman's rho between answer length and a rubric score is above this: longer answers score higher. */
export const LENGTH_RHO = 0.3
/** The candidate's median answer length this much above the baseline's: the rubric is shown within length strata. */
export const LONGER_BY = 0.2
/** Fewer judged answers than this give no warning: one grade or one ranking among a handful says nothing about the judge. */
export const MIN_HEALTH_ANSWERS = 10

/** One rubric dimension (a 0–4 grade, stored as grade / 4): how the judge spread its grades, and whether they follow answer length. */
export const RubricDimensionHealthSchema = z.object({
  /** the metric the grade is stored as: accuracy_norm, … */
  metric: z.string(),
  /** answers with a grade on this dimension */
  n: z.number().int(),
  /** answers per grade 0, 1, 2, 3, 4 (the mean of the passes rounded to the nearest grade when judge.repeats > 1) */
  counts: z.array(z.number().int()).length(5),
  /** the grade most answers got (the lowest on a tie), and their share of n; null without answers */
  top_grade: z.number().int().min(0).max(4).nullable(),
  top_share: z.number().nullable(),
  /** top_share above COLLAPSE_SHARE, over at least MIN_HEALTH_ANSWERS answers */
  collapsed: z.boolean(),
  /** Spearman's rho between the answer's length (code points) and the grade; null when either is constant or n < 2 */
  length_rho: z.number().nullable(),
  /** length_rho above LENGTH_RHO, over at least MIN_HEALTH_ANSWERS answers */
  length_biased: z.boolean(),
})
export type RubricDimensionHealth = z.infer<typeof RubricDimensionHealthSchema>

/** Answers of one length band (code points, low < length ≤ high; null: unbounded), baseline and candidate each, with their rubric means. */
export const LengthStratumSchema = z.object({
  low: z.number().nullable(),
  high: z.number().nullable(),
  n_baseline: z.number().int(),
  n_candidate: z.number().int(),
  /** metric → mean score (0–1) of the answers in this band; null when the band has none */
  metrics: z.record(z.string(), z.object({ baseline: z.number().nullable(), candidate: z.number().nullable() })),
})
export type LengthStratum = z.infer<typeof LengthStratumSchema>

export const AnswerLengthsSchema = z.object({
  /** questions whose answer length is known on both sides (answerable, in both runs) */
  n: z.number().int(),
  /** median answer length in code points over those questions */
  median_baseline: z.number().nullable(),
  median_candidate: z.number().nullable(),
  /** the candidate's median is more than LONGER_BY above the baseline's */
  longer: z.boolean(),
  /** when longer: short / medium / long by the baseline's length tertiles; null otherwise */
  strata: z.array(LengthStratumSchema).nullable(),
})
export type AnswerLengths = z.infer<typeof AnswerLengthsSchema>

/** Judge health of an LLM-judged run, computed by analysis/judgeHealth.ts; the renderers word it. */
export const JudgeHealthSchema = z.object({
  /** answerable questions the rubric judged (should-refuse ones are left out: a correct refusal gets 4 on every dimension) */
  answers: z.number().int(),
  dimensions: z.array(RubricDimensionHealthSchema),
  /** against the baseline's answers; null without a comparable baseline that knows its answers' lengths */
  lengths: AnswerLengthsSchema.nullable(),
})
export type JudgeHealth = z.infer<typeof JudgeHealthSchema>
