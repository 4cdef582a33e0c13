import { NotRetryable } from '../io/retry.ts'
import type { Fault } from './faults.ts'

/** Why the judge stopped, in one line, and what to do about it: results.json run.judge_stopped, the terminal, the report. */
export interface JudgeStop {
  cause: string
  fix: string
}

/** What a request gets once the breaker is open: it is never sent, and never retried. */
export class JudgeStopped extends NotRetryable {
  constructor(stop: JudgeStop) {
    super(`judge stopped: ${stop.cause}; request not sent`)
    this.name = 'JudgeStopped'
  }
}

/**
 * How many outcomes in a row stop the judge, by what they have in common. Any success ends
 * every streak. "In a row" is in the order outcomes arrive, across all requests in flight.
 */
export const STREAKS = {
  /** faults of the endpoint (a refused key, no credits, no such model, a proxy's page): no request to it can succeed */
  endpoint: 3,
  /** the same request fault (a context-length error, a reply cut at max_tokens) on request after request: it is the settings, not the questions */
  sameRequestFault: 5,
  /** requests whose every retry failed (a 5xx that does not pass, a rate limit that does not lift) */
  exhausted: 3,
  /** asks whose replies stayed unusable after their repair: the model cannot give the JSON asked for */
  unusable: 5,
  /** failed requests of any kind and cause (a rate limit aside, which waits): whatever it is, the endpoint is not answering */
  failing: 8,
} as const

/** Retryable endpoint faults in a row (a server gone, a proxy's 502 page) must span this long to stop the judge. */
export const BREAKER_MIN_SPAN_MS = 2000

export interface BreakerClock {
  now: () => number
  sleep: (ms: number) => Promise<void>
}

const realClock: BreakerClock = { now: () => performance.now(), sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) }

export interface BreakerOptions {
  minSpanMs?: number
  clock?: BreakerClock
  /** told once, the moment the judge stops: the run says why then, not only in its results */
  onStop?: (stop: JudgeStop) => void
  /** judge.max_retries, for the fix of a streak of exhausted retries */
  maxRetries?: number
}

/**
 * Stops a judge that can no longer get a usable reply, so that no money and no time go into a
 * run that cannot succeed: every request passes `admit` before it is sent and reports how it
 * ended. The policy reads only the fault class (faults.ts), never the words.
 *
 * Retryable endpoint faults stop the judge only when they span BREAKER_MIN_SPAN_MS: a burst (a
 * server restarting, a proxy's momentary 502) holds every request until the span has passed,
 * then lets one through to test the endpoint; if it fails too, the judge stops.
 */
export class CircuitBreaker {
  private endpointStreak = 0
  private streakStarted = 0
  private failing = 0
  private failingStarted = 0
  private sameFault: { signature: string; count: number } | null = null
  private exhausted = 0
  private unusable = 0
  private stop: JudgeStop | null = null
  private gate: Promise<void> | null = null
  private holding = false
  private testDue = false
  private readonly minSpanMs: number
  private readonly clock: BreakerClock
  private readonly onStop: (stop: JudgeStop) => void
  private readonly maxRetries: number | null

  constructor(options: BreakerOptions = {}) {
    this.minSpanMs = options.minSpanMs ?? BREAKER_MIN_SPAN_MS
    this.clock = options.clock ?? realClock
    this.onStop = options.onStop ?? (() => undefined)
    this.maxRetries = options.maxRetries ?? null
  }

  /**
   * Before a request is sent: waits out a held burst, then either lets it go (returning the
   * function that ends this request's test of the endpoint, if it is one) or throws JudgeStopped.
   */
  async admit(): Promise<() => void> {
    while (this.gate) await this.gate
    if (this.stop) throw new JudgeStopped(this.stop)
    return this.testDue ? this.startTest() : () => undefined
  }

  stopped(): JudgeStop | null {
    return this.stop
  }

  succeeded(): void {
    this.endpointStreak = 0
    this.failing = 0
    this.sameFault = null
    this.exhausted = 0
    this.unusable = 0
  }

  /** One attempt failed; `final`: the request gives up with it (not retried, or out of retries). */
  failed(fault: Fault, final: boolean): void {
    if (this.stop) return
    if (!fault.rateLimited && this.anyFailure(fault)) return
    if (fault.class === 'endpoint') return this.endpointFault(fault)
    this.endpointStreak = 0
    if (!final) return
    if (fault.class === 'transient') {
      this.exhausted += 1
      const retries = this.maxRetries === null ? 'raise judge.max_retries' : `raise judge.max_retries (now ${this.maxRetries})`
      if (this.exhausted >= STREAKS.exhausted)
        this.open(`${this.exhausted} requests in a row failed after all their retries, the last: ${fault.cause}`, `${fault.fix}; ${retries} if the endpoint recovers slowly`)
      return
    }
    this.exhausted = 0
    const same = this.sameFault?.signature === fault.signature ? this.sameFault.count + 1 : 1
    this.sameFault = { signature: fault.signature, count: same }
    if (same >= STREAKS.sameRequestFault) this.open(`${same} requests in a row failed the same way: ${fault.cause}`, fault.fix)
  }

  /** An ask whose reply stayed unusable after its repair. */
  unusableReply(cause: string): void {
    this.unusable += 1
    if (this.unusable >= STREAKS.unusable) {
      this.open(
        `${this.unusable} judge replies in a row were unusable even after a repair, the last: ${cause}`,
        'the model cannot give the JSON the judge asks for: use a stronger judge model, or set judge.response_format: json_schema on an endpoint that enforces it',
      )
    }
  }

  /**
   * The catch-all: STREAKS.failing failed requests in a row, whatever their class, spanning at
   * least BREAKER_MIN_SPAN_MS (else held until they do, then one request tests the endpoint).
   * True when it stopped the judge or holds it.
   */
  private anyFailure(fault: Fault): boolean {
    if (this.failing === 0) this.failingStarted = this.clock.now()
    this.failing += 1
    if (this.failing < STREAKS.failing || this.holding) return false
    const wait = this.failingStarted + this.minSpanMs - this.clock.now()
    if (wait > 0) {
      this.hold(wait)
      return true
    }
    this.open(`${this.failing} requests in a row failed, the last: ${fault.cause}`, fault.fix)
    return true
  }

  private endpointFault(fault: Fault): void {
    this.exhausted = 0
    if (this.endpointStreak === 0) this.streakStarted = this.clock.now()
    this.endpointStreak += 1
    if (this.endpointStreak < STREAKS.endpoint || this.holding) return
    const wait = fault.retry ? this.streakStarted + this.minSpanMs - this.clock.now() : 0
    if (wait > 0) return this.hold(wait)
    this.open(`${fault.cause} (${this.endpointStreak} requests in a row)`, fault.fix)
  }

  private open(cause: string, fix: string): void {
    if (this.stop) return
    this.stop = { cause, fix }
    this.onStop(this.stop)
  }

  /** This request tests the endpoint after a burst: the others wait for its outcome (the returned function ends the wait). */
  private startTest(): () => void {
    this.testDue = false
    let release!: () => void
    this.gate = new Promise<void>((resolve) => (release = resolve))
    return () => {
      this.gate = null
      release()
    }
  }

  /** A burst of retryable endpoint faults: no request goes until `ms` have passed, then one tests the endpoint. */
  private hold(ms: number): void {
    this.holding = true
    this.testDue = true
    this.gate = this.clock.sleep(ms).then(() => {
      this.holding = false
      this.gate = null
    })
  }
}
