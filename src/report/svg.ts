import { metricInfo } from '../metrics/registry.ts'
import { chronological, type HistoryRow } from '../baseline/history.ts'

/**
 * A trend chart of one metric over the history, as a standalone SVG 1.1 file: it renders in
 * a browser, on GitHub and through rsvg/ImageMagick, and the same history always gives the
 * same bytes (no random ids, no clock).
 */
export interface TrendSvgOptions {
  metric: string
  threshold?: number | null
  width?: number
  height?: number
  title?: string
}

const FONT = 'Helvetica, Arial, sans-serif'
const LABEL_SIZE = 11
/** average advance of a character at LABEL_SIZE: enough to decide when labels collide */
const CHAR_WIDTH = 6.4
const MAX_LABEL_CHARS = 14
const ROTATION = 35
/** one colour per eval set version, in order of appearance: a new eval set is visibly a new line */
const PALETTE = ['#2563eb', '#7c3aed', '#0d9488', '#c2410c', '#be185d', '#4d7c0f']
const THRESHOLD_COLOUR = '#dc2626'

export function trendSvg(rows: readonly HistoryRow[], options: TrendSvgOptions): string {
  const width = Math.max(320, options.width ?? 800)
  const height = Math.max(240, options.height ?? 420)
  const metric = options.metric
  // NaN never reaches a coordinate
  const points = chronological(rows, metric).filter((r) => Number.isFinite(r.value))
  // a bold 16px character is about 9.5px wide: a long title is cut rather than clipped by the frame
  const title = truncate(options.title ?? `${metric} by version`, Math.floor((width - 24) / 9.5))
  if (points.length === 0) return emptyChart(width, height, title, `no history for ${metric}`)

  const threshold = options.threshold !== undefined && options.threshold !== null && Number.isFinite(options.threshold) ? options.threshold : null
  const unit = metricInfo(metric)?.unit ?? (points.every((p) => p.value >= 0 && p.value <= 1) ? 'score' : 'ms')
  const scale = yScale(points.map((p) => p.value).concat(threshold === null ? [] : [threshold]), unit)

  // x layout: equal slots, one per point; labels rotate when they do not fit side by side
  const labels = points.map((p) => truncateMiddle(p.version, MAX_LABEL_CHARS))
  const longest = Math.max(...labels.map((l) => [...l].length)) * CHAR_WIDTH
  // the threshold is labelled in the right margin, where it can never cover a point
  const thresholdLabel = threshold === null ? null : scale.format(threshold, true)
  const right = thresholdLabel === null ? 24 : 16 + Math.max('threshold'.length, thresholdLabel.length) * CHAR_WIDTH
  let left = 72
  let slot = (width - left - right) / points.length
  const rotated = longest > slot - 6
  const rotatedDrop = rotated ? longest * Math.sin((ROTATION * Math.PI) / 180) : 0
  const rotatedReach = rotated ? longest * Math.cos((ROTATION * Math.PI) / 180) : 0
  if (rotated && rotatedReach - slot / 2 + 8 > left) {
    // the first rotated label reaches left past the y axis: make room for it
    left = Math.ceil(rotatedReach - slot / 2 + 8)
    slot = (width - left - right) / points.length
  }
  // rotated labels need about a line height between their baselines to stay legible
  const every = rotated ? Math.max(1, Math.ceil((LABEL_SIZE * 1.7) / slot)) : 1
  const bottom = (rotated ? 28 + rotatedDrop : 24 + LABEL_SIZE) + 22
  const plotRight = width - right
  const xAt = (i: number) => left + slot * (i + 0.5)
  const segments = segmentsOf(points)
  const evalSetLabels = placeEvalSetLabels(segments, xAt, slot, plotRight)
  // a second row of eval set labels needs room above the plot
  const top = evalSetLabels.some((l) => l.row === 1) ? 72 : 56
  const plotBottom = height - bottom
  const plotHeight = plotBottom - top
  const yAt = (v: number) => plotBottom - ((v - scale.min) / (scale.max - scale.min)) * plotHeight

  const out: string[] = []
  out.push(
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${FONT}" role="img">`,
    `<title>${escapeXml(title)}</title>`,
    `<rect class="background" x="0" y="0" width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text class="chart-title" x="${n(width / 2)}" y="28" text-anchor="middle" font-size="16" font-weight="bold" fill="#111827">${escapeXml(title)}</text>`,
  )

  // y axis: gridlines, ticks, labels, title
  out.push('<g class="y-axis">')
  for (const tick of scale.ticks) {
    const y = n(yAt(tick))
    out.push(
      `<line class="grid" x1="${n(left)}" y1="${y}" x2="${n(plotRight)}" y2="${y}" stroke="#e5e7eb" stroke-width="1"/>`,
      `<line x1="${n(left - 5)}" y1="${y}" x2="${n(left)}" y2="${y}" stroke="#6b7280" stroke-width="1"/>`,
      `<text x="${n(left - 8)}" y="${n(yAt(tick) + 4)}" text-anchor="end" font-size="${LABEL_SIZE}" fill="#374151">${escapeXml(scale.format(tick))}</text>`,
    )
  }
  out.push(
    `<line x1="${n(left)}" y1="${n(top)}" x2="${n(left)}" y2="${n(plotBottom)}" stroke="#6b7280" stroke-width="1"/>`,
    `<text class="axis-title" transform="translate(16 ${n(top + plotHeight / 2)}) rotate(-90)" text-anchor="middle" font-size="12" fill="#111827">${escapeXml(truncate(unit === 'ms' && !/ms\b/.test(metric) ? `${metric} (ms)` : metric, Math.floor(plotHeight / 7)))}</text>`,
    '</g>',
  )

  // x axis: one tick per point, a label per point (every k-th when crowded), title
  out.push('<g class="x-axis">', `<line x1="${n(left)}" y1="${n(plotBottom)}" x2="${n(plotRight)}" y2="${n(plotBottom)}" stroke="#6b7280" stroke-width="1"/>`)
  points.forEach((_, i) => {
    const x = n(xAt(i))
    out.push(`<line x1="${x}" y1="${n(plotBottom)}" x2="${x}" y2="${n(plotBottom + 5)}" stroke="#6b7280" stroke-width="1"/>`)
    // counted back from the newest point, which is always labelled
    if ((points.length - 1 - i) % every !== 0) return
    const label = escapeXml(labels[i]!)
    if (rotated) {
      const y = n(plotBottom + 16)
      out.push(`<text x="${x}" y="${y}" transform="rotate(-${ROTATION} ${x} ${y})" text-anchor="end" font-size="${LABEL_SIZE}" fill="#374151">${label}</text>`)
    } else {
      out.push(`<text x="${x}" y="${n(plotBottom + 20)}" text-anchor="middle" font-size="${LABEL_SIZE}" fill="#374151">${label}</text>`)
    }
  })
  const xTitle = every > 1 ? `version (every ${ordinal(every)} labelled)` : 'version'
  out.push(`<text class="axis-title" x="${n(left + (plotRight - left) / 2)}" y="${n(height - 12)}" text-anchor="middle" font-size="12" fill="#111827">${xTitle}</text>`, '</g>')

  // threshold: a red dashed line across the plot, labelled on two lines in the right margin
  if (threshold !== null && thresholdLabel !== null) {
    const y = yAt(threshold)
    out.push(
      `<g class="threshold">`,
      `<line class="threshold" x1="${n(left)}" y1="${n(y)}" x2="${n(plotRight)}" y2="${n(y)}" stroke="${THRESHOLD_COLOUR}" stroke-width="1.5" stroke-dasharray="6 4"/>`,
      `<text x="${n(plotRight + 6)}" y="${n(y - 3)}" font-size="${LABEL_SIZE}" fill="${THRESHOLD_COLOUR}">threshold</text>`,
      `<text x="${n(plotRight + 6)}" y="${n(y + 11)}" font-size="${LABEL_SIZE}" fill="${THRESHOLD_COLOUR}">${escapeXml(thresholdLabel)}</text>`,
      '</g>',
    )
  }

  out.push('<g class="eval-sets">')
  for (const label of evalSetLabels) {
    const y = top - 6 - label.row * 15
    if (label.markerX !== null) {
      const mx = n(label.markerX)
      out.push(`<line class="eval-set-change" x1="${mx}" y1="${n(y - 9)}" x2="${mx}" y2="${n(plotBottom)}" stroke="#6b7280" stroke-width="1" stroke-dasharray="4 3"/>`)
    }
    out.push(`<text class="eval-set-label" x="${n(label.x)}" y="${n(y)}" font-size="${LABEL_SIZE}" fill="${label.colour}">${escapeXml(label.text)}</text>`)
  }
  out.push('</g>')

  out.push('<g class="series">')
  for (const s of segments) {
    const coords = []
    for (let i = s.start; i <= s.end; i++) coords.push(`${n(xAt(i))},${n(yAt(points[i]!.value))}`)
    out.push(`<polyline class="line" data-eval-set="${escapeXml(s.evalSet)}" points="${coords.join(' ')}" fill="none" stroke="${s.colour}" stroke-width="2" stroke-linejoin="round"/>`)
  }
  const radius = slot < 10 ? 2.5 : 3.5
  points.forEach((p, i) => {
    const colour = segments.find((s) => i >= s.start && i <= s.end)!.colour
    const tooltip = escapeXml(`${p.version} · ${p.date} · ${scale.format(p.value, true)}`)
    out.push(`<circle class="point" cx="${n(xAt(i))}" cy="${n(yAt(p.value))}" r="${radius}" fill="#ffffff" stroke="${colour}" stroke-width="2"><title>${tooltip}</title></circle>`)
  })
  out.push('</g>', '</svg>')
  return `${out.join('\n')}\n`
}

