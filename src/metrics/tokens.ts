/**
 * Tokens for the lexical provider. Chinese has no spaces and word segmenters disagree on
 * boundaries ("一线城市" vs "一线 / 城市"), so CJK text is compared by character bigrams
 * within each run of Han characters; Latin words are compared whole; numbers are kept
 * exactly, because a changed number is the commonest hallucination in policy answers.
 * (Intl.Segmenter's word mode gave the same coverage decisions here at 40× the cost, so it
 * is used where boundaries matter: splitting answers into sentences, see `sentences`.)
 */
export interface Tokens {
  words: Set<string>
  numbers: Set<string>
}

const HAN_RUN = /\p{Script=Han}+/gu
const NUMBER = /\d+(?:\.\d+)?/g
const THOUSANDS_SEPARATOR = /(\d),(?=\d{3}(?!\d))/g
const LATIN_WORD = /(?:(?!\p{Script=Han})\p{L})(?:(?!\p{Script=Han})[\p{L}\p{M}'-])*/gu
const LATIN_STOPWORDS = new Set(['the', 'an', 'of', 'to', 'and', 'or', 'is', 'are', 'in', 'on', 'for', 'be', 'it', 'you', 'can', 'with'])

export function tokenize(text: string): Tokens {
  const normalised = text.normalize('NFKC').toLowerCase().replace(THOUSANDS_SEPARATOR, '$1')
  const numbers = new Set<string>()
  for (const match of normalised.matchAll(NUMBER)) numbers.add(String(Number(match[0])))
  const words = new Set<string>()
  for (const [run] of normalised.matchAll(HAN_RUN)) {
    if (run.length === 1) words.add(run)
    for (let i = 0; i + 1 < run.length; i++) words.add(run.slice(i, i + 2))
  }
  for (const [word] of normalised.matchAll(LATIN_WORD)) if (word.length >= 2 && !LATIN_STOPWORDS.has(word)) words.add(word)
  return { words, numbers }
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
 * A statement is covered by a text when every number in it appears there and at least
 * `minShare` of its words do.
 */
export function covers(text: Tokens, statement: Tokens, minShare: number): boolean {
  for (const n of statement.numbers) if (!text.numbers.has(n)) return false
  if (statement.words.size === 0) return statement.numbers.size > 0
  let found = 0
  for (const w of statement.words) if (text.words.has(w)) found += 1
  return found / statement.words.size >= minShare
}

export function union(all: readonly Tokens[]): Tokens {
  const words = new Set<string>()
  const numbers = new Set<string>()
  for (const t of all) {
    t.words.forEach((w) => words.add(w))
    t.numbers.forEach((n) => numbers.add(n))
  }
  return { words, numbers }
}
