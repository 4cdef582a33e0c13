import { quoted } from '../../text/script.ts'
import type { EvalRow } from '../../schemas/evalSet.ts'

export const FINDING_KINDS = ['exact_duplicate', 'near_duplicate', 'coverage', 'difficulty_mix', 'boundary', 'ground_truth', 'leakage'] as const
export type FindingKind = (typeof FINDING_KINDS)[number]
export type FindingLevel = 'error' | 'warning'

/**
 * One problem of an eval set. `ids` and `lines` name the rows it is about (empty for a
 * finding about the whole set, such as a missing boundary kind); `message` is plain text in
 * which the eval set's own words are quoted, never interpreted.
 */
export interface Finding {
  kind: FindingKind
  level: FindingLevel
  ids: string[]
  /** the rows' first lines in the eval-set file, in `ids` order */
  lines: number[]
  message: string
}

/** The eval set as lint-set reads it: the loader's rows and the line each one starts on. */
export interface LintInput {
  file: string
  rows: readonly EvalRow[]
  lineOf: ReadonlyMap<string, number>
  /** whether the file has a relevant_doc_ids column (or key): only then is an empty one a finding */
  hasRelevantDocs: boolean
}

/** `q7 (line 12)`, the way a finding names a row. */
export function rowName(input: LintInput, id: string): string {
  const line = input.lineOf.get(id)
  return line === undefined ? id : `${id} (line ${line})`
}

export function finding(input: LintInput, kind: FindingKind, level: FindingLevel, ids: readonly string[], message: string): Finding {
  return { kind, level, ids: [...ids], lines: ids.map((id) => input.lineOf.get(id) ?? 0), message }
}

/** A text quoted in a message: one line, at most `max` characters, in 「」 (CJK) or “” (any other script). */
export function quote(text: string, max = 60): string {
  // control characters and bidi overrides from the eval set never reach a terminal or an annotation
  const flat = text
    .replace(/[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  const chars = [...flat]
  return quoted(chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : flat)
}
