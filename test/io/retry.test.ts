import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { backoffMs, parseRetryAfter, rateLimitOrServerError, withRetry, type RetryDeps, type RetryPolicy } from '../../src/io/retry.ts'

const NOW = Date.parse('2026-01-01T00:00:00Z')

const POLICY: RetryPolicy = { maxRetries: 3, baseDelayMs: 100, maxDelayMs: 1_000, maxRetryAfterMs: 10_000, retryStatus: rateLimitOrServerError }

/** Records every wait instead of sleeping; `random` and the wall clock are fixed. */
function fakeDeps(random = 0.5): { deps: RetryDeps; waits: number[] } {
  const waits: number[] = []
  return { waits, deps: { sleep: async (ms) => void waits.push(ms), random: () => random, now: () => NOW } }
}

/** A failure shaped like the SDK's APIError or the HTTP candidate's status error. */
function httpError(status: number, headers: Record<string, string> = {}): Error {
  return Object.assign(new Error(`HTTP ${status}`), { status, headers: new Headers(headers) })
}

/** An attempt that throws the given failures in turn, then returns 'done'. */
function scripted(failures: unknown[]): { attempt: () => Promise<string>; calls: () => number } {
  let calls = 0
  return {
    calls: () => calls,
    attempt: async () => {
      const failure = failures[calls++]
      if (failure !== undefined) throw failure
      return 'done'
    },
  }
}

describe('parseRetryAfter', () => {
  const cases: [string | null, number | null][] = [
    ['1', 1000],
    ['0', 0],
    ['2.5', 2500],
    ['600', 60_000],
    ['Thu, 01 Jan 2026 00:00:05 GMT', 5000],
    ['Wed, 31 Dec 2025 23:00:00 GMT', 0],
    ['Fri, 02 Jan 2026 00:00:00 GMT', 60_000],
    ['soon', null],
    [null, null],
  ]
  for (const [header, expected] of cases) {
    it(`reads Retry-After ${JSON.stringify(header)} as ${expected} ms`, () => {
      assert.equal(parseRetryAfter(header, NOW), expected)
    })
  }

  it('caps at the cap it is given', () => {
    assert.equal(parseRetryAfter('30', NOW, 5_000), 5_000)
  })
})

describe('backoffMs', () => {
  it('waits the Retry-After seconds the server asked for, not the backoff', () => {
    assert.equal(backoffMs(0, httpError(429, { 'retry-after': '3' }), POLICY, fakeDeps().deps), 3_000)
  })

  it('reads a Retry-After HTTP date against the injected clock', () => {
    const date = new Date(NOW + 7_000).toUTCString()
    assert.equal(backoffMs(0, httpError(503, { 'retry-after': date }), POLICY, fakeDeps().deps), 7_000)
  })

  it('honours Retry-After on a 503 as on a 429', () => {
    assert.equal(backoffMs(2, httpError(503, { 'retry-after': '2' }), POLICY, fakeDeps().deps), 2_000)
  })

  it('caps a Retry-After in seconds or as a date at maxRetryAfterMs', () => {
    const { deps } = fakeDeps()
    assert.equal(backoffMs(0, httpError(429, { 'retry-after': '3600' }), POLICY, deps), 10_000)
    assert.equal(backoffMs(0, httpError(429, { 'retry-after': new Date(NOW + 3_600_000).toUTCString() }), POLICY, deps), 10_000)
  })

  it('prefers retry-after-ms, and reads headers given as a plain record', () => {
    const error = Object.assign(new Error('slow down'), { status: 429, headers: { 'retry-after-ms': '250', 'retry-after': '9' } })
    assert.equal(backoffMs(0, error, POLICY, fakeDeps().deps), 250)
  })

  it('falls back to exponential backoff for an unreadable Retry-After', () => {
    assert.equal(backoffMs(0, httpError(429, { 'retry-after': 'soon' }), POLICY, fakeDeps(1).deps), 100)
  })

  it('doubles the backoff per retry up to maxDelayMs', () => {
    const { deps } = fakeDeps(1)
    const waits = [0, 1, 2, 3, 4, 5].map((retry) => backoffMs(retry, new Error('reset'), POLICY, deps))
    assert.deepEqual(waits, [100, 200, 400, 800, 1_000, 1_000])
  })

  for (const [random, retry, expected] of [
    [0, 0, 50],
    [0.5, 0, 75],
    [0.999999, 0, 100],
    [0, 3, 400],
    [0.999999, 3, 800],
  ] as const) {
    it(`jitters within [half, all] of the backoff: random ${random}, retry ${retry} → ${expected} ms`, () => {
      assert.equal(backoffMs(retry, new Error('reset'), POLICY, fakeDeps(random).deps), expected)
    })
  }
})

describe('withRetry', () => {
  it('returns the value and how many retries it took', async () => {
    const { deps, waits } = fakeDeps()
    const call = scripted([httpError(500), new TypeError('fetch failed')])
    assert.deepEqual(await withRetry(call.attempt, POLICY, deps), { ok: true, value: 'done', retries: 2 })
    assert.deepEqual(waits, [75, 150])
  })

  it('stops after maxRetries with the last failure, marked retryable', async () => {
    const { deps, waits } = fakeDeps()
    const last = httpError(503)
    const call = scripted([httpError(500), httpError(502), httpError(429), last])
    const result = await withRetry(call.attempt, POLICY, deps)
    assert.deepEqual(result, { ok: false, error: last, retries: 3, retryable: true })
    assert.equal(call.calls(), 4)
    assert.equal(waits.length, 3)
  })

  it('makes exactly one attempt when maxRetries is 0', async () => {
    const call = scripted([httpError(500)])
    const result = await withRetry(call.attempt, { ...POLICY, maxRetries: 0 }, fakeDeps().deps)
    assert.equal(result.ok, false)
    assert.equal(call.calls(), 1)
  })

  for (const status of [400, 401, 404, 408, 409, 422]) {
    it(`does not retry HTTP ${status} under a policy that retries only 429 and 5xx`, async () => {
      const { deps, waits } = fakeDeps()
      const call = scripted([httpError(status)])
      const result = await withRetry(call.attempt, POLICY, deps)
      assert.deepEqual({ ok: result.ok, retries: result.retries, retryable: !result.ok && result.retryable }, { ok: false, retries: 0, retryable: false })
      assert.equal(call.calls(), 1)
      assert.deepEqual(waits, [])
    })
  }

  it('retries the statuses the policy names, and any failure without a status', async () => {
    const policy = { ...POLICY, retryStatus: (status: number) => status === 409 }
    const call = scripted([httpError(409), new Error('socket hang up'), Object.assign(new Error('timeout'), { name: 'TimeoutError' })])
    assert.deepEqual(await withRetry(call.attempt, policy, fakeDeps().deps), { ok: true, value: 'done', retries: 3 })
  })

  it('waits what a 429 asked for between attempts', async () => {
    const { deps, waits } = fakeDeps()
    const call = scripted([httpError(429, { 'retry-after': '2' }), httpError(429, { 'retry-after': new Date(NOW + 4_000).toUTCString() })])
    await withRetry(call.attempt, POLICY, deps)
    assert.deepEqual(waits, [2_000, 4_000])
  })
})
