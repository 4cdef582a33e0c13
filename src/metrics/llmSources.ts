/** The LLM tier's judge calls, in the order a question's scores are written (llm.ts). */
export const LLM_SOURCES = ['rubric', 'claims', 'usefulness', 'recall', 'questions'] as const
export type LlmSource = (typeof LLM_SOURCES)[number]
