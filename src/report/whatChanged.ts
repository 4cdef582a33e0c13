import { countOf } from '../text/countOf.ts'
import { metricInfo } from '../metrics/registry.ts'
import type { MetricFailure } from '../schemas/failures.ts'
import type { Comparison, MetricRow, QuestionChange } from '../schemas/results.ts'
import { escapeCell, escapeInline } from './escape.ts'
import { failureMarkdown } from './failures.ts'
import { deltaCell } from './metricTable.ts'
import { questionCountWords, worseVerb } from './words.ts'

/**
 * The first thing a reviewer reads (issue 29: "the ten-second review"): what changed, in plain
 * words, the questions first and then the metrics, and once whether the data can tell the drop
 * from noise and what would. The intervals, p-values and tables behind these lines are folded
 * further down.
 */

/** The kinds of change listed first, in this order; any other (a score that fell) after them. */
const TIERS = ['lost every relevant document', 'now refused', 'no longer refused', 'now failing', 'ranked the relevant documents lower'] as const

/** Question ids named in one line before "+N more": the full list is in the folded table. */
const IDS_NAMED = 2
/** Kinds of change listed; the rest are counted in one line. */
const KINDS_LISTED = 5

/** One kind of change and the questions it happened to, worst first. */
interface Kind {
  words: string
  ids: string[]
}

/** A comparison the "what changed" lines speak about: a per-question or aggregate baseline, comparable, gated. */
function compared(c: Comparison | null): c is Comparison {
  return c !== null && c.verdict !== 'incomparable' && c.baseline.kind !== 'none'
}

/** The questions' lines, the metrics' lines, and the noise line (the worst questions go between the metrics and the noise). */
export function whatChanged(c: Comparison | null, k: readonly number[]): { questions: string[]; metrics: string[]; noise: string[] } {
  if (!compared(c)) return { questions: [], metrics: [], noise: [] }
  const noise = noiseLine(c)
  return { questions: questionLines(c, k), metrics: metricLines(c), noise: noise ? [noise, ''] : [] }
}

/** "12 of 44 questions got worse, 4 better:" and one bullet per kind of change with its question ids. */
function questionLines(c: Comparison, k: readonly number[]): string[] {
  if (c.baseline.kind === 'minimal' || c.regressions.length === 0) return []
  const kinds = kindsOf(c.regressions, k)
  const lines = [`**What changed** (${c.common} compared): ${questionCountWords(c.change_counts, false)}`]
  for (const kind of kinds.slice(0, KINDS_LISTED)) lines.push(`- ${countOf(kind.ids.length, 'question')} ${kind.words} (${idList(kind.ids)})`)
  if (kinds.length > KINDS_LISTED) lines.push(`- and ${countOf(kinds.length - KINDS_LISTED, 'other change')}, in the per-question table`)
  return [...lines, '']
}

function idList(ids: readonly string[]): string {
  const named = ids.slice(0, IDS_NAMED).map((id) => escapeCell(id, 40))
  return ids.length > IDS_NAMED ? `${named.join(', ')} +${ids.length - IDS_NAMED} more` : named.join(', ')
}

/**
 * Each regressed row as a kind of change a reader recognises: a question whose retrieval lost
 * every relevant document, one that ranks them lower, an answerable question now refused, a
 * rule now failed, a score that fell. Kinds with most questions first; rules_pass (the summary
 * of the rules) says nothing the rules themselves do not.
 */
export function kindsOf(regressions: readonly QuestionChange[], k: readonly number[]): Kind[] {
  const byWords = new Map<string, string[]>()
  const add = (words: string, id: string) => {
    let ids = byWords.get(words)
    if (!ids) byWords.set(words, (ids = []))
    if (!ids.includes(id)) ids.push(id)
  }
  const lost = new Set(regressions.filter((q) => /^(hit|recall)@/.test(q.metric) && q.candidate === 0).map((q) => q.id))
  const top = k.length > 0 ? Math.max(...k) : null
  for (const q of regressions) {
    const info = metricInfo(q.metric)
    // rules_pass summarises the rules: said only when no single rule of that question is listed
    if (q.metric === 'rules_pass' && regressions.some((r) => r.id === q.id && r.metric !== 'rules_pass' && metricInfo(r.metric)?.family === 'rules')) continue
    if (info?.family === 'retrieval') add(lost.has(q.id) ? `lost every relevant document${top === null ? '' : ` from the top ${top}`}` : 'ranked the relevant documents lower', q.id)
    else if (q.metric === 'no_over_refusal') add('now refused though answerable', q.id)
    else if (q.metric === 'refuse_ok') add('no longer refused though marked should_refuse', q.id)
    else if (info?.family === 'rules') add(`now failing ${escapeInline(q.metric)}`, q.id)
    else if (info?.unit === 'ms') add(`got slower (${escapeInline(q.metric)})`, q.id)
    else add(`${worseVerb(q.metric)} on ${escapeInline(q.metric)}`, q.id)
  }
  // what a reviewer recognises first (documents lost, refusals, rules) before the scores, then by how many questions
  const tier = (words: string) => {
    const at = TIERS.findIndex((t) => words.startsWith(t))
    return at === -1 ? TIERS.length : at
  }
  return [...byWords].map(([words, ids]) => ({ words, ids })).sort((a, b) => tier(a.words) - tier(b.words) || b.ids.length - a.ids.length)
}

