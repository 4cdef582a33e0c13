import type { RelevantDoc } from '../schemas/evalSet.ts'
import { noScore, score, type Score } from './types.ts'

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
export function scoreRetrieval(retrieved: readonly string[], judgements: readonly RelevantDoc[], ks: readonly number[], shouldRefuse = false): Record<string, Score> {
  const ranked = dedupe(retrieved)
  const grades = new Map(judgements.filter((d) => d.grade > 0).map((d) => [d.id, d.grade]))
  const scores: Record<string, Score> = {}
  if (shouldRefuse && grades.size === 0) return notRetrievalQuestion(ks)
  const noRelevant = 'no relevant_doc_ids for this question'
  for (const k of ks) {
    const top = ranked.slice(0, k)
    const hits = top.filter((id) => grades.has(id)).length
    const why = missedAndRetrieved(top, grades)
    scores[`precision@${k}`] = explained(hits / k, why)
    scores[`recall@${k}`] = grades.size === 0 ? noScore(noRelevant) : explained(hits / grades.size, why)
    scores[`hit@${k}`] = explained(hits > 0 ? 1 : 0, why)
    scores[`ndcg@${k}`] = grades.size === 0 ? noScore(noRelevant) : explained(ndcg(top, grades, k), why)
  }
  const firstRelevant = ranked.findIndex((id) => grades.has(id))
  scores.mrr =
    firstRelevant === -1
      ? { value: 0, reason: ranked.length === 0 ? 'nothing retrieved' : grades.size === 0 ? noRelevant : `no relevant id among ${ranked.length} retrieved` }
      : firstRelevant === 0
        ? score(1)
        : { value: 1 / (firstRelevant + 1), reason: `first relevant id ${ranked[firstRelevant]} at rank ${firstRelevant + 1}` }
  return scores
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
function missedAndRetrieved(top: readonly string[], grades: ReadonlyMap<string, number>): string | null {
  const inTop = new Set(top)
  const missed = [...grades].filter(([id]) => !inTop.has(id)).sort((a, b) => b[1] - a[1])
  const others = top.filter((id) => !grades.has(id))
  const parts: string[] = []
  if (missed.length > 0) parts.push(`missed ${idList(missed.map(([id]) => id))}`)
  if (top.length === 0) parts.push('nothing retrieved')
  else if (others.length > 0) parts.push(`retrieved ${idList(others)}${missed.length === 0 ? ' (not relevant)' : ''}`)
  return parts.length > 0 ? parts.join('; ') : null
}

function idList(ids: readonly string[]): string {
  const clip = (id: string) => ([...id].length > REASON_ID_CHARS ? `${[...id].slice(0, REASON_ID_CHARS - 1).join('')}…` : id)
  const shown = ids.slice(0, REASON_IDS).map(clip).join(', ')
  return ids.length > REASON_IDS ? `${shown} (+${ids.length - REASON_IDS} more)` : shown
}

/** A value below 1 carries the reason; a perfect one needs none. */
function explained(value: number, why: string | null): Score {
  return value < 1 && why ? { value, reason: why } : score(value)
}

export const NOT_A_RETRIEVAL_QUESTION = 'should-refuse question with no relevant docs: not a retrieval question'

function notRetrievalQuestion(ks: readonly number[]): Record<string, Score> {
  const names = [...ks.flatMap((k) => [`precision@${k}`, `recall@${k}`, `hit@${k}`, `ndcg@${k}`]), 'mrr']
  return Object.fromEntries(names.map((name) => [name, noScore(NOT_A_RETRIEVAL_QUESTION)]))
}

function dedupe(ids: readonly string[]): string[] {
  const seen = new Set<string>()
  return ids.filter((id) => (seen.has(id) ? false : (seen.add(id), true)))
}

function ndcg(top: readonly string[], grades: ReadonlyMap<string, number>, k: number): number {
  const dcg = discountedGain(top.map((id) => grades.get(id) ?? 0))
  const ideal = discountedGain([...grades.values()].sort((a, b) => b - a).slice(0, k))
  return dcg / ideal
}

function discountedGain(gradesInRankOrder: readonly number[]): number {
  return gradesInRankOrder.reduce((sum, grade, i) => sum + (2 ** grade - 1) / Math.log2(i + 2), 0)
}
