import type { PromptId, ResponseOf } from '../schemas/judge.ts'
import { REPAIRS_PER_ASK, type AskOptions, type CallOptions, type Judge, type JudgeCall, type JudgeResult } from './judge.ts'

export type CallKind = PromptId | 'embeddings'

export interface PlannedAsks {
  kind: CallKind
  count: number
  /** asked only when an earlier reply cannot be used as it is (the per-claim re-asks) */
  fallback?: boolean
}

export interface CallTotals {
  chat: number
  embeddings: number
}

/** The judge as the scoring code sees it: every ask and embed is drawn from a plan first. */
export type PlannedJudge = Pick<Judge, 'ask' | 'embed'>

/**
 * Every judge call one question may make, stated before the first call and drawn from while
 * the question is scored: `judge(inner)` hands out asks of each kind until the plan has none
 * left and then fails the ask without calling, so the run cannot make a call the plan did not
 * state. Each chat ask may make REPAIRS_PER_ASK repair calls (the Judge contract), and the
 * upper bound counts them.
 */
export class CallPlan {
  readonly asks: readonly PlannedAsks[]
  /** every judge call this question's asks made or were served from the cache, in the order they happened */
  readonly calls: JudgeCall[] = []
  private readonly left = new Map<CallKind, number>()

  constructor(asks: readonly PlannedAsks[]) {
    this.asks = asks.filter((a) => a.count > 0)
    for (const a of this.asks) this.left.set(a.kind, (this.left.get(a.kind) ?? 0) + a.count)
  }

  /** Draws one ask of this kind; false when the plan has none left. */
  take(kind: CallKind): boolean {
    const left = this.left.get(kind) ?? 0
    if (left === 0) return false
    this.left.set(kind, left - 1)
    return true
  }

  /** The most calls the plan allows: every ask made, every chat ask repaired. */
  upTo(): CallTotals {
    return totals(this.asks, 1 + REPAIRS_PER_ASK)
  }

  /** The calls of a judge whose every reply is well-formed and lines up: no repair, no fallback. */
  wellFormed(): CallTotals {
    return totals(
      this.asks.filter((a) => !a.fallback),
      1,
    )
  }

  judge(inner: Judge): PlannedJudge {
    const trace = (call: JudgeCall) => this.calls.push(call)
    return {
      ask: <P extends PromptId>(prompt: P, vars: Record<string, string | number>, options?: AskOptions): Promise<JudgeResult<ResponseOf<P>>> =>
        this.take(prompt) ? inner.ask(prompt, vars, { ...options, trace }) : Promise.resolve(notPlanned(prompt)),
      embed: (texts: readonly string[], options?: CallOptions): Promise<JudgeResult<number[][]>> =>
        this.take('embeddings') ? inner.embed(texts, { ...options, trace }) : Promise.resolve(notPlanned('embeddings')),
    }
  }
}

function totals(asks: readonly PlannedAsks[], callsPerChatAsk: number): CallTotals {
  let chat = 0
  let embeddings = 0
  for (const a of asks) {
    if (a.kind === 'embeddings') embeddings += a.count
    else chat += a.count * callsPerChatAsk
  }
  return { chat, embeddings }
}

function notPlanned(kind: CallKind): { ok: false; error: string; raw: null } {
  return { ok: false, error: `not in the call plan: no ${kind} call left for this question`, raw: null }
}
