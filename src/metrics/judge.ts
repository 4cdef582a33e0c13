import type { PromptId, ResponseOf } from '../schemas/judge.ts'
import type { FamilyUsage, JudgeIdentity } from '../schemas/results.ts'

export type JudgeResult<T> = { ok: true; value: T } | { ok: false; error: string; raw: string | null }

export interface AskOptions {
  /** a distinct cache entry for a deliberate repeat (judge.repeats): never served the first pass's answer */
  variant?: string
}

/**
 * What the LLM metrics need from a judge. Defined here, beside the metrics that use it, and
 * implemented in judge/: tests and the offline provider need no network, and the cache,
 * retries and accounting live behind it in one place.
 */
export interface Judge {
  readonly identity: JudgeIdentity
  ask<P extends PromptId>(prompt: P, vars: Record<string, string | number>, options?: AskOptions): Promise<JudgeResult<ResponseOf<P>>>
  embed(texts: readonly string[]): Promise<JudgeResult<number[][]>>
  usageByFamily(): Record<string, FamilyUsage>
}

/** Items as the prompts show them: one per line, each after its label (`1.`, `[文档2]`). */
export function numbered(items: readonly string[], label: (i: number) => string): string {
  return items.length === 0 ? '(none)' : items.map((item, i) => `${label(i + 1)} ${item}`).join('\n')
}
