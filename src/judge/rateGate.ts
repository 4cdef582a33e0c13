/** The clock the rate gate waits on, injected by tests. */
export interface GateClock {
  now: () => number
  sleep: (ms: number) => Promise<void>
}

const realClock: GateClock = { now: () => performance.now(), sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) }

/** The spacing between request starts after a rate limit: doubled on each limit, eased on each success. */
export const SPACING = { firstMs: 25, maxMs: 2000, easeOnSuccess: 0.9 } as const

/**
 * One pause for every slot of an endpoint: a rate limit answered to one request is the
 * endpoint's, so every request waits it out, not only the one that got it (slots that back
 * off alone keep colliding with the limit). A limit that names no wait (nginx's limit_req, a
 * fixed-window limiter) is met by pacing instead: requests start at least `spacing` apart,
 * the spacing doubling on every limit and easing off with every success, so the run settles
 * just under the server's rate. Counts what it cost, for the run's summary.
 */
export class RateGate {
  private until = 0
  private spacing = 0
  private lastStart = 0
  private said = false
  /** counts pauses, so a waiter sleeps again only when a new pause came while it slept (a fake clock never moves by itself) */
  private generation = 0
  private count = 0
  private pausedMs = 0
  private readonly clock: GateClock

  constructor(clock: GateClock = realClock) {
    this.clock = clock
  }

  /** Resolves once no pause is in force and the pacing lets the next request start (at once, when neither holds it). */
  async ready(): Promise<void> {
    for (let seen = -1; seen !== this.generation;) {
      seen = this.generation
      const wait = this.until - this.clock.now()
      if (wait > 0) await this.clock.sleep(wait)
    }
    if (this.spacing === 0) return
    const start = Math.max(this.clock.now(), this.lastStart + this.spacing)
    this.lastStart = start
    const wait = start - this.clock.now()
    if (wait > 0) await this.clock.sleep(wait)
  }

  /**
   * A rate limit: every request waits `hintMs` from now when the server named a wait (a longer
   * pause already in force stands), else the doubled spacing. True the first time, so the
   * run says so once.
   */
  limited(hintMs: number | null): boolean {
    this.count += 1
    this.spacing = Math.min(SPACING.maxMs, Math.max(SPACING.firstMs, this.spacing * 2))
    this.pause(hintMs ?? this.spacing)
    const first = !this.said
    this.said = true
    return first
  }

  /** A request went through: the pacing eases off. */
  succeeded(): void {
    if (this.spacing === 0) return
    this.spacing = this.spacing * SPACING.easeOnSuccess < 1 ? 0 : this.spacing * SPACING.easeOnSuccess
  }

  private pause(ms: number): void {
    const now = this.clock.now()
    const until = now + ms
    if (until <= this.until) return
    this.pausedMs += until - Math.max(this.until, now)
    this.until = until
    this.generation += 1
  }

  /** How often the endpoint limited this run, and how long every slot stood still in all. */
  summary(): { limited: number; pausedMs: number } {
    return { limited: this.count, pausedMs: Math.round(this.pausedMs) }
  }
}
