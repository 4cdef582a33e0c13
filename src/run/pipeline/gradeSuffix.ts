import type { CandidateOutput } from '../../schemas/candidate.ts'
import type { EvalRow } from '../../schemas/evalSet.ts'

/** Questions named in the warning; the rest are counted. */
const SHOWN_QUESTIONS = 5

const SUFFIXED = /^(.+):\d+$/

/**
 * relevant_doc_ids reads `page:2` as id `page` with grade 2. A retrieved id that matches a
 * relevant id only once its own `:N` is taken off (`page:2` against `page`) is then a hit that
 * scores as a miss: either the eval set meant `page:2` as an id, or the candidate appends
 * chunk numbers. Which one only the user knows, so it is a warning naming the questions.
 */
export function gradeSuffixWarning(rows: readonly EvalRow[], outputs: ReadonlyMap<string, CandidateOutput>): string | null {
  const found: string[] = []
  for (const row of rows) {
    const output = outputs.get(row.id)
    const finding = output ? gradeSuffixFinding(row, output) : null
    if (finding) found.push(finding)
  }
  return gradeSuffixWarningOf(found)
}

/** One question's part of the warning (a run that scores answers as they come asks question by question); null when it has none. */
export function gradeSuffixFinding(row: EvalRow, output: CandidateOutput): string | null {
  if (row.relevant_docs.length === 0 || output.error !== null) return null
  // most retrieved ids have no ":": only a question with one needs its relevant ids looked up
  let relevant: Set<string> | null = null
  for (const id of output.retrieved_ids) {
    if (!id.includes(':')) continue
    const base = SUFFIXED.exec(id)?.[1]?.trim()
    if (base === undefined) continue
    relevant ??= new Set(row.relevant_docs.map((d) => d.id))
    if (relevant.has(id) || !relevant.has(base)) continue
    return `${row.id} (retrieved "${id}", relevant "${base}")`
  }
  return null
}

/** The warning for the questions found, in the eval set's order; null for none. */
export function gradeSuffixWarningOf(found: readonly string[]): string | null {
  if (found.length === 0) return null
  const more = found.length > SHOWN_QUESTIONS ? ` and ${found.length - SHOWN_QUESTIONS} more` : ''
  return (
    `${found.length} question(s) retrieved an id that matches a relevant id only when its ":N" is read as a grade, so it scores as a miss: ${found.slice(0, SHOWN_QUESTIONS).join(', ')}${more}. ` +
    'relevant_doc_ids reads "page:2" as id page with grade 2: if ":2" is part of the id, write it as page:2:1 (the id, then its grade); if the candidate appends chunk numbers to ids, strip them'
  )
}
