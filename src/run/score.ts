import { scoreDeterministic } from '../metrics/deterministic.ts'
import { metricInfo, registry, sortMetrics } from '../metrics/registry.ts'
import { isRefusal } from '../metrics/rules.ts'
import type { CandidateOutput } from '../schemas/candidate.ts'
import type { Config } from '../schemas/config.ts'
import type { EvalRow } from '../schemas/evalSet.ts'
import type { MetricSummary, QuestionResult } from '../schemas/results.ts'
import type { Scorer } from './scorers/scorer.ts'

/** Which metrics a run computes, decided before any question is scored, so every row has the same keys. */
export function plannedMetrics(rows: readonly EvalRow[], config: Config, outputs: Iterable<CandidateOutput>, scorer: Pick<Scorer, 'metrics'>): string[] {
  const run = { rows, config, outputs: [...outputs] }
  const names = [...registry.plannedDeterministic(run), ...registry.plannedByProvider(scorer.metrics, run)]
  // one canonical order, so a run and the merge of its shards list metrics alike
  return sortMetrics(names)
}

/** Every metric of plannedMetrics that is known before the candidate answers: all but those planned by what the answers carry (latency_ms). Unsorted. */
export function metricsBeforeAnswers(rows: readonly EvalRow[], config: Pick<Config, 'rules' | 'k'>, scorer: Pick<Scorer, 'metrics'>): string[] {
  const run = { rows, config, outputs: null }
  return [...registry.plannedDeterministic(run), ...registry.plannedByProvider(scorer.metrics, run)]
}

/** Scores one question; a candidate error makes every metric null and counted as an error. */
export function scoreQuestion(row: EvalRow, output: CandidateOutput, config: Config, metrics: readonly string[], scorer: Pick<Scorer, 'scoreAnswer'>): QuestionResult {
  const result: QuestionResult = {
    question: row.question,
    category: row.category,
    difficulty: row.difficulty,
    should_refuse: row.should_refuse,
    answer: output.answer,
    scores: {},
    notes: {},
    errors: {},
    ...(row.conversation ? { conversation: { id: row.conversation.id, turn: row.conversation.turn } } : {}),
  }
  if (output.error !== null) {
    result.errors.candidate = output.error
    for (const m of metrics) result.scores[m] = null
    return result
  }
  const refusal = isRefusal(output.answer, config.rules.refusal_phrases)
  const scores = scoreDeterministic({ row, output, config }, metrics)
  const own = scorer.scoreAnswer?.(row, output, refusal)
  if (own) {
    Object.assign(scores, own.scores)
    if (own.claims) result.claims = own.claims
  }
  for (const m of metrics) {
    const s = scores[m]
    result.scores[m] = s?.value ?? null
    if (s?.reason) result.notes[m] = s.reason
    else if (!s) {
      const info = metricInfo(m)
      if (info?.askedOf?.(row) ?? true) result.notes[m] = info?.missingNote ?? notApplicable(row, output)
    }
  }
  return result
}

/** The note on a question a metric is asked of but has no value for, when its definition names none. */
function notApplicable(row: EvalRow, output: CandidateOutput): string {
  if (row.should_refuse) return 'should-refuse question: judged by refuse_ok'
  if (output.retrieved_ids.length === 0) return 'no retrieved_ids'
  return 'not applicable'
}

/** Mean over non-null values, with how many had a value, how many did not, and how many errored. */
export function summarise(questions: Record<string, QuestionResult>, metrics: readonly string[]): Record<string, MetricSummary> {
  // summed in id order, so a merged run of shards gives the same floating-point means as one run
  const ids = Object.keys(questions).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  const m = metrics.length
  const sum = new Float64Array(m)
  const n = new Float64Array(m)
  const nan = new Float64Array(m)
  const errors = new Float64Array(m)
  for (const id of ids) {
    const q = questions[id]!
    const scores = q.scores
    for (let j = 0; j < m; j++) {
      const v = scores[metrics[j]!]
      if (v === null || v === undefined) {
        nan[j] = nan[j]! + 1
        if (q.errors.candidate !== undefined || q.errors[metrics[j]!] !== undefined) errors[j] = errors[j]! + 1
        continue
      }
      sum[j] = sum[j]! + v
      n[j] = n[j]! + 1
    }
  }
  const summary: Record<string, MetricSummary> = {}
  metrics.forEach((metric, j) => {
    summary[metric] = { mean: n[j] === 0 ? null : sum[j]! / n[j]!, n: n[j]!, nan: nan[j]!, errors: errors[j]! }
  })
  return summary
}
