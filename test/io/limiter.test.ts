import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { setTimeout as delay } from 'node:timers/promises'
import { Limiter } from '../../src/io/limiter.ts'
import { mulberry32 } from '../../src/stats/bootstrap.ts'

/** A promise the test settles by hand. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void
  const promise = new Promise<void>((r) => (resolve = r))
  return { promise, resolve }
}

/** Counts tasks in flight and remembers the most at once and the order they started in. */
function tracker() {
  const state = { inFlight: 0, max: 0, started: [] as string[] }
  const task = (name: string, body: () => Promise<void>) => async () => {
    state.started.push(name)
    state.inFlight++
    state.max = Math.max(state.max, state.inFlight)
    try {
      await body()
    } finally {
      state.inFlight--
    }
  }
  return { state, task }
}

describe('Limiter', () => {
  it('never runs more than N tasks at once, over tasks of random length', async () => {
    const random = mulberry32(7)
    const { state, task } = tracker()
    const limiter = new Limiter(3)
    await Promise.all(Array.from({ length: 40 }, (_, i) => limiter.run(task(`t${i}`, () => delay(Math.floor(random() * 5))))))
    assert.equal(state.max, 3)
    assert.equal(state.started.length, 40)
  })

  it('starts tasks in the order they were submitted', async () => {
    const { state, task } = tracker()
    const limiter = new Limiter(2)
    const names = Array.from({ length: 10 }, (_, i) => `t${i}`)
    await Promise.all(names.map((name, i) => limiter.run(task(name, () => delay(10 - i)))))
    assert.deepEqual(state.started, names)
  })

  it('hands a freed slot to the oldest waiter, not to a task submitted in between', async () => {
    const { state, task } = tracker()
    const limiter = new Limiter(1)
    const first = deferred()
    const firstRun = limiter.run(() => first.promise)
    const queued = limiter.run(task('queued', () => delay(5)))
    let late: Promise<void> | undefined
    first.resolve()
    // runs right after `first` gives its slot up and before `queued` resumes: it must still wait its turn
    queueMicrotask(() => {
      late = limiter.run(task('late', () => delay(5)))
    })
    await Promise.all([firstRun, queued])
    await late
    assert.deepEqual(state.started, ['queued', 'late'])
    assert.equal(state.max, 1)
  })

  it('releases the slot of a task that fails, and passes its error on', async () => {
    const { state, task } = tracker()
    const limiter = new Limiter(1)
    const failing = limiter.run(
      task('fails', async () => {
        throw new Error('boom')
      }),
    )
    const after = limiter.run(task('after', async () => undefined))
    await assert.rejects(failing, /boom/)
    await after
    assert.deepEqual(state.started, ['fails', 'after'])
  })

  it('releases the slot of a task that throws before returning a promise', async () => {
    const limiter = new Limiter(1)
    await assert.rejects(
      limiter.run(() => {
        throw new Error('sync')
      }),
      /sync/,
    )
    assert.equal(await limiter.run(async () => 'next'), 'next')
  })

  it('treats a concurrency below 1 as 1', () => {
    assert.equal(new Limiter(0).concurrency, 1)
    assert.equal(new Limiter(2.7).concurrency, 2)
  })
})
