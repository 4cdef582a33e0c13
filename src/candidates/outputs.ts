import { GateError, locate } from '../core/errors.ts'
import { parseRecord, type SourceRecord } from '../core/tabular.ts'
import { CandidateOutputInputSchema, type CandidateOutput } from '../schemas/candidate.ts'

const hints: Record<string, string> = {
  id: 'every output needs the id of the eval-set question it answers',
  latency_ms: 'give latency_ms as a number of milliseconds, or leave it out',
  contexts: 'give contexts as an array of strings (CSV: separated by ||)',
  retrieved_ids: 'give retrieved_ids as an array, best first (CSV: separated by |)',
}

/**
 * Validates candidate outputs against the eval set: an output for an id the eval set does
 * not have, or two outputs for one id, is an input error (it means the files do not belong
 * together), never silently ignored.
 */
export function collectOutputs(records: readonly SourceRecord[], source: string, evalIds: ReadonlySet<string>): Map<string, CandidateOutput> {
  const outputs = new Map<string, CandidateOutput>()
  const lines = new Map<string, number>()
  for (const record of records) {
    const output = parseRecord(CandidateOutputInputSchema, record, source, (c) => hints[c] ?? 'fix the value in this field')
    if (!evalIds.has(output.id)) {
      throw new GateError(
        'bad_input',
        `${locate(source, record.line, 'id')}: output for unknown id "${output.id}": the eval set has no such question`,
        'check that the predictions were produced from this eval set (and this eval_set_version)',
      )
    }
    const previous = lines.get(output.id)
    if (previous !== undefined) {
      throw new GateError('bad_input', `${locate(source, record.line, 'id')}: second output for id "${output.id}" (first on line ${previous})`, 'give exactly one output per question')
    }
    lines.set(output.id, record.line)
    outputs.set(output.id, output)
  }
  return outputs
}

/** An error row for a question the candidate did not answer: counted and reported, never dropped. */
export function missingOutput(id: string, source: string): CandidateOutput {
  return { id, answer: '', contexts: [], retrieved_ids: [], latency_ms: null, error: `no output from ${source} for this question` }
}
