import type { FamilyUsage } from '../schemas/results.ts'

export interface Prices {
  prompt_per_million?: number | undefined
  completion_per_million?: number | undefined
  embedding_per_million?: number | undefined
}

/** Whether judge.prices gives any price: without one no cost is stated (null), and budget.usd cannot act. */
export function hasPrices(prices: Prices | undefined): prices is Prices {
  return prices !== undefined && (prices.prompt_per_million !== undefined || prices.completion_per_million !== undefined || prices.embedding_per_million !== undefined)
}

/** Dollars for tokens at judge.prices (a price not given is 0); null without prices. */
export function costUsd(tokens: { prompt: number; completion: number; embedding: number }, prices: Prices | undefined): number | null {
  if (!hasPrices(prices)) return null
  return (tokens.prompt * (prices.prompt_per_million ?? 0) + tokens.completion * (prices.completion_per_million ?? 0) + tokens.embedding * (prices.embedding_per_million ?? 0)) / 1e6
}

/** One call's time: from when it was asked (queue wait included) to its reply, in ms on one clock. */
export interface Interval {
  start: number
  end: number
}

/** The union of the intervals as disjoint spans in time order (empty intervals dropped). */
export function unionOf(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals.filter((i) => i.end > i.start).sort((a, b) => a.start - b.start)
  const union: Interval[] = []
  for (const { start, end } of sorted) {
    const last = union.at(-1)
    if (last && start <= last.end) last.end = Math.max(last.end, end)
    else union.push({ start, end })
  }
  return union
}

/**
 * Wall-clock time covered by the intervals: the length of their union, so calls in flight at
 * the same time (or waiting in the same queue) count once, not once each.
 */
export function wallClockMs(intervals: readonly Interval[]): number {
  return unionOf(intervals).reduce((sum, i) => sum + (i.end - i.start), 0)
}

/**
 * Calls, cache hits, retries, errors and tokens per family (judge prompt, or embeddings), and
 * the family's wall-clock time: the union of its calls' intervals (`timed`), not their sum.
 */
export class UsageMeter {
  private readonly families = new Map<string, FamilyUsage>()
  private readonly intervals = new Map<string, Interval[]>()
  /** how many of a family's intervals are its union, already in `ms` */
  private readonly folded = new Map<string, number>()

  family(name: string): FamilyUsage {
    let f = this.families.get(name)
    if (!f) {
      f = { calls: 0, requests: 0, cache_hits: 0, retries: 0, errors: 0, prompt_tokens: 0, completion_tokens: 0, ms: 0 }
      this.families.set(name, f)
    }
    return f
  }

  /**
   * One call of the family ran from `start` to `end` (performance.now() ms); its `ms` becomes
   * the union of these. The calls are kept as their union, folded in once they outnumber it, so
   * a run of many thousands of calls neither keeps every interval nor re-sorts them per call.
   */
  timed(name: string, start: number, end: number): void {
    const family = this.family(name)
    let spans = this.intervals.get(name)
    if (!spans) this.intervals.set(name, (spans = []))
    spans.push({ start, end })
    if (spans.length > 2 * (this.folded.get(name) ?? 0) + 64) this.fold(name, family)
  }

  byFamily(): Record<string, FamilyUsage> {
    for (const [name, f] of this.families) this.fold(name, f)
    return Object.fromEntries([...this.families.entries()].sort(([a], [b]) => a.localeCompare(b)))
  }

  private fold(name: string, family: FamilyUsage): void {
    const spans = this.intervals.get(name)
    if (!spans || spans.length === this.folded.get(name)) return
    const union = unionOf(spans)
    this.intervals.set(name, union)
    this.folded.set(name, union.length)
    family.ms = union.reduce((sum, i) => sum + (i.end - i.start), 0)
  }

  totals(prices: Prices | undefined): {
    llm_calls: number
    embedding_calls: number
    prompt_tokens: number
    completion_tokens: number
    cache_hits: number
    retries: number
    requests: number
    cost_usd: number | null
  } {
    const sum = { llm: 0, embedding: 0, prompt: 0, completion: 0, hits: 0, retries: 0, requests: 0, embeddingTokens: 0 }
    for (const [name, f] of this.families) {
      const embeddings = name === EMBEDDINGS_FAMILY || name === PREFLIGHT_EMBEDDINGS_FAMILY
      // the preflight's requests and tokens are spent like any other, but it scores nothing: no call of the run's
      const scoring = !name.startsWith(PREFLIGHT_FAMILY)
      if (embeddings) sum.embeddingTokens += f.prompt_tokens
      else {
        sum.prompt += f.prompt_tokens
        sum.completion += f.completion_tokens
      }
      if (scoring && embeddings) sum.embedding += f.calls
      else if (scoring) sum.llm += f.calls
      sum.hits += f.cache_hits
      sum.retries += f.retries
      sum.requests += f.requests ?? 0
    }
    const cost = costUsd({ prompt: sum.prompt, completion: sum.completion, embedding: sum.embeddingTokens }, prices)
    return {
      llm_calls: sum.llm,
      embedding_calls: sum.embedding,
      prompt_tokens: sum.prompt + sum.embeddingTokens,
      completion_tokens: sum.completion,
      cache_hits: sum.hits,
      retries: sum.retries,
      requests: sum.requests,
      cost_usd: cost,
    }
  }
}

/** The family of embeddings calls; every other family is a judge prompt's. */
export const EMBEDDINGS_FAMILY = 'embeddings'
/** The preflight's own families: spent, never scoring. */
export const PREFLIGHT_FAMILY = 'preflight'
export const PREFLIGHT_EMBEDDINGS_FAMILY = 'preflight_embeddings'
