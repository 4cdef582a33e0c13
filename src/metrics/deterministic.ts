import type { CandidateOutput } from '../schemas/candidate.ts'
import type { Config } from '../schemas/config.ts'
import type { EvalRow } from '../schemas/evalSet.ts'
import { scoreCitationValidity } from './citations.ts'
import type { DeterministicTier } from './definitions.ts'
import { metricInfo } from './registry.ts'
import { writeRetrieval } from './retrieval.ts'
import { isRefusal, writeRules } from './rules.ts'
import { scoresOf, type ScoreSink, type Scores } from './types.ts'

/** One answered question, as the deterministic tier sees it. */
export interface QuestionToScore {
  row: EvalRow
  output: CandidateOutput
  config: Config
  /** isRefusal of the answer, when the caller has already asked it (the scoring loop has) */
  refused?: boolean
}

/**
 * The deterministic tier's scoring function per tier (definitions.ts names a metric's tier),
 * each writing its metrics into the sink. Typed by the tiers, so a new tier without its function
 * does not compile.
 */
const TIER_SCORERS: Record<DeterministicTier, (q: QuestionToScore, sink: ScoreSink) => void> = {
  rules: ({ row, output, config, refused }, sink) => writeRules(sink, row, output.answer, config.rules, refused ?? isRefusal(output.answer, config.rules.refusal_phrases)),
  citations: ({ output }, sink) => {
    const s = scoreCitationValidity(output.answer, output.contexts.length)
    sink('citation_valid', s.value, s.reason)
  },
  retrieval: ({ row, output, config }, sink) => writeRetrieval(sink, output.retrieved_ids, row.relevant_docs, config.k, row.should_refuse),
  operations: ({ output }, sink) => {
    if (output.latency_ms !== null) sink('latency_ms', output.latency_ms)
  },
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
export function scoreDeterministic(question: QuestionToScore, metrics: readonly string[]): Scores {
  return scoresOf((sink) => writeDeterministic(question, metrics, sink))
}

/** scoreDeterministic written into a sink: the scoring loop's way. */
export function writeDeterministic(question: QuestionToScore, metrics: readonly string[], sink: ScoreSink): void {
  for (const tier of plannedTiers(metrics)) TIER_SCORERS[tier](question, sink)
}
