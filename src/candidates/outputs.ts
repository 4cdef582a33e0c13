import { GateError, locate } from '../io/errors.ts'
import { similarName } from '../text/similarName.ts'
import type { ByteLine } from '../io/jsonlLines.ts'
import { parseRecord, type SourceRecord } from '../io/tabular.ts'
import { normaliseId } from '../text/ids.ts'
import { CandidateOutputInputSchema, plainOutput, type CandidateOutput } from '../schemas/candidate.ts'

const HINTS: Record<string, string> = {
  id: 'every output needs the id of the eval-set question it answers',
  latency_ms: 'give latency_ms as a number of milliseconds, or leave it out',
  contexts: 'give contexts as an array of strings (CSV: separated by ||)',
  retrieved_ids: 'give retrieved_ids as an array, best first (CSV: separated by |)',
  model: 'give model as a string naming the model that answered (e.g. "gpt-4o"), or leave it out',
}

/** The fields of an output, and what systems under test call them instead. */
const OUTPUT_FIELDS = Object.keys(CandidateOutputInputSchema.shape)
const OUTPUT_FIELD_ALIASES: Record<string, readonly string[]> = {
  answer: ['response', 'output', 'text', 'reply', 'completion', 'prediction', 'generated_answer', 'generation', 'result', 'content'],
  contexts: ['documents', 'chunks', 'passages', 'retrieved_contexts', 'retrieved_documents'],
  retrieved_ids: ['doc_ids', 'retrieved_doc_ids', 'retrieved_docs', 'document_ids', 'source_ids', 'retrieval_ids'],
  latency_ms: ['duration_ms', 'elapsed_ms', 'time_ms'],
  error: ['err', 'exception', 'error_message'],
}

/**
 * Validates candidate outputs against the eval set, one record at a time (so a file can be
 * streamed): an output for an id the eval set does not have, or two outputs for one id, is an
 * input error (the files do not belong together), never silently ignored.
 */
export class OutputCollector {
  readonly outputs = new Map<string, CandidateOutput>()
  private readonly lines = new Map<string, number>()
  private readonly source: string
  private readonly evalIds: ReadonlySet<string>
  private readonly wanted: ReadonlySet<string> | null
  /** field name → the known field it looks like, worked out once per name */
  private readonly suggestions = new Map<string, string | null>()

  private readonly take: ((output: CandidateOutput) => void) | null

  /**
   * `wanted`: the ids this run scores (a shard); other ids are checked (known, once) but not
   * parsed further or kept. `take`: where each checked output goes instead of `outputs`.
   */
  constructor(source: string, evalIds: ReadonlySet<string>, wanted: ReadonlySet<string> | null = null, take: ((output: CandidateOutput) => void) | null = null) {
    this.source = source
    this.evalIds = evalIds
    this.wanted = wanted
    this.take = take
  }

  add(record: SourceRecord): void {
    const schema = this.wanted && !this.wanted.has(normaliseId(String(record.data.id ?? ''))) ? IdOnlySchema : CandidateOutputInputSchema
    if (schema === CandidateOutputInputSchema) this.checkFieldNames(record)
    // plain type checks for a well-formed line; the schema for anything else, with its located messages
    const output = (schema === CandidateOutputInputSchema ? plainOutput(record.data) : plainId(record.data)) ?? parseRecord(schema, record, this.source, outputHint)
    this.claim(output.id, record.line)
    if (schema !== CandidateOutputInputSchema) return
    if (this.take) this.take(output as CandidateOutput)
    else this.outputs.set(output.id, output as CandidateOutput)
  }

  /**
   * A JSONL line that is another shard's answer, told by its id from the line's bytes, without
   * decoding or parsing the line (at 100,000 answers in 8 shards, 7 of 8 lines): the id is
   * checked as add() checks it, the rest is that shard's to parse and check. True when the line
   * was dealt with so; false (parse it) for a line of this run, or one whose id is not a plain
   * leading `{"id": "…"` (escapes, a non-string id, a second "id" key further on).
   */
  skipsLine(line: ByteLine): boolean {
    if (!this.wanted) return false
    const at = leadingId(line)
    if (at === null || indexBefore(line.bytes, ID_KEY, at.end, line.end) !== -1) return false
    const id = normaliseId(line.bytes.toString('utf8', at.start, at.end - 1))
    if (id === '' || this.wanted.has(id)) return false
    this.claim(id, line.number)
    return true
  }

  /** An answer for `id` on `line`: an id the eval set lacks, or one answered before, is an input error. */
  private claim(id: string, line: number): void {
    if (!this.evalIds.has(id)) {
      throw new GateError(
        'bad_input',
        `${locate(this.source, line, 'id')}: output for unknown id "${id}": the eval set has no such question`,
        'check that the predictions were produced from this eval set (and this eval_set_version)',
      )
    }
    const previous = this.lines.get(id)
    if (previous !== undefined) {
      throw new GateError('bad_input', `${locate(this.source, line, 'id')}: second output for id "${id}" (first on line ${previous})`, 'give exactly one output per question')
    }
    this.lines.set(id, line)
  }

