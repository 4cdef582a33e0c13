import { boundaryKinds } from './boundary.ts'
import { finding, quote, rowName, type Finding, type LintInput } from './finding.ts'
import { CHARACTER_MINHASH_FUNCTIONS, characterShingleSet, shingleSet, similarPairs, type SimilarPair } from './minhash.ts'
import { knownAt } from '../../io/known.ts'

/** Questions compared for exact duplicates: NFKC, lower case, letters and digits only. */
export function normaliseQuestion(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, '')
}

/**
 * Exact duplicates (the same question after normalisation) and near-duplicates (Jaccard of
 * their shingles ≥ threshold). Both are errors: a question asked twice counts twice in every
 * mean, and a reworded copy inflates the score while the set covers less than it seems. A pair
 * of rows both marked confusable (category or kind) is similar on purpose, so it is a warning
 * that asks for a look at the answers instead.
 */
export function duplicateFindings(input: LintInput, threshold: number): Finding[] {
  const findings: Finding[] = []
  const groups = new Map<string, { ids: string[]; question: string }>()
  const representatives: { id: string; question: string }[] = []
  for (const row of input.rows) {
    const key = normaliseQuestion(row.question)
    const group = groups.get(key)
    if (group) group.ids.push(row.id)
    else {
      groups.set(key, { ids: [row.id], question: row.question })
      representatives.push({ id: row.id, question: row.question })
    }
  }
  for (const { ids, question } of groups.values()) {
    if (ids.length < 2) continue
    findings.push(finding(input, 'exact_duplicate', 'error', ids, `the same question ${ids.length} times: ${ids.map((id) => rowName(input, id)).join(', ')}: ${quote(question)}`))
  }
  const confusable = new Set(input.rows.filter((r) => boundaryKinds(r).has('confusable')).map((r) => r.id))
  for (const pair of nearDuplicatePairs(
    representatives.map((r) => r.question),
    threshold,
  )) {
    const a = knownAt(representatives, pair.a, 'a representative question')
    const b = knownAt(representatives, pair.b, 'a representative question')
    const both = confusable.has(a.id) && confusable.has(b.id)
    const shared = longestCommonSubstring(a.question, b.question)
    const message =
      `near-duplicate questions ${rowName(input, a.id)} and ${rowName(input, b.id)} (Jaccard ${pair.jaccard.toFixed(2)} on ${pair.on}): ${quote(a.question)} / ${quote(b.question)}, shared ${quote(shared)}` +
      (both ? '; both are marked confusable: check that their ground truths differ' : '')
    findings.push(finding(input, 'near_duplicate', both ? 'warning' : 'error', [a.id, b.id], message))
  }
  return findings
}

/**
 * Pairs of texts whose word shingles or character shingles (minhash.ts) reach the threshold:
 * words see reworded copies, characters see a mistyped letter, which changes a whole word.
 * Each pair once, with the higher of its two similarities, in text order.
 */
export function nearDuplicatePairs(texts: readonly string[], threshold: number): (SimilarPair & { on: 'words' | 'characters' })[] {
  const pairs = new Map<number, SimilarPair & { on: 'words' | 'characters' }>()
  const add = (found: readonly SimilarPair[], on: 'words' | 'characters') => {
    for (const pair of found) {
      const key = pair.a * texts.length + pair.b
      const known = pairs.get(key)
      if (!known || pair.jaccard > known.jaccard) pairs.set(key, { ...pair, on })
    }
  }
  add(
    similarPairs(
      texts.map((t) => shingleSet(t)),
      threshold,
    ),
    'words',
  )
  // only the texts that have character shingles (mostly CJK ones have none: their words are characters)
  const withCharacters: number[] = []
  const characterSets: Uint32Array[] = []
  texts.forEach((text, i) => {
    const set = characterShingleSet(text)
    if (set.length === 0) return
    withCharacters.push(i)
    characterSets.push(set)
  })
  // forty-odd n-grams from a few thousand: unrelated texts share more of them than of their
  // words, so longer bands (7 rows of 36 instead of 5 of 25) keep the candidates few
  const characterPairs = similarPairs(characterSets, threshold, { hashes: CHARACTER_MINHASH_FUNCTIONS, signatures: 'one-permutation' })
  add(
    characterPairs.map((p) => ({ ...p, a: knownAt(withCharacters, p.a, 'a text with characters'), b: knownAt(withCharacters, p.b, 'a text with characters') })),
    'characters',
  )
  return [...pairs.values()].sort((x, y) => x.a - y.a || x.b - y.b)
}

/** The longest run of characters two texts share (dynamic programming over code points; texts clipped to 400). */
export function longestCommonSubstring(left: string, right: string): string {
  const a = [...left].slice(0, 400)
  const b = [...right].slice(0, 400)
  let best = 0
  let end = 0
  let previous = new Uint16Array(b.length + 1)
  for (let i = 1; i <= a.length; i++) {
    const current = new Uint16Array(b.length + 1)
    for (let j = 1; j <= b.length; j++) {
      if (a[i - 1] !== b[j - 1]) continue
      const run = knownAt(previous, j - 1, 'a run length') + 1
      current[j] = run
      if (run > best) {
        best = run
        end = i
      }
    }
    previous = current
  }
  return a.slice(end - best, end).join('')
}
