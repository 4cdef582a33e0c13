import { APIConnectionTimeoutError } from 'openai'
import { redactSecrets } from '../io/redact.ts'
import { NotRetryable, statusOf } from '../io/retry.ts'
import { classifyFault } from './preflight.ts'
import { errorMessage } from './reply.ts'

/** Consecutive requests refused for their key or unable to reach the server before the judge stops. */
export const BREAKER_THRESHOLD = 5

/** Why the judge stopped, in one line, and what to do about it: results.json run.judge_stopped, the terminal, the report. */
export interface JudgeStop {
  cause: string
  fix: string
}

/** The failures no retry or later call can fix: a refused key (401/403), a server that cannot be reached. */
export type BreakerFault = 'auth' | 'unreachable'

/** What a request gets once the breaker is open: it is never sent, and never retried. */
export class JudgeStopped extends NotRetryable {
  constructor(stop: JudgeStop) {
    super(`judge stopped: ${stop.cause}; request not sent`)
    this.name = 'JudgeStopped'
  }
}

/** Connection failures in a row must span this long to stop the judge (auth failures need not). */
export const BREAKER_MIN_SPAN_MS = 2000

/** The breaker's clock, injected by tests. */
export interface BreakerClock {
  now: () => number
  sleep: (ms: number) => Promise<void>
}

const realClock: BreakerClock = { now: () => performance.now(), sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) }

export interface BreakerOptions {
  threshold?: number
  minSpanMs?: number
  clock?: BreakerClock
  /** told once, the moment the judge stops: the run says why then, not only in its results */
  onStop?: (stop: JudgeStop) => void
}

/**
 * Stops a judge whose endpoint has gone bad mid-run (a key revoked, a server gone), instead of
 * sending every remaining call into the same wall with its retries. Every request the judge
 * sends passes `run`: after BREAKER_THRESHOLD requests in a row failed for their key or the
 * connection, no further request is sent; requests already on the wire finish. Any other
 * outcome (a success, a 429, a 5xx, a rejected format, a timeout of a slow model) ends the streak.
 *
 * Connection failures stop the judge only when they span BREAKER_MIN_SPAN_MS: a burst of them
 * (a momentarily overloaded server refusing connections, keep-alive connections it closed while
 * this process was busy) is not a server gone. Such a burst holds every request until the
 * span has passed, then lets one through to test the endpoint: if it fails too, the judge stops;
 * otherwise the held requests go on. So a gone server still receives at most the threshold,
 * the requests in flight, and that one test.
 */
export class CircuitBreaker {
  private streak = 0
  private streakStarted = 0
  private stop: JudgeStop | null = null
  /** while set, requests wait: out the burst's span (`holding`), then for the one test request's outcome */
  private gate: Promise<void> | null = null
  private holding = false
  private testDue = false
  private readonly explain: (fault: BreakerFault) => JudgeStop
  private readonly threshold: number
  private readonly minSpanMs: number
  private readonly clock: BreakerClock
  private readonly onStop: (stop: JudgeStop) => void

  constructor(explain: (fault: BreakerFault) => JudgeStop, options: BreakerOptions = {}) {
    this.explain = explain
    this.threshold = options.threshold ?? BREAKER_THRESHOLD
    this.minSpanMs = options.minSpanMs ?? BREAKER_MIN_SPAN_MS
    this.clock = options.clock ?? realClock
    this.onStop = options.onStop ?? (() => undefined)
  }

  async run<T>(request: () => Promise<T>): Promise<T> {
    while (this.gate) await this.gate
    if (this.stop) throw new JudgeStopped(this.stop)
    const endTest = this.testDue ? this.startTest() : null
    try {
      const value = await request()
      this.streak = 0
      return value
    } catch (error) {
      this.failed(error)
      throw error
    } finally {
      endTest?.()
    }
  }

  /** Why no more requests are sent, or null while they are. */
  stopped(): JudgeStop | null {
    return this.stop
  }

  private failed(error: unknown): void {
    const fault = breakerFault(error)
    if (fault === null) {
      this.streak = 0
      return
    }
    if (this.streak === 0) this.streakStarted = this.clock.now()
    this.streak += 1
    if (this.streak < this.threshold || this.stop !== null || this.holding) return
    const wait = fault === 'unreachable' ? this.streakStarted + this.minSpanMs - this.clock.now() : 0
    if (wait > 0) return this.hold(wait)
    const why = this.explain(fault)
    const status = statusOf(error)
    const last = redactSecrets(errorMessage(error)).slice(0, 200)
    this.stop = { cause: `${why.cause} (${this.streak} requests in a row failed, the last with ${status ? `HTTP ${status}: ` : ''}${last})`, fix: why.fix }
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

  /** A burst of connection failures: no request goes until `ms` have passed, then one tests the endpoint. */
  private hold(ms: number): void {
    this.holding = true
    this.testDue = true
    this.gate = this.clock.sleep(ms).then(() => {
      this.holding = false
      this.gate = null
    })
  }
}

/** The faults that count towards stopping: a timeout is a slow model, not a wrong setting. */
export function breakerFault(error: unknown): BreakerFault | null {
  if (error instanceof APIConnectionTimeoutError) return null
  const fault = classifyFault(error)
  return fault === 'auth' || fault === 'unreachable' ? fault : null
}
