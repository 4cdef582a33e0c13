/**
 * Near-duplicate texts at scale: shingles → MinHash signatures → LSH banding → exact Jaccard.
 *
 * Shingles are n-grams of tokens, where a token is one CJK character (Chinese, Japanese and
 * Korean have no spaces, and segmenters disagree on word boundaries) or one Latin-script word
 * (letters and digits). So Chinese text is compared by character n-grams and English by word
 * n-grams, and mixed text by both. Character shingles (characterShingleSet) are n-grams of a
 * text's letters and digits, for what word shingles cannot see. Every shingle is a 32-bit hash;
 * a text is the sorted set of its shingle hashes.
 *
 * MinHash (signatures.ts): H values per text, two texts agreeing in one position with
 * probability equal to their Jaccard similarity. LSH: the H positions are cut into b bands
 * of r rows; texts that agree on a whole band are candidates. r and b are chosen from the
 * threshold so that a pair exactly at the threshold becomes a candidate with probability
 * ≥ 0.999; every candidate is then checked with the exact Jaccard of the shingle sets, so the
 * banding can only cost recall (bounded above), never precision.
 */
import { CJK, scriptTokens } from '../../metrics/language.ts'
import { Buckets } from './buckets.ts'
import { minHashSignatures, mix, onePermutationSignatures } from './signatures.ts'
import { knownAt } from '../../io/known.ts'

export const NEAR_DUPLICATE_SHINGLE = 2
export const MINHASH_FUNCTIONS = 128
/** for character shingles (see similarPairs' caller in duplicates.ts) */
export const CHARACTER_MINHASH_FUNCTIONS = 256
/** the banding's recall for a pair exactly at the threshold, at least */
const BAND_RECALL = 0.999

/** Lower-case NFKC tokens: each CJK character alone, each Latin-script word whole. */
export const shingleTokens = scriptTokens

/** FNV-1a over a string's UTF-16 code units. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

/**
 * The 32-bit hashes of consecutive token n-grams, in text order (token hashes from
 * `tokenHashes`). Fewer than n tokens (but at least one) make one shingle of all of them.
 */
export function ngramHashes(tokens: ArrayLike<number>, n: number): Uint32Array {
  if (tokens.length === 0) return new Uint32Array(0)
  const width = Math.min(n, tokens.length)
  const out = new Uint32Array(tokens.length - width + 1)
  for (let i = 0; i + width <= tokens.length; i++) {
    let h = 0x811c9dc5 ^ width
    for (let k = 0; k < width; k++) {
      // checked here, not through knownAt: this runs for every token of every text
      const token = tokens[i + k]
      if (token === undefined) throw new RangeError(`ngramHashes: token ${i + k} of ${tokens.length}`)
      h = Math.imul(h ^ token, 0x01000193)
    }
    out[i] = mix(h)
  }
  return out
}

export function tokenHashes(tokens: readonly string[]): Uint32Array {
  return Uint32Array.from(tokens, fnv1a)
}

/** The sorted, distinct shingle hashes of a text (see ngramHashes); none for a text without tokens. */
export function shingleSet(text: string, n = NEAR_DUPLICATE_SHINGLE): Uint32Array {
  const hashes = ngramHashes(tokenHashes(shingleTokens(text)), n)
  hashes.sort()
  return distinct(hashes)
}

/**
 * Character n-grams see what word n-grams cannot: one mistyped letter changes a whole word, so
 * two of a 10-word question's nine word bigrams (Jaccard 0.64), but only a few of its forty-odd
 * character n-grams (about 0.87 at n = 3). The text is compared as its letters and digits in
 * lower case (NFKC), without spaces or punctuation, as the exact-duplicate check compares it.
 */
export const CHARACTER_SHINGLE = 3
const NOT_A_LETTER_OR_DIGIT = /[^\p{L}\p{N}\p{M}]+/gu
const CJK_CHARACTER = new RegExp(`[${CJK}]`, 'u')

/**
 * The sorted, distinct hashes of a text's character n-grams (see CHARACTER_SHINGLE); none for a
 * text without letters or digits, and none for a mostly CJK text, whose word shingles already
 * are character shingles (one CJK character is one token).
 */
export function characterShingleSet(text: string, n = CHARACTER_SHINGLE): Uint32Array {
  const letters = text.normalize('NFKC').toLowerCase().replace(NOT_A_LETTER_OR_DIGIT, '')
  const codes: number[] = []
  let cjk = 0
  for (const c of letters) {
    // a string iterates by code points: each c is one, never empty
    const code = c.codePointAt(0)
    if (code === undefined) throw new RangeError('characterShingleSet: an empty character')
    if (CJK_CHARACTER.test(c)) cjk++
    codes.push(code)
  }
  // mostly CJK (by characters, which favours CJK less than isMostlyCjk's tokens do)
  if (cjk * 2 >= codes.length) return new Uint32Array(0)
  const hashes = ngramHashes(codes, n)
  hashes.sort()
  return distinct(hashes)
}

function distinct(sorted: Uint32Array): Uint32Array {
  let w = 0
  for (let i = 0; i < sorted.length; i++) {
    const value = sorted[i]
    if (value === undefined) throw new RangeError(`distinct: value ${i} of ${sorted.length}`)
    if (i === 0 || value !== sorted[w - 1]) sorted[w++] = value
  }
  return sorted.subarray(0, w)
}

