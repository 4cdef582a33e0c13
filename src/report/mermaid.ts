import { redactedLine } from '../text/untrusted.ts'

/**
 * Mermaid `xychart-beta` blocks, which GitHub renders inside a PR comment. The grammar is
 * small and strict: a quoted string ends at the next `"`, `[` / `]` delimit lists, `%%`
 * starts a comment and a newline ends a statement. Every label that came from a user is
 * sanitised so it can never end a string or a list early.
 *
 * What real Mermaid does with these blocks (checked by rendering them in a browser):
 * - it draws no legend, and its default light palette starts with #ECECFF, a line that is
 *   barely visible on white: each block sets its own palette in an `%%{init}%%` directive,
 *   and the trend title names each line's colour;
 * - a bar grows from the bottom of the plot, never from zero, so a negative bar is drawn
 *   upwards from the axis minimum: the flip chart draws the size of each change, and the
 *   label says which way it went;
 * - x-axis labels are never rotated or thinned: they are shortened to fit their slot, and
 *   the flip chart is horizontal, one row per question.
 */

import { movement } from './words.ts'
import { knownAt } from '../io/known.ts'

export interface TrendSeries {
  /** one per point, oldest first (versions, dates) */
  labels: string[]
  /** one per metric; `values[i]` belongs to `labels[i]` */
  lines: { metric: string; values: (number | null)[] }[]
}

export interface TrendChartOptions {
  /** said after the metric names, e.g. "last 11 baselines + this PR" */
  title?: string
  yMin?: number
  yMax?: number
}

/**
 * Points on the trend: the last 20 baselines and this run. Mermaid never rotates or thins
 * x-axis labels itself, so past THIN_ABOVE points every other label is left blank.
 */
export const MAX_TREND_POINTS = 21
/** above this many points, every other x label is left blank so the rest stay legible */
const THIN_ABOVE = 12
const MAX_LABEL_CHARS = 24

interface PaletteColour {
  colour: string
  name: string
}

/** The i-th line's colour: the palette starts again after its last. */
function colourOf(i: number): PaletteColour {
  return knownAt(PALETTE, i % PALETTE.length, 'a palette colour')
}

/**
 * Okabe–Ito colours: told apart with the common colour-vision deficiencies, and visible on
 * both of GitHub's backgrounds (light and dark). The trend title names them.
 */
export const PALETTE: readonly [PaletteColour, ...PaletteColour[]] = [
  { colour: '#0072B2', name: 'blue' },
  { colour: '#E69F00', name: 'orange' },
  { colour: '#009E73', name: 'green' },
  { colour: '#CC79A7', name: 'pink' },
  { colour: '#56B4E9', name: 'light blue' },
  { colour: '#D55E00', name: 'red' },
]
/** chart width in px (Mermaid's default is 700, which clips a three-metric title); GitHub scales it to the column */
const WIDTH = 900
/** px left for the x-axis labels once the y axis and its title are drawn */
const PLOT_WIDTH = WIDTH - 100
const LABEL_FONT = 12
/** average advance of a label character at LABEL_FONT, enough to decide what fits */
const CHAR_PX = 6.6
/** a trend label is shortened to fit its slot less this gap, but never below MIN_LABEL_CHARS ("this PR") */
const LABEL_GAP_PX = 8
const MIN_LABEL_CHARS = 7
/** height of one flip-chart row, and the title and axis above the rows */
const ROW_PX = 22
const FLIP_CHROME_PX = 110

/**
 * One line per metric over the last MAX_TREND_POINTS points. xychart-beta draws no legend, so the title
 * names the metrics in the order of the lines. A missing value carries the previous one
 * (0 before the first), and a comment in the block says so. Empty input gives ''.
 */
export function trendChart(series: TrendSeries, options: TrendChartOptions = {}): string {
  const count = Math.min(series.labels.length, MAX_TREND_POINTS)
  if (count === 0 || series.lines.length === 0) return ''
  // labels are never rotated: each gets what fits in its slot, its end kept (versions differ at the end)
  // above THIN_ABOVE points only every other label is written (counting back from the newest, so
  // "this PR" always is); the others are distinct invisible strings, so each point keeps its slot
  const thin = count > THIN_ABOVE
  const slots = thin ? Math.ceil(count / 2) : count
  const fit = Math.max(MIN_LABEL_CHARS, Math.min(MAX_LABEL_CHARS, Math.floor((PLOT_WIDTH / slots - LABEL_GAP_PX) / CHAR_PX)))
  const written = uniqueLabels(series.labels.slice(-count).map((l) => shortenMiddle(sanitise(l, MAX_LABEL_CHARS), fit)))
  const labels = written.map((l, i) => (thin && (count - 1 - i) % 2 === 1 ? '\u200b'.repeat(i + 1) : l))
  const notes: string[] = []
  const lines = series.lines.map(({ metric, values }) => fillLine(metric, values, count, notes))
  // identical lines would hide each other: one line, named after all of them ("rules_pass = faithfulness")
  const drawn: { metrics: string[]; values: number[] }[] = []
  for (const line of lines) {
    const same = drawn.find((d) => d.values.every((v, i) => v === line.values[i]))
    if (same) same.metrics.push(line.metric)
    else drawn.push({ metrics: [line.metric], values: line.values })
  }
  const all = drawn.flatMap((l) => l.values)
  const yMin = Math.min(options.yMin ?? 0, ...all)
  const yMax = Math.max(options.yMax ?? 1, ...all)
  // no legend: the title says which colour is which metric
  const names = drawn.map((l, i) => `${l.metrics.join(' = ')} (${colourOf(i).name})`).join(', ')
  const title = options.title ? `${names} · ${options.title}` : names
  return block(
    [
      `title ${quote(title, 110)}`,
      `x-axis [${labels.map((l) => `"${l}"`).join(', ')}]`,
      `y-axis "score" ${num(yMin)} --> ${num(yMax)}`,
      ...drawn.map((l) => `line [${l.values.map(num).join(', ')}]`),
      ...notes,
    ],
    { palette: drawn.map((_, i) => colourOf(i).colour) },
  )
}

