import { registry } from '../metrics/registry.ts'
import type { Comparison, Results } from '../schemas/results.ts'
import { codeSpan, escapeCell, escapeInline } from './escape.ts'
import { failureMarkdown } from './failures.ts'
import { gateSettingsDetails } from './gateSettings.ts'
import { metricsSection, worstQuestions } from './layout.ts'
import { value } from './metricTable.ts'
import { noiseParts } from './noise.ts'
import { whatChanged } from './whatChanged.ts'
import type { HistoryRow } from '../baseline/history.ts'
import { shortFingerprint } from '../baseline/fingerprint.ts'
import { regressionSection } from './questionChanges.ts'
import { flipChart, MAX_TREND_POINTS, trendChart } from './mermaid.ts'
import { countOf } from '../text/countOf.ts'
import { errorCauses, firstErrored } from './errorCauses.ts'
import { updateSection } from './update.ts'
import { questionCountWords, subsetSentence } from './words.ts'
import { judgeHealthSection } from './judgeHealth.ts'
import { conversationSection } from './conversations.ts'

/** Marks a line that changes on every run (timings): a comment that differs only there is not rewritten. */
export const VOLATILE = '<!-- volatile -->'

/** GitHub rejects comments over 65,536 characters; keep a margin for the marker and wrappers. */
export const GITHUB_COMMENT_LIMIT = 65_536

export interface ReportOptions {
  /** a hidden first line (the sticky-comment marker) */
  marker?: string
  /** earlier runs (history.csv): adds a trend chart of the main metrics and a per-question flip chart */
  history?: readonly HistoryRow[]
  runUrl?: string
  sha?: string
  /** where results.json was written, for the update command */
  maxChars?: number
}

interface Limits {
  regressions: number
  improvements: number
  errors: number
  /** regressed questions shown with their answers before and after */
  answers: number
  categories: boolean
}

const STAGES: Limits[] = [
  // No comment holds more than a few hundred table rows, so the first stage already caps them.
  // An answer is up to 500 characters a side, a few times that once escaped: few of them fit.
  { regressions: 400, improvements: 100, errors: 100, answers: 20, categories: true },
  { regressions: 250, improvements: 50, errors: 50, answers: 10, categories: true },
  { regressions: 150, improvements: 20, errors: 20, answers: 5, categories: true },
  { regressions: 60, improvements: 10, errors: 10, answers: 3, categories: true },
  { regressions: 25, improvements: 5, errors: 5, answers: 2, categories: false },
  { regressions: 10, improvements: 0, errors: 0, answers: 1, categories: false },
]

/**
 * One renderer for report.md, the job summary and the PR comment. Pure: the caller passes
 * the run URL and SHA in. When the report is too long it cuts rows in stages and says so.
 */
export function renderReport(results: Results, options: ReportOptions = {}): string {
  const max = options.maxChars ?? GITHUB_COMMENT_LIMIT - 1_000
  // A file has no size limit, but past a thousand rows a table is read in results.json.
  if (max === Infinity) return render(results, options, { regressions: 1_000, improvements: 300, errors: 300, answers: 200, categories: true })
  let body = ''
  for (const limits of STAGES) {
    body = render(results, options, limits)
    if (body.length <= max) return body
  }
  return body.length <= max ? body : `${body.slice(0, max - 200)}\n\n… report cut at ${max} characters; the full report is in report.md and results.json.\n`
}

