import { answerSha256 } from '../baseline/answer.ts'
import type { BaselineView } from '../baseline/baseline.ts'
import { idRecord, ownValue } from '../text/ids.ts'
import type { BaselineAnswer, Comparison, QuestionChange, QuestionResult } from '../schemas/results.ts'
import { knownField } from '../io/known.ts'

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

/** How many differing answers determinism() names. */
const NAMED = 10

/**
 * Whether the candidate answers the same inputs the same way: over the questions whose inputs
 * hash (question, history, retrieved ids, contexts) equals the baseline's, how many got an
 * answer with another SHA-256. A candidate that differs there either was changed where it
 * generates (a prompt, the model, its sampling) or answers differently from run to run; the
 * report says both. Null when the baseline keeps no inputs hashes (or no answers).
 */
export function determinism(baseline: BaselineView | null, questions: Readonly<Record<string, QuestionResult>>): Comparison['determinism'] {
  if (!baseline?.questions) return null
  let compared = 0
  let sameInputs = 0
  const differ: string[] = []
  for (const id of Object.keys(questions).sort()) {
    const before = ownValue(baseline.questions, id)
    const after = knownField(questions, id, 'question')
    if (before?.inputs_hash === undefined || before.answer_sha256 === undefined || after.inputs_hash === undefined) continue
    compared += 1
    if (before.inputs_hash !== after.inputs_hash) continue
    sameInputs += 1
    if (before.answer_sha256 !== answerSha256(after.answer)) differ.push(id)
  }
  return compared === 0 ? null : { same_inputs: sameInputs, answers_differ: differ.length, ids: differ.slice(0, NAMED) }
}
