import type { Outgoing } from '../io/http.ts'
import { Limiter } from '../io/limiter.ts'
import { realRetryDeps, type RetryDeps } from '../io/retry.ts'
import type { CallCost, CallGate } from '../metrics/judge.ts'
import { CircuitBreaker, JudgeStopped } from './breaker.ts'
import { LONGEST_WAIT_MS, classify, type Fault } from './faults.ts'
import type { EndpointFacts, Observation } from './wire/observation.ts'
import { RateGate } from './rateGate.ts'
import type { Read } from './transports/types.ts'
import type { WireResponse } from './wire/body.ts'
import { send } from './wire/send.ts'

export interface ClientOptions {
  facts: EndpointFacts
  concurrency: number
  /** further attempts of a transient fault (judge.max_retries) */
  maxRetries: number
  baseDelayMs?: number
  maxDelayMs?: number
  breaker: CircuitBreaker
  rate?: RateGate
  /** the concurrency slots; shared by two clients of one endpoint (chat and embeddings on the judge's own) */
  limiter?: Limiter
  deps?: RetryDeps
  fetch?: typeof fetch
  /** told once per endpoint, at its first rate limit: the run says so while it happens */
  onRateLimit?: (fault: Fault) => void
}

/** One request to send: how to build it, read it, check it, and what it may cost. */
export interface Call<T> {
  build: () => Outgoing
  read: (response: WireResponse) => Read<T>
  /** the contract beyond the shape (finish_reason, usage): an observation when the reply cannot be used */
  check?: (value: T) => Observation | null
  /** the tokens a reply can cost at most: reserved from the budget before it is sent */
  upTo: CallCost
  /** the tokens a reply says it cost (null: it does not say: the reservation stands as spent) */
  spent: (value: T) => CallCost | null
  gate?: CallGate
  /** a preflight probe: an endpoint fault is final at once (a transient one is retried as always: a server still loading its model answers 503 for a while) */
  probe?: boolean
  /** what this request's faults mean in its context, before the breaker hears of them (a raised cap the model refuses is this request's fault, not the endpoint's) */
  reclassify?: (fault: Fault) => Fault
}

export type CallResult<T> = ({ ok: true; value: T } | { ok: false; fault: Fault } | { ok: false; refused: string }) & {
  /** requests sent, retries and failures included */
  requests: number
  retries: number
  /** tokens the endpoint reported for every reply that carried usage, usable or not */
  billed: CallCost
}

const NO_COST: CallCost = { prompt: 0, completion: 0, embedding: 0 }

/**
 * The policy layer's sending half, one per endpoint and the same for every transport: each
 * attempt passes the circuit breaker, takes a concurrency slot, waits out any rate-limit pause
 * (a 429 pauses every slot), reserves its cost from the budget, is sent, read against its
 * contract and, when it fails, classified by the one fault taxonomy; transient faults are
 * retried after the server's hint or a jittered backoff, outside the slot.
 */
export class EndpointClient {
  readonly facts: EndpointFacts
  readonly breaker: CircuitBreaker
  readonly rate: RateGate
  readonly limiter: Limiter
  private readonly options: ClientOptions
  private readonly deps: RetryDeps

  constructor(options: ClientOptions) {
    this.options = options
    this.facts = options.facts
    this.breaker = options.breaker
    this.rate = options.rate ?? new RateGate()
    this.limiter = options.limiter ?? new Limiter(options.concurrency)
    this.deps = options.deps ?? realRetryDeps
  }

  async call<T>(call: Call<T>): Promise<CallResult<T>> {
    const tally = { requests: 0, retries: 0, billed: { ...NO_COST } }
    const maxRetries = this.options.maxRetries
    for (let retry = 0; ; retry++) {
      const outcome = await this.limiter.run(() => this.admitted(call, tally, retry >= maxRetries))
      if ('refused' in outcome) return { ok: false, refused: outcome.refused, ...tally }
      if (outcome.ok) return { ok: true, value: outcome.value, ...tally }
      const { fault, final } = outcome
      if (final) return { ok: false, fault, ...tally }
      tally.retries += 1
      // a rate limit's wait is the shared pause, taken in the slot; anything else waits here, holding no slot
      if (!fault.rateLimited) await this.deps.sleep(this.backoff(retry, fault))
    }
  }