function render(results: Results, options: ReportOptions, limits: Limits): string {
  const c = results.comparison
  const out: string[] = []
  if (options.marker) out.push(options.marker)
  out.push(verdictLine(results), '')
  const compared = c && c.verdict !== 'incomparable' && c.baseline.kind !== 'none' ? c : null
  // without a comparison the run's identity is what there is to say first; with one, what changed is
  if (!compared) out.push(runIdentity(results, options), '')
  const stopped = results.run.judge_stopped
  if (stopped) out.push(`**The judge stopped**: ${escapeInline(stopped.cause)}; the calls after it were not sent, so this run has no verdict.`, '', `**Fix**: ${escapeInline(stopped.fix)}`, '')
  const subset = subsetSentence(results)
  if (subset) out.push(`> ⚠️ **${escapeInline(subset)}**`, '')
  for (const note of [...(c?.judge_model_change ? [`judge: ${c.judge_model_change}`] : []), ...results.run.notes]) out.push(`> ⚠️ ${escapeInline(note)}`, '')
  if (c && c.reasons.length > 0) out.push('**Why the baseline is not comparable**', ...c.reasons.map((reason) => `- ${escapeInline(reason)}`), '')
  const changed = whatChanged(c, results.run.k)
  out.push(...changed.questions)
  if (!compared && c && c.failures.length > 0) out.push('**Why the gate failed**', ...c.failures.map((f) => `- ${failureMarkdown(f)}`), '')
  out.push(...changed.metrics, ...worstQuestions(results), ...changed.noise)
  // the noise sentence in view unless the "what changed" lines said whether the drops are noise
  const noise = c ? noiseParts(c, results.run.sequential) : { notes: [], inView: [], folded: [] }
  if (compared) out.push(...noise.notes, ...(changed.noise.length === 0 ? noise.inView : []))
  out.push(...metricsSection(results, compared ? noise.folded : []))
  if (c && !compared) out.push(...noise.notes, ...noise.inView, ...(noise.folded.length > 0 ? ['<details><summary>Noise per metric</summary>', '', ...noise.folded, '', '</details>', ''] : []))
  out.push(...judgeHealthSection(results))
  if (limits.categories) out.push(...categoryTable(results))
  out.push(...conversationSection(results))
  if (c) out.push(...regressionSection(c, limits.regressions, limits.improvements, limits.answers, results.questions))
  if (limits.categories) out.push(...chartsSection(results, options.history ?? []))
  out.push(...errorSection(results, limits.errors))
  if (c && c.messages.length > 0) {
    out.push('<details><summary>Notes</summary>', '')
    for (const m of c.messages) out.push(`- ${escapeInline(m)}`)
    out.push('', '</details>', '')
  }
  // what was compared, what it cost and the settings: one fold, the run's versions in its title
  if (compared) out.push(...gateSettingsDetails(compared, runTitle(results, compared), [runIdentity(results, options), '', costLine(results), '']))
  else {
    if (c) out.push(...gateSettingsDetails(c))
    out.push(costLine(results), '')
  }
  out.push(...usageDetails(results))
  out.push(updateSection(results))
  return out.join('\n') + '\n'
}

function verdictLine(results: Results): string {
  const c = results.comparison
  if (results.run.judge_stopped) return '### ❌ evalgate: the judge stopped, no verdict'
  const regressed = c?.metrics.filter((m) => m.status === 'regression' || m.status === 'regression_within_noise').length ?? 0
  const counts = c && c.verdict !== 'incomparable' && c.baseline.kind !== 'none' ? ` — ${countOf(regressed, 'metric')} regressed, ${questionCountWords(c.change_counts, false)}` : ''
  switch (c?.verdict ?? 'no_baseline') {
    case 'pass':
      return `### ✅ evalgate: gate passed${counts}`
    case 'fail':
      // the questions' counts open the "what changed" lines below: a phone keeps the header to two lines
      return '### ❌ evalgate: gate failed'
    case 'incomparable':
      return '### ⚠️ evalgate: baseline not comparable'
    case 'subset':
      return `### ⚠️ evalgate: subset run, not gated${counts}`
    default:
      return '### ℹ️ evalgate: no baseline to compare with'
  }
}

/** The fold's title: plain text (a <summary> shows Markdown as typed). */
function runTitle(results: Results, c: Comparison): string {
  const label = (s: string | null) => escapeInline(s ?? '?').replace(/\\/g, '')
  return `Run: ${label(results.run.version ?? 'this run')} vs ${c.baseline.kind === 'results' ? 'results' : 'baseline'} ${label(c.baseline.version)}; judge, cost and gate settings`
}

