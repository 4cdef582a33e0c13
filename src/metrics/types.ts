import type { MetricName } from './definitions.ts'

/** A per-question metric value: a number, or null with the reason there is none. Never NaN. */
export interface Score {
  value: number | null
  reason?: string
}

export const score = (value: number): Score => ({ value })
export const noScore = (reason: string): Score => ({ value: null, reason })
export const passFail = (passed: boolean, reasonIfFailed?: string): Score => (passed || reasonIfFailed === undefined ? { value: passed ? 1 : 0 } : { value: 0, reason: reasonIfFailed })

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
