import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { setTimeout as delay } from 'node:timers/promises'
import { forEachInPool } from '../../src/io/pool.ts'

describe('forEachInPool', () => {
  it('runs every index once, at most `workers` at a time, taking indices in order', async () => {
    const started: number[] = []
    let inFlight = 0
    let max = 0
    await forEachInPool(50, 4, async (i) => {
      started.push(i)
      inFlight++
      max = Math.max(max, inFlight)
      await delay(i % 3)
      inFlight--
    })
    assert.deepEqual(
      started,
      Array.from({ length: 50 }, (_, i) => i),
    )
    assert.equal(max, 4)
  })

  it('stops taking indices after a failure and rejects with it', async () => {
    const started: number[] = []
    await assert.rejects(
      forEachInPool(100, 2, async (i) => {
        started.push(i)
        await delay(1)
        if (i === 3) throw new Error('task 3 failed')
      }),
      /task 3 failed/,
    )
    assert.ok(started.length < 10, `started ${started.length} tasks after the failure`)
  })

  it('does nothing for no indices, and runs with one worker when asked for fewer', async () => {
    let calls = 0
    await forEachInPool(0, 8, async () => void calls++)
    assert.equal(calls, 0)
    const order: number[] = []
    await forEachInPool(3, 0, async (i) => {
      order.push(i)
      await delay(1)
    })
    assert.deepEqual(order, [0, 1, 2])
  })
})