function runIdentity(results: Results, options: ReportOptions): string {
  const r = results.run
  const c = results.comparison
  const parts: string[] = []
  const version = r.version ? codeSpan(r.version) : 'this run'
  if (c && c.baseline.kind !== 'none') {
    const kind = c.baseline.kind === 'results' ? 'results' : 'baseline'
    parts.push(`${version} vs ${kind} ${codeSpan(c.baseline.version ?? '?')}${c.baseline.path ? ` (${escapeInline(c.baseline.path)})` : ''}`)
  } else {
    parts.push(version)
  }
  const fingerprint =
    c?.baseline.fingerprint_check === 'match'
      ? 'fingerprint ✅ matches'
      : c?.baseline.fingerprint_check === 'mismatch'
        ? 'fingerprint ❌ differs'
        : `fingerprint \`${shortFingerprint(r.eval_set_fingerprint)}\``
  parts.push(`eval set ${codeSpan(r.eval_set_version)}: ${countOf(r.question_count, 'question')}, ${fingerprint}`)
  if (c && c.baseline.kind !== 'none' && (c.added.length > 0 || c.removed.length > 0)) parts.push(`${c.common} compared, ${c.added.length} added, ${c.removed.length} removed`)
  parts.push(`judge: ${escapeInline(r.judge_label)}`)
  if (options.sha) parts.push(`commit ${codeSpan(options.sha.slice(0, 7))}`)
  if (options.runUrl) parts.push(`[workflow run](${options.runUrl})`)
  return parts.join(' · ')
}

/**
 * Mermaid charts GitHub renders in the comment: the main metrics over the last baselines of
 * this eval set version plus this run, and each question's change on the headline metric.
 */
function chartsSection(results: Results, history: readonly HistoryRow[]): string[] {
  const c = results.comparison
  const trend = registry
    .trend(results.run.k)
    .flatMap((metric) => {
      const mean = results.metrics[metric]?.mean
      return mean == null ? [] : [{ metric, mean }]
    })
    .slice(0, 3)
  const metrics = trend.map((t) => t.metric)
  const out: string[] = []
  const sameSet = history.filter((r) => r.eval_set_version === results.run.eval_set_version && metrics.includes(r.metric))
  if (sameSet.length > 0 && metrics.length > 0) {
    const runs = [...new Map(sameSet.map((r) => [`${r.date}\u0000${r.version}`, r])).values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)).slice(-(MAX_TREND_POINTS - 1))
    const valueOf = (run: HistoryRow, metric: string) => sameSet.find((r) => r.date === run.date && r.version === run.version && r.metric === metric)?.value ?? null
    const chart = trendChart({
      labels: [...runs.map((r) => r.version), 'this PR'],
      lines: trend.map(({ metric, mean }) => ({ metric, values: [...runs.map((r) => valueOf(r, metric)), mean] })),
    })
    if (chart) out.push(chart, '')
  }
  // the first trend metric whose questions moved, else the first gated metric that regressed:
  // a metric with no per-question changes (rules_pass all passing) would leave the chart out
  const moved = c ? [...c.regressions, ...c.improvements] : []
  const regressed = c ? c.metrics.filter((m) => m.status === 'regression' || m.status === 'regression_within_noise').map((m) => m.metric) : []
  const headline = [...metrics, ...regressed].find((m) => moved.some((q) => q.metric === m))
  const changes = headline ? moved.filter((q) => q.metric === headline) : []
  if (changes.length > 0) {
    const chart = flipChart(
      changes.map((q) => ({ id: q.id, baseline: q.baseline, candidate: q.candidate })),
      { title: `${headline}: per-question change (baseline → candidate)`, metric: headline },
    )
    if (chart) out.push(chart, '')
  }
  return out.length > 0 ? ['<details><summary>Trend and per-question changes</summary>', '', ...out, '</details>', ''] : []
}

