import { readTable } from '../core/tabular.ts'
import type { CandidateOutput } from '../schemas/candidate.ts'
import { requireColumns } from '../core/tabular.ts'
import { collectOutputs } from './outputs.ts'

/** A predictions file written by an earlier step (JSONL or CSV keyed by id). */
export function loadPredictions(file: string, evalIds: ReadonlySet<string>): Map<string, CandidateOutput> {
  const table = readTable(file, 'predictions file')
  requireColumns(table, ['id'], 'a predictions file needs an id column and usually answer, contexts, retrieved_ids')
  return collectOutputs(table.records, file, evalIds)
}
