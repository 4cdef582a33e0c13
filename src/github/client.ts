import { getOctokit } from '@actions/github'
import { rateLimitOrServerError, realRetryDeps, statusOf, withRetry, type RetryDeps, type RetryPolicy } from '../io/retry.ts'

export type Octokit = ReturnType<typeof getOctokit>

export interface GitHubClientOptions {
  /** each attempt of each API call gives up after this long (the body included) */
  timeoutMs?: number
  retry?: RetryPolicy
  retryDeps?: RetryDeps
  /** the REST API root; by default GITHUB_API_URL, as the runner sets it */
  baseUrl?: string
}

/**
 * A bounded wait: an API that takes the connection and never answers costs at most
 * (1 + maxRetries) × timeoutMs plus the backoff, not the 300 s of the HTTP client's own
 * header timeout; the verdict is known by then and only the comment is waiting.
 */
export const GITHUB_TIMEOUT_MS = 30_000
export const GITHUB_RETRY: RetryPolicy = { maxRetries: 2, baseDelayMs: 1_000, maxDelayMs: 8_000, maxRetryAfterMs: 30_000, retryStatus: rateLimitOrServerError }

/** The attempt ran out of time: no server answered, whatever status the HTTP client would make up. */
export class GitHubTimeoutError extends Error {
  readonly timeoutMs: number

  constructor(timeoutMs: number, what: string) {
    super(`timed out after ${timeoutMs} ms waiting for GitHub to answer ${what}`)
    this.name = 'GitHubTimeoutError'
    this.timeoutMs = timeoutMs
  }
}

/**
 * A GitHub call that failed for good. `status` is what GitHub answered, undefined when no
 * answer came (a timeout, a refused connection), whatever status Octokit made up for it.
 */
export class GitHubCallError extends Error {
  readonly attempts: number
  readonly status: number | undefined
  readonly timedOut: boolean

  constructor(cause: unknown, attempts: number) {
    super(cause instanceof Error ? cause.message : String(cause), { cause })
    this.name = 'GitHubCallError'
    this.attempts = attempts
    const answered = (cause as { response?: unknown } | null)?.response !== undefined
    this.status = answered ? statusOf(cause) : undefined
    this.timedOut = cause instanceof GitHubTimeoutError
  }
}

/**
 * An Octokit whose every request (pagination included) has a timeout and retries transient
 * failures (5xx, 429, network errors, timeouts) with backoff; any other 4xx is final. What
 * comes out of a failed call is a GitHubCallError: what happened, and after how many attempts.
 */
export function gitHubClient(token: string, options: GitHubClientOptions = {}): Octokit {
  const octokit = getOctokit(token, options.baseUrl ? { baseUrl: options.baseUrl } : {})
  const timeoutMs = options.timeoutMs ?? GITHUB_TIMEOUT_MS
  octokit.hook.wrap('request', async (request, requestOptions) => {
    const what = `${requestOptions.method} ${String(requestOptions.url)}`
    const attempt = async () => {
      const controller = new AbortController()
      const timer = setTimeout(() => controller.abort(), timeoutMs)
      try {
        // set on the options object itself: the hooks inside this one (the token's) were bound to it
        requestOptions.request = { ...requestOptions.request, signal: controller.signal }
        return await request(requestOptions)
      } catch (error) {
        // Octokit reports an abort as "HTTP 500"; no server said that
        throw controller.signal.aborted ? new GitHubTimeoutError(timeoutMs, what) : error
      } finally {
        clearTimeout(timer)
      }
    }
    const result = await withRetry(attempt, options.retry ?? GITHUB_RETRY, options.retryDeps ?? realRetryDeps)
    if (result.ok) return result.value
    throw new GitHubCallError(result.error, result.retries + 1)
  })
  return octokit
}