  /**
   * In its slot, the breaker decides whether the request goes (checked here, not before the
   * queue: a request waiting for a slot when the breaker opens is never sent).
   */
  private async admitted<T>(call: Call<T>, tally: { requests: number; billed: CallCost }, lastTry: boolean): Promise<Outcome<T>> {
    let endTest: () => void
    try {
      endTest = await this.breaker.admit()
    } catch (error) {
      if (error instanceof JudgeStopped) return { refused: error.message }
      throw error
    }
    try {
      const attempt = await this.attempt(call, tally)
      if ('refused' in attempt) return attempt
      if (attempt.ok) {
        this.breaker.succeeded()
        this.rate.succeeded()
        return attempt
      }
      // classified and told to the breaker before the slot passes on, so the next request in line already knows
      const classified = classify(attempt.observation, this.facts, this.deps.now())
      const fault = call.reclassify?.(classified) ?? classified
      if (fault.rateLimited) this.rateLimited(fault)
      const retryable = fault.retry && !(call.probe && fault.class === 'endpoint')
      const final = !retryable || lastTry
      if (fault.class !== 'format' && fault.class !== 'adapt') this.breaker.failed(fault, final)
      return { ok: false, fault, final }
    } finally {
      endTest()
    }
  }

  /** One request in its slot: the pause, the budget, the wire, the contract. */
  private async attempt<T>(call: Call<T>, tally: { requests: number; billed: CallCost }): Promise<Attempt<T>> {
    await this.rate.ready()
    const refused = (await call.gate?.open(call.upTo)) ?? null
    if (refused !== null) return { refused }
    tally.requests += 1
    const sent = await send(call.build(), { timeoutMs: this.facts.timeoutMs, ...(this.options.fetch ? { fetch: this.options.fetch } : {}) })
    if (!sent.ok) {
      // no reply: a request that timed out or broke may still have been processed and billed
      call.gate?.close(call.upTo, sent.observation.kind === 'network' ? null : NO_COST)
      return { ok: false, observation: sent.observation }
    }
    const read = call.read(sent.response)
    if (!read.ok) {
      call.gate?.close(call.upTo, NO_COST)
      return read
    }
    const spent = call.spent(read.value)
    call.gate?.close(call.upTo, spent)
    if (spent) addCost(tally.billed, spent)
    const broken = call.check?.(read.value) ?? null
    return broken ? { ok: false, observation: broken } : read
  }

  private rateLimited(fault: Fault): void {
    const hint = fault.waitMs === null ? null : Math.min(LONGEST_WAIT_MS, fault.waitMs)
    if (this.rate.limited(hint)) this.options.onRateLimit?.(fault)
  }

  /** The server's hint (capped), else exponential backoff with equal jitter. */
  private backoff(retry: number, fault: Fault): number {
    if (fault.waitMs !== null) return Math.min(LONGEST_WAIT_MS, fault.waitMs)
    const base = this.options.baseDelayMs ?? 500
    const exponential = Math.min(this.options.maxDelayMs ?? 20_000, base * 2 ** retry)
    return Math.round(exponential / 2 + this.deps.random() * (exponential / 2))
  }
}

type Attempt<T> = Read<T> | { refused: string }
type Outcome<T> = { ok: true; value: T } | { ok: false; fault: Fault; final: boolean } | { refused: string }

export function addCost(sum: CallCost, more: CallCost): void {
  sum.prompt += more.prompt
  sum.completion += more.completion
  sum.embedding += more.embedding
}
