import { MAX_RETRY_AFTER_MS, rateLimitOrServerError, withRetry, type RetryDeps, type RetryPolicy, type RetryResult } from '../../io/retry.ts'
import type { HttpCandidateConfig } from '../../schemas/candidate.ts'
import type { HttpPlan, PreparedRequest } from './plan.ts'
import { BODY_EXCERPT_CHARS, errorMessage, excerpt } from './quote.ts'
import { redact } from '../../text/redact.ts'
import { HttpRefusedError, fetchSameOrigin, readCapped } from '../../io/http.ts'

export interface HttpClientDeps {
  fetch: typeof fetch
  /** a monotonic clock in ms, for latency */
  now: () => number
  retry: RetryDeps
  /** aborted when the candidate step's total time (total_timeout_ms) runs out: requests in flight stop */
  deadline?: AbortSignal
}

export type HttpReply = { ok: true; text: string; latencyMs: number } | { ok: false; error: string }

/** A response outside 2xx as the retry loop sees it: status and headers (for Retry-After), the body already redacted. */
class HttpStatusError extends Error {
  readonly status: number
  readonly headers: Headers
  readonly body: string

  constructor(status: number, headers: Headers, body: string) {
    super(`HTTP ${status}`)
    this.status = status
    this.headers = headers
    this.body = body
  }
}

/** 429 and 5xx, with backoff from 250 ms up to 8 s; any other status is the endpoint's answer and is not asked again. */
export function httpRetryPolicy(config: HttpCandidateConfig): RetryPolicy {
  return { maxRetries: config.retries, baseDelayMs: 250, maxDelayMs: 8_000, maxRetryAfterMs: MAX_RETRY_AFTER_MS, retryStatus: rateLimitOrServerError }
}

/** One question's request, retried as the policy says; a failure is described (secrets redacted), never thrown. */
export async function send(request: PreparedRequest, plan: HttpPlan, config: HttpCandidateConfig, deps: HttpClientDeps): Promise<HttpReply> {
  if (deps.deadline?.aborted) return { ok: false, error: deadlineMessage(config, 'before this question was asked') }
  const result = await withRetry(() => sendOnce(request, plan, config, deps), httpRetryPolicy(config), deps.retry)
  if (result.ok) return { ok: true, ...result.value }
  if (deps.deadline?.aborted) return { ok: false, error: deadlineMessage(config, 'before this question was answered') }
  return { ok: false, error: redact(describeFailure(result, config.timeout_ms), plan.secrets) }
}

/** Why a question has no answer when the candidate step ran out of time. */
export function deadlineMessage(config: HttpCandidateConfig, when: string): string {
  return `not answered: the HTTP candidate's total time limit (candidate.http.total_timeout_ms, ${config.total_timeout_ms} ms) ran out ${when}`
}

async function sendOnce(request: PreparedRequest, plan: HttpPlan, config: HttpCandidateConfig, deps: HttpClientDeps): Promise<{ text: string; latencyMs: number }> {
  const started = deps.now()
  // one signal for the request, its redirects and the body read: this attempt's timeout or the step's deadline
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), config.timeout_ms)
  const stop = () => controller.abort()
  deps.deadline?.addEventListener('abort', stop)
  try {
    if (deps.deadline?.aborted) controller.abort()
    const response = await fetchSameOrigin(deps.fetch, { url: request.url, method: config.method, headers: plan.headers, body: request.body }, controller.signal)
    const text = await readCapped(response, config.max_response_mb * 1024 * 1024)
    return answered(response, text, plan, deps.now() - started)
  } finally {
    clearTimeout(timer)
    deps.deadline?.removeEventListener('abort', stop)
  }
}

function answered(response: Response, text: string, plan: HttpPlan, elapsedMs: number): { text: string; latencyMs: number } {
  if (response.ok) return { text, latencyMs: Math.round(elapsedMs * 10) / 10 }
  // redacted before it is cut to an excerpt, so no part of a secret the server echoes survives
  throw new HttpStatusError(response.status, response.headers, redact(text, plan.secrets))
}

function describeFailure(result: Extract<RetryResult<unknown>, { ok: false }>, timeoutMs: number): string {
  const { error, retries, retryable } = result
  const tries = `${retries + 1} attempt${retries === 0 ? '' : 's'}`
  if (error instanceof HttpRefusedError) return retries === 0 ? error.message : `${error.message} (${tries})`
  if (error instanceof HttpStatusError) {
    const body = excerpt(error.body, BODY_EXCERPT_CHARS)
    return retryable ? `HTTP ${error.status} after ${tries}: ${body}` : `HTTP ${error.status} (not retried): ${body}`
  }
  const name = (error as { name?: unknown } | null)?.name
  if (name === 'TimeoutError' || name === 'AbortError') return `timed out after ${timeoutMs} ms (${tries})`
  return `request failed after ${tries}: ${errorMessage(error)}`
}
