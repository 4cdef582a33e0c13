import type { PromptId, ResponseOf } from '../schemas/judge.ts'
import type { FamilyUsage, JudgeCallRecord, JudgeIdentity } from '../schemas/results.ts'

/** One judge call as the endpoint answered it (a cache hit keeps the model and id it was first answered with). */
export type JudgeCall = JudgeCallRecord

export type JudgeResult<T> = { ok: true; value: T } | JudgeFailure

/** An ask that failed: what went wrong, and the reply that could not be used when there was one. */
export interface JudgeFailure {
  ok: false
  error: string
  raw: string | null
}

/** Calls one ask may make after its first: a repair when the reply fails the prompt's schema. The call plan counts them. */
export const REPAIRS_PER_ASK = 1

/** Tokens of one request, split the way judge.prices prices them. */
export interface CallCost {
  prompt: number
  completion: number
  embedding: number
}

/**
 * Asked by a Judge before every request it sends (a first call, a retry, a repair, an
 * embeddings request, the preflight; never for a cache hit), once the request holds its
 * concurrency slot: `open(upTo)` resolves to null to let it go, reserving `upTo` (the most it
 * can cost) until `close`, or to the reason it may not, which the ask then fails with. `close` is
 * told what the request cost (null: unknown, as after a timeout, so the reservation counts as
 * spent), once for every request that was let go.
 */
export interface CallGate {
  open(upTo: CallCost): Promise<string | null>
  close(upTo: CallCost, spent: CallCost | null): void
}

export interface CallOptions {
  gate?: CallGate
  /** told of every call behind this ask or embed, cache hits included, in the order they happen */
  trace?: (call: JudgeCall) => void
}

export interface AskOptions extends CallOptions {
  /** a distinct cache entry for a deliberate repeat (judge.repeats): never served the first pass's answer */
  variant?: string
  /** asked again: said to the judge after the prompt (what was wrong with its first reply, what to do); its own cache entry */
  reask?: string
}

/**
 * What the LLM metrics need from a judge. Defined here, beside the metrics that use it, and
 * implemented in judge/: tests and the offline provider need no network, and the cache,
 * retries and accounting live behind it in one place. An ask makes at most 1 + REPAIRS_PER_ASK
 * real calls, an embed at most 1, each let through by `options.gate` when one is given.
 */
export interface Judge {
  readonly identity: JudgeIdentity
  ask<P extends PromptId>(prompt: P, vars: Record<string, string | number>, options?: AskOptions): Promise<JudgeResult<ResponseOf<P>>>
  embed(texts: readonly string[], options?: CallOptions): Promise<JudgeResult<number[][]>>
  usageByFamily(): Record<string, FamilyUsage>
  /** What went wrong behind the judge without failing a call (its cache), for one warning each at the end of a run */
  problems?(): string[]
}

/** Why an ask failed, with the start of the reply that could not be used when there was one; null for an ask that did not fail. */
export function failure(r: JudgeFailure): string
export function failure<T>(r: JudgeResult<T>): string | null
export function failure<T>(r: JudgeResult<T>): string | null {
  return r.ok ? null : r.raw ? `${r.error} (raw reply: ${r.raw.slice(0, 500)})` : r.error
}

/** `[文档3]`, `[doc 3]`, `【文档3】`, `[Document3]`: spellings of the labels the prompts put before each chunk. */
const CHUNK_LABEL = /[[【［]\s*(文档|doc(?:ument)?|source)\s*(\d+)\s*[\]】］]/gi

/**
 * A chunk's text with any chunk label inside it defused (`[doc 3]` → `(doc 3)`), so a chunk
 * cannot forge the start of another one. (Its tags are fenced when the prompt is rendered.)
 */
export function unlabelled(text: string): string {
  return text.replace(CHUNK_LABEL, (_label, word: string, n: string) => `(${word} ${n})`)
}

/** Items as the prompts show them: one per line, each after its label (`1.`, `[文档2]`). */
export function numbered(items: readonly string[], label: (i: number) => string): string {
  return items.length === 0 ? '(none)' : items.map((item, i) => `${label(i + 1)} ${item}`).join('\n')
}
