import { chunkLabelOf } from '../../metrics/language.ts'
import type { LlmSettings } from '../../metrics/llm.ts'
import type { Config } from '../../schemas/config.ts'
import type { EvalRow } from '../../schemas/evalSet.ts'
import { NO_EMBEDDINGS } from '../../schemas/judgeConfig.ts'

/**
 * Questions in progress at once per judge concurrency slot. A question in progress always has
 * a call in flight or waiting for a slot, so judge.concurrency questions keep every slot busy;
 * twice that covers the questions between calls (a reply being parsed, a backoff) while the
 * prompts and replies held stay bounded by the concurrency, not by the number of questions.
 */
export const QUESTIONS_PER_SLOT = 2

/** How many questions the tier works on at once. */
export function questionsInFlight(config: Config): number {
  return config.judge.concurrency * QUESTIONS_PER_SLOT
}

/** The tier's settings for a run: the judge's, and the chunk label its questions' language calls for. */
export function llmSettings(config: Config, rows: readonly EvalRow[]): LlmSettings {
  return {
    relevancyQuestions: config.judge.answer_relevancy.questions,
    noncommittal: config.judge.answer_relevancy.noncommittal,
    repeats: config.judge.repeats,
    embeddings: embeddingsOn(config),
    chunkLabel: chunkLabelOf(rows.map((r) => r.question)),
  }
}

/** Whether the run asks for embeddings (answer_relevancy): an embeddings model and not provider none. */
export function embeddingsOn(config: Pick<Config, 'embeddings'>): boolean {
  const e = config.embeddings
  return e !== undefined && e.provider !== 'none' && e.model !== undefined && e.model !== NO_EMBEDDINGS
}
