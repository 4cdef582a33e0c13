import type { EvalRow } from '../schemas/evalSet.ts'

/**
 * The i-th of n slices of an eval set: ids in code-point order, every n-th one starting at
 * i − 1. Every id lands in exactly one shard, shard sizes differ by at most one, and the
 * slice depends only on the ids, not on the order of the rows in the file. A conversation is
 * never split (its later turns are asked with the answers to its earlier ones): it goes whole
 * to the shard of its lowest id, so with conversations shard sizes differ by whole conversations.
 */
export function shardRows(rows: readonly EvalRow[], index: number, count: number): EvalRow[] {
  // a unit is named by its lowest id: ids are unique, so no two units share a name
  const lowestOfConversation = new Map<string, string>()
  for (const row of rows) {
    if (!row.conversation) continue
    const lowest = lowestOfConversation.get(row.conversation.id)
    if (lowest === undefined || row.id < lowest) lowestOfConversation.set(row.conversation.id, row.id)
  }
  const unitOf = (row: EvalRow) => (row.conversation ? lowestOfConversation.get(row.conversation.id)! : row.id)
  // sort() with no comparator orders strings by UTF-16 code units, as `<` does
  const order = [...new Set(rows.map(unitOf))].sort()
  const position = new Map(order.map((id, i) => [id, i]))
  return rows.filter((r) => position.get(unitOf(r))! % count === index - 1)
}
