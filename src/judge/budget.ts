import type { PromptId, ResponseOf } from '../schemas/judge.ts'
import type { FamilyUsage, JudgeIdentity } from '../schemas/results.ts'
import type { AskOptions, CallGate, CallOptions, Judge, JudgeResult } from '../metrics/judge.ts'
import { UsageMeter, type Prices } from './usage.ts'

export interface JudgeBudget {
  /** real calls (chat and embeddings, repairs included; a cache hit is no call, a retry of the same call is not another) */
  calls?: number | undefined
  /** prompt + completion tokens the endpoint reported */
  tokens?: number | undefined
  /** dollars at judge.prices of the tokens the endpoint reported */
  usd?: number | undefined
}

export interface BudgetSpent {
  calls: number
  tokens: number
  /** calls the budget did not let go */
  refused: number
}

/**
 * Any Judge with a spending limit. Every real call the inner judge makes passes its gate
 * (the Judge contract): once `budget.calls` calls have gone, or the tokens reported so far
 * reach `budget.tokens`, the gate refuses and the ask fails with "budget spent (…)", which
 * the tier records as an error for that metric. Cached answers are still served. Calls go
 * one at a time through the count, so concurrent asks never exceed `budget.calls`; tokens are
 * known only when a call returns, so calls already in flight may finish past `budget.tokens`
 * (or `budget.usd`: the inner judge's usage so far at `prices`).
 */
export class BudgetedJudge implements Judge {
  readonly identity: JudgeIdentity
  private readonly spentSoFar: BudgetSpent = { calls: 0, tokens: 0, refused: 0 }
  private readonly gate: CallGate
  private readonly inner: Judge
  private readonly budget: JudgeBudget
  private readonly prices: Prices | undefined

  constructor(inner: Judge, budget: JudgeBudget, prices?: Prices) {
    this.inner = inner
    this.budget = budget
    this.prices = prices
    this.identity = inner.identity
    this.gate = {
      open: () => this.open(),
      close: (tokens) => {
        this.spentSoFar.tokens += tokens
      },
    }
  }

  ask<P extends PromptId>(prompt: P, vars: Record<string, string | number>, options: AskOptions = {}): Promise<JudgeResult<ResponseOf<P>>> {
    return this.inner.ask(prompt, vars, { ...options, gate: this.gate })
  }

  embed(texts: readonly string[], options: CallOptions = {}): Promise<JudgeResult<number[][]>> {
    return this.inner.embed(texts, { ...options, gate: this.gate })
  }

  usageByFamily(): Record<string, FamilyUsage> {
    return this.inner.usageByFamily()
  }

  problems(): string[] {
    return this.inner.problems?.() ?? []
  }

  spent(): BudgetSpent {
    return { ...this.spentSoFar }
  }

  private spentUsd(): number {
    const meter = new UsageMeter()
    for (const [name, f] of Object.entries(this.inner.usageByFamily())) Object.assign(meter.family(name), f)
    return meter.totals(this.prices).cost_usd ?? 0
  }

  private open(): string | null {
    const { calls, tokens, usd } = this.budget
    const over =
      calls !== undefined && this.spentSoFar.calls >= calls
        ? `budget.calls ${calls}`
        : tokens !== undefined && this.spentSoFar.tokens >= tokens
          ? `budget.tokens ${tokens}`
          : usd !== undefined && this.spentUsd() >= usd
            ? `budget.usd ${usd}`
            : null
    if (over !== null) {
      this.spentSoFar.refused += 1
      return `budget spent (${over})`
    }
    this.spentSoFar.calls += 1
    return null
  }
}
