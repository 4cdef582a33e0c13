/**
 * The judge's circuit breaker: 5 requests in a row refused for their key or unable to connect
 * stop the judge; anything else between them (a success, a 429, a 5xx, a timeout) ends the streak.
 * Connection failures stop it only when they span 2 s: a burst of them holds the requests, then
 * one request tests the endpoint.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { APIConnectionError, APIConnectionTimeoutError } from 'openai'
import { BREAKER_MIN_SPAN_MS, BREAKER_THRESHOLD, CircuitBreaker, JudgeStopped, type BreakerClock } from '../../src/judge/breaker.ts'
import { withRetry, type RetryPolicy } from '../../src/io/retry.ts'

const httpError = (status: number) => Object.assign(new Error(`${status} scripted`), { status })
const refused = () => new APIConnectionError({ message: 'Connection error.', cause: new Error('connect ECONNREFUSED 127.0.0.1:9') })

/** A clock that moves only when told to (`advance`) or when slept on; `slept` lists the sleeps. */
function manualClock(): BreakerClock & { advance(ms: number): void; slept: number[] } {
  let now = 0
  const slept: number[] = []
  return {
    now: () => now,
    sleep: async (ms) => {
      slept.push(ms)
      now += ms
    },
    advance: (ms) => void (now += ms),
    slept,
  }
}

/** A breaker on a manual clock; `stepMs` is added to the clock before every request, so spaced-out failures span enough to stop. */
function breaker(stepMs = BREAKER_MIN_SPAN_MS): CircuitBreaker & { time: ReturnType<typeof manualClock> } {
  const clock = manualClock()
  const b = new CircuitBreaker((fault) => ({ cause: fault === 'auth' ? 'the key was refused' : 'cannot reach the host', fix: `fix the ${fault}` }), {
    clock: { now: () => clock.now(), sleep: (ms) => clock.sleep(ms) },
  })
  const run = b.run.bind(b)
  b.run = (request) => {
    clock.advance(stepMs)
    return run(request)
  }
  return Object.assign(b, { time: clock })
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
  describe('a burst of connection failures within 2 s', () => {
    /** Three requests sent at once after a burst, each recording when it was sent; the first fails with `first` (null: succeeds). */
    async function afterBurst(first: Error | null) {
      const b = breaker(0)
      for (let i = 0; i < BREAKER_THRESHOLD; i++) await send(b, refused())
      const sent: number[] = []
      const outcomes = await Promise.allSettled(
        [0, 1, 2].map((i) =>
          b.run(async () => {
            sent.push(i)
            if (i === 0 && first) throw first
            return 'ok'
          }),
        ),
      )
      return { b, sent, outcomes }
    }

    it('does not stop the judge: the requests wait out the span, one tests the endpoint, and on its success the others go', async () => {
      const { b, sent, outcomes } = await afterBurst(null)
      assert.equal(b.stopped(), null)
      assert.deepEqual(b.time.slept, [BREAKER_MIN_SPAN_MS])
      assert.deepEqual(sent, [0, 1, 2], 'the test request went first, the others after its outcome')
      assert.ok(outcomes.every((o) => o.status === 'fulfilled'))
    })

    it('stops the judge when the test request fails too, and the held requests are never sent', async () => {
      const { b, sent, outcomes } = await afterBurst(refused())
      assert.match(b.stopped()?.cause ?? '', /^cannot reach the host \(6 requests in a row failed, the last with Connection error\. \(connect ECONNREFUSED/)
      assert.deepEqual(sent, [0])
      assert.ok(outcomes.slice(1).every((o) => o.status === 'rejected' && o.reason instanceof JudgeStopped))
    })

    it('a refused key stops the judge at once: it is a setting, not a load', async () => {
      const b = breaker(0)
      for (let i = 0; i < BREAKER_THRESHOLD; i++) await send(b, httpError(401))
      assert.match(b.stopped()?.cause ?? '', /^the key was refused/)
      assert.deepEqual(b.time.slept, [])
    })

    it('a request in flight when the burst began, failing during the wait, neither stops the judge nor starts another wait', async () => {
      let wake = () => undefined as void
      const slept: number[] = []
      const clock: BreakerClock = { now: () => 0, sleep: (ms) => (slept.push(ms), new Promise<void>((resolve) => (wake = resolve))) }
      const b = new CircuitBreaker(() => ({ cause: 'cannot reach the host', fix: 'fix it' }), { clock })
      let failInFlight = (_error: Error) => undefined as void
      const inFlight = b.run(() => new Promise((_, reject) => (failInFlight = reject))).catch(() => undefined)
      for (let i = 0; i < BREAKER_THRESHOLD; i++) await send(b, refused())
      const test = send(b, null)
      failInFlight(refused())
      await inFlight
      assert.equal(b.stopped(), null)
      assert.deepEqual(slept, [BREAKER_MIN_SPAN_MS])
      wake()
      assert.equal(await test, true, 'sent as the test once the wait was over')
      assert.equal(b.stopped(), null)
    })
  })

  it('says why the moment it stops, once', async () => {
    const told: string[] = []
    const b = new CircuitBreaker(() => ({ cause: 'the key was refused', fix: 'fix it' }), { onStop: (stop) => told.push(stop.cause) })
    for (let i = 0; i < BREAKER_THRESHOLD + 2; i++) await send(b, httpError(401))
    assert.deepEqual(told, ['the key was refused (5 requests in a row failed, the last with HTTP 401: 401 scripted)'])
  })
})