/** |A ∩ B| / |A ∪ B| of two sorted distinct sets; 0 when both are empty. */
export function jaccard(a: Uint32Array, b: Uint32Array): number {
  let i = 0
  let j = 0
  let shared = 0
  while (i < a.length && j < b.length) {
    // checked here, not through knownAt: every candidate pair walks both sets
    const x = a[i]
    const y = b[j]
    if (x === undefined || y === undefined) throw new RangeError(`jaccard: position ${i} of ${a.length} or ${j} of ${b.length}`)
    if (x === y) {
      shared++
      i++
      j++
    } else if (x < y) i++
    else j++
  }
  const union = a.length + b.length - shared
  return union === 0 ? 0 : shared / union
}

/** Rows per band: the largest r whose banding still finds a pair at the threshold with probability ≥ BAND_RECALL. */
export function banding(threshold: number, hashes = MINHASH_FUNCTIONS): { bands: number; rows: number } {
  let best = 1
  for (let r = 1; r <= hashes; r++) {
    const bands = Math.floor(hashes / r)
    if (1 - Math.pow(1 - Math.pow(threshold, r), bands) >= BAND_RECALL) best = r
  }
  return { bands: Math.floor(hashes / best), rows: best }
}

export interface SimilarPair {
  /** indexes into the texts, a < b */
  a: number
  b: number
  jaccard: number
}

/**
 * Every pair of sets with Jaccard ≥ threshold, as LSH finds them (see the file comment).
 * Empty sets are never paired. Pairs come sorted by a, then b.
 */
export interface SimilarPairsOptions {
  hashes?: number
  seed?: number
  /** how the signatures are made: H hash functions (default), or one permutation hashing (for larger sets) */
  signatures?: 'minhash' | 'one-permutation'
}

export function similarPairs(sets: readonly Uint32Array[], threshold: number, options: SimilarPairsOptions = {}): SimilarPair[] {
  const { bands, rows } = banding(threshold, options.hashes ?? MINHASH_FUNCTIONS)
  const n = sets.length
  const sign = options.signatures === 'one-permutation' ? onePermutationSignatures : minHashSignatures
  const keys = bandKeys(sign(sets, bands * rows, options.seed ?? 1), n, bands, rows)
  const pairs: SimilarPair[] = []
  const buckets = new Buckets(n)
  const members: number[] = []
  for (let band = 0; band < bands; band++) {
    buckets.clear()
    sets.forEach((set, t) => {
      if (set.length === 0) return
      const key = keys[t * bands + band]
      if (key === undefined) throw new RangeError(`similarPairs: no band key ${band} for text ${t}`)
      buckets.add(key, t)
    })
    for (let b = 0; b < buckets.count; b++) {
      if (!buckets.collect(b, members)) continue
      // the pair loops check their reads themselves: a bucket of m texts is m² of them, and
      // through knownAt, shared by every kind of list, the whole search took a third longer
      for (let i = 0; i < members.length; i++) {
        const a = members[i]
        const setA = a === undefined ? undefined : sets[a]
        if (a === undefined || setA === undefined) throw new RangeError(`similarPairs: bucket member ${i} of ${members.length} is no text`)
        const sizeA = setA.length
        for (let j = i + 1; j < members.length; j++) {
          const c = members[j]
          const setC = c === undefined ? undefined : sets[c]
          if (c === undefined || setC === undefined) throw new RangeError(`similarPairs: bucket member ${j} of ${members.length} is no text`)
          const sizeC = setC.length
          // |A ∩ B| / |A ∪ B| ≤ min / max: sets too different in size cannot reach the threshold
          if (Math.min(sizeA, sizeC) < threshold * Math.max(sizeA, sizeC)) continue
          // a pair is checked in the first band it shares, not again: no set of seen pairs (a
          // million Set operations cost seconds where the Jaccard of two small sets costs less)
          if (sharedEarlier(keys, bands, a, c, band)) continue
          const similarity = jaccard(setA, setC)
          if (similarity >= threshold) pairs.push(a < c ? { a, b: c, jaccard: similarity } : { a: c, b: a, jaccard: similarity })
        }
      }
    }
  }
  return pairs.sort((x, y) => x.a - y.a || x.b - y.b)
}

/** Each text's band keys, `bands` per text in one flat array: the hash of its `rows` signature values in each band. */
function bandKeys(sig: Uint32Array, n: number, bands: number, rows: number): Uint32Array {
  const hashes = bands * rows
  const keys = new Uint32Array(n * bands)
  for (let t = 0; t < n; t++) {
    for (let band = 0; band < bands; band++) {
      let h = 0x811c9dc5 ^ band
      for (let k = 0; k < rows; k++) {
        // checked here, not through knownAt: this runs for every signature value of every text
        const value = sig[t * hashes + band * rows + k]
        if (value === undefined) throw new RangeError(`bandKeys: text ${t}, band ${band}, row ${k} is past the signatures`)
        h = Math.imul(h ^ value, 0x01000193)
      }
      keys[t * bands + band] = mix(h)
    }
  }
  return keys
}

function sharedEarlier(keys: Uint32Array, bands: number, a: number, b: number, band: number): boolean {
  for (let k = 0; k < band; k++) if (keys[a * bands + k] === keys[b * bands + k]) return true
  return false
}

/** The reference: every pair compared exactly. O(n²): for tests and the benchmark only. */
export function similarPairsBruteForce(sets: readonly Uint32Array[], threshold: number): SimilarPair[] {
  const pairs: SimilarPair[] = []
  for (let a = 0; a < sets.length; a++) {
    const setA = knownAt(sets, a, 'a set')
    if (setA.length === 0) continue
    for (let b = a + 1; b < sets.length; b++) {
      const setB = knownAt(sets, b, 'a set')
      if (setB.length === 0) continue
      const similarity = jaccard(setA, setB)
      if (similarity >= threshold) pairs.push({ a, b, jaccard: similarity })
    }
  }
  return pairs
}
