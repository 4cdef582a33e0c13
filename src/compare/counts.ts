import type { Comparison, QuestionChange } from '../schemas/results.ts'

export type ChangeCounts = Comparison['change_counts']

/**
 * How many rows and questions moved, counted once for every place that says so (the header,
 * the terminal, the noise note's sign test, the Action's `regressions` output): a question is
 * worse when it fell on some metric and rose on none, better the other way round, and mixed
 * when it did both, so "N worse / M better" never counts a question twice.
 */
export function changeCounts(regressions: readonly QuestionChange[], improvements: readonly QuestionChange[]): ChangeCounts {
  const worse = new Set(regressions.map((q) => q.id))
  const better = new Set(improvements.map((q) => q.id))
  const mixed = [...worse].filter((id) => better.has(id)).length
  return {
    regression_rows: regressions.length,
    improvement_rows: improvements.length,
    questions_worse: worse.size - mixed,
    questions_better: better.size - mixed,
    questions_mixed: mixed,
  }
}
