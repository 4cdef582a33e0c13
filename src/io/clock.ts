/** Time as a run sees it: when it started (for timestamps) and milliseconds since then (monotonic, for timings). */
export interface RunClock {
  readonly startedAt: Date
  elapsed(): number
}

export function startClock(now: () => Date = () => new Date(), monotonic: () => number = () => performance.now()): RunClock {
  const startedAt = now()
  const origin = monotonic()
  return { startedAt, elapsed: () => monotonic() - origin }
}
