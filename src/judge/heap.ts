import { setFlagsFromString } from 'node:v8'

/** How far past what a full collection found alive V8 may let the old generation grow before the next one, in percent. */
export const HEAP_GROWING_PERCENT = 25

let bounded = false

/**
 * Keeps the heap of an LLM run near what it holds alive (issue 13). A judge run allocates
 * fast and keeps little: every call builds its request, the SDK's and the HTTP client's
 * objects and the reply, and drops them when the question is scored. V8 sizes the heap by
 * that pace: allocation this fast lets the old generation grow to about 4× what is alive
 * before it collects (5,000 questions at concurrency 64: some 80 MB alive, 280 MB of heap).
 * Capped at 1.25×, the collections come more often and are as cheap (they trace what is
 * alive, not the garbage): peak RSS then follows the questions' results, not the number of
 * calls made. Set once for the process (a one-shot CLI or Action step), and not when the
 * user's NODE_OPTIONS or node flags already size the heap.
 */
export function boundHeapGrowth(): void {
  if (bounded) return
  bounded = true
  const flag = heapGrowthFlag(process.execArgv, process.env.NODE_OPTIONS)
  if (flag) setFlagsFromString(flag)
}

/** The V8 flag boundHeapGrowth sets, or null when the node flags or NODE_OPTIONS already size the heap (theirs stand). */
export function heapGrowthFlag(execArgv: readonly string[], nodeOptions: string | undefined): string | null {
  const sized = [...execArgv, nodeOptions ?? ''].some((f) => /heap[-_]growing[-_]percent|max[-_]old[-_]space[-_]size|max[-_]semi[-_]space[-_]size|optimize[-_]for[-_]size/.test(f))
  return sized ? null : `--heap-growing-percent=${HEAP_GROWING_PERCENT}`
}
