import { createHash } from 'node:crypto'
import { ANSWER_CAP, ANSWER_CUT_MARK } from '../schemas/baseline.ts'

/**
 * What a baseline keeps of each answer, so a regressed question can show what the system said
 * before: the text capped at ANSWER_CAP code points (a report shows it, a diff reviews it)
 * and the SHA-256 of the whole answer (equal hashes: the answer did not change, so a drop
 * comes from scoring or the contexts).
 */
export interface StoredAnswer {
  /** at most ANSWER_CAP code points; a cut answer ends with ANSWER_CUT_MARK */
  answer: string
  answer_truncated: boolean
  /** hex SHA-256 of the whole answer's UTF-8 bytes */
  answer_sha256: string
  /** the whole answer's length in code points: judge health compares answer lengths with the baseline's */
  answer_chars: number
}

/**
 * The first `max` code points of `text`, the last of them the cut mark when it was cut.
 * Code points, not UTF-16 units: a cut never splits a surrogate pair (an emoji stays whole).
 */
export function capAnswer(text: string, max: number = ANSWER_CAP): Pick<StoredAnswer, 'answer' | 'answer_truncated'> {
  const points = [...text]
  if (points.length <= max) return { answer: text, answer_truncated: false }
  return { answer: points.slice(0, max - 1).join('') + ANSWER_CUT_MARK, answer_truncated: true }
}

export function answerSha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex')
}

/** An answer's length in code points (an emoji counts once, as a reader counts it). */
export function answerChars(text: string): number {
  let n = 0
  for (const _ of text) n++
  return n
}

export function storedAnswer(text: string): StoredAnswer {
  return { ...capAnswer(text), answer_sha256: answerSha256(text), answer_chars: answerChars(text) }
}
