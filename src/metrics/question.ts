import type { CandidateOutput } from '../schemas/candidate.ts'
import type { Config } from '../schemas/config.ts'
import type { EvalRow } from '../schemas/evalSet.ts'

/** One answered question, as the deterministic tier sees it. */
export interface QuestionToScore {
  row: EvalRow
  output: CandidateOutput
  config: Pick<Config, 'rules' | 'k'>
  /** isRefusal of the answer, when the caller has already asked it (the scoring loop has) */
  refused?: boolean
}

/**
 * Work several metrics of a question need (the retrieved ids ranked against the relevant docs,
 * the rule checks rules_pass sums up), done once per question, by the first metric that asks:
 * a metric's scorer reads it through `Question.shared`, so the metrics sharing it can be scored
 * one at a time without doing it twice. Made once, at module load (`sharedWork`).
 */
export interface SharedWork<T> {
  readonly slot: number
  readonly compute: (question: Question) => T
}

let slots = 0

export function sharedWork<T>(compute: (question: Question) => T): SharedWork<T> {
  return { slot: slots++, compute }
}

const NOT_YET: unique symbol = Symbol('not computed yet')

/** The question a deterministic metric's scorer is given: what was asked and answered, and the work its metrics share. */
export class Question {
  readonly row: EvalRow
  readonly output: CandidateOutput
  readonly config: Pick<Config, 'rules' | 'k'>
  /** isRefusal of the answer, when the caller gave it (rules.ts REFUSED asks it otherwise) */
  readonly refusedGiven: boolean | undefined
  /** per shared work's slot, what it gave for this question; short, and filled only as asked */
  private readonly done: unknown[] = []

  constructor(question: QuestionToScore) {
    this.row = question.row
    this.output = question.output
    this.config = question.config
    this.refusedGiven = question.refused
  }

  shared<T>(work: SharedWork<T>): T {
    const done = this.done
    const known = work.slot < done.length ? done[work.slot] : NOT_YET
    if (known !== NOT_YET) return known as T
    while (done.length <= work.slot) done.push(NOT_YET)
    const value = work.compute(this)
    done[work.slot] = value
    return value
  }
}

/** A question asked after earlier turns: a conversation's turn 2, 3, …, or a row with a history cell. */
export const hasEarlierTurns = (row: EvalRow) => (row.conversation?.turn ?? 1) > 1 || (row.history?.length ?? 0) > 0
