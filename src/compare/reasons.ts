import { metricInfo } from '../metrics/registry.ts'
import { OVER_REFUSAL } from '../metrics/rules.ts'
import type { QuestionResult } from '../schemas/results.ts'

/**
 * Why one question scored what it did on one metric, for every report row (regressions,
 * improvements, the worst questions of a run without a baseline): the metric's own note, else
 * its error, else the candidate's. An answerable question the candidate refused says so
 * (`over_refusal`) on every answer metric, instead of the symptom ("no citation", "failed:
 * …"); retrieval and latency keep their own reasons, which the refusal did not cause.
 */
export function questionReason(q: QuestionResult, metric: string, before?: Readonly<Record<string, number | null>>): string | null {
  const tiers = metricInfo(metric)?.tiers ?? []
  const aboutTheAnswer = !tiers.includes('retrieval') && !tiers.includes('operations')
  if (aboutTheAnswer && q.scores.no_over_refusal === 0) return OVER_REFUSAL
  const own = q.notes[metric] ?? q.errors[metric] ?? q.errors.candidate ?? null
  // retrieval before and after, when the baseline kept where the relevant docs were retrieved
  const moved = tiers.includes('retrieval') && before && q.relevant_ranks ? rankChanges(before, q.relevant_ranks) : null
  return moved && own ? `${moved}; ${own}` : (moved ?? own)
}

/** Where the relevant docs went, worst first: "relevant doc man_rm was rank 1, now not retrieved"; null when none moved. */
export function rankChanges(before: Readonly<Record<string, number | null>>, after: Readonly<Record<string, number | null>>): string | null {
  const changes: { id: string; was: number | null; now: number | null }[] = []
  for (const id of Object.keys(after)) {
    if (!Object.hasOwn(before, id)) continue
    const was = before[id] ?? null
    const now = after[id] ?? null
    if (was !== now) changes.push({ id, was, now })
  }
  if (changes.length === 0) return null
  const loss = (c: { was: number | null; now: number | null }) => (c.now ?? Infinity) - (c.was ?? Infinity)
  changes.sort((a, b) => (loss(b) === loss(a) ? 0 : loss(b) > loss(a) ? 1 : -1))
  const words = (rank: number | null) => (rank === null ? 'not retrieved' : `rank ${rank}`)
  return changes
    .slice(0, SHOWN_MOVES)
    .map((c) => `relevant doc ${c.id} was ${words(c.was)}, now ${words(c.now)}`)
    .join('; ')
}

/** Rank changes a reason names; the rest are in the question's note. */
const SHOWN_MOVES = 3
