/**
 * At most `concurrency` tasks at once, started in the order they were submitted. A finishing
 * task hands its slot straight to the oldest waiting one, so a task submitted in between can
 * neither overtake the queue nor push the count over the limit. What a slot covers is the
 * caller's choice: the judge holds one per attempt (a call waiting out a backoff does not
 * block others), the HTTP candidate one per question (an overloaded endpoint gets no more).
 */
export class Limiter {
  private active = 0
  private readonly queue: (() => void)[] = []
  readonly concurrency: number

  constructor(concurrency: number) {
    this.concurrency = Math.max(1, Math.floor(concurrency))
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active < this.concurrency) this.active += 1
    else await new Promise<void>((resolve) => this.queue.push(resolve))
    try {
      return await task()
    } finally {
      this.release()
    }
  }

  private release(): void {
    const next = this.queue.shift()
    if (next) next()
    else this.active -= 1
  }
}
