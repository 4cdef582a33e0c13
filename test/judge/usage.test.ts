/**
 * A family's time is wall-clock: the union of its calls' [start, end] intervals, so calls in
 * flight together (or queued together behind the concurrency limit) count once.
 */
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { UsageMeter, unionOf, wallClockMs } from '../../src/judge/usage.ts'
import { mulberry32 } from '../../src/stats/bootstrap.ts'
import { testJudge } from '../helpers/judge.ts'
import { FakeOpenAI } from '../../fakes/openai-server.ts'
import { installSimulatedJudge } from '../../fakes/sim-judge.ts'

describe('wallClockMs', () => {
  it('counts overlapping intervals once and adds the gaps between disjoint ones', () => {
    assert.equal(wallClockMs([]), 0)
    assert.equal(wallClockMs([{ start: 0, end: 10 }]), 10)
    // [0,10] ∪ [5,15] ∪ [12,20] = [0,20]; [30,35] apart; [31,33] inside it; order does not matter
    assert.equal(
      wallClockMs([
        { start: 30, end: 35 },
        { start: 12, end: 20 },
        { start: 0, end: 10 },
        { start: 31, end: 33 },
        { start: 5, end: 15 },
      ]),
      25,
    )
    // nested and touching intervals
    assert.equal(
      wallClockMs([
        { start: 0, end: 100 },
        { start: 10, end: 20 },
        { start: 100, end: 110 },
      ]),
      110,
    )
  })

  it('a meter reports each family as the union of its own intervals, not the sum of durations', () => {
    const meter = new UsageMeter()
    for (let i = 0; i < 8; i++) meter.timed('rubric', i * 10, i * 10 + 1000)
    meter.timed('claims', 0, 50)
    meter.timed('claims', 100, 150)
    const families = meter.byFamily()
    assert.equal(families.rubric!.ms, 1070)
    assert.equal(families.claims!.ms, 100)
    assert.equal(families.rubric!.calls, 0, 'timing a call does not count it: the caller counts calls that returned')
  })

  it('keeps the union exact over thousands of calls, read in the middle or at the end', () => {
    const random = mulberry32(13)
    const all: { start: number; end: number }[] = []
    const meter = new UsageMeter()
    for (let i = 0; i < 5000; i++) {
      // bursts of overlapping calls with gaps between them, finishing out of order
      const start = Math.floor(i / 50) * 1000 + random() * 400
      const call = { start, end: start + random() * 300 }
      all.push(call)
      meter.timed('rubric', call.start, call.end)
      if (i === 2500) assert.ok(Math.abs(meter.byFamily().rubric!.ms - wallClockMs(all)) < 1e-6)
    }
    assert.ok(Math.abs(meter.byFamily().rubric!.ms - wallClockMs(all)) < 1e-6)
    assert.ok(unionOf(all).length <= 200, 'a few spans per burst')
  })
})

describe('judge usage time', () => {
  let fake: FakeOpenAI
  before(async () => {
    fake = installSimulatedJudge(await new FakeOpenAI({ latencyMs: 200 }).start())
  })
  after(() => fake.stop())

  it('eight rubric calls in flight together take about one latency, not eight', async () => {
    const judge = testJudge(fake.url, { concurrency: 4 })
    const vars = (i: number) => ({ should_refuse: 'false', history: '(empty)', question: `问题${i}`, reference_points: '1. 要点', contexts: '[文档1] 内容', answer: `回答${i}` })
    const started = performance.now()
    const replies = await Promise.all(Array.from({ length: 8 }, (_, i) => judge.ask('rubric', vars(i))))
    const wall = performance.now() - started
    assert.ok(replies.every((r) => r.ok))
    const rubric = judge.usageByFamily().rubric!
    assert.equal(rubric.calls, 8)
    // concurrency 4: two waves of 200 ms; the four queued calls waited ~200 ms each, which a sum would add (~2400 ms)
    assert.ok(rubric.ms >= 350, `rubric ms ${rubric.ms}`)
    assert.ok(rubric.ms <= wall + 1, `rubric ms ${rubric.ms} is more than the ${wall.toFixed(0)} ms the calls took`)
  })
})
