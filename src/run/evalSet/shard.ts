import type { EvalRow } from '../../schemas/evalSet.ts'
import { knownKey } from '../../io/known.ts'

/** A question as sharding sees it: its id, and the conversation it is a turn of (null for a single question). */
export interface ShardUnit {
  id: string
  conversation: string | null
}

/**
 * Which questions are in shard `index` of `count`: ids in code-point order, every n-th one
 * starting at index − 1. Every id lands in exactly one shard, shard sizes differ by at most one,
 * and the shard depends only on the ids, not on the order of the rows in the file. A
 * conversation is never split (its later turns are asked with the answers to its earlier ones):
 * it goes whole to the shard of its lowest id, so with conversations shard sizes differ by whole
 * conversations. Needs only each question's id and conversation: a shard reads no more of the
 * other shards' rows.
 */
export function inShard(questions: readonly ShardUnit[], index: number, count: number): boolean[] {
  // a unit is named by its lowest id: ids are unique, so no two units share a name
  let lowestOfConversation: Map<string, string> | null = null
  for (const q of questions) {
    if (q.conversation === null) continue
    lowestOfConversation ??= new Map()
    const lowest = lowestOfConversation.get(q.conversation)
    if (lowest === undefined || q.id < lowest) lowestOfConversation.set(q.conversation, q.id)
  }
  const conversations = lowestOfConversation
  const names = conversations ? questions.map((q) => (q.conversation === null ? q.id : knownKey(conversations, q.conversation, 'the lowest id of conversation'))) : questions.map((q) => q.id)
  // sort() with no comparator orders strings by UTF-16 code units, as `<` does; a conversation's turns share one name
  const order = (conversations ? [...new Set(names)] : [...names]).sort()
  // this shard's units alone, looked up by name: an eighth of the names to hash and store
  const mine = new Set<string>()
  for (let i = index - 1; i < order.length; i += count) {
    const name = order[i]
    if (name !== undefined) mine.add(name)
  }
  return names.map((name) => mine.has(name))
}

/** The rows of shard `index` of `count` (inShard). */
export function shardRows(rows: readonly EvalRow[], index: number, count: number): EvalRow[] {
  const mine = inShard(
    rows.map((r) => ({ id: r.id, conversation: r.conversation?.id ?? null })),
    index,
    count,
  )
  return rows.filter((_, i) => mine[i])
}
