/**
 * The judge's circuit breaker reads only fault classes (judge/faults.ts): endpoint faults stop it
 * after STREAKS.endpoint in a row (a retryable one only once the streak spans 2 s: a burst holds
 * the requests, then one tests the endpoint); the same request fault STREAKS.sameRequestFault
 * times in a row, STREAKS.exhausted requests out of retries, STREAKS.unusable unusable replies,
 * or STREAKS.failing failures of any kind stop it too. Any success ends every streak.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { BREAKER_MIN_SPAN_MS, CircuitBreaker, JudgeStopped, STREAKS, type BreakerClock, type JudgeStop } from '../../src/judge/breaker.ts'
import type { Fault, FaultClass } from '../../src/judge/faults.ts'

/** A clock that moves only when told to (`advance`) or when slept on. */
function manualClock(): BreakerClock & { advance(ms: number): void } {
  let now = 0
  return { now: () => now, sleep: async (ms) => void (now += ms), advance: (ms) => void (now += ms) }
}

function fault(cls: FaultClass, kind: string, more: Partial<Fault> = {}): Fault {
  return { class: cls, kind, signature: kind, cause: `a ${kind}`, fix: `fix the ${kind}`, retry: cls === 'transient', waitMs: null, rateLimited: false, status: null, ...more }
}

function breaker(): { b: CircuitBreaker; clock: ReturnType<typeof manualClock>; stops: JudgeStop[] } {
  const clock = manualClock()
  const stops: JudgeStop[] = []
  return { b: new CircuitBreaker({ clock, onStop: (s) => stops.push(s), maxRetries: 4 }), clock, stops }
}

/** Reports `n` failures of this fault, each admitted first (as the client does), `stepMs` apart. */
async function fail(b: CircuitBreaker, clock: ReturnType<typeof manualClock>, f: Fault, n: number, final = true, stepMs = 0): Promise<number> {
  let sent = 0
  for (let i = 0; i < n; i++) {
    clock.advance(stepMs)
    let end: () => void
    try {
      end = await b.admit()
    } catch (error) {
      assert.ok(error instanceof JudgeStopped)
      return sent
    }
    sent += 1
    b.failed(f, final)
    end()
  }
  return sent
}

describe('CircuitBreaker', () => {
  it('stops after STREAKS.endpoint refused keys in a row, with the cause and the fix, said once, and admits nothing more', async () => {
    const { b, clock, stops } = breaker()
    assert.equal(await fail(b, clock, fault('endpoint', 'auth'), 10), STREAKS.endpoint)
    assert.match(b.stopped()!.cause, new RegExp(`a auth \\(${STREAKS.endpoint} requests in a row\\)`))
    assert.equal(b.stopped()!.fix, 'fix the auth')
    assert.equal(stops.length, 1)
    await assert.rejects(b.admit(), JudgeStopped)
  })

  it('a success between endpoint faults ends the streak', async () => {
    const { b, clock } = breaker()
    await fail(b, clock, fault('endpoint', 'auth'), STREAKS.endpoint - 1)
    b.succeeded()
    await fail(b, clock, fault('endpoint', 'auth'), STREAKS.endpoint - 1)
    assert.equal(b.stopped(), null)
  })

  it('stops on the same request fault STREAKS.sameRequestFault times in a row, but not on as many different ones', async () => {
    const { b, clock } = breaker()
    for (let i = 0; i < STREAKS.sameRequestFault - 1; i++) await fail(b, clock, fault('request', `other-${i}`), 1)
    assert.equal(b.stopped(), null, 'different request faults are different questions')
    b.succeeded()
    await fail(b, clock, fault('request', 'context', { signature: 'context' }), STREAKS.sameRequestFault)
    assert.match(b.stopped()!.cause, new RegExp(`${STREAKS.sameRequestFault} requests in a row failed the same way: a context`))
  })

  it('counts a transient fault only when its retries ran out, and says to raise max_retries', async () => {
    const { b, clock } = breaker()
    await fail(b, clock, fault('transient', 'server_error'), STREAKS.failing - 1, false, BREAKER_MIN_SPAN_MS)
    b.succeeded()
    await fail(b, clock, fault('transient', 'server_error'), STREAKS.exhausted, true)
    assert.match(b.stopped()!.cause, new RegExp(`${STREAKS.exhausted} requests in a row failed after all their retries, the last: a server_error`))
    assert.match(b.stopped()!.fix, /raise judge\.max_retries \(now 4\)/)
  })

  it('never counts a rate limit towards the catch-all: the pause waits it out', async () => {
    const { b, clock } = breaker()
    await fail(b, clock, fault('transient', 'rate_limit', { rateLimited: true }), STREAKS.failing * 3, false, BREAKER_MIN_SPAN_MS)
    assert.equal(b.stopped(), null)
  })

  it('stops after STREAKS.unusable unusable replies in a row', () => {
    const { b } = breaker()
    for (let i = 0; i < STREAKS.unusable; i++) b.unusableReply('reply: Required')
    assert.match(b.stopped()!.cause, /judge replies in a row were unusable even after a repair, the last: reply: Required/)
  })

  describe("a burst of retryable failures (a restart, a proxy's 502 page)", () => {
    it('holds the requests until the streak spans 2 s, then one tests the endpoint; on its success the others go', async () => {
      const { b, clock } = breaker()
      await fail(b, clock, fault('endpoint', 'unreachable', { retry: true }), STREAKS.endpoint)
      assert.equal(b.stopped(), null, 'too short a burst to stop')
      const test = await b.admit()
      assert.ok(clock.now() >= BREAKER_MIN_SPAN_MS, 'the first admit waited out the span')
      let othersAdmitted = false
      const other = b.admit().then((end) => {
        othersAdmitted = true
        end()
      })
      await new Promise((resolve) => setImmediate(resolve))
      assert.equal(othersAdmitted, false, 'held while the test request runs')
      b.succeeded()
      test()
      await other
      assert.equal(b.stopped(), null)
    })

    it('stops when the test request fails too', async () => {
      const { b, clock } = breaker()
      await fail(b, clock, fault('endpoint', 'unreachable', { retry: true }), STREAKS.endpoint)
      await fail(b, clock, fault('endpoint', 'unreachable', { retry: true }), 1)
      assert.match(b.stopped()!.cause, /a unreachable/)
      await assert.rejects(b.admit(), JudgeStopped)
    })

    it('the catch-all holds and tests the same way for failures of any class', async () => {
      const { b, clock } = breaker()
      await fail(b, clock, fault('request', 'odd', { signature: 'odd-1' }), 1)
      for (let i = 2; i <= STREAKS.failing; i++) await fail(b, clock, fault('request', 'odd', { signature: `odd-${i}` }), 1)
      assert.equal(b.stopped(), null)
      await fail(b, clock, fault('request', 'odd', { signature: 'odd-last' }), 1)
      assert.match(b.stopped()!.cause, new RegExp(`${STREAKS.failing + 1} requests in a row failed, the last: a odd`))
    })
  })
})