  /**
   * A field that is a known one misnamed (`response` for `answer`) while the known one is
   * absent: the unknown field would be dropped and the answer read as empty, scored as a
   * wrong answer rather than refused as a wrong file.
   */
  private checkFieldNames(record: SourceRecord): void {
    for (const key of Object.keys(record.data)) {
      let meant = this.suggestions.get(key)
      if (meant === undefined) {
        meant = OUTPUT_FIELDS.includes(key) ? null : similarName(key, OUTPUT_FIELDS, OUTPUT_FIELD_ALIASES)
        this.suggestions.set(key, meant)
      }
      if (meant === null || Object.hasOwn(record.data, meant)) continue
      throw new GateError(
        'bad_input',
        `${locate(this.source, record.line, key)}: unknown field; did you mean "${meant}"?`,
        `name it ${meant}: evalgate reads ${OUTPUT_FIELDS.join(', ')}, and drops other fields, so this output's ${meant} would be read as missing`,
      )
    }
  }
}

/** How to fix a field of a candidate output. */
export function outputHint(column: string): string {
  return HINTS[column] ?? 'fix the value in this field'
}

export type CheckedOutput = { ok: true; output: CandidateOutput } | { ok: false; error: string }

/**
 * One output checked by the candidate schema exactly as a line of a predictions file is, for
 * a candidate that answers question by question (HTTP): a problem becomes that question's
 * error row, in the words a predictions file would get, instead of stopping the run.
 */
export function checkOutput(data: Record<string, unknown>, source: string, hint: (column: string) => string = outputHint): CheckedOutput {
  try {
    return { ok: true, output: parseRecord(CandidateOutputInputSchema, { data }, source, hint) }
  } catch (error) {
    if (!(error instanceof GateError)) throw error
    // one line for a row: the first problem with its fix, then the others (which carry their own)
    const [first, ...others] = error.message.split('\n')
    return { ok: false, error: [error.hint ? `${first} (fix: ${error.hint})` : first, ...others].join('; ') }
  }
}

const SPACE = 0x20
const TAB = 0x09
const QUOTE = 0x22
const BACKSLASH = 0x5c
const COLON = 0x3a
const OPEN_BRACE = 0x7b
const ID_KEY = Buffer.from('"id"')

/**
 * Where the id of `{"id": "q1"` at the start of a line is: from `start` to its closing quote
 * (`end` is just past it). Null unless the id has no escape and no control character (which
 * JSON.parse refuses inside a string): its bytes are then exactly the string JSON.parse reads.
 * Blanks are JSON's spaces and tabs; a line with any other is parsed instead.
 */
function leadingId({ bytes, start, end }: ByteLine): { start: number; end: number } | null {
  let i = skipBlanks(bytes, start, end)
  if (i >= end || bytes[i] !== OPEN_BRACE) return null
  i = skipBlanks(bytes, i + 1, end)
  if (i + ID_KEY.length > end || bytes.compare(ID_KEY, 0, ID_KEY.length, i, i + ID_KEY.length) !== 0) return null
  i = skipBlanks(bytes, i + ID_KEY.length, end)
  if (i >= end || bytes[i] !== COLON) return null
  i = skipBlanks(bytes, i + 1, end)
  if (i >= end || bytes[i] !== QUOTE) return null
  const idStart = i + 1
  for (let j = idStart; j < end; j++) {
    const b = bytes[j]
    // an id this scan cannot read plainly: the line is parsed instead
    if (b === undefined) return null
    if (b === QUOTE) return { start: idStart, end: j + 1 }
    if (b === BACKSLASH || b < 0x20) return null
  }
  return null
}

function skipBlanks(bytes: Buffer, from: number, end: number): number {
  let i = from
  while (i < end && (bytes[i] === SPACE || bytes[i] === TAB)) i++
  return i
}

function indexBefore(bytes: Buffer, value: Buffer, from: number, to: number): number {
  const i = bytes.indexOf(value, from)
  return i !== -1 && i + value.length <= to ? i : -1
}

/** Another shard's answer: only its id is checked here; that shard's run checks the rest. */
const IdOnlySchema = CandidateOutputInputSchema.pick({ id: true })

/** IdOnlySchema's result for a string id, by a plain check; null for anything else (left to the schema). */
function plainId(data: Record<string, unknown>): { id: string } | null {
  if (typeof data.id !== 'string') return null
  const id = normaliseId(data.id)
  return id === '' ? null : { id }
}

export function collectOutputs(records: Iterable<SourceRecord>, source: string, evalIds: ReadonlySet<string>): Map<string, CandidateOutput> {
  const collector = new OutputCollector(source, evalIds)
  for (const record of records) collector.add(record)
  return collector.outputs
}

/** An error row for a question the candidate did not answer: counted and reported, never dropped. */
export function missingOutput(id: string, source: string): CandidateOutput {
  return { id, answer: '', contexts: [], retrieved_ids: [], latency_ms: null, error: `no output from ${source} for this question` }
}