/**
 * The last `count` values of one metric, aligned from the end (values[last] belongs to the
 * newest label), with each gap filled and a `%%` note saying how.
 */
function fillLine(metric: string, values: readonly (number | null)[], count: number, notes: string[]): { metric: string; values: number[] } {
  const window = Array.from({ length: count }, (_, i) => values[values.length - count + i] ?? null)
  const filled: number[] = []
  // the last value drawn, once there is one: a gap repeats it
  let last: number | null = null
  let carried = 0
  let leading = 0
  for (const v of window) {
    if (v !== null && Number.isFinite(v)) {
      last = round3(v)
      filled.push(last)
    } else if (last !== null) {
      filled.push(last)
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
}

export interface FlipChartOptions {
  title?: string
  /** the metric the changes are of: the legend says which way is worse (movement()); without it, higher is better */
  metric?: string
  /** most bars drawn (default 40): the largest changes are kept */
  max?: number
}

/**
 * Per-question change (candidate − baseline) as horizontal bars, one row per question, from
 * the largest drop to the largest gain. A bar is the size of the change and its label says
 * the direction (▼ fell, ▲ rose, with what that means for the metric): Mermaid grows every bar from the axis minimum, so a signed
 * bar would draw the largest drop as the shortest bar. When there are more than `max`
 * questions, the `max` largest |changes| are kept and the block says how many were left
 * out. Empty input gives ''.
 */
export function flipChart(changes: readonly { id: string; baseline: number; candidate: number }[], options: FlipChartOptions = {}): string {
  const max = Math.max(1, Math.floor(options.max ?? 40))
  const deltas = changes.map((c) => ({ id: c.id, delta: c.candidate - c.baseline })).filter((c) => Number.isFinite(c.delta))
  if (deltas.length === 0) return ''
  const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  const kept = [...deltas]
    .sort((a, b) => Math.abs(b.delta) - Math.abs(a.delta) || byId(a, b))
    .slice(0, max)
    .sort((a, b) => a.delta - b.delta || byId(a, b))
  const sizes = kept.map((c) => Math.abs(round3(c.delta)))
  // at least 0–1 (a score's whole range), rounded out to 0.25 steps beyond that
  const yMax = Math.max(1, Math.ceil(Math.max(...sizes) / 0.25) * 0.25)
  const cut = deltas.length - kept.length
  const base = options.title ?? 'per-question change (candidate − baseline)'
  const title = cut > 0 ? `${base}, largest ${kept.length} of ${deltas.length}` : base
  const arrow = (delta: number) => (delta < 0 ? '▼' : delta > 0 ? '▲' : '=')
  return block(
    [
      `title ${quote(title, 110)}`,
      `x-axis [${uniqueLabels(kept.map((c) => `${arrow(round3(c.delta))} ${sanitise(c.id, MAX_LABEL_CHARS)}`))
        .map((l) => `"${l}"`)
        .join(', ')}]`,
      `y-axis "size of change (▼ fell: ${movement(options.metric ?? '', -1).judgement}, ▲ rose: ${movement(options.metric ?? '', 1).judgement})" 0 --> ${num(yMax)}`,
      `bar [${sizes.map(num).join(', ')}]`,
      ...(cut > 0 ? [`%% ${cut} smaller change${cut > 1 ? 's' : ''} not drawn`] : []),
    ],
    { horizontal: true, height: FLIP_CHROME_PX + ROW_PX * kept.length, palette: [PALETTE[0].colour] },
  )
}

interface Layout {
  palette: string[]
  horizontal?: boolean
  height?: number
}

/**
 * The fenced block: an `%%{init}%%` directive (size, fonts, palette: settings every Mermaid
 * with xychart-beta knows; GitHub honours the directive), then the chart. The directive is
 * built from constants only, never from a label.
 */
function block(statements: string[], layout: Layout): string {
  const init = {
    xyChart: { width: WIDTH, height: Math.max(250, Math.round(layout.height ?? 500)), titleFontSize: 16, xAxis: { labelFontSize: LABEL_FONT } },
    themeVariables: { xyChart: { plotColorPalette: layout.palette.join(', ') } },
  }
  return ['```mermaid', `%%{init: ${JSON.stringify(init)}}%%`, layout.horizontal ? 'xychart-beta horizontal' : 'xychart-beta', ...statements.map((s) => `  ${s}`), '```', ''].join('\n')
}

/** At most `max` characters with the ellipsis inside, keeping the end: "release-candidate-07" → "re…e-07". */
function shortenMiddle(text: string, max: number): string {
  const chars = [...text]
  if (chars.length <= max) return text
  const head = Math.floor((max - 1) / 3)
  return `${chars.slice(0, head).join('')}…${chars.slice(chars.length - (max - 1 - head)).join('')}`
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
  // one line (every kind of line break), secrets redacted: the first step of every escaper
  const clean = redactedLine(text)
    .replace(/\t+/g, ' ')
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
