import type { RelevantDoc } from '../schemas/evalSet.ts'
import { sharedWork, type Question } from './question.ts'
import type { Score } from './score.ts'

/**
 * Retrieval metrics over a ranked list of ids (best first), against graded relevance
 * judgements (grade 0 = judged not relevant). Definitions, SPEC §2:
 *   precision@k = |top-k ∩ relevant| / k           (k even when fewer were returned)
 *   recall@k    = |top-k ∩ relevant| / |relevant|  (null without relevant docs)
 *   hit@k       = 1 if top-k holds a relevant id
 *   mrr         = 1 / rank of the first relevant id in the whole list, 0 if none
 *   ndcg@k      = DCG@k / IDCG@k, gain 2^grade − 1, discount log2(i + 1) (null without relevant docs)
 * Later duplicates of an id are removed before ranking. A should-refuse question with no
 * relevant docs is not a retrieval question: every metric is null, so hit, MRR and precision
 * describe the answerable questions only (an answerable question without relevant docs keeps
 * its 0s: retrieving nothing useful for it is a failure).
 *
 * Each metric's definition carries its function below; what they share (the ranked list, the
 * grades, the hits and the reason at each cut-off) is worked out once per question (RANKING).
 */
interface Ranking {
  /** a should-refuse question with no relevant docs */
  notRetrieval: boolean
  ranked: readonly string[]
  /** relevant id → its grade (> 0) */
  grades: ReadonlyMap<string, number>
  /** every grade, highest first: the ideal order, the same for every k */
  ideal: readonly number[]
  /** per cut-off asked so far */
  cutOffs: CutOff[]
}

interface CutOff {
  k: number
  depth: number
  hits: number
  /** why the top k falls short, in the ids themselves, or null */
  why: string | null
}

const RANKING = sharedWork((q): Ranking => {
  const grades = new Map<string, number>()
  for (const d of q.row.relevant_docs) if (d.grade > 0) grades.set(d.id, d.grade)
  const ranked = dedupe(q.output.retrieved_ids)
  return {
    notRetrieval: q.row.should_refuse && grades.size === 0,
    ranked,
    grades,
    ideal: grades.size === 0 ? [] : sortShort([...grades.values()], (a, b) => b - a),
    cutOffs: [],
  }
})

function cutOff(r: Ranking, k: number): CutOff {
  for (const c of r.cutOffs) if (c.k === k) return c
  const depth = Math.min(k, r.ranked.length)
  let hits = 0
  for (let i = 0; i < depth; i++) if (r.grades.has(idAt(r.ranked, i))) hits += 1
  const c = { k, depth, hits, why: missedAndRetrieved(r.ranked, depth, r.grades) }
  r.cutOffs.push(c)
  return c
}

export const NOT_A_RETRIEVAL_QUESTION = 'should-refuse question with no relevant docs: not a retrieval question'
const NOT_RETRIEVAL: Readonly<Score> = Object.freeze({ value: null, reason: NOT_A_RETRIEVAL_QUESTION })
const NO_RELEVANT_IDS = 'no relevant_doc_ids for this question'
const NO_RELEVANT: Readonly<Score> = Object.freeze({ value: null, reason: NO_RELEVANT_IDS })
const PERFECT: Readonly<Score> = Object.freeze({ value: 1 })

/** A value below 1 carries the reason; a perfect one needs none. */
function explained(value: number, why: string | null): Readonly<Score> {
  if (value < 1 && why) return { value, reason: why }
  return value === 1 ? PERFECT : { value }
}

export function precisionAt(q: Question, k: number): Readonly<Score> {
  const r = q.shared(RANKING)
  if (r.notRetrieval) return NOT_RETRIEVAL
  const c = cutOff(r, k)
  return explained(c.hits / k, c.why)
}

export function recallAt(q: Question, k: number): Readonly<Score> {
  const r = q.shared(RANKING)
  if (r.notRetrieval) return NOT_RETRIEVAL
  if (r.grades.size === 0) return NO_RELEVANT
  const c = cutOff(r, k)
  return explained(c.hits / r.grades.size, c.why)
}

export function hitAt(q: Question, k: number): Readonly<Score> {
  const r = q.shared(RANKING)
  if (r.notRetrieval) return NOT_RETRIEVAL
  const c = cutOff(r, k)
  return explained(c.hits > 0 ? 1 : 0, c.why)
}

export function ndcgAt(q: Question, k: number): Readonly<Score> {
  const r = q.shared(RANKING)
  if (r.notRetrieval) return NOT_RETRIEVAL
  if (r.grades.size === 0) return NO_RELEVANT
  const c = cutOff(r, k)
  return explained(ndcg(r.ranked, c.depth, r.grades, r.ideal, k), c.why)
}

export function mrr(q: Question): Readonly<Score> {
  const r = q.shared(RANKING)
  if (r.notRetrieval) return NOT_RETRIEVAL
  const { ranked, grades } = r
  const first = ranked.findIndex((id) => grades.has(id))
  if (first === 0) return PERFECT
  if (first !== -1) return { value: 1 / (first + 1), reason: `first relevant id ${ranked[first]} at rank ${first + 1}` }
  return { value: 0, reason: ranked.length === 0 ? 'nothing retrieved' : grades.size === 0 ? NO_RELEVANT_IDS : `no relevant id among ${ranked.length} retrieved` }
}