interface Segment {
  start: number
  end: number
  colour: string
  evalSet: string
}

/** One segment per run of consecutive points on the same eval set version; one colour per version. */
function segmentsOf(points: readonly HistoryRow[]): Segment[] {
  const segments: Segment[] = []
  const colourOf = new Map<string, string>()
  points.forEach((p, i) => {
    if (!colourOf.has(p.eval_set_version)) colourOf.set(p.eval_set_version, PALETTE[colourOf.size % PALETTE.length]!)
    const last = segments.at(-1)
    if (last && last.evalSet === p.eval_set_version) last.end = i
    else segments.push({ start: i, end: i, colour: colourOf.get(p.eval_set_version)!, evalSet: p.eval_set_version })
  })
  return segments
}

interface EvalSetLabel {
  text: string
  x: number
  /** 0: just above the plot; 1: above that, when row 0 is taken */
  row: 0 | 1
  colour: string
  /** the dashed marker, halfway between the last point of the old set and the first of the new one; null for the first set */
  markerX: number | null
}

/** "eval set v2" beside each marker, on a second row when it would run into the previous label, never past the end of the plot (the threshold label lives in the margin). */
function placeEvalSetLabels(segments: readonly Segment[], xAt: (i: number) => number, slot: number, limit: number): EvalSetLabel[] {
  const rowEnds = [-Infinity, -Infinity]
  return segments.map((segment, index) => {
    const markerX = index === 0 ? null : xAt(segment.start) - slot / 2
    let x = (markerX ?? xAt(0) - slot / 2) + 4
    const room = Math.floor((limit - x) / CHAR_WIDTH)
    const text = `eval set ${truncate(segment.evalSet, Math.max(4, Math.min(24, room - 9)))}`
    const textWidth = [...text].length * CHAR_WIDTH
    // near the right edge the label moves left of its marker rather than off the canvas
    x = Math.min(x, limit - textWidth)
    const free = rowEnds.findIndex((end) => end + 8 <= x)
    const row = (free === -1 ? (rowEnds[0]! <= rowEnds[1]! ? 0 : 1) : free) as 0 | 1
    rowEnds[row] = x + textWidth
    return { text, x, row, colour: segment.colour, markerX }
  })
}

