import type { CandidateOutput } from '../schemas/candidate.ts'
import type { RulesConfig } from '../schemas/config.ts'
import type { EvalRow } from '../schemas/evalSet.ts'
import type { DeterministicTier, QuestionScorer } from './definitions.ts'
import { Question, type QuestionToScore } from './question.ts'
import { isKnownMetric, metricInfo, registry, type MetricName } from './registry.ts'
import { scoresOf, type ScoreSink, type Scores } from './types.ts'

export type { QuestionToScore } from './question.ts'

/** A planned deterministic metric: its name, its definition's scoring function, its cut-off. */
interface PlannedScorer {
  name: MetricName
  score: QuestionScorer
  /** an `@K` metric's cut-off; NaN for a fixed metric, whose scorer takes none */
  k: number
}

/** A run's planned metric list → its deterministic metrics with their scorers (asked once per question, so remembered per list). */
const scorersOfPlan = new WeakMap<readonly string[], PlannedScorer[]>()

function plannedScorers(metrics: readonly string[]): PlannedScorer[] {
  let scorers = scorersOfPlan.get(metrics)
  if (!scorers) {
    scorers = []
    for (const name of metrics) {
      const info = metricInfo(name)
      if (info?.score && isKnownMetric(name)) scorers.push({ name, score: info.score, k: info.k ?? Number.NaN })
    }
    scorersOfPlan.set(metrics, scorers)
  }
  return scorers
}

/** The deterministic tier's scores of one answered question, for the metrics its run planned. */
export function scoreDeterministic(question: QuestionToScore, metrics: readonly string[]): Scores {
  return scoresOf((sink) => writeDeterministic(question, metrics, sink))
}

/**
 * scoreDeterministic written into a sink, the scoring loop's way: each planned metric's
 * definition scores the question, in plan order; what several of them share is worked out once
 * (Question.shared).
 */
export function writeDeterministic(question: QuestionToScore, metrics: readonly string[], sink: ScoreSink): void {
  const scorers = plannedScorers(metrics)
  if (scorers.length === 0) return
  const q = new Question(question)
  for (const { name, score, k } of scorers) {
    const s = score(q, k)
    if (s !== undefined) sink(name, s.value, s.reason)
  }
}

/** Every metric of one deterministic tier for one question (its `@K` ones at each k of the config, cut-off by cut-off, then the fixed ones). */
export function scoreTier(tier: DeterministicTier, question: QuestionToScore): Scores {
  const names = registry.computedBy(tier)
  const patterns = names.filter((n) => n.endsWith('@K'))
  const perK = question.config.k.flatMap((k) => patterns.map((p) => `${p.slice(0, -1)}${k}`))
  return scoreDeterministic(question, [...perK, ...names.filter((n) => !n.endsWith('@K'))])
}

/** The rules of one answer (check-rules, and the rules' worked examples). `refused`: isRefusal of the answer, when already asked. */
export function scoreRules(row: EvalRow, answer: string, rules: RulesConfig, refused?: boolean): Scores {
  return scoreTier('rules', { row, output: outputOf(row.id, { answer }), config: { rules, k: [] }, refused })
}

function outputOf(id: string, answered: Partial<CandidateOutput>): CandidateOutput {
  return { id, answer: '', contexts: [], retrieved_ids: [], latency_ms: null, error: null, ...answered }
}
