import { statSync } from 'node:fs'
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
 * calls made. Set once for the process (a one-shot CLI or Action step), before the eval set
 * loads (boundsHeap says when: every LLM run, and a large deterministic one), and not when the
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

/**
 * Eval-set bytes read in full from which a run bounds its heap even without an LLM judge. What
 * a deterministic run holds alive is its questions' results and the baseline, and it lets go of
 * much more (rows, answers, the text it writes): unbounded, V8 lets the heap grow to ~4× what a
 * collection finds alive. At 100,000 questions (27 MB of eval set) that is a 540-560 MB peak
 * against ~440 MB bounded, which costs ~25% more CPU (12.3 against 16.5 s). Bounded, a shard of
 * 8 of it (3.4 MB each) saves ~40 MB (166 against 206 MB) for 5-11% more CPU (2.96 against
 * 2.80 s, 3.61 against 3.20 s in A/B runs), and a run of 10,000 questions (2.7 MB) ~10 MB for
 * ~5% (3.44 against 3.27 s): trades not worth making.
 */
export const BOUND_HEAP_FROM_BYTES = 10_000_000

/**
 * Whether a run bounds its heap's growth (boundHeapGrowth): an LLM judge's always; else when the
 * rows it reads in full, the eval set's bytes or a shard's share of them, reach
 * BOUND_HEAP_FROM_BYTES. Decided before the eval set loads: V8 reads the bound as the heap grows,
 * and set once the set had loaded it did nothing (a 100,000-question run peaked at 542 MB, as
 * unbounded).
 */
export function boundsHeap(judgedByModel: boolean, evalSetBytes: number | null, shardCount: number): boolean {
  return judgedByModel || (evalSetBytes !== null && evalSetBytes / shardCount >= BOUND_HEAP_FROM_BYTES)
}

/** The size of the file at `path`; null when it cannot be read as one (loading it then says why). */
export function fileBytes(path: string): number | null {
  try {
    const stat = statSync(path)
    return stat.isFile() ? stat.size : null
  } catch {
    return null
  }
}
