/**
 * A rate limit is the endpoint's, not one request's: a 429 pauses every slot for the wait the
 * server names, and a limiter that names none is met by pacing the requests apart.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { RateGate, SPACING } from '../../src/judge/rateGate.ts'
import { testJudge } from '../helpers/judge.ts'
import { embedText } from '../../fakes/openai-server.ts'

describe('a 429 pauses every slot', () => {
  it('holds every request that was not yet on the wire for the wait the server asked, not only the one that got the 429', async () => {
    // a virtual clock: time moves only when the judge waits, so the test does not hang on the machine's load
    let now = 0
    const deps = { now: () => now, sleep: async (ms: number) => void (now += ms), random: () => 0.5 }
    const sent: number[] = []
    const fetcher = async (_url: string | URL | Request, init?: RequestInit): Promise<Response> => {
      sent.push(now)
      if (sent.length === 1)
        return new Response(JSON.stringify({ error: { message: 'Rate limit reached', code: 'rate_limit_exceeded' } }), {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after-ms': '400' },
        })
      const input = JSON.parse(String(init?.body)).input as string[]
      return new Response(JSON.stringify({ data: input.map((t, index) => ({ index, embedding: embedText(t) })) }), { status: 200, headers: { 'content-type': 'application/json' } })
    }
    const judge = testJudge('http://127.0.0.1:9/v1', { concurrency: 4, retryDeps: deps, fetch: fetcher as typeof fetch })
    const replies = await Promise.all(Array.from({ length: 8 }, (_, i) => judge.embed([`text ${i}`])))
    assert.ok(replies.every((r) => r.ok))
    assert.equal(sent.length, 9, 'eight requests and the one retry')
    // the first four slots were on the wire before the 429 came back; every later request, the retry included, waited it out
    assert.deepEqual(sent.slice(0, 4), [0, 0, 0, 0])
    assert.ok(
      sent.slice(4).every((t) => t >= 400),
      `sent at ${sent.join(', ')}`,
    )
    assert.deepEqual(judge.rateLimits(), { limited: 1, pausedMs: 400 })
  })
})

describe('pacing a limiter that names no wait', () => {
  function manual() {
    let now = 0
    const slept: number[] = []
    return { now: () => now, sleep: async (ms: number) => void (slept.push(ms), (now += ms)), slept }
  }

  it('spaces request starts after a limit, doubles the spacing on each further limit, and eases it off with successes', async () => {
    const clock = manual()
    const gate = new RateGate(clock)
    await gate.ready()
    assert.deepEqual(clock.slept, [], 'no limit yet: no wait')
    assert.equal(gate.limited(null), true, 'the first limit is said')
    assert.equal(gate.limited(null), false, 'and only the first')
    // two limits: spacing 25 then 50; the pause is the spacing
    await gate.ready()
    await gate.ready()
    assert.deepEqual(clock.slept, [2 * SPACING.firstMs, 2 * SPACING.firstMs], 'the pause, then one spacing between the two starts')
    for (let i = 0; i < 100; i++) gate.succeeded()
    clock.slept.length = 0
    await gate.ready()
    await gate.ready()
    assert.deepEqual(clock.slept, [], 'a hundred successes later, no pacing')
  })

  it('waits what a hint names, however small the spacing', async () => {
    const clock = manual()
    const gate = new RateGate(clock)
    gate.limited(700)
    await gate.ready()
    assert.deepEqual(clock.slept, [700])
  })
})
