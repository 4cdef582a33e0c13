import type { EvalRow } from '../../schemas/evalSet.ts'
import { mulberry32 } from '../../stats/bootstrap.ts'
import { knownAt } from '../../io/known.ts'

/**
 * The rows as units (a conversation's turns together, in turn order; every other question
 * alone), the units in a seeded random order: --sequential judges them in that order, so the
 * judged part is a uniformly random draw without replacement from the eval set.
 */
export function shuffledUnits(rows: readonly Pick<EvalRow, 'id' | 'conversation'>[], seed: number): number[][] {
  // a conversation's turns, each with its row's index, sorted by turn once all are in
  const byConversation = new Map<string, { index: number; turn: number }[]>()
  // a question outside a conversation is its row's index
  const units: (number | { index: number; turn: number }[])[] = []
  rows.forEach((row, index) => {
    const conversation = row.conversation
    if (conversation === undefined) return units.push(index)
    const turn = { index, turn: conversation.turn }
    const unit = byConversation.get(conversation.id)
    if (unit) return unit.push(turn)
    const fresh = [turn]
    byConversation.set(conversation.id, fresh)
    units.push(fresh)
  })
  for (const unit of byConversation.values()) unit.sort((a, b) => a.turn - b.turn)
  const random = mulberry32(seed)
  for (let i = units.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    const picked = knownAt(units, j, 'unit')
    units[j] = knownAt(units, i, 'unit')
    units[i] = picked
  }
  return units.map((unit) => (typeof unit === 'number' ? [unit] : unit.map((t) => t.index)))
}
