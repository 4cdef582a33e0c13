import type { MetricName } from './definitions.ts'
import type { Score } from './score.ts'

export { noScore, passFail, score, type Score } from './score.ts'

/**
 * Where a scoring function writes a question's metrics one at a time: the value, and the reason
 * when there is one (a `Score` without the object). The run's scoring loop writes them straight
 * into the question's result; `scoresOf` collects them as a record.
 */
export type ScoreSink = (name: MetricName, value: number | null, reason?: string) => void

/** A question's scores by metric name, as a scoring function gives them: only names a definition declares. */
export type Scores = Partial<Record<MetricName, Score>>

/** What a sink-writing scoring function gives, as `Score`s by metric name, in the order written. */
export function scoresOf(write: (sink: ScoreSink) => void): Scores {
  const scores: Scores = {}
  write((name, value, reason) => {
    scores[name] = reason === undefined ? { value } : { value, reason }
  })
  return scores
}