function emptyChart(width: number, height: number, title: string, message: string): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${FONT}" role="img">`,
    `<title>${escapeXml(title)}</title>`,
    `<rect class="background" x="0" y="0" width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text class="chart-title" x="${n(width / 2)}" y="28" text-anchor="middle" font-size="16" font-weight="bold" fill="#111827">${escapeXml(title)}</text>`,
    `<text class="message" x="${n(width / 2)}" y="${n(height / 2)}" text-anchor="middle" font-size="14" fill="#6b7280">${escapeXml(message)}</text>`,
    '</svg>',
    '',
  ].join('\n')
}

interface YScale {
  min: number
  max: number
  ticks: number[]
  /** a tick label, or with `precise` a value (tooltip, threshold) */
  format: (value: number, precise?: boolean) => string
}

/** 0–1 in steps of 0.2 for scores; a "nice" range with 5–6 ticks otherwise (latency_ms). */
export function yScale(values: readonly number[], unit: 'score' | 'ms'): YScale {
  const lo = Math.min(...values)
  const hi = Math.max(...values)
  if (unit === 'score' && lo >= 0 && hi <= 1) {
    return { min: 0, max: 1, ticks: [0, 0.2, 0.4, 0.6, 0.8, 1], format: (v, precise) => (precise ? String(round(v, 3)) : v.toFixed(1)) }
  }
  // a little headroom, so the lowest and highest points do not sit on the frame
  const pad = (hi - lo) * 0.05
  const { min, max, step } = niceRange(lo >= 0 ? Math.max(0, lo - pad) : lo - pad, hi + pad)
  const ticks: number[] = []
  for (let t = min; t <= max + step / 2; t += step) ticks.push(round(t, 10))
  const decimals = Math.max(0, -Math.floor(Math.log10(step) + 1e-9))
  const suffix = unit === 'ms' ? ' ms' : ''
  return {
    min,
    max,
    ticks,
    format: (v, precise) => (precise ? `${unit === 'ms' ? groupThousands(String(round(v, v >= 100 ? 0 : 1))) : String(round(v, 3))}${suffix}` : groupThousands(v.toFixed(decimals))),
  }
}

