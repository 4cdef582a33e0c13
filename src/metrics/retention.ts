import type { EvalRow } from '../schemas/evalSet.ts'
import type { RubricPasses } from './llmSources.ts'
import { hasEarlierTurns } from './question.ts'
import { noScore, type Score } from './score.ts'

// The rubric's view of a conversation: the earlier turns it is shown, and its context_retention

/** What was said before the question, one message a paragraph, for the rubric's <history> block. */
export function historyBlock(row: EvalRow): string {
  if (!row.history || row.history.length === 0) return '(empty: this is the first turn)'
  return row.history.map((m) => `${m.role}: ${m.content}`).join('\n\n')
}

/** context_retention_norm where there is nothing earlier to retain. */
export const FIRST_TURN_REASON = 'first turn: nothing said earlier to retain'
export const SINGLE_QUESTION_REASON = 'single question: no earlier turns'

/** context_retention_norm from the rubric passes: judged on a turn after the first, null with the reason on the others. */
export function retention(row: EvalRow, passes: RubricPasses): { score: Score } | { error: string } {
  if (!hasEarlierTurns(row)) return { score: noScore(row.conversation ? FIRST_TURN_REASON : SINGLE_QUESTION_REASON) }
  const grades = passes.map((p) => p.context_retention)
  if (grades.some((g) => g === null)) return { error: 'the judge gave no context_retention for a turn after the first (null although earlier turns were shown)' }
  const mean = (grades as number[]).reduce((sum, g) => sum + g, 0) / grades.length
  return { score: { value: mean / 4, reason: String(passes[0].reason) } }
}
