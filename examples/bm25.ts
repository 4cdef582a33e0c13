/**
 * What the two example RAG systems (hr-kb, saas-kb) share: the knowledge base read from its
 * Markdown files, a BM25 index over the chunks, and the command protocol's stdin. Each system
 * keeps its own language: tokenizer, query stopwords, chunking and answer extraction.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { basename, join } from 'node:path'

export interface Doc {
  id: string
  text: string
}

export interface Chunk {
  docId: string
  text: string
}

export interface ScoredChunk {
  index: number
  score: number
}

/** BM25 parameters: the textbook defaults, stated so results are reproducible. */
const BM25_K1 = 1.5
const BM25_B = 0.75

export interface Bm25Index {
  termCounts: Map<string, number>[]
  lengths: number[]
  averageLength: number
  idf: Map<string, number>
}

/** Every `.md` file of the directory, in name order, its id the file name without `.md`. */
export function loadDocs(dir: string): Doc[] {
  // Sorted so chunk order, and therefore tie-breaking, never depends on the file system.
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .sort()
  if (files.length === 0) throw new Error(`no .md documents in ${dir}`)
  return files.map((name) => ({ id: basename(name, '.md'), text: readFileSync(join(dir, name), 'utf8').replace(/\r\n/g, '\n').trim() }))
}

export function buildIndex(chunks: Chunk[], tokenize: (text: string) => string[]): Bm25Index {
  const termCounts = chunks.map((chunk) => countTerms(tokenize(chunk.text)))
  const lengths = termCounts.map((counts) => sum([...counts.values()]))
  const documentFrequency = new Map<string, number>()
  for (const counts of termCounts) for (const term of counts.keys()) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1)
  const n = chunks.length
  const idf = new Map<string, number>()
  // The "+1" variant keeps idf positive even for terms present in most chunks.
  for (const [term, df] of documentFrequency) idf.set(term, Math.log(1 + (n - df + 0.5) / (df + 0.5)))
  return { termCounts, lengths, averageLength: sum(lengths) / Math.max(n, 1), idf }
}

/** The topK chunks for the query terms, best first; ties go to the earlier chunk so the ranking is fully deterministic. */
export function retrieve(index: Bm25Index, terms: string[], topK: number): ScoredChunk[] {
  const scored = index.termCounts.map((_, i) => ({ index: i, score: bm25Score(index, i, terms) }))
  scored.sort((a, b) => b.score - a.score || a.index - b.index)
  return scored.slice(0, topK)
}

function bm25Score(index: Bm25Index, chunkIndex: number, queryTerms: string[]): number {
  const counts = index.termCounts[chunkIndex]
  const length = index.lengths[chunkIndex] ?? 0
  if (counts === undefined) return 0
  let score = 0
  for (const term of queryTerms) {
    const tf = counts.get(term) ?? 0
    if (tf === 0) continue
    const norm = 1 - BM25_B + (BM25_B * length) / index.averageLength
    score += ((index.idf.get(term) ?? 0) * tf * (BM25_K1 + 1)) / (tf + BM25_K1 * norm)
  }
  return score
}

function countTerms(tokens: string[]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1)
  return counts
}

export async function readStdin(): Promise<string> {
  const parts: Buffer[] = []
  for await (const part of process.stdin) parts.push(part as Buffer)
  return Buffer.concat(parts).toString('utf8')
}

export function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0)
}
