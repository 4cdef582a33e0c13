/**
 * Tokens for the lexical provider. Chinese has no spaces, and word segmenters disagree
 * on boundaries ("一线城市" vs "一线 / 城市"), so CJK text is compared by character
 * bigrams within each run of Han segments found by Intl.Segmenter; Latin words are
 * compared whole; numbers are kept exactly, because a changed number is the commonest
 * hallucination in policy answers.
 */
export interface Tokens {
  words: Set<string>
  numbers: Set<string>
}

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' })
const HAN = /\p{Script=Han}/u
const NUMBER = /\d+(?:\.\d+)?/g
const LATIN_STOPWORDS = new Set(['the', 'a', 'an', 'of', 'to', 'and', 'or', 'is', 'are', 'in', 'on', 'for', 'be', 'it', 'you', 'can', 'with'])

export function tokenize(text: string): Tokens {
  const normalised = text.normalize('NFKC').toLowerCase()
  const numbers = new Set<string>()
  for (const match of normalised.matchAll(NUMBER)) numbers.add(canonicalNumber(match[0]))
  const words = new Set<string>()
  let run = ''
  const flush = () => {
    if (run.length === 1) words.add(run)
    for (let i = 0; i + 1 < run.length; i++) words.add(run.slice(i, i + 2))
    run = ''
  }
  for (const { segment, isWordLike } of segmenter.segment(normalised)) {
    if (isWordLike && HAN.test(segment)) {
      run += [...segment].filter((ch) => HAN.test(ch)).join('')
      continue
    }
    flush()
    if (isWordLike && !/^\d/.test(segment) && segment.length >= 2 && !LATIN_STOPWORDS.has(segment)) words.add(segment)
  }
  flush()
  return { words, numbers }
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

function canonicalNumber(text: string): string {
  return String(Number(text))
}
