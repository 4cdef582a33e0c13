import { readJsonl, readTable, requireColumns, tableFormat } from '../io/tabular.ts'
import type { CandidateOutput } from '../schemas/candidate.ts'
import type { Candidate } from './candidate.ts'
import { OutputCollector } from './outputs.ts'

/** `candidate: {predictions: FILE}`: answers written by an earlier step, checked against the whole eval set. */
export function predictionsCandidate(file: string): Candidate {
  return {
    label: `predictions ${file}`,
    source: 'the predictions file',
    stored: true,
    answer: (_rows, context) => loadPredictions(file, context.evalIds, context.wanted, context.take),
  }
}

/** A predictions file written by an earlier step: JSONL (streamed line by line) or CSV, keyed by id; each answer handed to `take` as it is read, when given. */
export async function loadPredictions(
  file: string,
  evalIds: ReadonlySet<string>,
  wanted: ReadonlySet<string> | null = null,
  take?: (output: CandidateOutput) => void,
): Promise<Map<string, CandidateOutput>> {
  if (tableFormat(file) === 'csv') {
    const table = await readTable(file, 'predictions file')
    requireColumns(table, ['id'], 'a predictions file needs an id column and usually answer, contexts, retrieved_ids')
    const collector = new OutputCollector(file, evalIds, wanted, take)
    for (const record of table.records) collector.add(record)
    return collector.outputs
  }
  const collector = new OutputCollector(file, evalIds, wanted, take)
  await readJsonl(
    file,
    'predictions file',
    (record) => collector.add(record),
    (line) => collector.skipsLine(line),
  )
  return collector.outputs
}
