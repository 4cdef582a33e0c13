import stem from 'wink-porter2-stemmer'
import { eng } from 'stopword'
import { isNumberWord, numberRunLength, numberValue, SOFT_NUMBERS } from './numberWords.ts'

/**
 * Words of Latin-script text as the lexical provider compares them: English stop words
 * (stopword's `eng` list) dropped, negations dropped (their meaning is kept as polarity, see
 * negation.ts), the rest stemmed with Porter2 (Snowball English: monthly → month, supports →
 * support, days → day). A hyphenated word is one word ("follow-up" → followup), and every two
 * neighbouring words are also offered joined (`pairs`), so "follow up", "follow-up" and
 * "followup" meet whichever way either side writes them. Number words become numbers.
 */
export interface LatinSink {
  word(word: string, at: number): void
  number(value: string): void
  /** "one", "first", "second": a number on the covering side only */
  soft(value: string): void
  /** what a unit symbol implies: % → percent, $ → dollar */
  implied(word: string): void
  pair(joined: string, parts: readonly (string | null)[]): void
}

/** Stop-list words that carry a policy's meaning: "after 30 days" is not "before 30 days". */
const KEPT = new Set(['after', 'before', 'over', 'under', 'more', 'most', 'between'])
const NEGATIONS = new Set(['not', 'no', 'never', 'none', 'nor', 'neither', 'nobody', 'nothing', 'nowhere', 'without', 'cannot'])
const NEGATION_SPELLINGS = new Set(['dont', 'doesnt', 'didnt', 'cant', 'wont', 'isnt', 'arent', 'wasnt', 'werent', 'shouldnt', 'couldnt', 'wouldnt', 'mustnt', 'hasnt', 'havent', 'hadnt', 'neednt'])
const STOPWORDS = new Set([...eng.filter((w) => !KEPT.has(w)), ...NEGATIONS, ...NEGATION_SPELLINGS])
const LATIN_WORD = /(?:(?!\p{Script=Han})\p{L})(?:(?!\p{Script=Han})[\p{L}\p{M}'-])*/gu
const CONTRACTION = /'(?:s|ll|re|ve|d|m)$/
// the word tables are Maps: an object literal also holds constructor, toString, … (numberWords.ts)
/** Unit abbreviations, read as units only right after a number ("24h", "4 hrs", "2 wks"). */
const UNIT_AFTER_NUMBER: ReadonlyMap<string, string> = new Map([
  ['h', 'hour'],
  ['hr', 'hour'],
  ['hrs', 'hour'],
  ['min', 'minute'],
  ['mins', 'minute'],
  ['wk', 'week'],
  ['wks', 'week'],
  ['yr', 'year'],
  ['yrs', 'year'],
])
const ORDINAL_SUFFIXES = new Set(['st', 'nd', 'rd', 'th'])
const SYNONYMS: ReadonlyMap<string, string> = new Map([
  ['usd', 'dollar'],
  ['eur', 'euro'],
  ['gbp', 'pound'],
  ['pct', 'percent'],
])
const SYMBOL = /[%$€£]/
const SYMBOLS: [RegExp, string][] = [
  [/%/, 'percent'],
  [/\$/, 'dollar'],
  [/€/, 'euro'],
  [/£/, 'pound'],
]

const stems = new Map<string, string>()
const STEM_CACHE_LIMIT = 100_000

/** Porter2 stem of a lower-case word, cached (the same words recur across a run's texts). */
export function stemOf(word: string): string {
  let stemmed = stems.get(word)
  if (stemmed === undefined) {
    stemmed = /^[a-z]+$/.test(word) ? stem(word) : word
    if (stems.size >= STEM_CACHE_LIMIT) stems.clear()
    stems.set(word, stemmed)
  }
  return stemmed
}

interface Piece {
  text: string
  at: number
  /** only spaces between it and the piece before */
  joined: boolean
  afterDigit: boolean
}

export function latinWords(text: string, sink: LatinSink): void {
  if (SYMBOL.test(text)) for (const [pattern, word] of SYMBOLS) if (pattern.test(text)) sink.implied(word)
  const pieces = splitPieces(text)
  const texts = pieces.map((p) => p.text)
  let previous: Piece | null = null
  // a list of pieces has no holes: the walk ends at the first index without one
  for (let i = 0, piece = pieces[0]; piece !== undefined; piece = pieces[i]) {
    const run = isNumberWord(piece.text) ? adjacentRun(pieces, i, numberRunLength(texts, i)) : 0
    if (run > 0) {
      numberRun(texts.slice(i, i + run), piece.at, sink)
      previous = null
      i += run
      continue
    }
    const canonical = canonicalWord(piece)
    if (canonical) sink.word(canonical, piece.at)
    if (previous && piece.joined && canonical !== undefined) pairWith(previous, piece, canonical, sink)
    previous = canonical === undefined ? null : piece
    i += 1
  }
}

/** A number written in words is one number only when its words stand next to each other. */
function adjacentRun(pieces: readonly Piece[], start: number, length: number): number {
  const apart = pieces.slice(start + 1, start + length).findIndex((p) => !p.joined)
  return apart === -1 ? length : apart + 1
}

function numberRun(words: readonly string[], at: number, sink: LatinSink): void {
  const value = numberValue(words)
  if (value !== null) {
    sink.number(String(value))
    return
  }
  const [only] = words
  const soft = words.length === 1 && only !== undefined ? SOFT_NUMBERS.get(only) : undefined
  if (only !== undefined && soft !== undefined) {
    sink.soft(String(soft))
    sink.word(only, at)
  }
}

/** The text's words, hyphenated ones split where a part is a number word ("three-month" → three, month). */
function splitPieces(text: string): Piece[] {
  const pieces: Piece[] = []
  let end = 0
  for (const match of text.matchAll(LATIN_WORD)) {
    const raw = cleanWord(match[0])
    const joined = pieces.length > 0 && onlySpaces(text, end, match.index)
    const afterDigit = digitBefore(text, match.index, end)
    end = match.index + match[0].length
    if (raw.includes('-')) {
      const parts = raw.split('-').filter(Boolean)
      if (parts.some(isNumberWord)) {
        parts.forEach((part, k) => pieces.push({ text: part, at: match.index, joined: k > 0 || joined, afterDigit: k === 0 && afterDigit }))
        continue
      }
    }
    const word = raw.includes('-') || raw.includes("'") ? raw.replace(/['-]/g, '') : raw
    if (word !== '') pieces.push({ text: word, at: match.index, joined, afterDigit })
  }
  return pieces
}

/** "don't" → not; "employee's" → employee; "follow-up-" → follow-up */
function cleanWord(word: string): string {
  if (!word.includes("'") && !word.endsWith('-')) return word
  if (word.endsWith("n't") || NEGATION_SPELLINGS.has(word)) return 'not'
  return word.replace(/['-]+$/, '').replace(CONTRACTION, '')
}

function onlySpaces(text: string, from: number, to: number): boolean {
  if (from >= to) return false
  for (let i = from; i < to; i++) if (text.charCodeAt(i) !== 32 && text.charAt(i).trim() !== '') return false
  return true
}

/** A digit right before the word, or before one space: "1st", "24h", "4 hrs". */
function digitBefore(text: string, at: number, limit: number): boolean {
  return isDigitAt(text, at - 1, limit) || (text[at - 1] === ' ' && isDigitAt(text, at - 2, limit))
}

function isDigitAt(text: string, i: number, limit: number): boolean {
  const code = i >= limit && i >= 0 ? text.charCodeAt(i) : 0
  return code >= 48 && code <= 57
}

/** The compared form of one word; null for a stop word (it still joins a pair), undefined for no word at all. */
function canonicalWord(piece: Piece): string | null | undefined {
  const word = piece.text
  if (piece.afterDigit && ORDINAL_SUFFIXES.has(word)) return undefined
  const unit = piece.afterDigit ? UNIT_AFTER_NUMBER.get(word) : undefined
  if (unit !== undefined) return unit
  if (word.length < 2) return undefined
  if (STOPWORDS.has(word)) return null
  return stemOf(SYNONYMS.get(word) ?? word)
}

function pairWith(previous: Piece, piece: Piece, canonical: string | null, sink: LatinSink): void {
  const joined = previous.text + piece.text
  if (!/^[a-z]+$/.test(joined)) return
  const first = canonicalWord(previous)
  sink.pair(stemOf(joined), [first ?? null, canonical])
}
