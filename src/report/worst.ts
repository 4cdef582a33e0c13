import { questionReason } from '../compare/reasons.ts'
import { comparedValue, metricInfo, worstCompared, type MetricInfo } from '../metrics/registry.ts'
import type { QuestionResult, Results } from '../schemas/results.ts'
import { knownField } from '../io/known.ts'

/** One of a run's worst questions, with what a reader needs to see why. */
export interface WorstQuestion {
  id: string
  /** the rules it failed (rules_pass, their summary, left out), in the run's metric order */
  failing: string[]
  /** where it errored ("candidate", a metric's name) */
  errors: string[]
  /** the mean of its scores, each read so that 1 is best (hallucination_rate as 1 − value); null without any */
  score: number | null
  /** its lowest score, as 1-is-best */
  lowest: { metric: string; value: number } | null
  /** why: the first failing rule's reason, else the lowest score's, else the error */
  reason: string | null
}

/**
 * A run's worst questions, for a run without a baseline to compare with (a first run, a
 * shard, an incomparable baseline): most failing rules (an error counts as one) first, then
 * the lowest mean score, then id. A question that fails nothing and scores 1 everywhere
 * (latency and precision@k, which cannot reach 1 with fewer relevant docs than k, aside) is
 * not listed. The terminal and the Markdown report both list these.
 */
export function worstQuestionsOf(results: Pick<Results, 'metrics' | 'questions'>): WorstQuestion[] {
  const metrics = Object.keys(results.metrics)
  const worst = Object.entries(results.questions).map(([id, q]) => describe(id, q, metrics))
  return worst
    .filter((w) => w.failing.length > 0 || w.errors.length > 0 || (w.lowest !== null && w.lowest.value < 1))
    .sort((a, b) => badness(b) - badness(a) || (a.score ?? 0) - (b.score ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
}

function badness(w: WorstQuestion): number {
  return w.failing.length + (w.errors.length > 0 ? 1 : 0)
}

function describe(id: string, q: QuestionResult, metrics: readonly string[]): WorstQuestion {
  const failing: string[] = []
  const scores: { metric: string; value: number }[] = []
  for (const metric of metrics) {
    const value = q.scores[metric]
    const info = metricInfo(metric)
    // precision@k cannot reach 1 when a question has fewer than k relevant docs: it would make every question look bad
    // a score on 0–1 only: latency and a ratio have no scale to rank a question's badness on
    if (value === null || value === undefined || (info && info.unit !== 'score') || info?.pattern === 'precision@K') continue
    if (info?.family === 'rules') {
      if (value === 0 && metric !== 'rules_pass') failing.push(metric)
    } else {
      scores.push({ metric, value: info ? goodness(info, value) : value })
    }
  }
  const lowest = scores.reduce<WorstQuestion['lowest']>((low, s) => (low === null || s.value < low.value ? s : low), null)
  const score = scores.length > 0 ? scores.reduce((sum, s) => sum + s.value, 0) / scores.length : null
  const errors = Object.keys(q.errors)
  const [firstError] = errors
  const explained = failing[0] ?? lowest?.metric
  const reason = (explained && questionReason(q, explained)) ?? (firstError === undefined ? null : knownField(q.errors, firstError, 'error'))
  return { id, failing, errors, score, lowest, reason }
}

/** What went wrong with a worst question, in words both renderers print: `fails citation_ok; lowest faithfulness 0.20`. */
export function worstWords(w: WorstQuestion): string {
  const parts = [
    w.failing.length > 0 ? `fails ${w.failing.join(', ')}` : '',
    w.errors.length > 0 ? `error in ${w.errors.join(', ')}` : '',
    w.lowest && w.lowest.value < 1 ? `lowest ${w.lowest.metric} ${w.lowest.value.toFixed(2)}` : '',
  ]
  return parts.filter(Boolean).join('; ')
}

/** A 0–1 score as "how good", 1 best: itself, 1 − it where lower is better, and for a target 1 − its distance over the largest distance the scale allows. */
function goodness(info: MetricInfo, value: number): number {
  if (info.direction.target === undefined) return info.higherIsBetter ? value : 1 - value
  const farthest = worstCompared(info)
  return farthest > 0 ? 1 - comparedValue(info.direction, value) / farthest : 1
}