function categoryTable(results: Results): string[] {
  const c = results.comparison
  if (!c || c.categories.length < 2) return []
  const columns = registry
    .categoryColumns(results.run.k)
    .filter((m) => m in results.metrics)
    .slice(0, 6)
  const floorsFailed = c.categories.flatMap((cat) => cat.floors.filter((f) => !f.passed).map((f) => `${escapeInline(cat.category)}: ${f.metric}`))
  const tooFew = c.categories.filter((cat) => cat.too_few)
  // a warning that holds for every row is said once, above the table, instead of on each row
  const everyRow = tooFew.length === c.categories.length
  const warning = `${everyRow ? `All ${c.categories.length}` : `${tooFew.length} of ${c.categories.length}`} categories have too few questions to judge on their own (95% half-width above 0.10 on a headline metric; ± shows the half-width of the candidate mean).`
  // folded whole: one column per headline metric is too wide for a phone, and a failed floor is already among the failures above
  const summary = `By category: ${c.categories.length} categories × ${columns.length} metrics${everyRow ? ', each with too few questions to judge on its own' : ''}${floorsFailed.length > 0 ? `; floors failed: ${floorsFailed.join(', ')}` : ''}`
  const lines = [`<details><summary>${summary}</summary>`, '']
  if (everyRow) lines.push(`⚠️ ${warning}`, '')
  lines.push(`| category | n | ${columns.join(' | ')} |`, `|---|--:|${columns.map(() => '--:').join('|')}|`)
  for (const cat of c.categories) {
    const cells = columns.map((m) => {
      const v = cat.metrics[m]
      if (!v) return '—'
      const floor = cat.floors.find((f) => f.metric === m)
      const mark = floor ? (floor.passed ? ' ✓' : ` ❌ floor ${floor.floor}`) : ''
      const ci = v.interval ? ` <sub>±${((v.interval.high - v.interval.low) / 2).toFixed(2)}</sub>` : ''
      return v.baseline === null ? `${value(m, v.candidate)}${ci}${mark}` : `${value(m, v.baseline)} → ${value(m, v.candidate)}${ci}${mark}`
    })
    lines.push(`| ${escapeCell(cat.category, 40)}${cat.too_few && !everyRow ? ' ⚠️' : ''} | ${cat.n} | ${cells.join(' | ')} |`)
  }
  if (tooFew.length > 0 && !everyRow) lines.push('', `⚠️ ${warning}`)
  lines.push('', '</details>', '')
  return lines
}

function errorSection(results: Results, limit: number): string[] {
  const causes = errorCauses(results.questions)
  if (causes.questions === 0) return []
  const errored = firstErrored(results.questions, limit)
  const more = causes.distinct > causes.top.length ? ` (top ${causes.top.length} of ${causes.distinct} causes)` : ''
  const out = [`**${countOf(causes.total, 'error')} on ${countOf(causes.questions, 'question')}**${more}:`, '']
  for (const e of causes.top) out.push(`- ${e.count} × ${escapeInline(e.message)}${e.variants > 1 ? ' (and similar)' : ''}`)
  out.push('', `<details><summary>⚠️ Errors (${countOf(causes.questions, 'question')})</summary>`, '', '| id | where | error |', '|---|---|---|')
  for (const [id, q] of errored) {
    for (const [where, message] of Object.entries(q.errors)) out.push(`| ${escapeCell(id, 40)} | ${escapeInline(where)} | ${escapeCell(message, 200)} |`)
  }
  if (causes.questions > limit) out.push('', `_${causes.questions - limit} more questions with errors cut; see results.json._`)
  out.push('', '</details>', '')
  return out
}

function costLine(results: Results): string {
  const u = results.run.usage
  const t = results.run.timings_ms
  const calls = `${u.llm_calls} LLM calls, ${u.embedding_calls} embedding calls, ${u.prompt_tokens + u.completion_tokens} tokens, ${u.cache_hits} cache hits${u.cost_usd !== null ? `, $${u.cost_usd.toFixed(4)}` : ''}`
  return `**Cost**: ${calls} · candidate ${seconds(t.candidate)} · scoring ${seconds(t.scoring)} · total ${seconds(t.total)} ${VOLATILE}`
}

/** Per metric family: where the calls, tokens and time went, and what the cache saved. */
function usageDetails(results: Results): string[] {
  const families = Object.entries(results.run.usage.by_family)
  if (families.length === 0) return []
  const u = results.run.usage
  const lines = ['<details><summary>Judge calls by metric family</summary>', '']
  if (u.planned) lines.push(`Plan before the first call: up to ${u.planned.chat} chat + ${u.planned.embeddings} embedding calls, ~${u.planned.tokens.toLocaleString('en')} tokens.`, '')
  lines.push('| family | calls | cache hits | retries | errors | prompt tokens | completion tokens | time |', '|---|--:|--:|--:|--:|--:|--:|--:|')
  for (const [name, f] of families) lines.push(`| ${name} | ${f.calls} | ${f.cache_hits} | ${f.retries} | ${f.errors} | ${f.prompt_tokens} | ${f.completion_tokens} | ${seconds(f.ms)} ${VOLATILE} |`)
  const stability = results.run.judge_stability
  if (stability)
    lines.push(
      '',
      `Judge stability (${stability.repeats} rubric passes): mean absolute difference ${stability.mean_abs_diff === null ? '—' : stability.mean_abs_diff.toFixed(3)} (warning above ${stability.threshold}).`,
    )
  lines.push('', '</details>', '')
  return lines
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`
}
