/**
 * At most `concurrency` tasks at once, started in the order they were submitted. A task
 * holds its slot only while it runs: a request waiting out a backoff does not block others.
 */
export class Limiter {
  private active = 0
  private readonly queue: (() => void)[] = []
  readonly concurrency: number

  constructor(concurrency: number) {
    this.concurrency = Math.max(1, Math.floor(concurrency))
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.concurrency) await new Promise<void>((resolve) => this.queue.push(resolve))
    this.active += 1
    try {
      return await task()
    } finally {
      this.active -= 1
      this.queue.shift()?.()
    }
  }
}
