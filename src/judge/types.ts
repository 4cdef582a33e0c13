import type { JudgeIdentity } from '../schemas/results.ts'
import type { PromptId, ResponseOf } from './prompts.ts'
import type { FamilyUsage } from './usage.ts'

export type JudgeResult<T> = { ok: true; value: T } | { ok: false; error: string; raw: string | null }

export interface AskOptions {
  /** a distinct cache entry for a deliberate repeat (judge.repeats): never served the first pass's answer */
  variant?: string
}

/**
 * What the LLM metrics need from a judge. Injected, so tests and the offline provider need
 * no network, and the cache, retries and accounting live behind it in one place.
 */
export interface Judge {
  readonly identity: JudgeIdentity
  ask<P extends PromptId>(prompt: P, vars: Record<string, string | number>, options?: AskOptions): Promise<JudgeResult<ResponseOf<P>>>
  embed(texts: readonly string[]): Promise<JudgeResult<number[][]>>
  usageByFamily(): Record<string, FamilyUsage>
}
