import { metricInfo } from '../metrics/registry.ts'
import { chronological, type HistoryRow } from '../baseline/history.ts'
import { escapeXml, n, ordinal, truncate, truncateMiddle, yScale } from './svgScale.ts'
import { knownAt } from '../io/known.ts'

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
  const known = metricInfo(metric)?.unit
  // a ratio's axis is a score's, open above 1
  const unit = known === 'ratio' ? 'score' : (known ?? (points.every((p) => p.value >= 0 && p.value <= 1) ? 'score' : 'ms'))
  const scale = yScale(points.map((p) => p.value).concat(threshold === null ? [] : [threshold]), unit)
  const chart = layout(points, width, height, scale, threshold)
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${FONT}" role="img">`,
    `<title>${escapeXml(title)}</title>`,
    `<rect class="background" x="0" y="0" width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text class="chart-title" x="${n(width / 2)}" y="28" text-anchor="middle" font-size="16" font-weight="bold" fill="#111827">${escapeXml(title)}</text>`,
    ...yAxis(chart, metric, unit),
    ...xAxis(chart),
    ...thresholdLine(chart),
    ...evalSetMarks(chart),
    ...series(chart),
    '</svg>',
  ]
  return `${out.join('\n')}\n`
}

/** Where everything goes: plot edges, slots, label rotation and thinning, both axes' mappings. */
interface Layout {
  points: readonly HistoryRow[]
  scale: ReturnType<typeof yScale>
  threshold: number | null
  thresholdLabel: string | null
  labels: string[]
  height: number
  left: number
  top: number
  plotRight: number
  plotBottom: number
  plotHeight: number
  slot: number
  rotated: boolean
  every: number
  segments: Segment[]
  evalSetLabels: ReturnType<typeof placeEvalSetLabels>
  xAt: (i: number) => number
  yAt: (v: number) => number
}

function layout(points: readonly HistoryRow[], width: number, height: number, scale: ReturnType<typeof yScale>, threshold: number | null): Layout {
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
  return { points, scale, threshold, thresholdLabel, labels, height, left, top, plotRight, plotBottom, plotHeight, slot, rotated, every, segments, evalSetLabels, xAt, yAt }
}

/** y axis: gridlines, ticks, labels, title. */
function yAxis(c: Layout, metric: string, unit: string): string[] {
  const out = ['<g class="y-axis">']
  for (const tick of c.scale.ticks) {
    const y = n(c.yAt(tick))
    out.push(
      `<line class="grid" x1="${n(c.left)}" y1="${y}" x2="${n(c.plotRight)}" y2="${y}" stroke="#e5e7eb" stroke-width="1"/>`,
      `<line x1="${n(c.left - 5)}" y1="${y}" x2="${n(c.left)}" y2="${y}" stroke="#6b7280" stroke-width="1"/>`,
      `<text x="${n(c.left - 8)}" y="${n(c.yAt(tick) + 4)}" text-anchor="end" font-size="${LABEL_SIZE}" fill="#374151">${escapeXml(c.scale.format(tick))}</text>`,
    )
  }
  out.push(
    `<line x1="${n(c.left)}" y1="${n(c.top)}" x2="${n(c.left)}" y2="${n(c.plotBottom)}" stroke="#6b7280" stroke-width="1"/>`,
    `<text class="axis-title" transform="translate(16 ${n(c.top + c.plotHeight / 2)}) rotate(-90)" text-anchor="middle" font-size="12" fill="#111827">${escapeXml(truncate(unit === 'ms' && !/ms\b/.test(metric) ? `${metric} (ms)` : metric, Math.floor(c.plotHeight / 7)))}</text>`,
    '</g>',
  )
  return out
}

/** x axis: one tick per point, a label per point (every k-th when crowded), title. */
function xAxis(c: Layout): string[] {
  const out = ['<g class="x-axis">', `<line x1="${n(c.left)}" y1="${n(c.plotBottom)}" x2="${n(c.plotRight)}" y2="${n(c.plotBottom)}" stroke="#6b7280" stroke-width="1"/>`]
  c.points.forEach((_, i) => {
    const x = n(c.xAt(i))
    out.push(`<line x1="${x}" y1="${n(c.plotBottom)}" x2="${x}" y2="${n(c.plotBottom + 5)}" stroke="#6b7280" stroke-width="1"/>`)
    // counted back from the newest point, which is always labelled
    if ((c.points.length - 1 - i) % c.every !== 0) return
    const label = escapeXml(knownAt(c.labels, i, "a point's label"))
    if (c.rotated) {
      const y = n(c.plotBottom + 16)
      out.push(`<text x="${x}" y="${y}" transform="rotate(-${ROTATION} ${x} ${y})" text-anchor="end" font-size="${LABEL_SIZE}" fill="#374151">${label}</text>`)
    } else {
      out.push(`<text x="${x}" y="${n(c.plotBottom + 20)}" text-anchor="middle" font-size="${LABEL_SIZE}" fill="#374151">${label}</text>`)
    }
  })
  const xTitle = c.every > 1 ? `version (every ${ordinal(c.every)} labelled)` : 'version'
  out.push(`<text class="axis-title" x="${n(c.left + (c.plotRight - c.left) / 2)}" y="${n(c.height - 12)}" text-anchor="middle" font-size="12" fill="#111827">${xTitle}</text>`, '</g>')
  return out
}

