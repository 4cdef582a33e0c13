/**
 * `lint-set --corpus FILE`: the knowledge base the questions are about, so that the set can be
 * checked against it: documents no question names in `relevant_doc_ids` are never tested (a
 * retrieval change that loses them passes the gate), and a relevant id that is no document can
 * never be retrieved (a typo, or a document that was renamed or removed).
 *
 * The corpus is one of:
 * - a folder: every file in it and its subfolders (names starting with "." are skipped) is
 *   one document, whose id is its path inside the folder without the extension
 *   (`docs/billing/doc_003.md` → `billing/doc_003`);
 * - a `.jsonl` file: one JSON object per line with an `id` (other keys, such as `text`, are
 *   ignored);
 * - a `.csv` file with an `id` column (other columns are ignored).
 * An id given twice, or an empty one, is bad input (exit 2) naming both places.
 */
import { readdirSync, statSync } from 'node:fs'
import { extname, join, relative, sep } from 'node:path'
import { GateError, locate } from '../../io/errors.ts'
import { readTable, requireColumns } from '../../io/tabular.ts'
import { finding, quote, rowName, type Finding, type LintInput } from './finding.ts'

export interface KnowledgeBase {
  file: string
  /** document id → where it came from (a file path, or `FILE:LINE`) */
  documents: ReadonlyMap<string, string>
}

export interface CorpusSummary {
  file: string
  documents: number
  /** documents no question lists as relevant (grade above 0) */
  uncovered: string[]
  /** relevant ids no document has, with the questions that list them */
  unknown: { id: string; questions: string[] }[]
}

/** Documents shown in a finding's message; --json lists all of them. */
const SHOWN = 20

export async function readKnowledgeBase(path: string): Promise<KnowledgeBase> {
  let isFolder: boolean
  try {
    isFolder = statSync(path).isDirectory()
  } catch {
    throw new GateError('bad_input', `${path}: --corpus not found`, 'give the knowledge base as a folder of documents, or a .jsonl / .csv file with an id per document')
  }
  return { file: path, documents: isFolder ? folderDocuments(path) : await tableDocuments(path) }
}

function folderDocuments(root: string): Map<string, string> {
  const documents = new Map<string, string>()
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (entry.name.startsWith('.')) continue
      const path = join(dir, entry.name)
      if (entry.isDirectory()) visit(path)
      else if (entry.isFile())
        add(
          documents,
          relative(root, path)
            .slice(0, -extname(entry.name).length || undefined)
            .split(sep)
            .join('/'),
          path,
        )
    }
  }
  visit(root)
  return documents
}

async function tableDocuments(file: string): Promise<Map<string, string>> {
  const table = await readTable(file, 'corpus')
  if (table.columns) requireColumns(table, ['id'], 'the corpus needs an id column: one row per document, other columns are ignored')
  const documents = new Map<string, string>()
  for (const record of table.records) {
    const id = record.data.id
    if ((typeof id !== 'string' && typeof id !== 'number') || String(id).trim() === '') {
      throw new GateError('bad_input', `${locate(file, record.line, 'id')}: a document without an id`, 'give every document of the corpus its id, as relevant_doc_ids names it')
    }
    add(documents, String(id).normalize('NFC').trim(), locate(file, record.line))
  }
  return documents
}

function add(documents: Map<string, string>, id: string, where: string): void {
  const first = documents.get(id)
  if (first) throw new GateError('bad_input', `${where}: document id "${id}" again (first at ${first})`, 'give every document one id; rename or remove one of the two')
  documents.set(id, where)
}

/** The corpus against the questions' relevant documents: the summary and its findings (warnings). */
export function corpusFindings(input: LintInput, kb: KnowledgeBase): { summary: CorpusSummary; findings: Finding[] } {
  const listedBy = new Map<string, string[]>()
  for (const row of input.rows) {
    for (const doc of row.relevant_docs) if (doc.grade > 0) listedBy.set(doc.id, [...(listedBy.get(doc.id) ?? []), row.id])
  }
  const uncovered = [...kb.documents.keys()].filter((id) => !listedBy.has(id))
  const unknown = [...listedBy].filter(([id]) => !kb.documents.has(id)).map(([id, questions]) => ({ id, questions }))
  const findings: Finding[] = []
  if (uncovered.length > 0) {
    const shown =
      uncovered
        .slice(0, SHOWN)
        .map((id) => quote(id))
        .join(', ') + (uncovered.length > SHOWN ? `, … (${uncovered.length - SHOWN} more; --json lists all)` : '')
    findings.push(
      finding(
        input,
        'coverage',
        'warning',
        [],
        `${uncovered.length} of the ${kb.documents.size} documents of ${kb.file} are relevant to no question (no relevant_doc_ids names them), so the set never tests them: ${shown}`,
      ),
    )
  }
  for (const { id, questions } of unknown) {
    findings.push(
      finding(
        input,
        'coverage',
        'warning',
        questions,
        `relevant_doc_ids names ${quote(id)}, which is no document of ${kb.file} (${questions.map((q) => rowName(input, q)).join(', ')}): no retrieval can return it; fix the id or add the document`,
      ),
    )
  }
  return { summary: { file: kb.file, documents: kb.documents.size, uncovered, unknown }, findings }
}
