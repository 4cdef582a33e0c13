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

/**
 * Stops a judge whose endpoint has gone bad mid-run (a key revoked, a server gone), instead of
 * sending every remaining call into the same wall with its retries. Every request the judge
 * sends passes `run`: after BREAKER_THRESHOLD requests in a row failed for their key or the
 * connection, no further request is sent; requests already on the wire finish. Any other
 * outcome (a success, a 429, a 5xx, a rejected format, a timeout of a slow model) ends the streak.
 */
export class CircuitBreaker {
  private streak = 0
  private stop: JudgeStop | null = null
  private readonly explain: (fault: BreakerFault) => JudgeStop
  private readonly threshold: number

  constructor(explain: (fault: BreakerFault) => JudgeStop, threshold = BREAKER_THRESHOLD) {
    this.explain = explain
    this.threshold = threshold
  }

  async run<T>(request: () => Promise<T>): Promise<T> {
    if (this.stop) throw new JudgeStopped(this.stop)
    try {
      const value = await request()
      this.streak = 0
      return value
    } catch (error) {
      const fault = breakerFault(error)
      this.streak = fault === null ? 0 : this.streak + 1
      if (fault !== null && this.streak >= this.threshold && this.stop === null) {
        const why = this.explain(fault)
        const status = statusOf(error)
        const last = redactSecrets(errorMessage(error)).slice(0, 200)
        this.stop = { cause: `${why.cause} (${this.threshold} requests in a row failed, the last with ${status ? `HTTP ${status}: ` : ''}${last})`, fix: why.fix }
      }
      throw error
    }
  }

  /** Why no more requests are sent, or null while they are. */
  stopped(): JudgeStop | null {
    return this.stop
  }
}

/** The faults that count towards stopping: a timeout is a slow model, not a wrong setting. */
export function breakerFault(error: unknown): BreakerFault | null {
  if (error instanceof APIConnectionTimeoutError) return null
  const fault = classifyFault(error)
  return fault === 'auth' || fault === 'unreachable' ? fault : null
}
