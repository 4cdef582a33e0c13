import type { Comparison } from '../schemas/results.ts'

export type ChangeCounts = Comparison['change_counts']

/**
 * How many rows and questions moved, counted once for every place that says so (the header,
 * the terminal, the noise note's sign test, the Action's `regressions` output): a question is
 * worse when it fell on some metric and rose on none, better the other way round, and mixed
 * when it did both, so "N worse / M better" never counts a question twice.
 * `worse` and `better` hold 1 at each question position with a regression or an improvement row.
 */
export function changeCounts(rows: { regressions: number; improvements: number }, worse: Uint8Array, better: Uint8Array): ChangeCounts {
  let onlyWorse = 0
  let onlyBetter = 0
  let mixed = 0
  for (let i = 0; i < worse.length; i++) {
    if (worse[i] === 1 && better[i] === 1) mixed += 1
    else if (worse[i] === 1) onlyWorse += 1
    else if (better[i] === 1) onlyBetter += 1
  }
  return {
    regression_rows: rows.regressions,
    improvement_rows: rows.improvements,
    questions_worse: onlyWorse,
    questions_better: onlyBetter,
    questions_mixed: mixed,
  }
}

/**
 * "N questions worse", the one definition the header, the terminal, the noise note, the demo
 * and the Action's `regressions` output read: questions that fell on some metric and rose on
 * none. A question that did both is counted apart as mixed (in the header too), never in both.
 */
export function questionsWorse(counts: ChangeCounts): number {
  return counts.questions_worse
}

/** "M better": questions that rose on some metric and fell on none (see questionsWorse). */
export function questionsBetter(counts: ChangeCounts): number {
  return counts.questions_better
}

/** The counts of a comparison that compared nothing. */
export function noChanges(): ChangeCounts {
  return changeCounts({ regressions: 0, improvements: 0 }, new Uint8Array(0), new Uint8Array(0))
}
