import type { ResponseOf } from '../schemas/judge.ts'

/** The LLM tier's judge calls, in the order a question's scores are written (llm.ts). */
export const LLM_SOURCES = ['rubric', 'claims', 'usefulness', 'recall', 'questions'] as const
export type LlmSource = (typeof LLM_SOURCES)[number]

/** The rubric call's passes (judge.repeats): the first, then its repeats. */
export type RubricPasses = readonly [ResponseOf<'rubric'>, ...ResponseOf<'rubric'>[]]
