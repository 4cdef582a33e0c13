import { extname } from 'node:path'
import { GateError } from '../../io/errors.ts'
import { parseJsonlLine, readText } from '../../io/tabular.ts'
import { finding, quote, type Finding, type LintInput } from './finding.ts'
import { ngramHashes, shingleTokens, tokenHashes } from './minhash.ts'
import { knownAt } from '../../io/known.ts'

/**
 * Leakage: an eval question or ground truth inside a prompt template, a few-shot file or
 * fine-tuning data inflates every score (seed 003, 3.1). A text leaks when at least
 * `threshold` of its token 4-grams (4 CJK characters, or 4 words) occur in one of the files.
 * Four tokens keep chance matches out of a large file; texts shorter than that are not checked.
 */
export const LEAK_SHINGLE = 4
export const DEFAULT_LEAK_THRESHOLD = 0.7

interface Located {
  file: string
  line: number | null
}

/** Every 4-gram of the files, with where it first occurs. */
export type LeakCorpus = Map<number, Located>

const JSONL = new Set(['.jsonl', '.ndjson'])

/**
 * Reads the files: JSON Lines line by line (the strings inside each record, so escapes and keys
 * do not get in the way), a .json file as the strings it holds, anything else as text.
 * Unreadable files and broken JSON are bad input, located.
 */
export async function readLeakCorpus(files: readonly string[]): Promise<LeakCorpus> {
  const corpus: LeakCorpus = new Map()
  for (const file of files) {
    const text = await readText(file, 'file to check for leakage')
    const ext = extname(file).toLowerCase()
    if (JSONL.has(ext)) {
      text
        .replace(/^\uFEFF/, '')
        .split('\n')
        .forEach((raw, index) => {
          const record = parseJsonlLine(file, raw, index + 1)
          if (record) addText(corpus, strings(record.data).join('\n'), file, { line: index + 1, counting: false })
        })
    } else if (ext === '.json') {
      let value: unknown
      try {
        value = JSON.parse(text.replace(/^\uFEFF/, ''))
      } catch (error) {
        throw new GateError('bad_input', `${file}: not valid JSON: ${(error as Error).message}`, 'fix the JSON, or give the file a .txt name to read it as text')
      }
      addText(corpus, strings(value).join('\n'), file, null)
    } else addText(corpus, text, file, { line: 1, counting: true })
  }
  return corpus
}

/**
 * Adds a text's 4-grams with where they occur: `at` is the line of the text's first line (a
 * plain text file, counted on through its lines), the line of a whole JSON record, or null
 * when lines mean nothing (a .json file).
 */
function addText(corpus: LeakCorpus, text: string, file: string, at: { line: number; counting: boolean } | null): void {
  const tokens: string[] = []
  const lines: number[] = []
  text.split('\n').forEach((part, offset) => {
    for (const token of shingleTokens(part)) {
      tokens.push(token)
      lines.push(at ? at.line + (at.counting ? offset : 0) : 0)
    }
  })
  const grams = ngramHashes(tokenHashes(tokens), LEAK_SHINGLE)
  grams.forEach((gram, i) => {
    if (!corpus.has(gram)) corpus.set(gram, { file, line: at ? knownAt(lines, i, "a shingle's line") : null })
  })
}

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(strings)
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(strings)
  return []
}

/** Each question and ground truth that the files contain, as an error naming where. */
export function leakageFindings(input: LintInput, corpus: LeakCorpus, threshold: number): Finding[] {
  if (corpus.size === 0) return []
  const findings: Finding[] = []
  for (const row of input.rows) {
    for (const [field, text] of [
      ['question', row.question],
      ['ground truth', row.ground_truth],
    ] as const) {
      if (text === null) continue
      const tokens = shingleTokens(text)
      if (tokens.length < LEAK_SHINGLE) continue
      const grams = new Set(ngramHashes(tokenHashes(tokens), LEAK_SHINGLE))
      let hits = 0
      let where: Located | undefined
      for (const gram of grams) {
        const found = corpus.get(gram)
        if (!found) continue
        hits += 1
        where ??= found
      }
      const share = hits / grams.size
      if (share < threshold || !where) continue
      const at = where.line === null ? where.file : `${where.file}:${where.line}`
      findings.push(
        finding(input, 'leakage', 'error', [row.id], `the ${field} of ${row.id} appears in ${at} (${Math.round(share * 100)}% of its ${LEAK_SHINGLE}-grams): ${quote(text)}; take it out of that file`),
      )
    }
  }
  return findings
}
