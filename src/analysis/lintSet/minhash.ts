/**
 * Near-duplicate texts at scale: shingles → MinHash signatures → LSH banding → exact Jaccard.
 *
 * Shingles are n-grams of tokens, where a token is one CJK character (Chinese, Japanese and
 * Korean have no spaces, and segmenters disagree on word boundaries) or one Latin-script word
 * (letters and digits). So Chinese text is compared by character n-grams and English by word
 * n-grams, and mixed text by both. Every shingle is a 32-bit hash; a text is the sorted set of
 * its shingle hashes.
 *
 * MinHash: for each of H seeded hash functions (multiply-add over the mixed shingle hash,
 * modulo 2³²) the smallest value over the text's shingles; two texts agree in one position
 * with probability equal to their Jaccard similarity. LSH: the H positions are cut into b bands
 * of r rows; texts that agree on a whole band are candidates. r and b are chosen from the
 * threshold so that a pair exactly at the threshold becomes a candidate with probability
 * ≥ 0.999; every candidate is then checked with the exact Jaccard of the shingle sets, so the
 * banding can only cost recall (bounded above), never precision.
 */
import { scriptTokens } from '../../metrics/language.ts'
import { mulberry32 } from '../../stats/bootstrap.ts'

export const NEAR_DUPLICATE_SHINGLE = 2
export const MINHASH_FUNCTIONS = 128
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

/** murmur3's finaliser: spreads every input bit over the output. */
function mix(h: number): number {
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
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
    for (let k = 0; k < width; k++) h = Math.imul(h ^ tokens[i + k]!, 0x01000193)
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

function distinct(sorted: Uint32Array): Uint32Array {
  let w = 0
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[w - 1]) sorted[w++] = sorted[i]!
  return sorted.subarray(0, w)
}

/** |A ∩ B| / |A ∪ B| of two sorted distinct sets; 0 when both are empty. */
export function jaccard(a: Uint32Array, b: Uint32Array): number {
  let i = 0
  let j = 0
  let shared = 0
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      shared++
      i++
      j++
    } else if (a[i]! < b[j]!) i++
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

/** MinHash signatures, one row of H values per set, in one flat array. */
function signatures(sets: readonly Uint32Array[], hashes: number, seed: number): Uint32Array {
  const random = mulberry32(seed)
  const mul = Uint32Array.from({ length: hashes }, () => (Math.floor(random() * 0x100000000) | 1) >>> 0)
  const add = Uint32Array.from({ length: hashes }, () => Math.floor(random() * 0x100000000) >>> 0)
  const out = new Uint32Array(sets.length * hashes).fill(0xffffffff)
  for (let t = 0; t < sets.length; t++) {
    const set = sets[t]!
    const base = t * hashes
    for (let s = 0; s < set.length; s++) {
      const x = set[s]!
      for (let i = 0; i < hashes; i++) {
        const v = (Math.imul(mul[i]!, x) + add[i]!) >>> 0
        if (v < out[base + i]!) out[base + i] = v
      }
    }
  }
  return out
}

/**
 * Every pair of sets with Jaccard ≥ threshold, as LSH finds them (see the file comment).
 * Empty sets are never paired. Pairs come sorted by a, then b.
 */
export function similarPairs(sets: readonly Uint32Array[], threshold: number, options: { hashes?: number; seed?: number } = {}): SimilarPair[] {
  const { bands, rows } = banding(threshold, options.hashes ?? MINHASH_FUNCTIONS)
  // only the positions the bands use are computed
  const hashes = bands * rows
  const n = sets.length
  const sig = signatures(sets, hashes, options.seed ?? 1)
  const seen = new Set<number>()
  const pairs: SimilarPair[] = []
  // key (32 bits) · 2²¹ + index: one numeric sort per band brings equal keys together
  if (n >= 2 ** 21) throw new RangeError(`similarPairs: at most ${2 ** 21 - 1} texts, got ${n}`)
  const keyed = new Float64Array(n)
  for (let band = 0; band < bands; band++) {
    let m = 0
    for (let t = 0; t < n; t++) {
      if (sets[t]!.length === 0) continue
      let h = 0x811c9dc5 ^ band
      for (let k = 0; k < rows; k++) h = Math.imul(h ^ sig[t * hashes + band * rows + k]!, 0x01000193)
      keyed[m++] = mix(h) * 2 ** 21 + t
    }
    const sorted = keyed.subarray(0, m).sort()
    for (let start = 0; start < m;) {
      const key = Math.floor(sorted[start]! / 2 ** 21)
      let end = start + 1
      while (end < m && Math.floor(sorted[end]! / 2 ** 21) === key) end++
      for (let i = start; i < end; i++) {
        for (let j = i + 1; j < end; j++) {
          const a = sorted[i]! % 2 ** 21
          const b = sorted[j]! % 2 ** 21
          const id = a * n + b
          if (seen.has(id)) continue
          seen.add(id)
          const similarity = jaccard(sets[a]!, sets[b]!)
          if (similarity >= threshold) pairs.push({ a, b, jaccard: similarity })
        }
      }
      start = end
    }
  }
  return pairs.sort((x, y) => x.a - y.a || x.b - y.b)
}

/** The reference: every pair compared exactly. O(n²): for tests and the benchmark only. */
export function similarPairsBruteForce(sets: readonly Uint32Array[], threshold: number): SimilarPair[] {
  const pairs: SimilarPair[] = []
  for (let a = 0; a < sets.length; a++) {
    if (sets[a]!.length === 0) continue
    for (let b = a + 1; b < sets.length; b++) {
      if (sets[b]!.length === 0) continue
      const similarity = jaccard(sets[a]!, sets[b]!)
      if (similarity >= threshold) pairs.push({ a, b, jaccard: similarity })
    }
  }
  return pairs
}
