/**
 * The numbers and text of an SVG chart: a y scale with round ticks, coordinates written
 * compactly, labels shortened to fit, and XML escaping. Pure, so the same input always
 * gives the same bytes.
 */
export interface YScale {
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

export function groupThousands(text: string): string {
  const [int = '', frac] = text.split('.')
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return frac === undefined ? grouped : `${grouped}.${frac}`
}

export function ordinal(k: number): string {
  return k === 2 ? '2nd' : k === 3 ? '3rd' : `${k}th`
}

export function round(value: number, digits: number): number {
  return Number(value.toFixed(digits))
}

/** A coordinate: two decimals at most, no "-0". */
export function n(value: number): string {
  const rounded = Math.round(value * 100) / 100
  return String(rounded === 0 ? 0 : rounded)
}

/** At most `max` characters (code points), the last one an ellipsis when cut. */
export function truncate(text: string, max: number): string {
  const chars = [...text]
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text
}

/**
 * At most `max` characters with the ellipsis inside: versions share their start
 * ("release-candidate-…") and differ at the end, so the end is kept.
 */
export function truncateMiddle(text: string, max: number): string {
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
