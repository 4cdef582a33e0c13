import { answerSha256 } from '../baseline/answer.ts'
import type { BaselineView } from '../baseline/baseline.ts'
import { idRecord, ownValue } from '../io/ids.ts'
import type { BaselineAnswer, QuestionChange, QuestionResult } from '../schemas/results.ts'

/**
 * What each regressed question answered before, for the reports' before/after: the baseline's
 * capped answer and whether this run's answer hashes the same (then the drop comes from
 * scoring or the contexts, not from the answer). Only questions the baseline kept an answer
 * for: a baseline of schema 1 keeps none, so the reports show no before text.
 */
export function baselineAnswers(regressions: readonly QuestionChange[], baseline: BaselineView | null, questions: Readonly<Record<string, QuestionResult>>): Record<string, BaselineAnswer> {
  const out = idRecord<BaselineAnswer>()
  if (!baseline?.questions) return out
  for (const { id } of regressions) {
    if (Object.hasOwn(out, id)) continue
    const before = ownValue(baseline.questions, id)
    const after = ownValue(questions, id)
    if (before?.answer === undefined || before.answer_sha256 === undefined || !after) continue
    out[id] = { answer: before.answer, answer_truncated: before.answer_truncated ?? false, unchanged: before.answer_sha256 === answerSha256(after.answer) }
  }
  return out
}
