import { comparedValue, metricInfo, registry } from '../metrics/registry.ts'
import type { Results } from '../schemas/results.ts'
import { questionIndex } from './questionIndex.ts'
import { knownField } from '../io/known.ts'

/** One conversation of the run, summarised on one metric. */
export interface ConversationView {
  id: string
  turns: number
  /** mean over the turns with a value */
  mean: number | null
  /** turns with no value on the metric (an error, or null): counted, never averaged away */
  missing: number
  /** the turn with the worst value (direction-aware), the earliest on a tie */
  worst: { turn: number; id: string; value: number } | null
  /** mean context_retention_norm over its later turns, when the run has the metric */
  retention: number | null
  /** the turns that regressed against the baseline: the conversation regressed when any did */
  regressedTurns: number[]
}

export interface ConversationsSummary {
  /** the metric the means and worst turns are on: the one that moved (movedMetric), else the first of the report's trend metrics the run has */
  metric: string
  /** regressed first, then worst mean first */
  conversations: ConversationView[]
  regressed: number
}

/**
 * The per-conversation view of a run whose questions include conversation turns, or null: each
 * conversation's mean and worst turn on the run's leading metric, its context retention, and
 * whether it regressed (any of its turns in the comparison's regressions).
 */
export function conversationsOf(results: Results): ConversationsSummary | null {
  // the terminal and report.md (the Action: three reports) each ask for it: one walk of the questions serves them all
  const known = views.get(results.questions)
  const regressions = results.comparison?.regressions
  if (known && known.metrics === results.metrics && known.k === results.run.k && known.regressions === regressions) return known.view
  const view = summarise(results)
  views.set(results.questions, { metrics: results.metrics, k: results.run.k, regressions, view })
  return view
}

/** conversationsOf's answer per questions object, with what else it read: a results object is not changed once it is rendered. */
const views = new WeakMap<Results['questions'], { metrics: Results['metrics']; k: Results['run']['k']; regressions: unknown; view: ConversationsSummary | null }>()

function summarise(results: Results): ConversationsSummary | null {
  const byConversation = new Map<string, { id: string; turn: number }[]>()
  for (const { id, conversation, turn } of questionIndex(results.questions).turns) {
    const turns = byConversation.get(conversation) ?? []
    turns.push({ id, turn })
    byConversation.set(conversation, turns)
  }
  const metric = movedMetric(results) ?? registry.trend(results.run.k).find((m) => m in results.metrics) ?? Object.keys(results.metrics)[0]
  if (byConversation.size === 0 || metric === undefined) return null
  const info = metricInfo(metric)
  const higherIsBetter = info?.higherIsBetter ?? true
  const regressedIds = new Set(results.comparison?.regressions.map((r) => r.id) ?? [])
  const conversations: ConversationView[] = []
  for (const [id, unsorted] of byConversation) {
    const turns = [...unsorted].sort((a, b) => a.turn - b.turn)
    const valued = turns.flatMap((t) => {
      const value = knownField(results.questions, t.id, 'question').scores[metric]
      // a metric with a target: its distance from it, as every comparison reads it
      return typeof value === 'number' && Number.isFinite(value) ? [{ ...t, value: comparedValue(info?.direction, value) }] : []
    })
    const worst = valued.reduce<(typeof valued)[number] | null>((w, t) => (w === null || (higherIsBetter ? t.value < w.value : t.value > w.value) ? t : w), null)
    conversations.push({
      id,
      turns: turns.length,
      mean: valued.length > 0 ? valued.reduce((sum, t) => sum + t.value, 0) / valued.length : null,
      missing: turns.length - valued.length,
      worst,
      retention: mean(turns.map((t) => knownField(results.questions, t.id, 'question').scores.context_retention_norm)),
      regressedTurns: turns.filter((t) => regressedIds.has(t.id)).map((t) => t.turn),
    })
  }
  const badness = (c: ConversationView) => (c.mean === null ? -Infinity : higherIsBetter ? c.mean : -c.mean)
  conversations.sort((a, b) => Number(b.regressedTurns.length > 0) - Number(a.regressedTurns.length > 0) || badness(a) - badness(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  return { metric, conversations, regressed: conversations.filter((c) => c.regressedTurns.length > 0).length }
}

/**
 * The score metric the comparison says moved: the largest drop among the regressed metrics
 * (regressions within noise included), else the metric with the most per-question regressions;
 * null when nothing dropped. A lexical run's rules_pass is 1 on almost every turn, so ranking
 * conversations on it would read "worst turn 1: 1.000" beside every regressed conversation.
 */
function movedMetric(results: Results): string | null {
  const c = results.comparison
  if (!c) return null
  const dropped = c.metrics
    .flatMap(({ metric, status, change }) => ((status === 'regression' || status === 'regression_within_noise') && change !== null && rankable(metric) ? [{ metric, change }] : []))
    .sort((a, b) => a.change - b.change)
  if (dropped[0]) return dropped[0].metric
  const counts = new Map<string, number>()
  for (const r of c.regressions) if (rankable(r.metric)) counts.set(r.metric, (counts.get(r.metric) ?? 0) + 1)
  let best: { metric: string; count: number } | null = null
  for (const [metric, count] of counts) if (best === null || count > best.count || (count === best.count && metric < best.metric)) best = { metric, count }
  return best?.metric ?? null
}

/** Latency is no quality to rank on, and context retention has its own column (and no value on first turns). */
function rankable(metric: string): boolean {
  return metricInfo(metric)?.unit !== 'ms' && metric !== 'context_retention_norm'
}

function mean(values: readonly (number | null | undefined)[]): number | null {
  const numbers = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v))
  return numbers.length > 0 ? numbers.reduce((a, b) => a + b, 0) / numbers.length : null
}
