import { latinWords } from './latin.ts'
import { negationMask, NEGATED } from './negation.ts'
import { normaliseKeepingCase } from './normalise.ts'
import { EXACT_KINDS, technicalTokens, type TechnicalToken } from './technical.ts'
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
  readonly words: ReadonlySet<string>
  readonly numbers: ReadonlySet<string>
  /** words that occur outside any negation (the same set as `words` when nothing is negated) */
  readonly plain: ReadonlySet<string>
  /** words that occur inside a negation's scope */
  readonly negated: ReadonlySet<string>
  /** `negated` and the words just after a Chinese negation's scope: where two negations are compared */
  readonly nearNegation: ReadonlySet<string>
  /** numbers the text names with a word that is not always a number ("first", "one") */
  readonly soft: ReadonlySet<string>
  /** words a symbol stands for (% → percent, $ → dollar) */
  readonly implied: ReadonlySet<string>
  /** neighbouring Latin words joined ("follow up" → followup) → the compared forms of the two */
  readonly pairs: ReadonlyMap<string, readonly (string | null)[]>
  /** flags, paths, URLs, variables and code identifiers (technical.ts): a covering text names every one of them */
  readonly exact: ReadonlySet<string>
}

/*
 * Tokens are never changed once built, so a text without negations, soft numbers, symbols or
 * pairs (most texts) shares these empty collections instead of allocating its own, and a union
 * may hand out a part's set as its own.
 */
const NONE: ReadonlySet<string> = new Set()
const NO_PAIRS: ReadonlyMap<string, readonly (string | null)[]> = new Map()

const HAN_RUN = /\p{Script=Han}+/gu
const NUMBER = /(\d+(?:\.\d+)?)(?:(k)(?![a-z])|\s?(hundred|thousand|million|billion)\b)?/g
const SCALE: ReadonlyMap<string, number> = new Map([
  ['k', 1e3],
  ['hundred', 1e2],
  ['thousand', 1e3],
  ['million', 1e6],
  ['billion', 1e9],
])

export function tokenize(text: string): Tokens {
  const cased = normaliseKeepingCase(text)
  const lower = cased.toLowerCase()
  // technical tokens are read from the text with its case, so positions must line up (they do unless lower-casing changed a length, as for İ)
  const technical = lower.length === cased.length ? technicalTokens(cased) : []
  const normalised = technical.length > 0 ? blankOut(lower, technical) : lower
  const mask = negationMask(normalised)
  const words = new Set<string>()
  const numbers = new Set<string>()
  // only a text with a negation tells its words apart; without one, plain is words and the rest are empty
  const plain = mask ? new Set<string>() : words
  const negated = new Set<string>()
  const nearNegation = new Set<string>()
  const add = (word: string, at: number) => {
    words.add(word)
    if (!mask) return
    // checked here, once per word of every text: a shared knownAt would cost more than the add
    const level = mask[at]
    if (level === undefined) throw new RangeError(`tokenize: a word at ${at}, past the negation mask's ${mask.length} characters`)
    ;(level === NEGATED ? negated : plain).add(word)
    if (level !== 0) nearNegation.add(word)
  }
  let exact: Set<string> | undefined
  for (const token of technical) {
    if (token.kind === 'version') numbers.add(token.text)
    else add(token.text, token.at)
    if (EXACT_KINDS.has(token.kind)) (exact ??= new Set()).add(token.text)
  }
  for (const match of normalised.matchAll(NUMBER)) numbers.add(numberText(match))
  for (const run of normalised.matchAll(HAN_RUN)) {
    const [chars] = run
    if (chars.length === 1) add(chars, run.index)
    for (let i = 0; i + 1 < chars.length; i++) add(chars.slice(i, i + 2), run.index + i)
  }
  let soft: Set<string> | undefined
  let implied: Set<string> | undefined
  let pairs: Map<string, readonly (string | null)[]> | undefined
  latinWords(normalised, {
    word: add,
    number: (value) => numbers.add(value),
    soft: (value) => (soft ??= new Set()).add(value),
    implied: (word) => (implied ??= new Set()).add(word),
    pair: (joined, parts) => (pairs ??= new Map()).set(joined, parts),
  })
  return {
    words,
    numbers,
    plain,
    negated: filled(negated),
    nearNegation: filled(nearNegation),
    soft: filled(soft),
    implied: filled(implied),
    pairs: pairs ?? NO_PAIRS,
    exact: filled(exact),
  }
}

/** The text with its technical tokens replaced by NUL characters: the prose rules (words, numbers, negations, pairs) never see them, and no pair joins across one. */
function blankOut(text: string, tokens: readonly TechnicalToken[]): string {
  let out = ''
  let from = 0
  for (const token of tokens) {
    out += text.slice(from, token.at) + '\0'.repeat(token.length)
    from = token.at + token.length
  }
  return out + text.slice(from)
}

function filled(set: Set<string> | undefined): ReadonlySet<string> {
  return set && set.size > 0 ? set : NONE
}

function numberText(match: RegExpMatchArray): string {
  const value = Number(match[1])
  const word = match[2] ?? match[3]
  if (word === undefined) return String(value)
  // NUMBER's groups match only SCALE's words
  const scale = SCALE.get(word)
  if (scale === undefined) throw new Error(`tokenize: no scale for "${word}"`)
  return String(Number((value * scale).toPrecision(12)))
}

// built on first use: constructing it loads ICU's break rules (~25 ms), which compare, merge
// and a judge: none run never need
let sentenceSegmenter: Intl.Segmenter | undefined
/**
 * The characters after which Unicode may end a sentence (UAX #29: STerm, ATerm and the paragraph
 * separators); no sentence ends anywhere else, which the tests check against the segmenter.
 */
