import { metricInfo } from '../metrics/registry.ts'
import { OVER_REFUSAL } from '../metrics/rules.ts'
import type { QuestionResult } from '../schemas/results.ts'

/**
 * Why one question scored what it did on one metric, for every report row (regressions,
 * improvements, the worst questions of a run without a baseline): the metric's own note, else
 * its error, else the candidate's. An answerable question the candidate refused says so
 * (`over_refusal`) on every answer metric, instead of the symptom ("no citation", "failed:
 * …"); retrieval and latency keep their own reasons, which the refusal did not cause.
 */
export function questionReason(q: QuestionResult, metric: string): string | null {
  const tiers = metricInfo(metric)?.tiers ?? []
  const aboutTheAnswer = !tiers.includes('retrieval') && !tiers.includes('operations')
  if (aboutTheAnswer && q.scores.no_over_refusal === 0) return OVER_REFUSAL
  return q.notes[metric] ?? q.errors[metric] ?? q.errors.candidate ?? null
}