/** How many ids a reason names per list, and how much of each id it keeps (ids are the user's text). */
export const REASON_IDS = 5
const REASON_ID_CHARS = 40

/**
 * Why a top-k list falls short, in the ids themselves: `missed doc-7; retrieved doc-2, doc-9`
 * (the relevant ids not in the top k, highest grade first, then the ids that came back in
 * their place). Capped, so a long list or a long id never floods a report; the renderers
 * escape it like any other text from outside.
 */
function missedAndRetrieved(ranked: readonly string[], depth: number, grades: ReadonlyMap<string, number>): string | null {
  const missed: { id: string; grade: number }[] = []
  for (const [id, grade] of grades) {
    const rank = ranked.indexOf(id)
    if (rank === -1 || rank >= depth) missed.push({ id, grade })
  }
  sortShort(missed, (a, b) => b.grade - a.grade)
  const others: string[] = []
  for (let i = 0; i < depth; i++) {
    const id = idAt(ranked, i)
    if (!grades.has(id)) others.push(id)
  }
  const parts: string[] = []
  if (missed.length > 0) parts.push(`missed ${idList(missed.map((m) => m.id))}`)
  if (depth === 0) parts.push('nothing retrieved')
  else if (others.length > 0) parts.push(`retrieved ${idList(others)}${missed.length === 0 ? ' (not relevant)' : ''}`)
  return parts.length > 0 ? parts.join('; ') : null
}

function idList(ids: readonly string[]): string {
  // an id of at most REASON_ID_CHARS UTF-16 units has at most as many characters: only a longer one is counted
  const clip = (id: string) => (id.length > REASON_ID_CHARS && [...id].length > REASON_ID_CHARS ? `${[...id].slice(0, REASON_ID_CHARS - 1).join('')}…` : id)
  const shown = ids.slice(0, REASON_IDS).map(clip).join(', ')
  return ids.length > REASON_IDS ? `${shown} (+${ids.length - REASON_IDS} more)` : shown
}

/**
 * Where each relevant doc (grade > 0) was retrieved: its rank from 1 in the ranked ids (a
 * repeated id counts once), or null when it was not retrieved; null for a question that lists
 * no relevant doc. A later run's reason compares these with the baseline's.
 */
export function relevantRanks(retrieved: readonly string[], judgements: readonly RelevantDoc[]): Record<string, number | null> | null {
  const relevant = judgements.filter((d) => d.grade > 0)
  if (relevant.length === 0) return null
  const ranked = dedupe(retrieved)
  // an object with a prototype, as JSON.parse makes one (a null-prototype object is a hash table:
  // ~130 bytes more per question); fromEntries defines each key, so a `__proto__` doc stays a key
  return Object.fromEntries(
    relevant.map((d) => {
      const i = ranked.indexOf(d.id)
      return [d.id, i === -1 ? null : i + 1]
    }),
  )
}

/** Later duplicates removed. Lists are short: a scan finds that there are none without building a Set. */
function dedupe(ids: readonly string[]): readonly string[] {
  if (ids.length > 64) return [...new Set(ids)]
  // an id is a later duplicate when it was seen before its own place
  return ids.some((id, i) => ids.indexOf(id) !== i) ? ids.filter((id, j) => ids.indexOf(id) === j) : ids
}

/**
 * Array.prototype.sort's order (stable, by `compare`), in place. A question's lists are a
 * handful of ids, where sort's scratch copy cost more than the sorting: those are sorted by
 * insertion; longer ones by sort.
 */
function sortShort<T extends NonNullable<unknown>>(items: T[], compare: (a: T, b: T) => number): T[] {
  if (items.length > 16) return items.sort(compare)
  for (let i = 1; i < items.length; i++) {
    // checked here: the reads are within the list, and a shared knownAt would cost more than the sort
    const item = items[i]
    if (item === undefined) throw new RangeError(`sortShort: no item ${i} of ${items.length}`)
    let j = i
    for (let before = items[j - 1]; before !== undefined && compare(before, item) > 0; before = items[j - 1]) {
      items[j] = before
      j -= 1
    }
    items[j] = item
  }
  return items
}

/** DCG@k / IDCG@k over the first `depth` ranked ids; `ideal` is every grade, highest first. */
function ndcg(ranked: readonly string[], depth: number, grades: ReadonlyMap<string, number>, ideal: readonly number[], k: number): number {
  let dcg = 0
  // an id that is not relevant gains nothing
  for (let i = 0; i < depth; i++) dcg += gain(grades.get(idAt(ranked, i)) ?? 0, i)
  let best = 0
  for (const [i, grade] of ideal.entries()) {
    if (i >= k) break
    best += gain(grade, i)
  }
  return dcg / best
}

/** The id at a rank below the depth the caller walks to. Checked here, not by the shared knownAt: this reader only ever sees lists of ids, so it stays a plain read. */
function idAt(ranked: readonly string[], i: number): string {
  const id = ranked[i]
  if (id === undefined) throw new RangeError(`retrieval: no id at rank ${i + 1} of ${ranked.length}`)
  return id
}

/** Gain 2^grade − 1 at rank i + 1, discounted by log2(i + 2). */
function gain(grade: number, i: number): number {
  return (2 ** grade - 1) / Math.log2(i + 2)
}
