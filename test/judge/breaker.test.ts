/**
 * The judge's circuit breaker: 5 requests in a row refused for their key or unable to connect
 * stop the judge; anything else between them (a success, a 429, a 5xx, a timeout) ends the streak.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { APIConnectionError, APIConnectionTimeoutError } from 'openai'
import { BREAKER_THRESHOLD, CircuitBreaker, JudgeStopped } from '../../src/judge/breaker.ts'
import { withRetry, type RetryPolicy } from '../../src/io/retry.ts'

const httpError = (status: number) => Object.assign(new Error(`${status} scripted`), { status })
const refused = () => new APIConnectionError({ message: 'Connection error.', cause: new Error('connect ECONNREFUSED 127.0.0.1:9') })

function breaker(): CircuitBreaker {
  return new CircuitBreaker((fault) => ({ cause: fault === 'auth' ? 'the key was refused' : 'cannot reach the host', fix: `fix the ${fault}` }))
}

/** Sends one request through the breaker that fails with `error` (or succeeds with null); true when it was sent. */
async function send(b: CircuitBreaker, error: Error | null): Promise<boolean> {
  let sent = false
  await b
    .run(async () => {
      sent = true
      if (error) throw error
      return 'ok'
    })
    .catch(() => undefined)
  return sent
}

describe('CircuitBreaker', () => {
  it('stops after 5 refused keys in a row, with the cause, the last error and the fix, and sends nothing more', async () => {
    const b = breaker()
    for (let i = 0; i < BREAKER_THRESHOLD - 1; i++) await send(b, httpError(401))
    assert.equal(b.stopped(), null)
    await send(b, httpError(403))
    assert.deepEqual(b.stopped(), { cause: 'the key was refused (5 requests in a row failed, the last with HTTP 403: 403 scripted)', fix: 'fix the auth' })
    assert.equal(await send(b, null), false, 'not sent once stopped')
    await assert.rejects(
      b.run(async () => 'ok'),
      (error: unknown) => error instanceof JudgeStopped && /^judge stopped: the key was refused/.test(error.message),
    )
  })

  it('counts connection failures, with their root cause', async () => {
    const b = breaker()
    for (let i = 0; i < BREAKER_THRESHOLD; i++) await send(b, refused())
    assert.match(b.stopped()?.cause ?? '', /^cannot reach the host \(5 requests in a row failed, the last with Connection error\. \(connect ECONNREFUSED 127\.0\.0\.1:9\)\)$/)
  })

  it('a success, a 429, a 500, a 404 or a timeout between them ends the streak', async () => {
    for (const between of [null, httpError(429), httpError(500), httpError(404), new APIConnectionTimeoutError()]) {
      const b = breaker()
      for (let i = 0; i < BREAKER_THRESHOLD - 1; i++) await send(b, httpError(401))
      assert.equal(await send(b, between), true)
      for (let i = 0; i < BREAKER_THRESHOLD - 1; i++) await send(b, refused())
      assert.equal(b.stopped(), null, `${between?.message ?? 'a success'} ended the streak`)
    }
  })

  it('timeouts never stop the judge: a slow model is not a wrong setting', async () => {
    const b = breaker()
    for (let i = 0; i < 2 * BREAKER_THRESHOLD; i++) await send(b, new APIConnectionTimeoutError())
    assert.equal(b.stopped(), null)
  })

  it('a retry loop gives up at once when the breaker opens, instead of retrying into it', async () => {
    const b = breaker()
    const policy: RetryPolicy = { maxRetries: 10, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1, retryStatus: () => true }
    let attempts = 0
    const result = await withRetry(
      () =>
        b.run(async () => {
          attempts += 1
          throw refused()
        }),
      policy,
      { sleep: async () => undefined, random: () => 0, now: () => 0 },
    )
    assert.equal(result.ok, false)
    assert.equal(attempts, BREAKER_THRESHOLD, 'the sixth attempt was not sent')
    assert.ok(!result.ok && result.error instanceof JudgeStopped && result.retryable === false)
  })
})
