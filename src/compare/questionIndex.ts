import type { Results } from '../schemas/results.ts'
import { knownField } from '../io/known.ts'

/** What the reports need of every question that only a few have: errors and conversation turns. */
export interface QuestionIndex {
  /** the ids of the questions with at least one error, in the questions' order */
  errored: string[]
  /** the conversation turns, in the questions' order */
  turns: { id: string; conversation: string; turn: number }[]
}

/** questionIndex's answer per questions object: a results object is not changed once it is rendered. */
const indexes = new WeakMap<Results['questions'], QuestionIndex>()

/**
 * One walk of the questions for everything the terminal and report.md list of the few that have
 * it (errorCauses, firstErrored, conversationsOf): at 100,000 questions each walk costs tens of
 * milliseconds, and the terminal, report.md and the Action's reports would each walk again.
 */
export function questionIndex(questions: Results['questions']): QuestionIndex {
  const known = indexes.get(questions)
  if (known) return known
  const index: QuestionIndex = { errored: [], turns: [] }
  // for…in: no array of 100,000 ids
  for (const id in questions) {
    const q = knownField(questions, id, 'question')
    for (const _ in q.errors) {
      index.errored.push(id)
      break
    }
    if (q.conversation) index.turns.push({ id, conversation: q.conversation.id, turn: q.conversation.turn })
  }
  indexes.set(questions, index)
  return index
}
