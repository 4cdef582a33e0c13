/**
 * One spelling for text that is written several ways: NFKC (full-width ＡＢＣ１２３ → ABC123,
 * ligatures), lower case, one apostrophe (’ ‘ ʼ ′ ´ ` → '), one hyphen for the hyphen
 * characters (‐ ‑ and the soft hyphen joins), and the dashes that separate (– — ― −) as a
 * spaced em dash, which ends a clause. Thousands separators between digits go (1,000 → 1000).
 */
const APOSTROPHES = /[\u2018\u2019\u201B\u02BC\u2032\u00B4\u0060]/g
const HYPHENS = /[\u2010\u2011]/g
const SOFT_HYPHEN = /\u00AD/g
const DASHES = /\s*[\u2012\u2013\u2014\u2015\u2212\uFE58\uFE63]+\s*/g
const THOUSANDS_SEPARATOR = /(\d),(?=\d{3}(?!\d))/g

export function normalise(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(APOSTROPHES, "'").replace(SOFT_HYPHEN, '').replace(HYPHENS, '-').replace(DASHES, ' — ').replace(THOUSANDS_SEPARATOR, '$1')
}

/**
 * A phrase as refusal matching compares it: normalised, apostrophes dropped ("don’t", "don't"
 * and "dont" are one spelling), runs of spaces as one.
 */
export function foldPhrase(text: string): string {
  return normalise(text).replace(/'/g, '').replace(/\s+/g, ' ')
}
