/**
 * Runs `task(0)`, `task(1)`, … `task(count - 1)` with at most `workers` of them at once: each
 * worker takes the next index when its task ends, in index order. Unlike starting every task
 * and letting a Limiter queue them, nothing of a task exists before a worker takes it, so
 * what the tasks hold (prompts, replies) is bounded by `workers`, not by `count`. The first
 * failure stops workers from taking more indices and is what the returned promise rejects with.
 */
export async function forEachInPool(count: number, workers: number, task: (index: number) => Promise<void>): Promise<void> {
  let next = 0
  let failed = false
  const worker = async (): Promise<void> => {
    while (!failed && next < count) {
      const index = next++
      try {
        await task(index)
      } catch (error) {
        failed = true
        throw error
      }
    }
  }
  const size = Math.min(count, Math.max(1, Math.floor(workers)))
  await Promise.all(Array.from({ length: size }, worker))
}
