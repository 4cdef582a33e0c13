import type { Comparison, MetricRow, Results } from '../schemas/results.ts'
import { escapeCell } from './escape.ts'
import { failureMarkdown, failuresOf } from './failures.ts'
import { countOf } from '../text/countOf.ts'
import { deltaCell, metricTable, statusCell, value } from './metricTable.ts'
import { questionsIn } from './words.ts'
import { worstQuestionsOf, worstWords, type WorstQuestion } from './worst.ts'
import { knownField } from '../io/known.ts'

/**
 * The parts of the comment a reviewer reads first, shaped for a phone: short tables of at
 * most five columns with the status in words near the left edge, everything else folded.
 */

/** How many questions "Worst questions" names before the full table further down. */
export const WORST_SHOWN = 3

/** A metric the main table shows: the gate did not call it within its limit (nor leave it ungated), or it failed a threshold or error rate. */
export function moved(row: MetricRow, c: Comparison): boolean {
  return (row.status !== 'within' && row.status !== 'not_gated') || failuresOf(c, row.metric).length > 0
}

/**
 * The metrics section. Without a comparison: every metric's value, in view. With one, folded
 * whole (the "what changed" lines above say which metrics failed and whether that is noise):
 * why each failed with its interval and p-value, the metrics that moved, the others in one line,
 * the full table (interval, limit, nulls) and the noise behind it.
 */
export function metricsSection(results: Results, noise: readonly string[] = []): string[] {
  const c = results.comparison
  const compared = c && c.verdict !== 'incomparable' && c.baseline.kind !== 'none' ? c : null
  const table = ['', ...metricTable(results), '']
  if (!compared) return ['#### Metrics', '', ...valueTable(results), '', '<details><summary>All metrics: baseline, candidate, 95% interval of Δ, limit</summary>', ...table, '</details>', '']
  const shown = compared.metrics.filter((m) => moved(m, compared))
  const out = [
    `<details><summary>Metrics: ${countOf(shown.length, 'metric')} moved or failed, ${compared.metrics.length - shown.length} within their limits; intervals, p-values, limits</summary>`,
    '',
  ]
  if (compared.failures.length > 0) out.push('**Why the gate failed**', ...compared.failures.map((f) => `- ${failureMarkdown(f)}`), '')
  if (shown.length > 0) out.push(...movedTable(shown, compared), '')
  out.push(foldUnchanged(compared.metrics.filter((m) => !moved(m, compared))), '', '**All metrics**', ...table)
  if (noise.length > 0) out.push(...noise, '')
  return [...out, '</details>', '']
}

/** metric | status | baseline → candidate | Δ: four columns, the status second so a 390 px screen sees it. */
function movedTable(rows: readonly MetricRow[], c: Comparison): string[] {
  const lines = ['| metric | status | baseline → candidate | Δ |', '|---|---|---|--:|']
  for (const row of rows) {
    const delta = deltaCell(row)
    lines.push(`| ${row.metric} | ${statusCell(row, c)} | ${value(row.metric, row.baseline)} → ${value(row.metric, row.candidate)} | ${delta} |`)
  }
  return lines
}

/** One line naming the metrics that stayed within their limits, with Δ where it does not round to zero. */
export function foldUnchanged(rows: readonly MetricRow[]): string {
  if (rows.length === 0) return '_Every metric moved beyond its limit or failed a check._'
  const names = rows.map((r) => {
    const delta = deltaCell(r)
    const named = delta !== '—' && delta[0] !== '±' ? `${r.metric} ${delta}` : r.metric
    return r.status === 'not_gated' ? `${named} (not gated)` : named
  })
  return `**Within their limits** (${rows.length}): ${names.join(', ')}.`
}

/** Without a comparison: metric | value | n, every metric. */
function valueTable(results: Results): string[] {
  const lines = ['| metric | value | n |', '|---|--:|---|']
  for (const [metric, s] of Object.entries(results.metrics)) {
    const n = s.nan > 0 ? `${s.n} (${s.nan} null${s.errors > 0 ? `, ${s.errors} errors` : ''})` : `${s.n}`
    lines.push(`| ${metric} | ${value(metric, s.mean)} | ${n} |`)
  }
  return lines
}

/**
 * The worst few questions right under the verdict, as a list (a table here would be seven
 * columns wide): id, category, question, the metric and how far it fell, and why. Without a
 * baseline to compare with, the run's own worst questions.
 */
export function worstQuestions(results: Results): string[] {
  const c = results.comparison
  const questions = results.questions
  if (!c || c.verdict === 'incomparable' || c.baseline.kind === 'none') return worstOfRun(results)
  if (c.regressions.length === 0) return []
  const seen = new Set<string>()
  const worst = c.regressions.filter((q) => !seen.has(q.id) && seen.add(q.id)).slice(0, WORST_SHOWN)
  const lines = [`**Worst questions** (${worst.length} of ${questionsIn(c.change_counts, 'regressions')})`]
  for (const q of worst) {
    const text = questions[q.id]?.question
    const what = `${q.metric} ${value(q.metric, q.baseline)} → ${value(q.metric, q.candidate)}`
    const why = q.reason ? `: ${escapeCell(q.reason, 100)}` : ''
    // no category (the folded table has it): on a phone each item is a line shorter
    lines.push(`- **${escapeCell(q.id, 40)}** ${text ? `${escapeCell(text, 48)} ` : ''}— ${what}${why}`)
  }
  return [...lines, '']
}

/** How many of a run's worst questions the report lists when there is no baseline (the rest are in results.json). */
export const WORST_LISTED = 25

/** Without a baseline: the run's own worst questions (worstQuestionsOf), the first few in view, the others folded. */
function worstOfRun(results: Results): string[] {
  const worst = worstQuestionsOf(results)
  if (worst.length === 0) return []
  const item = (w: WorstQuestion) => {
    const q = knownField(results.questions, w.id, 'question')
    const why = w.reason ? `: ${escapeCell(w.reason, 100)}` : ''
    return `- **${escapeCell(w.id, 40)}**${q.category ? ` (${escapeCell(q.category, 24)})` : ''} ${escapeCell(q.question, 60)} — ${escapeCell(worstWords(w), 200)}${why}`
  }
  const lines = [`**Worst questions** (${worst.length} with a failing rule, an error or a score below 1; most failing rules first, then lowest scores)`]
  lines.push(...worst.slice(0, WORST_SHOWN).map(item), '')
  const more = worst.slice(WORST_SHOWN, WORST_LISTED)
  if (more.length > 0) {
    lines.push(`<details><summary>${more.length} more</summary>`, '', ...more.map(item))
    if (worst.length > WORST_LISTED) lines.push('', `_${worst.length - WORST_LISTED} more in results.json._`)
    lines.push('', '</details>', '')
  }
  return lines
}
