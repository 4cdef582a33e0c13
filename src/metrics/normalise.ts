/**
 * One spelling for text that is written several ways: NFKC (full-width ＡＢＣ１２３ → ABC123,
 * ligatures), lower case, one apostrophe (’ ‘ ʼ ′ ´ ` → '), one hyphen for the hyphen
 * characters (‐ ‑ and the soft hyphen joins), and the dashes that separate (– — ― −) as a
 * spaced em dash, which ends a clause. Thousands separators between digits go (1,000 → 1000).
 */
const SPELLINGS = /[\u2018\u2019\u201B\u02BC\u2032\u00B4\u0060\u00AD\u2010\u2011]|\s*[\u2012\u2013\u2014\u2015\u2212\uFE58\uFE63]+\s*/g
const THOUSANDS_SEPARATOR = /(\d),(?=\d{3}(?!\d))/g

export function normalise(text: string): string {
  return normaliseKeepingCase(text).toLowerCase()
}

/** `normalise` without the lower-casing, for what case tells apart (the flags `-c` and `-C`). */
export function normaliseKeepingCase(text: string): string {
  return text.normalize('NFKC').replace(SPELLINGS, respell).replace(THOUSANDS_SEPARATOR, '$1')
}

function respell(found: string): string {
  if (found === '\u00AD') return ''
  if (found === '\u2010' || found === '\u2011') return '-'
  return found.length === 1 && !/[\u2012-\u2015\u2212\uFE58\uFE63]/.test(found) ? "'" : ' — '
}

/**
 * A phrase as refusal matching compares it: normalised, apostrophes dropped ("don’t", "don't"
 * and "dont" are one spelling), runs of spaces as one.
 */
export function foldPhrase(text: string): string {
  return normalise(text).replace(/'/g, '').replace(/\s+/g, ' ')
}
