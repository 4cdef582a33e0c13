/**
 * Retries for calls to a model endpoint: 429 (honouring Retry-After), 5xx, 408 and network
 * errors are retried with exponential backoff and jitter; any other 4xx is the caller's
 * mistake and is not.
 */
export interface RetryPolicy {
  maxRetries: number
  baseDelayMs: number
  maxDelayMs: number
  /** Retry-After values above this are capped, so one bad header cannot stall a run */
  maxRetryAfterMs: number
}

export const DEFAULT_RETRY: RetryPolicy = { maxRetries: 4, baseDelayMs: 500, maxDelayMs: 20_000, maxRetryAfterMs: 60_000 }

export interface RetryDeps {
  sleep: (ms: number) => Promise<void>
  random: () => number
  now: () => number
}

export const realRetryDeps: RetryDeps = {
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  random: Math.random,
  now: Date.now,
}

export function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown })?.status
  return typeof status === 'number' ? status : undefined
}

export function isRetryable(error: unknown): boolean {
  const status = statusOf(error)
  if (status === undefined) return true // network error, timeout, connection reset
  return status === 408 || status === 409 || status === 429 || status >= 500
}

/** A Retry-After header value (seconds or an HTTP date) in milliseconds, capped at a minute; null when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, nowMs: number = Date.now()): number | null {
  if (value === null || value === undefined || value.trim() === '') return null
  const trimmed = value.trim()
  let ms: number
  if (/^\d+(\.\d+)?$/.test(trimmed)) ms = Number(trimmed) * 1000
  else {
    const date = Date.parse(trimmed)
    if (Number.isNaN(date)) return null
    ms = date - nowMs
  }
  return Math.min(DEFAULT_RETRY.maxRetryAfterMs, Math.max(0, Math.round(ms)))
}

/** Milliseconds the server asked us to wait, from `retry-after-ms` or `Retry-After` (seconds or an HTTP date). */
export function retryAfterMs(error: unknown, now: number): number | undefined {
  const headers = (error as { headers?: unknown })?.headers
  const get = (name: string): string | null | undefined => {
    if (!headers) return undefined
    if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name)
    return (headers as Record<string, string | undefined>)[name]
  }
  const ms = get('retry-after-ms')
  if (ms && Number.isFinite(Number(ms))) return Number(ms)
  return parseRetryAfter(get('retry-after'), now) ?? undefined
}

export function backoffMs(attempt: number, error: unknown, policy: RetryPolicy, deps: RetryDeps): number {
  const asked = statusOf(error) === 429 ? retryAfterMs(error, deps.now()) : undefined
  if (asked !== undefined) return Math.min(asked, policy.maxRetryAfterMs)
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt)
  // full jitter on the upper half: spreads retries of many parallel calls apart
  return Math.round(exponential / 2 + deps.random() * (exponential / 2))
}

export interface RetryOutcome<T> {
  value: T
  retries: number
}

export async function withRetry<T>(attempt: () => Promise<T>, policy: RetryPolicy, deps: RetryDeps): Promise<RetryOutcome<T>> {
  for (let n = 0; ; n++) {
    try {
      return { value: await attempt(), retries: n }
    } catch (error) {
      if (n >= policy.maxRetries || !isRetryable(error)) {
        ;(error as { retries?: number }).retries = n
        throw error
      }
      await deps.sleep(backoffMs(n, error, policy, deps))
    }
  }
}
