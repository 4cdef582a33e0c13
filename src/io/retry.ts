/**
 * The one retry loop for calls over HTTP (the judge's model endpoint, the HTTP candidate):
 * a failure the policy calls transient is tried again after a wait, either the one the
 * server asked for (`retry-after-ms`, or `Retry-After` in seconds or as an HTTP date, capped)
 * or exponential backoff with jitter. A failure without an HTTP status (network error,
 * timeout, connection reset) is always transient; which statuses are is up to the caller.
 */
export interface RetryPolicy {
  /** further attempts after the first */
  maxRetries: number
  baseDelayMs: number
  maxDelayMs: number
  /** Retry-After values above this are capped, so one bad header cannot stall a run */
  maxRetryAfterMs: number
  /** HTTP statuses worth another attempt */
  retryStatus: (status: number) => boolean
}

/** Rate limits and server errors: what every caller retries. */
export function rateLimitOrServerError(status: number): boolean {
  return status === 429 || status >= 500
}

export const MAX_RETRY_AFTER_MS = 60_000

export interface RetryDeps {
  sleep: (ms: number) => Promise<void>
  /** in [0, 1), for jitter */
  random: () => number
  /** the wall clock in ms since the epoch, to read a Retry-After date */
  now: () => number
}

export const realRetryDeps: RetryDeps = {
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  random: Math.random,
  now: Date.now,
}

/** A failure that carries an HTTP status (the SDK's APIError, the HTTP candidate's HttpStatusError). */
export function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status
  return typeof status === 'number' ? status : undefined
}

/** Thrown by an attempt that knows no further attempt can help (the judge's circuit breaker is open): given up at once. */
export class NotRetryable extends Error {}

export function isRetryable(error: unknown, policy: RetryPolicy): boolean {
  if (error instanceof NotRetryable) return false
  const status = statusOf(error)
  return status === undefined || policy.retryStatus(status)
}

/** A Retry-After header value (seconds or an HTTP date) in milliseconds, capped; null when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, nowMs: number = Date.now(), capMs: number = MAX_RETRY_AFTER_MS): number | null {
  if (value === null || value === undefined || value.trim() === '') return null
  const trimmed = value.trim()
  let ms: number
  if (/^\d+(\.\d+)?$/.test(trimmed)) ms = Number(trimmed) * 1000
  else {
    const date = Date.parse(trimmed)
    if (Number.isNaN(date)) return null
    ms = date - nowMs
  }
  return Math.min(capMs, Math.max(0, Math.round(ms)))
}

/** Milliseconds the server asked us to wait, from the headers of a failure: `retry-after-ms`, else `Retry-After`. */
export function retryAfterMs(error: unknown, nowMs: number, capMs: number = MAX_RETRY_AFTER_MS): number | null {
  const headers = (error as { headers?: unknown } | null)?.headers
  if (!headers) return null
  const get = (name: string): string | null | undefined => (typeof (headers as Headers).get === 'function' ? (headers as Headers).get(name) : (headers as Record<string, string | undefined>)[name])
  const ms = get('retry-after-ms')
  if (ms && Number.isFinite(Number(ms))) return Math.min(capMs, Math.max(0, Number(ms)))
  return parseRetryAfter(get('retry-after'), nowMs, capMs)
}

/** The wait before retry number `retry + 1` (0-based): what the server asked for, else backoff with jitter. */
export function backoffMs(retry: number, error: unknown, policy: RetryPolicy, deps: RetryDeps): number {
  const asked = retryAfterMs(error, deps.now(), policy.maxRetryAfterMs)
  if (asked !== null) return asked
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry)
  // equal jitter: at least half the backoff, so retries of many parallel calls spread apart but never hammer
  return Math.round(exponential / 2 + deps.random() * (exponential / 2))
}

export type RetryResult<T> =
  | { ok: true; value: T; retries: number }
  /** `retryable`: the last failure was transient and the retries ran out (false: it was not worth another attempt) */
  | { ok: false; error: unknown; retries: number; retryable: boolean }

/** Runs `attempt` until it succeeds, fails for good, or the retries run out. Never throws what `attempt` throws. */
export async function withRetry<T>(attempt: () => Promise<T>, policy: RetryPolicy, deps: RetryDeps = realRetryDeps): Promise<RetryResult<T>> {
  for (let retries = 0; ; retries++) {
    try {
      return { ok: true, value: await attempt(), retries }
    } catch (error) {
      const retryable = isRetryable(error, policy)
      if (!retryable || retries >= policy.maxRetries) return { ok: false, error, retries, retryable }
      await deps.sleep(backoffMs(retries, error, policy, deps))
    }
  }
}
