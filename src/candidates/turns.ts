import type { CandidateOutput } from '../schemas/candidate.ts'
import type { ChatMessage, EvalRow } from '../schemas/evalSet.ts'
import { knownAt, knownKey } from '../io/known.ts'

/**
 * A conversation is asked as a chat product is used: turn k with the candidate's own answers to
 * turns 1 … k−1 as its history. So the candidate is asked in waves: wave k holds turn k of every
 * conversation (wave 1 also every single question and every row with a `history` cell, whose
 * history is given), and is asked only once wave k−1 has been answered. A set without
 * conversations is one wave: asked exactly as before.
 */
export function turnWaves(rows: readonly EvalRow[]): EvalRow[][] {
  const waves: EvalRow[][] = []
  for (const row of rows) {
    const wave = (row.conversation?.turn ?? 1) - 1
    while (waves.length <= wave) waves.push([])
    knownAt(waves, wave, 'a wave').push(row)
  }
  return waves
}

/** Every conversation's rows by turn: `[conversation id] → rows[turn - 1]`. */
function conversationsOf(rows: readonly EvalRow[]): Map<string, EvalRow[]> {
  const conversations = new Map<string, EvalRow[]>()
  for (const row of rows) {
    if (!row.conversation) continue
    const turns = conversations.get(row.conversation.id) ?? []
    turns[row.conversation.turn - 1] = row
    conversations.set(row.conversation.id, turns)
  }
  return conversations
}

/** Why a turn cannot be asked: an earlier turn has no answer to put in its history. */
export type HistoryOf = { ok: true; history: ChatMessage[] } | { ok: false; error: string }

/**
 * What came before each row, as `{role, content}` messages: a row's `history` cell as given; for
 * turn k of a conversation, the questions of turns 1 … k−1 (user) each followed by the
 * candidate's answer to it (assistant). A row of neither kind has none (absent from the map).
 */
export function histories(rows: readonly EvalRow[], answers: ReadonlyMap<string, CandidateOutput>): Map<string, HistoryOf> {
  const out = new Map<string, HistoryOf>()
  const conversations = conversationsOf(rows)
  for (const row of rows) {
    if (row.history) out.set(row.id, { ok: true, history: row.history })
    if (!row.conversation) continue
    const earlier = knownKey(conversations, row.conversation.id, 'conversation').slice(0, row.conversation.turn - 1)
    const history: ChatMessage[] = []
    let error: string | null = null
    for (const [i, turn] of earlier.entries()) {
      const answer = turn ? answers.get(turn.id) : undefined
      if (!turn || !answer || answer.error !== null) {
        error = `not asked: turn ${i + 1} of conversation "${row.conversation.id}"${turn ? ` (${turn.id})` : ''} has no answer to carry into this turn's history`
        break
      }
      history.push({ role: 'user', content: turn.question }, { role: 'assistant', content: answer.answer })
    }
    out.set(row.id, error === null ? { ok: true, history } : { ok: false, error })
  }
  return out
}

/** The rows with the history the candidate was given (conversation rows from its answers), for the judge. */
export function withHistories(rows: readonly EvalRow[], answers: ReadonlyMap<string, CandidateOutput>): EvalRow[] {
  const known = histories(rows, answers)
  return rows.map((row) => {
    const h = known.get(row.id)
    return h?.ok && !row.history ? { ...row, history: h.history } : row
  })
}

/**
 * Asks `ask` wave by wave (turnWaves), each row carrying its history (`row.history`). A turn whose
 * earlier turn got no answer (or an error) is not asked: it becomes an error row saying which turn.
 * With `take`, every answer is handed to it as it comes (and `ask` is given a `take` too), and of
 * the answers only what a later turn's history needs is kept: the answer text of a turn that has
 * a later one, not its contexts or retrieved ids; the map returned is then empty.
 */
export async function answerTurnByTurn(
  rows: readonly EvalRow[],
  ask: (rows: EvalRow[], take?: (output: CandidateOutput) => void) => Promise<Map<string, CandidateOutput>>,
  take?: (output: CandidateOutput) => void,
): Promise<Map<string, CandidateOutput>> {
  const waves = turnWaves(rows)
  if (waves.length <= 1) return ask([...rows], take)
  const answers = new Map<string, CandidateOutput>()
  const taking = take ? { take, earlier: earlierTurns(rows) } : null
  const keep = (output: CandidateOutput) => {
    if (!taking) return void answers.set(output.id, output)
    if (taking.earlier.has(output.id)) answers.set(output.id, { id: output.id, answer: output.answer, contexts: [], retrieved_ids: [], latency_ms: null, error: output.error })
    taking.take(output)
  }
  for (const wave of waves) {
    const known = histories(rows, answers)
    const asked: EvalRow[] = []
    for (const row of wave) {
      const h = known.get(row.id)
      if (h && !h.ok) keep({ id: row.id, answer: '', contexts: [], retrieved_ids: [], latency_ms: null, error: h.error })
      else asked.push(h ? { ...row, history: h.history } : row)
    }
    if (asked.length === 0) continue
    const got = await ask(asked, take ? keep : undefined)
    for (const output of got.values()) keep(output)
  }
  return take ? new Map() : answers
}

/** The ids of the conversation turns that a later turn follows: their answers go into its history. */
function earlierTurns(rows: readonly EvalRow[]): Set<string> {
  const last = new Map<string, number>()
  for (const row of rows) if (row.conversation) last.set(row.conversation.id, Math.max(last.get(row.conversation.id) ?? 0, row.conversation.turn))
  return new Set(rows.filter((row) => row.conversation && row.conversation.turn < knownKey(last, row.conversation.id, 'last turn of conversation')).map((row) => row.id))
}