/** The smallest step of 1, 2, 2.5 or 5 × 10^k whose range around [lo, hi] has at most 6 ticks, widened to at least 5. */
export function niceRange(lo: number, hi: number): { min: number; max: number; step: number } {
  if (hi - lo < 1e-12) {
    // one value (or all equal): a small range around it
    const pad = lo === 0 ? 1 : Math.abs(lo) * 0.1
    lo -= pad
    hi += pad
  }
  const raw = (hi - lo) / 5
  const magnitude = 10 ** Math.floor(Math.log10(raw))
  for (const factor of [1, 2, 2.5, 5, 10, 20]) {
    const step = factor * magnitude
    let min = Math.floor(lo / step + 1e-9) * step
    let max = Math.ceil(hi / step - 1e-9) * step
    // a latency axis has no business going below zero
    if (min < 0 && lo >= 0) min = 0
    if (Math.round((max - min) / step) + 1 > 6) continue
    while (Math.round((max - min) / step) + 1 < 5) {
      if (min - step >= 0 || lo < 0) min -= step
      else max += step
    }
    return { min: round(min, 10), max: round(max, 10), step }
  }
  /* c8 ignore next: a factor of 20 always fits */
  return { min: lo, max: hi, step: (hi - lo) / 5 }
}

function groupThousands(text: string): string {
  const [int, frac] = text.split('.')
  const grouped = int!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return frac === undefined ? grouped : `${grouped}.${frac}`
}

function ordinal(k: number): string {
  return k === 2 ? '2nd' : k === 3 ? '3rd' : `${k}th`
}

function round(value: number, digits: number): number {
  return Number(value.toFixed(digits))
}

/** A coordinate: two decimals at most, no "-0". */
function n(value: number): string {
  const rounded = Math.round(value * 100) / 100
  return String(rounded === 0 ? 0 : rounded)
}

/** At most `max` characters (code points), the last one an ellipsis when cut. */
function truncate(text: string, max: number): string {
  const chars = [...text]
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text
}

/**
 * At most `max` characters with the ellipsis inside: versions share their start
 * ("release-candidate-…") and differ at the end, so the end is kept.
 */
function truncateMiddle(text: string, max: number): string {
  const chars = [...text]
  if (chars.length <= max) return text
  const head = Math.floor((max - 1) / 3)
  return `${chars.slice(0, head).join('')}…${chars.slice(chars.length - (max - 1 - head)).join('')}`
}

/**
 * Text and attribute values: the five XML entities, and no character XML 1.0 forbids (a
 * control character in a version label would make the whole file unreadable).
 */
export function escapeXml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  )
}
