import { latinWords } from './latin.ts'
import { negationMask, NEGATED } from './negation.ts'
import { normalise } from './normalise.ts'
import { SOFT_NUMBERS } from './numberWords.ts'

/**
 * Tokens for the lexical provider. Chinese has no spaces and word segmenters disagree on
 * boundaries ("一线城市" vs "一线 / 城市"), so CJK text is compared by character bigrams
 * within each run of Han characters; Latin words are normalised, stop-listed and stemmed
 * (latin.ts); numbers are kept exactly, because a changed number is the commonest
 * hallucination in policy answers. Every word also carries where it stands: inside a
 * negation's scope (`negated`) or not (`plain`), see negation.ts.
 * (Intl.Segmenter's word mode gave the same coverage decisions here at 40× the cost, so it
 * is used where boundaries matter: splitting answers into sentences, see `sentences`.)
 */
export interface Tokens {
  words: Set<string>
  numbers: Set<string>
  /** words that occur outside any negation (the same set as `words` when nothing is negated) */
  plain: Set<string>
  /** words that occur inside a negation's scope */
  negated: Set<string>
  /** `negated` and the words just after a Chinese negation's scope: where two negations are compared */
  nearNegation: Set<string>
  /** numbers the text names with a word that is not always a number ("first", "one") */
  soft: Set<string>
  /** words a symbol stands for (% → percent, $ → dollar) */
  implied: Set<string>
  /** neighbouring Latin words joined ("follow up" → followup) → the compared forms of the two */
  pairs: Map<string, readonly (string | null)[]>
}

const HAN_RUN = /\p{Script=Han}+/gu
const NUMBER = /(\d+(?:\.\d+)?)(?:(k)(?![a-z])|\s?(hundred|thousand|million|billion)\b)?/g
const SCALE: Record<string, number> = { k: 1e3, hundred: 1e2, thousand: 1e3, million: 1e6, billion: 1e9 }

export function tokenize(text: string): Tokens {
  const normalised = normalise(text)
  const mask = negationMask(normalised)
  const words = new Set<string>()
  const plain = mask ? new Set<string>() : words
  const negated = new Set<string>()
  const nearNegation = new Set<string>()
  const add = (word: string, at: number) => {
    words.add(word)
    if (!mask) return
    const level = mask[at]!
    ;(level === NEGATED ? negated : plain).add(word)
    if (level !== 0) nearNegation.add(word)
  }
  const tokens: Tokens = { words, numbers: new Set(), plain, negated, nearNegation, soft: new Set(), implied: new Set(), pairs: new Map() }
  for (const match of normalised.matchAll(NUMBER)) tokens.numbers.add(numberText(match))
  for (const run of normalised.matchAll(HAN_RUN)) {
    const [chars] = run
    if (chars.length === 1) add(chars, run.index)
    for (let i = 0; i + 1 < chars.length; i++) add(chars.slice(i, i + 2), run.index + i)
  }
  latinWords(normalised, {
    word: add,
    number: (value) => tokens.numbers.add(value),
    soft: (value) => tokens.soft.add(value),
    implied: (word) => tokens.implied.add(word),
    pair: (joined, parts) => tokens.pairs.set(joined, parts),
  })
  return tokens
}

function numberText(match: RegExpMatchArray): string {
  const value = Number(match[1])
  const scale = match[2] ?? match[3]
  return String(scale ? Number((value * SCALE[scale]!).toPrecision(12)) : value)
}

const sentenceSegmenter = new Intl.Segmenter('zh', { granularity: 'sentence' })

/** Sentences by Unicode sentence boundaries, which know 。！？ as well as . ! ? */
export function sentences(text: string): string[] {
  return [...sentenceSegmenter.segment(text)].map((s) => s.segment.trim()).filter((s) => s !== '')
}

/** Memoised tokenize for texts that repeat (the same chunk retrieved for many questions). */
export function tokenCache(limit = 50_000): (text: string) => Tokens {
  const cache = new Map<string, Tokens>()
  return (text) => {
    let tokens = cache.get(text)
    if (!tokens) {
      tokens = tokenize(text)
      if (cache.size >= limit) cache.clear()
      cache.set(text, tokens)
    }
    return tokens
  }
}

export function tokenCount(tokens: Tokens): number {
  return tokens.words.size + tokens.numbers.size
}

/**
 * A statement is covered by a text when every number in it appears there, at least `minShare`
 * of its words do, and the two agree on negation: a statement that negates something is
 * covered only by a text that negates at least one of the same words (for Chinese: has one
 * among the few characters after a negation, see `nearNegation`), and no word may be
 * negated on one side and only affirmed on the other ("We accept PayPal" does not cover "We do
 * not accept PayPal", nor the other way round). Chinese words are exempt from the second half:
 * a Chinese negation's scope is a few characters, so its neighbours fall inside on one side
 * and outside on the other without any change of meaning.
 */
export function covers(text: Tokens, statement: Tokens, minShare: number): boolean {
  for (const n of statement.numbers) if (!text.numbers.has(n) && !text.soft.has(n)) return false
  if (statement.words.size === 0) return statement.numbers.size > 0
  const guarded = statement.negated.size > 0 || text.negated.size > 0
  let viaPairs: Set<string> | null = null
  let found = 0
  let negationShared = statement.negated.size === 0
  for (const w of statement.words) {
    if (text.words.has(w)) {
      found += 1
      if (!guarded) continue
      if (!negationShared && statement.nearNegation.has(w) && text.nearNegation.has(w)) negationShared = true
      if ((text.negated.has(w) || statement.negated.has(w)) && contradicts(text, statement, w)) return false
    } else if (text.implied.has(w) || text.pairs.has(w) || softNumberIn(text, w)) {
      found += 1
    } else if (statement.pairs.size > 0) {
      viaPairs ??= pairMatches(text, statement)
      if (viaPairs.has(w)) found += 1
    }
  }
  return negationShared && found / statement.words.size >= minShare
}

function contradicts(text: Tokens, statement: Tokens, w: string): boolean {
  const negatedInStatement = statement.negated.has(w)
  const plainInStatement = statement.plain.has(w)
  if (plainInStatement && !negatedInStatement) return text.negated.has(w) && !text.plain.has(w)
  if (negatedInStatement && !plainInStatement) return !text.negated.has(w) && !isHan(w)
  return false
}

function isHan(word: string): boolean {
  return /^\p{Script=Han}/u.test(word)
}

function softNumberIn(text: Tokens, w: string): boolean {
  const value = SOFT_NUMBERS[w]
  return value !== undefined && (text.numbers.has(String(value)) || text.soft.has(String(value)))
}

/** Statement words found because the statement writes two words that the text writes as one ("follow up" / "followup"). */
function pairMatches(text: Tokens, statement: Tokens): Set<string> {
  const found = new Set<string>()
  for (const [joined, parts] of statement.pairs) {
    if (!text.words.has(joined)) continue
    for (const part of parts) if (part) found.add(part)
  }
  return found
}

export function union(all: readonly Tokens[]): Tokens {
  const result: Tokens = { words: new Set(), numbers: new Set(), plain: new Set(), negated: new Set(), nearNegation: new Set(), soft: new Set(), implied: new Set(), pairs: new Map() }
  for (const t of all) {
    for (const key of ['words', 'numbers', 'plain', 'negated', 'nearNegation', 'soft', 'implied'] as const) t[key].forEach((x) => result[key].add(x))
    t.pairs.forEach((parts, joined) => result.pairs.set(joined, parts))
  }
  return result
}
