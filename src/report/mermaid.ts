/**
 * Mermaid `xychart-beta` blocks, which GitHub renders inside a PR comment. The grammar is
 * small and strict: a quoted string ends at the next `"`, `[` / `]` delimit lists, `%%`
 * starts a comment and a newline ends a statement. Every label that came from a user is
 * sanitised so it can never end a string or a list early.
 */

export interface TrendSeries {
  /** one per point, oldest first (versions, dates) */
  labels: string[]
  /** one per metric; `values[i]` belongs to `labels[i]` */
  lines: { metric: string; values: (number | null)[] }[]
}

export interface TrendChartOptions {
  /** said in parentheses after the metric names, e.g. "last 20 baselines + this PR" */
  title?: string
  yMin?: number
  yMax?: number
}

export const MAX_TREND_POINTS = 20
const MAX_LABEL_CHARS = 24

/**
 * One line per metric over the last 20 points. xychart-beta draws no legend, so the title
 * names the metrics in the order of the lines. A missing value carries the previous one
 * (0 before the first), and a comment in the block says so. Empty input gives ''.
 */
export function trendChart(series: TrendSeries, options: TrendChartOptions = {}): string {
  const count = Math.min(series.labels.length, MAX_TREND_POINTS)
  if (count === 0 || series.lines.length === 0) return ''
  const labels = uniqueLabels(series.labels.slice(-count).map((l) => sanitise(l, MAX_LABEL_CHARS)))
  const notes: string[] = []
  const lines = series.lines.map(({ metric, values }) => {
    // aligned from the end: values[last] belongs to labels[last]
    const window = Array.from({ length: count }, (_, i) => values[values.length - count + i] ?? null)
    const filled: number[] = []
    let seen = false
    let carried = 0
    let leading = 0
    for (const v of window) {
      if (v !== null && Number.isFinite(v)) {
        filled.push(round3(v))
        seen = true
      } else if (seen) {
        filled.push(filled.at(-1)!)
        carried++
      } else {
        filled.push(0)
        leading++
      }
    }
    const parts = []
    if (carried > 0) parts.push(`${carried} missing value${carried > 1 ? 's' : ''} carried forward from the previous point`)
    if (leading > 0) parts.push(`${leading} missing value${leading > 1 ? 's' : ''} before the first one drawn as 0`)
    if (parts.length > 0) notes.push(`%% ${comment(metric)}: ${parts.join('; ')}`)
    return { metric, values: filled }
  })
  const all = lines.flatMap((l) => l.values)
  const yMin = Math.min(options.yMin ?? 0, ...all)
  const yMax = Math.max(options.yMax ?? 1, ...all)
  const names = lines.map((l) => l.metric).join(', ')
  const title = options.title ? `${names} (${options.title})` : names
  return block([
    `title ${quote(title, 200)}`,
    `x-axis [${labels.map((l) => `"${l}"`).join(', ')}]`,
    `y-axis "score" ${num(yMin)} --> ${num(yMax)}`,
    ...lines.map((l) => `line [${l.values.map(num).join(', ')}]`),
    ...notes,
  ])
}

export interface FlipChartOptions {
  title?: string
  /** most bars drawn (default 40): the largest changes are kept */
  max?: number
}

/**
 * Per-question change (candidate − baseline) as bars, from the largest drop to the largest
 * gain. When there are more than `max` questions, the `max` largest |changes| are kept and
 * the block says how many were left out. Empty input gives ''.
 */
export function flipChart(changes: readonly { id: string; baseline: number; candidate: number }[], options: FlipChartOptions = {}): string {
  const max = Math.max(1, Math.floor(options.max ?? 40))
  const deltas = changes
    .map((c) => ({ id: c.id, delta: c.candidate - c.baseline }))
    .filter((c) => Number.isFinite(c.delta))
  if (deltas.length === 0) return ''
  const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  const kept = [...deltas]
    .sort((a, b) => Math.abs(b.delta) - Math.abs(a.delta) || byId(a, b))
    .slice(0, max)
    .sort((a, b) => a.delta - b.delta || byId(a, b))
  const values = kept.map((c) => round3(c.delta))
  const lowest = Math.min(0, ...values)
  const highest = Math.max(0, ...values)
  const allSmall = values.every((v) => Math.abs(v) <= 1)
  const yMin = Math.min(Math.floor(lowest / 0.25) * 0.25, allSmall ? -1 : 0)
  const yMax = Math.max(Math.ceil(highest / 0.25) * 0.25, allSmall ? 1 : 0)
  const cut = deltas.length - kept.length
  const base = options.title ?? 'per-question change (candidate − baseline)'
  const title = cut > 0 ? `${base}, largest ${kept.length} of ${deltas.length}` : base
  return block([
    `title ${quote(title, 200)}`,
    `x-axis [${uniqueLabels(kept.map((c) => sanitise(c.id, MAX_LABEL_CHARS))).map((l) => `"${l}"`).join(', ')}]`,
    `y-axis "Δ" ${num(yMin)} --> ${num(yMax)}`,
    `bar [${values.map(num).join(', ')}]`,
    ...(cut > 0 ? [`%% ${cut} smaller change${cut > 1 ? 's' : ''} not drawn`] : []),
  ])
}

function block(statements: string[]): string {
  return ['```mermaid', 'xychart-beta', ...statements.map((s) => `  ${s}`), '```', ''].join('\n')
}

function round3(value: number): number {
  const r = Math.round(value * 1000) / 1000
  return r === 0 ? 0 : r
}

/** A number the grammar accepts: `[+-]?(\d+(\.\d+)?|\.\d+)`, so never an exponent. */
function num(value: number): string {
  const text = String(round3(value))
  return /e/i.test(text) ? round3(value).toFixed(3) : text
}

function quote(text: string, max: number): string {
  return `"${sanitise(text, max)}"`
}

/**
 * Text that is safe inside a quoted xychart string and renders as written: no `"` (ends the
 * string), no brackets (read as a list by older parsers), no backtick (opens a Markdown
 * string), no `%%` (a comment), no newline (ends the statement), no `;` (read as `#name;`
 * entity by Mermaid's preprocessor), and no `<`, `>` or `&` (Mermaid sanitises labels as
 * HTML, so `<x>` would vanish).
 */
export function sanitise(text: string, max: number): string {
  const clean = text
    .replace(/[\r\n\t]+/g, ' ')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001F\u007F]/g, '')
    .replace(/["`]/g, "'")
    .replace(/\[/g, '(')
    .replace(/\]/g, ')')
    .replace(/</g, '‹')
    .replace(/>/g, '›')
    .replace(/&/g, '＆')
    .replace(/;/g, ',')
    .replace(/%+/g, '%')
    .replace(/\s+/g, ' ')
    .trim()
  const chars = [...clean]
  const clipped = chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : clean
  return clipped === '' ? '-' : clipped
}

/** A band axis merges equal labels into one slot: number the repeats ("v1", "v1 (2)"). */
function uniqueLabels(labels: string[]): string[] {
  const seen = new Map<string, number>()
  return labels.map((label) => {
    const count = (seen.get(label) ?? 0) + 1
    seen.set(label, count)
    let unique = count === 1 ? label : `${label} (${count})`
    while (count > 1 && seen.has(unique)) unique = `${unique}′`
    if (count > 1) seen.set(unique, 1)
    return unique
  })
}

/** A comment line: one line, and never a `%%{` directive. */
function comment(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').replace(/[{}]/g, '')
}