/**
 * The metrics that failed (or, in significant mode, fell beyond max_drop within noise), in
 * one line: the drops grouped where they round to the same Δ, largest first; every other kind
 * of failure (threshold, error rate, latency, category floor) as its own sentence.
 */
function metricLines(c: Comparison): string[] {
  const drops = c.failures.filter((f): f is MetricFailure & { kind: 'max_drop' | 'significant' } => f.kind === 'max_drop' || f.kind === 'significant')
  const rows = drops.map((f) => c.metrics.find((m) => m.metric === f.metric)).filter((m): m is MetricRow => m !== undefined)
  const lines: string[] = []
  if (rows.length > 0) lines.push(`**${countOf(rows.length, 'metric')} ${verbOf(rows)} by more than ${limitWords(rows)}**: ${dropList(rows)}.`)
  const ungated = c.metrics.filter((m) => m.status === 'regression_within_noise' && !drops.some((f) => f.metric === m.metric))
  if (ungated.length > 0)
    lines.push(`${countOf(ungated.length, 'metric')} ${verbOf(ungated)} by more than ${limitWords(ungated)} but within noise, which \`significant\` mode does not fail: ${dropList(ungated)}.`)
  for (const f of c.failures) if (f.kind !== 'max_drop' && f.kind !== 'significant') lines.push(`- ${failureMarkdown(f)}`)
  return lines.length > 0 ? [...lines, ''] : []
}

/** "fell" when every metric fell (scores), "rose" when every one rose (hallucination_rate, latency), else "got worse". */
function verbOf(rows: readonly MetricRow[]): string {
  const [verb, ...others] = new Set(rows.map((r) => worseVerb(r.metric)))
  return verb !== undefined && others.length === 0 ? verb : 'got worse'
}

/** "max_drop 0.02", or "their max_drop" when overrides make the limits differ. */
function limitWords(rows: readonly MetricRow[]): string {
  const limits = new Set(rows.map((r) => r.limit.value))
  return limits.size === 1 ? `max_drop ${[...limits][0]}` : 'their max_drop'
}

function dropList(rows: readonly MetricRow[]): string {
  const groups = new Map<string, string[]>()
  for (const row of [...rows].sort((a, b) => (a.change ?? 0) - (b.change ?? 0))) {
    const delta = deltaCell(row)
    groups.set(delta, [...(groups.get(delta) ?? []), row.metric])
  }
  return [...groups].map(([delta, metrics]) => `${metrics.join(', ')} ${delta}`).join('; ')
}

/**
 * Once: whether the data can tell the failing drops from noise, what this mode made of that,
 * and what would tell them apart (more questions, or the other mode).
 */
function noiseLine(c: Comparison): string | null {
  const n = c.noise?.n ?? c.common
  const failing = c.metrics.filter((m) => failsOnDrop(c, m.metric))
  if (failing.length === 0) return null
  const noisy = failing.filter((m) => m.status === 'regression_within_noise')
  const other = c.gate.gate_mode === 'strict' ? 'significant' : 'strict'
  const otherVerdict = c.verdicts_by_mode?.[other]
  const them = failing.length === 1 ? 'it' : 'them'
  const switchWords = otherVerdict && otherVerdict !== c.verdict ? `; \`${other}\` mode would ${otherVerdict === 'pass' ? 'pass' : 'fail'} ${them}` : ''
  if (noisy.length === 0)
    return `**Noise**: with ${countOf(n, 'question')}, ${failing.length === 1 ? 'this drop is' : 'these drops are'} more than noise explains (paired test, Holm-corrected)${switchWords}.`
  const subject =
    noisy.length === failing.length
      ? failing.length === 1
        ? 'this drop is'
        : 'these drops are'
      : `${noisy.length} of these drops (${noisy.map((m) => m.metric).join(', ')}) ${noisy.length === 1 ? 'is' : 'are'}`
  const needed = questionsNeeded(noisy, n)
  const would = needed ? ` Telling a drop of ${needed.size} on ${needed.metric} from noise needs about ${countOf(needed.n, 'question')}.` : ''
  const verdict = c.gate.gate_mode === 'strict' ? `\`strict\` mode fails ${noisy.length === 1 ? 'it' : 'them'}` : '`significant` mode fails only what it can tell from noise'
  return `**Noise**: with ${countOf(n, 'question')} ${subject} within noise (the data cannot tell ${noisy.length === 1 ? 'it' : 'them'} from chance); ${verdict}${switchWords}.${would}`
}

function failsOnDrop(c: Comparison, metric: string): boolean {
  return c.failures.some((f) => (f.kind === 'max_drop' || f.kind === 'significant') && f.metric === metric)
}

/**
 * The fewest questions that would tell one of these drops from noise with 80% power: the MDE
 * shrinks with √n, so n · (MDE / |Δ|)² for the drop nearest to being detected.
 */
export function questionsNeeded(rows: readonly MetricRow[], n: number): { metric: string; size: string; n: number } | null {
  let best: { metric: string; size: string; n: number } | null = null
  for (const row of rows) {
    if (row.mde === null || row.delta === null || row.delta === 0 || metricInfo(row.metric)?.unit === 'ms') continue
    const needed = Math.ceil(n * (row.mde / Math.abs(row.delta)) ** 2)
    if (best === null || needed < best.n) best = { metric: escapeInline(row.metric), size: Math.abs(row.delta).toFixed(3), n: needed }
  }
  return best
}
