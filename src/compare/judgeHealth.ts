import { answerChars } from '../baseline/answer.ts'
import type { BaselineView } from '../baseline/baseline.ts'
import { registry } from '../metrics/registry.ts'
import { COLLAPSE_SHARE, LENGTH_RHO, LONGER_BY, MIN_HEALTH_ANSWERS, type AnswerLengths, type JudgeHealth, type LengthStratum, type RubricDimensionHealth } from '../schemas/judgeHealth.ts'
import type { Comparison, QuestionResult } from '../schemas/results.ts'
import { spearman } from '../stats/agreement.ts'
import { knownAt } from '../io/known.ts'

/**
 * Judge health: is the LLM judge's 0–4 rubric still telling answers apart (grades spread over
 * the scale, not piled onto one), and is it rewarding length (grades rising with answer length;
 * answers that got longer than the baseline's, compared within length bands)? Computed once from
 * the run's questions and the baseline; stored in results.json and worded by the renderers.
 * Should-refuse questions are left out: the rubric gives a correct refusal 4 on every dimension.
 */
export const RUBRIC_METRICS: readonly string[] = registry.definitions.filter((d) => d.llmSource === 'rubric' && d.tiers.includes('llm')).map((d) => d.name)

/** A rubric score (grade / 4, or the mean of the passes / 4) as the nearest grade 0–4. */
export function gradeOf(score: number): number {
  return Math.min(4, Math.max(0, Math.round(score * 4)))
}

/**
 * `comparison`: this run's against `baseline`; the answer lengths are compared only when there is
 * one and it is comparable (an incomparable baseline's grades are not this judge's, or not of this set).
 */
export function judgeHealth(questions: Readonly<Record<string, QuestionResult>>, baseline: BaselineView | null, comparison: Pick<Comparison, 'verdict'> | null): JudgeHealth {
  const answered = Object.entries(questions).filter(([, q]) => !q.should_refuse && q.errors.candidate === undefined)
  const metrics = RUBRIC_METRICS.filter((m) => answered.some(([, q]) => q.scores[m] != null))
  const judged = answered.filter(([, q]) => metrics.some((m) => q.scores[m] != null))
  return {
    answers: judged.length,
    dimensions: metrics.map((m) =>
      dimensionHealth(
        m,
        judged.map(([, q]) => q),
      ),
    ),
    lengths: baseline && comparison && comparison.verdict !== 'incomparable' ? answerLengths(judged, baseline, metrics) : null,
  }
}

function dimensionHealth(metric: string, questions: readonly QuestionResult[]): RubricDimensionHealth {
  const graded = questions.flatMap((q) => (q.scores[metric] == null ? [] : [{ grade: gradeOf(q.scores[metric]), chars: answerChars(q.answer) }]))
  const counts = [0, 0, 0, 0, 0]
  for (const { grade } of graded) counts[grade] = knownAt(counts, grade, 'a grade count') + 1
  const n = graded.length
  const top = n === 0 ? null : counts.indexOf(Math.max(...counts))
  const share = top === null ? null : knownAt(counts, top, 'a grade count') / n
  const rho =
    n < 2
      ? null
      : spearman(
          graded.map((g) => g.chars),
          graded.map((g) => g.grade),
        )
  const enough = n >= MIN_HEALTH_ANSWERS
  return {
    metric,
    n,
    counts,
    top_grade: top,
    top_share: share,
    collapsed: enough && share !== null && share > COLLAPSE_SHARE,
    length_rho: rho,
    length_biased: enough && rho !== null && rho > LENGTH_RHO,
  }
}

/** One answer: its length in code points and its rubric scores. */
export interface SizedAnswer {
  chars: number
  scores: Readonly<Record<string, number | null>>
}

function answerLengths(judged: readonly [string, QuestionResult][], view: BaselineView, metrics: readonly string[]): AnswerLengths | null {
  if (!view.questions) return null
  const pairs: { baseline: SizedAnswer; candidate: SizedAnswer }[] = []
  for (const [id, q] of judged) {
    const before = view.questions[id]
    const chars = before ? baselineChars(before) : null
    if (!before || chars === null) continue
    pairs.push({ baseline: { chars, scores: before.scores }, candidate: { chars: answerChars(q.answer), scores: q.scores } })
  }
  if (pairs.length === 0) return null
  const medianBaseline = median(pairs.map((p) => p.baseline.chars))
  const medianCandidate = median(pairs.map((p) => p.candidate.chars))
  const longer = medianCandidate > medianBaseline * (1 + LONGER_BY)
  return {
    n: pairs.length,
    median_baseline: medianBaseline,
    median_candidate: medianCandidate,
    longer,
    strata: longer
      ? lengthStrata(
          pairs.map((p) => p.baseline),
          pairs.map((p) => p.candidate),
          metrics,
        )
      : null,
  }
}

/** The whole baseline answer's length: kept since answer_chars; an answer kept whole (not cut) gives it too. */
function baselineChars(q: NonNullable<BaselineView['questions']>[string]): number | null {
  if (q.answer_chars !== undefined) return q.answer_chars
  return q.answer !== undefined && q.answer_truncated === false ? answerChars(q.answer) : null
}

/**
 * Short / medium / long answers, cut at the baseline's length tertiles (nearest rank, so the
 * baseline's shortest third is "short"); each side's answers in a band with their mean score per
 * metric. Within a band, length is (nearly) held equal: a candidate that is only longer moves
 * answers into the long band, not the means within a band. Equal cut points merge their bands.
 */
export function lengthStrata(baseline: readonly SizedAnswer[], candidate: readonly SizedAnswer[], metrics: readonly string[]): LengthStratum[] {
  if (baseline.length === 0) return []
  const sorted = baseline.map((a) => a.chars).sort((a, b) => a - b)
  const cuts = [...new Set([1, 2].map((k) => knownAt(sorted, Math.ceil((sorted.length * k) / 3) - 1, 'a baseline length')))]
  const strata: LengthStratum[] = []
  // a band from each cut (the first from no lower bound) to the next (the last to no upper bound)
  for (const [i, low] of [null, ...cuts].entries()) {
    const high = cuts[i] ?? null
    const within = (a: SizedAnswer) => (low === null || a.chars > low) && (high === null || a.chars <= high)
    const before = baseline.filter(within)
    const after = candidate.filter(within)
    strata.push({
      low,
      high,
      n_baseline: before.length,
      n_candidate: after.length,
      metrics: Object.fromEntries(metrics.map((m) => [m, { baseline: meanOf(before, m), candidate: meanOf(after, m) }])),
    })
  }
  return strata
}

function meanOf(answers: readonly SizedAnswer[], metric: string): number | null {
  const values = answers.flatMap((a) => (a.scores[metric] == null ? [] : [a.scores[metric]]))
  return values.length === 0 ? null : values.reduce((sum, v) => sum + v, 0) / values.length
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  const at = (i: number) => knownAt(sorted, i, 'a length')
  return sorted.length % 2 === 1 ? at(mid) : (at(mid - 1) + at(mid)) / 2
}
