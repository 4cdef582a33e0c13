import { scoreCitationValidity } from '../metrics/citations.ts'
import { sortMetrics } from '../metrics/registry.ts'
import { scoreRetrieval } from '../metrics/retrieval.ts'
import { isRefusal, scoreRules } from '../metrics/rules.ts'
import type { Score } from '../metrics/types.ts'
import type { CandidateOutput } from '../schemas/candidate.ts'
import type { Config } from '../schemas/config.ts'
import type { EvalRow } from '../schemas/evalSet.ts'
import type { MetricSummary, QuestionResult } from '../schemas/results.ts'
import type { Scorer } from './scorers/scorer.ts'

/** Which metrics a run computes, decided before any question is scored, so every row has the same keys. */
export function plannedMetrics(rows: readonly EvalRow[], config: Config, outputs: Iterable<CandidateOutput>, scorer: Pick<Scorer, 'metrics'>): string[] {
  const names = metricsBeforeAnswers(rows, config, scorer)
  for (const output of outputs) {
    if (output.latency_ms !== null) {
      names.push('latency_ms')
      break
    }
  }
  // one canonical order, so a run and the merge of its shards list metrics alike
  return sortMetrics(names)
}

/** Every metric of plannedMetrics that is known before the candidate answers: all but latency_ms, which depends on the outputs. */
export function metricsBeforeAnswers(rows: readonly EvalRow[], config: Pick<Config, 'rules' | 'k'>, scorer: Pick<Scorer, 'metrics'>): string[] {
  const names: string[] = []
  const anyRefuse = rows.some((r) => r.should_refuse)
  const anyAnswerable = rows.some((r) => !r.should_refuse)
  if (anyAnswerable) {
    names.push('length_ok')
    if (config.rules.require_citation) names.push('citation_ok')
    names.push('no_forbidden')
    if (rows.some((r) => r.expect_json && !r.should_refuse)) names.push('json_ok')
  }
  if (anyRefuse) names.push('refuse_ok')
  names.push('rules_pass')
  if (rows.some((r) => r.relevant_docs.length > 0)) {
    for (const k of config.k) names.push(`precision@${k}`, `recall@${k}`, `hit@${k}`, `ndcg@${k}`)
    names.push('mrr')
  }
  names.push('citation_valid')
  names.push(...scorer.metrics)
  return names
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
  }
  if (output.error !== null) {
    result.errors.candidate = output.error
    for (const m of metrics) result.scores[m] = null
    return result
  }
  const refusal = isRefusal(output.answer, config.rules.refusal_phrases)
  const scores: Record<string, Score> = {
    ...scoreRules(row, output.answer, config.rules),
    citation_valid: scoreCitationValidity(output.answer, output.contexts.length),
  }
  if (metrics.includes('mrr')) Object.assign(scores, scoreRetrieval(output.retrieved_ids, row.relevant_docs, config.k))
  const own = scorer.scoreAnswer?.(row, output, refusal)
  if (own) {
    Object.assign(scores, own.scores)
    if (own.claims) result.claims = own.claims
  }
  if (output.latency_ms !== null) scores.latency_ms = { value: output.latency_ms }
  for (const m of metrics) {
    const s = scores[m]
    result.scores[m] = s?.value ?? null
    if (s?.reason) result.notes[m] = s.reason
    else if (!s && !structurallyAbsent(m, row)) result.notes[m] = notApplicable(m, row, output)
  }
  return result
}

/** Rules that do not apply to a kind of question by design: their null needs no note on every row. */
function structurallyAbsent(metric: string, row: EvalRow): boolean {
  if (metric === 'refuse_ok') return !row.should_refuse
  if (metric === 'json_ok') return !row.expect_json
  return row.should_refuse && ['length_ok', 'citation_ok', 'no_forbidden'].includes(metric)
}

function notApplicable(metric: string, row: EvalRow, output: CandidateOutput): string {
  if (metric === 'latency_ms') return 'the candidate gave no latency_ms for this question'
  if (row.should_refuse) return 'should-refuse question: judged by refuse_ok'
  if (metric === 'refuse_ok') return 'not a should-refuse question'
  if (metric === 'json_ok') return 'expect_json is false for this question'
  if (output.retrieved_ids.length === 0 && metric !== 'citation_valid') return 'no retrieved_ids'
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
