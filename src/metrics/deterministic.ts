import type { CandidateOutput } from '../schemas/candidate.ts'
import type { Config } from '../schemas/config.ts'
import type { EvalRow } from '../schemas/evalSet.ts'
import { scoreCitationValidity } from './citations.ts'
import type { DeterministicTier } from './definitions.ts'
import { metricInfo } from './registry.ts'
import { scoreRetrieval } from './retrieval.ts'
import { scoreRules } from './rules.ts'
import type { Score } from './types.ts'

/** One answered question, as the deterministic tier sees it. */
export interface QuestionToScore {
  row: EvalRow
  output: CandidateOutput
  config: Config
}

/**
 * The deterministic tier's scoring function per tier (definitions.ts names a metric's tier).
 * Typed by the tiers, so a new tier without its function does not compile.
 */
const TIER_SCORERS: Record<DeterministicTier, (q: QuestionToScore) => Record<string, Score>> = {
  rules: ({ row, output, config }) => scoreRules(row, output.answer, config.rules),
  citations: ({ output }) => ({ citation_valid: scoreCitationValidity(output.answer, output.contexts.length) }),
  retrieval: ({ row, output, config }) => scoreRetrieval(output.retrieved_ids, row.relevant_docs, config.k, row.should_refuse),
  operations: ({ output }): Record<string, Score> => (output.latency_ms === null ? {} : { latency_ms: { value: output.latency_ms } }),
}

const DETERMINISTIC = Object.keys(TIER_SCORERS) as DeterministicTier[]

/** A run's planned metric list → the deterministic tiers it needs (asked once per question, so remembered per list). */
const tiersOfPlan = new WeakMap<readonly string[], DeterministicTier[]>()

function plannedTiers(metrics: readonly string[]): DeterministicTier[] {
  let tiers = tiersOfPlan.get(metrics)
  if (!tiers) {
    const needed = new Set(metrics.flatMap((m) => metricInfo(m)?.tiers ?? []))
    tiers = DETERMINISTIC.filter((t) => needed.has(t))
    tiersOfPlan.set(metrics, tiers)
  }
  return tiers
}

/** The deterministic tier's scores of one answered question, for the tiers its run planned. */
export function scoreDeterministic(question: QuestionToScore, metrics: readonly string[]): Record<string, Score> {
  const scores: Record<string, Score> = {}
  for (const tier of plannedTiers(metrics)) Object.assign(scores, TIER_SCORERS[tier](question))
  return scores
}