/** The threshold: a red dashed line across the plot, labelled on two lines in the right margin. */
function thresholdLine(c: Layout): string[] {
  if (c.threshold === null || c.thresholdLabel === null) return []
  const y = c.yAt(c.threshold)
  return [
    `<g class="threshold">`,
    `<line class="threshold" x1="${n(c.left)}" y1="${n(y)}" x2="${n(c.plotRight)}" y2="${n(y)}" stroke="${THRESHOLD_COLOUR}" stroke-width="1.5" stroke-dasharray="6 4"/>`,
    `<text x="${n(c.plotRight + 6)}" y="${n(y - 3)}" font-size="${LABEL_SIZE}" fill="${THRESHOLD_COLOUR}">threshold</text>`,
    `<text x="${n(c.plotRight + 6)}" y="${n(y + 11)}" font-size="${LABEL_SIZE}" fill="${THRESHOLD_COLOUR}">${escapeXml(c.thresholdLabel)}</text>`,
    '</g>',
  ]
}

function evalSetMarks(c: Layout): string[] {
  const out = ['<g class="eval-sets">']
  for (const label of c.evalSetLabels) {
    const y = c.top - 6 - label.row * 15
    if (label.markerX !== null) {
      const mx = n(label.markerX)
      out.push(`<line class="eval-set-change" x1="${mx}" y1="${n(y - 9)}" x2="${mx}" y2="${n(c.plotBottom)}" stroke="#6b7280" stroke-width="1" stroke-dasharray="4 3"/>`)
    }
    out.push(`<text class="eval-set-label" x="${n(label.x)}" y="${n(y)}" font-size="${LABEL_SIZE}" fill="${label.colour}">${escapeXml(label.text)}</text>`)
  }
  out.push('</g>')
  return out
}

/** One polyline per eval set segment and a point with a tooltip per version. */
function series(c: Layout): string[] {
  const out = ['<g class="series">']
  const pointsOf = (s: Segment) => Array.from({ length: s.end - s.start + 1 }, (_, k) => ({ i: s.start + k, p: knownAt(c.points, s.start + k, 'a point of the segment') }))
  for (const s of c.segments) {
    const coords = pointsOf(s).map(({ i, p }) => `${n(c.xAt(i))},${n(c.yAt(p.value))}`)
    out.push(`<polyline class="line" data-eval-set="${escapeXml(s.evalSet)}" points="${coords.join(' ')}" fill="none" stroke="${s.colour}" stroke-width="2" stroke-linejoin="round"/>`)
  }
  const radius = c.slot < 10 ? 2.5 : 3.5
  // the segments follow one another and cover every point: walked in order, the points come in order
  for (const s of c.segments) {
    for (const { i, p } of pointsOf(s)) {
      const tooltip = escapeXml(`${p.version} · ${p.date} · ${c.scale.format(p.value, true)}`)
      out.push(`<circle class="point" cx="${n(c.xAt(i))}" cy="${n(c.yAt(p.value))}" r="${radius}" fill="#ffffff" stroke="${s.colour}" stroke-width="2"><title>${tooltip}</title></circle>`)
    }
  }
  out.push('</g>')
  return out
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
    let colour = colourOf.get(p.eval_set_version)
    if (colour === undefined) {
      colour = knownAt(PALETTE, colourOf.size % PALETTE.length, 'a palette colour')
      colourOf.set(p.eval_set_version, colour)
    }
    const last = segments.at(-1)
    if (last && last.evalSet === p.eval_set_version) last.end = i
    else segments.push({ start: i, end: i, colour, evalSet: p.eval_set_version })
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
  const rowEnds: [number, number] = [-Infinity, -Infinity]
  return segments.map((segment, index) => {
    const markerX = index === 0 ? null : xAt(segment.start) - slot / 2
    let x = (markerX ?? xAt(0) - slot / 2) + 4
    const room = Math.floor((limit - x) / CHAR_WIDTH)
    const text = `eval set ${truncate(segment.evalSet, Math.max(4, Math.min(24, room - 9)))}`
    const textWidth = [...text].length * CHAR_WIDTH
    // near the right edge the label moves left of its marker rather than off the canvas
    x = Math.min(x, limit - textWidth)
    const free = rowEnds.findIndex((end) => end + 8 <= x)
    const row = (free === -1 ? (rowEnds[0] <= rowEnds[1] ? 0 : 1) : free) as 0 | 1
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
