import type { CandidateOutput } from '../../schemas/candidate.ts'
import type { EvalRow } from '../../schemas/evalSet.ts'

/** Questions named in a warning; the rest are counted. */
const SHOWN_QUESTIONS = 5

const SUFFIXED = /^(.+):\d+$/

/**
 * A retrieved id that matches a relevant id only once read another way scores as a miss: a hit
 * the metrics never see. Each way has its words:
 * - `grade`: relevant_doc_ids reads `page:2` as id `page` with grade 2, so `page:2` retrieved
 *   against relevant `page` matches only with its `:N` read as a grade. Either the eval set meant
 *   `page:2` as an id, or the candidate appends chunk numbers; only the user knows which.
 * - `commas`: `"D1,D2"` in retrieved_ids is one id (a JSON array in JSONL, `|` in CSV), so a
 *   retriever that joins its ids with commas retrieves nothing relevant.
 */
const MISREADINGS = {
  grade: {
    finds: (id: string, relevant: ReadonlySet<string>) => {
      const base = id.includes(':') ? SUFFIXED.exec(id)?.[1]?.trim() : undefined
      return base !== undefined && relevant.has(base) ? base : null
    },
    says: (count: number) => `${count} question(s) retrieved an id that matches a relevant id only when its ":N" is read as a grade, so it scores as a miss`,
    fix: 'relevant_doc_ids reads "page:2" as id page with grade 2: if ":2" is part of the id, write it as page:2:1 (the id, then its grade); if the candidate appends chunk numbers to ids, strip them',
  },
  commas: {
    finds: (id: string, relevant: ReadonlySet<string>) =>
      id.includes(',')
        ? (id
            .split(',')
            .find((part) => relevant.has(part.trim()))
            ?.trim() ?? null)
        : null,
    says: (count: number) => `${count} question(s) retrieved an id with "," inside that holds a relevant id, so it scores as a miss`,
    fix: 'A "," is part of one id: give retrieved_ids as a JSON array in JSONL (["D1", "D2"]) and separated by | in CSV (D1|D2)',
  },
} as const

export type Misreading = keyof typeof MISREADINGS

/** One question's misread id: how, and the words that name it. */
export interface MisreadFinding {
  kind: Misreading
  text: string
}

/** The warnings for the questions of `rows`, answered in `outputs`: one per way an id was misread. */
export function misreadWarnings(rows: readonly EvalRow[], outputs: ReadonlyMap<string, CandidateOutput>): string[] {
  const found: MisreadFinding[] = []
  for (const row of rows) {
    const output = outputs.get(row.id)
    const finding = output ? misreadFinding(row, output) : null
    if (finding) found.push(finding)
  }
  return misreadWarningsOf(found)
}

/** One question's misread id (a run that scores answers as they come asks question by question); null when it has none. */
export function misreadFinding(row: EvalRow, output: CandidateOutput): MisreadFinding | null {
  if (row.relevant_docs.length === 0 || output.error !== null) return null
  // most retrieved ids have neither ":" nor ",": only a question with one needs its relevant ids looked up
  let relevant: Set<string> | null = null
  for (const id of output.retrieved_ids) {
    if (!id.includes(':') && !id.includes(',')) continue
    relevant ??= new Set(row.relevant_docs.map((d) => d.id))
    if (relevant.has(id)) continue
    for (const kind of Object.keys(MISREADINGS) as Misreading[]) {
      const meant = MISREADINGS[kind].finds(id, relevant)
      if (meant !== null) return { kind, text: `${row.id} (retrieved "${id}", relevant "${meant}")` }
    }
  }
  return null
}

/** The warnings for the findings, in the eval set's order: one per way, naming five questions and counting the rest. */
export function misreadWarningsOf(found: readonly MisreadFinding[]): string[] {
  return (Object.keys(MISREADINGS) as Misreading[]).flatMap((kind) => {
    const texts = found.filter((f) => f.kind === kind).map((f) => f.text)
    if (texts.length === 0) return []
    const more = texts.length > SHOWN_QUESTIONS ? ` and ${texts.length - SHOWN_QUESTIONS} more` : ''
    const { says, fix } = MISREADINGS[kind]
    return [`${says(texts.length)}: ${texts.slice(0, SHOWN_QUESTIONS).join(', ')}${more}. ${fix}`]
  })
}
