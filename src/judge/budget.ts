import type { PromptId, ResponseOf } from '../schemas/judge.ts'
import type { FamilyUsage, JudgeIdentity } from '../schemas/results.ts'
import type { AskOptions, CallCost, CallGate, CallOptions, Judge, JudgeResult } from '../metrics/judge.ts'
import { costUsd, type Prices } from './usage.ts'

export interface JudgeBudget {
  /** requests sent: chat and embeddings, retries, repairs and the preflight included; a cache hit is none */
  calls?: number | undefined
  /** prompt + completion + embedding tokens */
  tokens?: number | undefined
  /** dollars of those tokens at judge.prices */
  usd?: number | undefined
}

export interface BudgetSpent {
  /** requests let go */
  calls: number
  tokens: number
  /** requests the budget did not let go */
  refused: number
}

/**
 * A spending limit that is a bound: a request reserves the most it can cost (its prompt's
 * bytes, its reply cap) before it is sent, once it holds its slot, and the reservation is
 * replaced by what the endpoint reports when it ends (kept whole when it does not say, as
 * after a timeout: the request may still have been billed). A request goes only when the
 * spent, the reserved and its own reservation together stay within every limit, so no
 * ordering of concurrent requests can go over `calls`, `tokens` or `usd`.
 */
export class Budget implements CallGate {
  private readonly budget: JudgeBudget
  private readonly prices: Prices | undefined
  private readonly spentCost: CallCost = { prompt: 0, completion: 0, embedding: 0 }
  private readonly reserved: CallCost = { prompt: 0, completion: 0, embedding: 0 }
  private calls = 0
  private refused = 0
  private inFlight = 0
  private readonly waiting: (() => void)[] = []

  constructor(budget: JudgeBudget, prices?: Prices) {
    this.budget = budget
    this.prices = prices
  }

  /**
   * A request that fits beside what is spent goes once the reservations in flight leave room
   * (it waits for them to settle rather than being refused for money that is only reserved);
   * one that would not fit even alone is refused.
   */
  async open(upTo: CallCost): Promise<string | null> {
    for (;;) {
      const alone = this.over(upTo, false)
      if (alone !== null) {
        this.refused += 1
        return `budget spent (${alone})`
      }
      if (this.over(upTo, true) === null || this.inFlight === 0) break
      await new Promise<void>((resolve) => this.waiting.push(resolve))
    }
    this.calls += 1
    this.inFlight += 1
    shift(this.reserved, upTo, 1)
    return null
  }

  close(upTo: CallCost, spent: CallCost | null): void {
    shift(this.reserved, upTo, -1)
    shift(this.spentCost, spent ?? upTo, 1)
    this.inFlight -= 1
    for (const wake of this.waiting.splice(0)) wake()
  }

  spent(): BudgetSpent {
    return { calls: this.calls, tokens: total(this.spentCost), refused: this.refused }
  }

  /** Which limit this request would pass, with the reservations in flight or beside what is spent alone; null when it fits. */
  private over(upTo: CallCost, withReserved: boolean): string | null {
    const { calls, tokens, usd } = this.budget
    if (calls !== undefined && this.calls + 1 > calls) return `budget.calls ${calls}`
    const after = { ...this.spentCost }
    if (withReserved) shift(after, this.reserved, 1)
    shift(after, upTo, 1)
    if (tokens !== undefined && total(after) > tokens) return `budget.tokens ${tokens}`
    const cost = costUsd(after, this.prices)
    if (usd !== undefined && cost !== null && cost > usd) return `budget.usd ${usd}`
    return null
  }
}

function shift(sum: CallCost, by: CallCost, sign: 1 | -1): void {
  sum.prompt += sign * by.prompt
  sum.completion += sign * by.completion
  sum.embedding += sign * by.embedding
}

function total(c: CallCost): number {
  return c.prompt + c.completion + c.embedding
}

/** Any Judge whose every request passes a budget: the asks and embeds carry its gate. */
export class BudgetedJudge implements Judge {
  readonly identity: JudgeIdentity
  readonly budget: Budget
  private readonly inner: Judge

  constructor(inner: Judge, budget: JudgeBudget | Budget, prices?: Prices) {
    this.inner = inner
    this.budget = budget instanceof Budget ? budget : new Budget(budget, prices)
    this.identity = inner.identity
  }

  ask<P extends PromptId>(prompt: P, vars: Record<string, string | number>, options: AskOptions = {}): Promise<JudgeResult<ResponseOf<P>>> {
    return this.inner.ask(prompt, vars, { ...options, gate: this.budget })
  }

  embed(texts: readonly string[], options: CallOptions = {}): Promise<JudgeResult<number[][]>> {
    return this.inner.embed(texts, { ...options, gate: this.budget })
  }

  usageByFamily(): Record<string, FamilyUsage> {
    return this.inner.usageByFamily()
  }

  problems(): string[] {
    return this.inner.problems?.() ?? []
  }

  spent(): BudgetSpent {
    return this.budget.spent()
  }
}