const SENTENCE_END = /[\p{Sentence_Terminal}\u2024\uFE52\uFF0E\n\r\u0085\u2028\u2029]/u

/** Sentences by Unicode sentence boundaries, which know 。！？ as well as . ! ? */
export function sentences(text: string): string[] {
  const trimmed = text.trim()
  // one sentence when nothing but its last character can end one: most answers and clauses, at a tenth of the segmenter's cost
  if (!SENTENCE_END.test(trimmed.slice(0, -1))) return trimmed === '' ? [] : [trimmed]
  sentenceSegmenter ??= new Intl.Segmenter('zh', { granularity: 'sentence' })
  return [...sentenceSegmenter.segment(text)].map((s) => s.segment.trim()).filter((s) => s !== '')
}

/** Memoises `compute` for texts that repeat (the same chunk retrieved for many questions); keeps at most `limit` texts, and none once cleared. */
export function textCache<T>(compute: (text: string) => T, limit = 50_000): ((text: string) => T) & { clear(): void } {
  const cache = new Map<string, T>()
  const cached = (text: string): T => {
    let value = cache.get(text)
    if (value === undefined) {
      value = compute(text)
      if (cache.size >= limit) cache.clear()
      cache.set(text, value)
    }
    return value
  }
  return Object.assign(cached, { clear: () => cache.clear() })
}

export function tokenCount(tokens: Tokens): number {
  return tokens.words.size + tokens.numbers.size
}

/**
 * A statement is covered by a text when every number and every exact technical token (a flag,
 * path or identifier: technical.ts) in it appears there, at least `minShare`
 * of its words do, and the two agree on negation: a statement that negates something is
 * covered only by a text that negates at least one of the same words (for Chinese: has one
 * among the few characters after a negation, see `nearNegation`), and no word may be
 * negated on one side and only affirmed on the other ("We accept PayPal" does not cover "We do
 * not accept PayPal", nor the other way round). Chinese words are exempt from the second half:
 * a Chinese negation's scope is a few characters, so its neighbours fall inside on one side
 * and outside on the other without any change of meaning.
 */
export function covers(text: TokenLookup, statement: Tokens, minShare: number): boolean {
  for (const n of statement.numbers) if (!text.numbers.has(n) && !text.soft.has(n)) return false
  for (const t of statement.exact) if (!text.words.has(t)) return false
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
  // the exact tokens were all found above: the share is asked of the other words, which an
  // exact token would otherwise carry over it ("--judge lexical" is not covered by "--judge openai")
  const others = statement.words.size - statement.exact.size
  return negationShared && (others === 0 || (found - statement.exact.size) / others >= minShare)
}

function contradicts(text: TokenLookup, statement: Tokens, w: string): boolean {
  const negatedInStatement = statement.negated.has(w)
  const plainInStatement = statement.plain.has(w)
  if (plainInStatement && !negatedInStatement) return text.negated.has(w) && !text.plain.has(w)
  if (negatedInStatement && !plainInStatement) return !text.negated.has(w) && !isHan(w)
  return false
}

function isHan(word: string): boolean {
  return /^\p{Script=Han}/u.test(word)
}

function softNumberIn(text: TokenLookup, w: string): boolean {
  const value = SOFT_NUMBERS.get(w)
  return value !== undefined && (text.numbers.has(String(value)) || text.soft.has(String(value)))
}

/** Statement words found because the statement writes two words that the text writes as one ("follow up" / "followup"). */
function pairMatches(text: TokenLookup, statement: Tokens): Set<string> {
  const found = new Set<string>()
  for (const [joined, parts] of statement.pairs) {
    if (!text.words.has(joined)) continue
    for (const part of parts) if (part) found.add(part)
  }
  return found
}

/** What `covers` asks of the text it looks in: whether it holds an item, and whether it holds any (size is 0 exactly when empty). */
export interface Lookup {
  has(item: string): boolean
  readonly size: number
}

/** A text to look statements up in: one text's Tokens, or the union of several (`union`). */
export type TokenLookup = { readonly [K in keyof Tokens]: Lookup }

/**
 * The tokens of several texts looked up as one text's, without copying them into new sets: a
 * question's ten chunks are each tokenised once per run (memoised), and a copy of all their
 * words per question cost more than the lookups it saves. A part's own set stands for a field
 * only that part has.
 */
export function union(all: readonly Tokens[]): TokenLookup {
  const [first, second] = all
  if (first !== undefined && second === undefined) return first
  return {
    words: anyOf(all, 'words'),
    numbers: anyOf(all, 'numbers'),
    plain: anyOf(all, 'plain'),
    negated: anyOf(all, 'negated'),
    nearNegation: anyOf(all, 'nearNegation'),
    soft: anyOf(all, 'soft'),
    implied: anyOf(all, 'implied'),
    pairs: anyOf(all, 'pairs'),
    exact: anyOf(all, 'exact'),
  }
}

function anyOf(all: readonly Tokens[], key: keyof Tokens): Lookup {
  const parts: Lookup[] = []
  for (const tokens of all) if (tokens[key].size > 0) parts.push(tokens[key])
  const [first, second] = parts
  if (first === undefined) return NONE
  return second === undefined ? first : new AnyOf(parts)
}

/** Holds what any of its parts holds. Its size is the parts' total: 0 exactly when every part is empty, which is all `covers` asks. */
class AnyOf implements Lookup {
  readonly size: number
  private readonly parts: readonly Lookup[]

  constructor(parts: readonly Lookup[]) {
    this.parts = parts
    this.size = parts.reduce((n, p) => n + p.size, 0)
  }

  has(item: string): boolean {
    for (const part of this.parts) if (part.has(item)) return true
    return false
  }
}
