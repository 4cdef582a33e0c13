import type { EvalRow } from '../schemas/evalSet.ts'

/**
 * The i-th of n slices of an eval set: ids in code-point order, every n-th one starting at
 * i − 1. Every id lands in exactly one shard, shard sizes differ by at most one, and the
 * slice depends only on the ids, not on the order of the rows in the file.
 */
export function shardRows(rows: readonly EvalRow[], index: number, count: number): EvalRow[] {
  const order = rows.map((r) => r.id).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  const position = new Map(order.map((id, i) => [id, i]))
  return rows.filter((r) => position.get(r.id)! % count === index - 1)
}
