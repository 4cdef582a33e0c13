import type { MetricName } from './definitions.ts'
import type { RelevantDoc } from '../schemas/evalSet.ts'
import { scoresOf, type ScoreSink, type Scores } from './types.ts'

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
 */
export function scoreRetrieval(retrieved: readonly string[], judgements: readonly RelevantDoc[], ks: readonly number[], shouldRefuse = false): Scores {
  return scoresOf((sink) => writeRetrieval(sink, retrieved, judgements, ks, shouldRefuse))
}

/**
 * scoreRetrieval written into a sink, as the scoring loop takes it: per question no record, no
 * Score objects, no top-k copies; the cut-offs are indices into the deduplicated list.
 */
export function writeRetrieval(sink: ScoreSink, retrieved: readonly string[], judgements: readonly RelevantDoc[], ks: readonly number[], shouldRefuse = false): void {
  const grades = new Map<string, number>()
  for (const d of judgements) if (d.grade > 0) grades.set(d.id, d.grade)
  if (shouldRefuse && grades.size === 0) return notRetrievalQuestion(sink, ks)
  const ranked = dedupe(retrieved)
  const noRelevant = 'no relevant_doc_ids for this question'
  // the ideal order, highest grade first: the same for every k
  const ideal = grades.size === 0 ? [] : sortShort([...grades.values()], (a, b) => b - a)
  for (const k of ks) {
    const names = namesAt(k)
    const depth = Math.min(k, ranked.length)
    let hits = 0
    for (let i = 0; i < depth; i++) if (grades.has(ranked[i]!)) hits += 1
    const why = missedAndRetrieved(ranked, depth, grades)
    explained(sink, names.precision, hits / k, why)
    if (grades.size === 0) sink(names.recall, null, noRelevant)
    else explained(sink, names.recall, hits / grades.size, why)
    explained(sink, names.hit, hits > 0 ? 1 : 0, why)
    if (grades.size === 0) sink(names.ndcg, null, noRelevant)
    else explained(sink, names.ndcg, ndcg(ranked, depth, grades, ideal, k), why)
  }
  let firstRelevant = -1
  for (let i = 0; i < ranked.length && firstRelevant === -1; i++) if (grades.has(ranked[i]!)) firstRelevant = i
  if (firstRelevant === 0) sink('mrr', 1)
  else if (firstRelevant !== -1) sink('mrr', 1 / (firstRelevant + 1), `first relevant id ${ranked[firstRelevant]} at rank ${firstRelevant + 1}`)
  else sink('mrr', 0, ranked.length === 0 ? 'nothing retrieved' : grades.size === 0 ? noRelevant : `no relevant id among ${ranked.length} retrieved`)
}

/** The four `@k` names of one cut-off, made once per k rather than once per question. */
interface NamesAtK {
  precision: MetricName
  recall: MetricName
  hit: MetricName
  ndcg: MetricName
}

const namesByK = new Map<number, NamesAtK>()

function namesAt(k: number): NamesAtK {
  let names = namesByK.get(k)
  if (!names) {
    names = { precision: `precision@${k}`, recall: `recall@${k}`, hit: `hit@${k}`, ndcg: `ndcg@${k}` }
    namesByK.set(k, names)
  }
  return names
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
  const missed: string[] = []
  for (const id of grades.keys()) {
    const rank = ranked.indexOf(id)
    if (rank === -1 || rank >= depth) missed.push(id)
  }
  sortShort(missed, (a, b) => grades.get(b)! - grades.get(a)!)
  const others: string[] = []
  for (let i = 0; i < depth; i++) if (!grades.has(ranked[i]!)) others.push(ranked[i]!)
  const parts: string[] = []
  if (missed.length > 0) parts.push(`missed ${idList(missed)}`)
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

/** A value below 1 carries the reason; a perfect one needs none. */
function explained(sink: ScoreSink, name: MetricName, value: number, why: string | null): void {
  if (value < 1 && why) sink(name, value, why)
  else sink(name, value)
}

export const NOT_A_RETRIEVAL_QUESTION = 'should-refuse question with no relevant docs: not a retrieval question'

function notRetrievalQuestion(sink: ScoreSink, ks: readonly number[]): void {
  for (const k of ks) {
    const names = namesAt(k)
    for (const name of [names.precision, names.recall, names.hit, names.ndcg]) sink(name, null, NOT_A_RETRIEVAL_QUESTION)
  }
  sink('mrr', null, NOT_A_RETRIEVAL_QUESTION)
}

/** Later duplicates removed. Lists are short: a scan finds that there are none without building a Set. */
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

function dedupe(ids: readonly string[]): readonly string[] {
  if (ids.length > 64) return [...new Set(ids)]
  for (let i = 1; i < ids.length; i++) if (ids.lastIndexOf(ids[i]!, i - 1) !== -1) return ids.filter((id, j) => ids.indexOf(id) === j)
  return ids
}

/**
 * Array.prototype.sort's order (stable, by `compare`), in place. A question's lists are a
 * handful of ids, where sort's scratch copy cost more than the sorting: those are sorted by
 * insertion; longer ones by sort.
 */
function sortShort<T>(items: T[], compare: (a: T, b: T) => number): T[] {
  if (items.length > 16) return items.sort(compare)
  for (let i = 1; i < items.length; i++) {
    const item = items[i]!
    let j = i
    for (; j > 0 && compare(items[j - 1]!, item) > 0; j--) items[j] = items[j - 1]!
    items[j] = item
  }
  return items
}

/** DCG@k / IDCG@k over the first `depth` ranked ids; `ideal` is every grade, highest first. */
function ndcg(ranked: readonly string[], depth: number, grades: ReadonlyMap<string, number>, ideal: readonly number[], k: number): number {
  let dcg = 0
  for (let i = 0; i < depth; i++) dcg += gain(grades.get(ranked[i]!) ?? 0, i)
  let best = 0
  for (let i = 0; i < Math.min(k, ideal.length); i++) best += gain(ideal[i]!, i)
  return dcg / best
}

/** Gain 2^grade − 1 at rank i + 1, discounted by log2(i + 2). */
function gain(grade: number, i: number): number {
  return (2 ** grade - 1) / Math.log2(i + 2)
}
