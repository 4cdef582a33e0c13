import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, describe, it } from 'node:test'
import { gunzipSync } from 'node:zlib'
import { loadResults } from '../../src/baseline/resultsFile.ts'
import { GateError } from '../../src/io/errors.ts'
import { plainResults } from '../../src/schemas/plainResults.ts'
import { ResultsFileSchema } from '../../src/schemas/resultsFile.ts'
import { cleanupTempDirs, makeTempDir, runCli, writeJson } from '../cli/harness.ts'

after(cleanupTempDirs)

/** A byte-identity reference results.json, its masked fields filled in so that it parses. */
function example(name: string): Record<string, unknown> {
  const bytes = readFileSync(new URL(`../fixtures/byte-identity/${name}`, import.meta.url))
  const text = (name.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8')
  return JSON.parse(text.replace('{<timings>}', '{"candidate": 1, "scoring": 2.5, "total": 3}')) as Record<string, unknown>
}

const SCORES = { mrr: 1, 'hit@5': null, latency_ms: 12 }

function question(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return { question: 'q?', category: 'c', difficulty: null, should_refuse: false, answer: 'a', scores: SCORES, notes: { mrr: 'why' }, errors: {}, ...fields }
}

/** A small results.json of the current schema, as the shard of a run writes it. */
function results(questions: unknown, fields: Record<string, unknown> = {}): Record<string, unknown> {
  const run = (example('example-results.json') as { run: Record<string, unknown> }).run
  return { schema_version: 2, run: { ...run, shard: { index: 1, count: 2, total_questions: 4 } }, metrics: { mrr: { mean: 1, n: 1, nan: 0, errors: 0 } }, questions, comparison: null, ...fields }
}

/** A schema-3 file: scores as a list in score_columns order, notes keyed by the metrics they are for, a shared note by its place. */
function results3(questions: unknown, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return results(questions, { schema_version: 3, score_columns: ['mrr', 'hit@5', 'latency_ms'], shared_notes: ['shared why', 'also shared'], ...fields })
}

function question3(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return question({ inputs_hash: '0123456789abcdef', scores: [1, null, 12], notes: { 'mrr hit@5': 0, latency_ms: 'slow' }, ...fields })
}

const CLAIM = { text: 't', verdict: 'supported' }
const CALL = { family: 'rubric', model: 'gpt-4o-2024-08-06', id: 'chatcmpl-1', cached: false }

/** Well-formed files and every kind of odd one, as JSON.parse gives them: plainResults must equal the schema where it answers. */
const FILES: [string, unknown][] = [
  ['the example results', example('example-results.json')],
  ['a compared run with claims', example('gen-results.json.gz')],
  ['a run without a comparison', example('gen-none-results.json.gz')],
  ['a small shard', results({ q1: question(), q2: question({ category: null, difficulty: 'hard', should_refuse: true }) })],
  ['keys in another order', results({ q1: Object.fromEntries(Object.entries(question({ claims: [CLAIM] })).reverse()) })],
  ['unknown question fields', results({ q1: question({ extra: 1, judge_health: null }) })],
  ['claims of every form', results({ q1: question({ claims: [CLAIM, { ...CLAIM, evidence: null }, { ...CLAIM, evidence: 'e', x: 1 }, { evidence: 'e', verdict: 'not_mentioned', text: 'u' }] }) })],
  ['judge calls', results({ q1: question({ judge_calls: [CALL, { ...CALL, model: null, id: null, cached: true, extra: 2 }], claims: [] }) })],
  ['a conversation turn', results({ q1: question({ conversation: { turn: 2, id: 'c1', extra: true } }) })],
  ['ids in two normalisation forms', results({ 'cafe\u0301': question(), café: question() })],
  ['a decomposed id', results({ 'cafe\u0301': question() })],
  ['__proto__ and constructor ids', { ...results({}), questions: JSON.parse(`{"__proto__": ${JSON.stringify(question())}, "constructor": ${JSON.stringify(question())}}`) }],
  ['a __proto__ score', { ...results({}), questions: JSON.parse(`{"q": ${JSON.stringify(question({ scores: JSON.parse('{"__proto__": 1}') }))}}`) }],
  ['a __proto__ key in a question', { ...results({}), questions: JSON.parse(`{"q": {"__proto__": 1, ${JSON.stringify(question()).slice(1)}}`) }],
  ['numeric score keys', results({ q1: question({ scores: { 2: 1, 1: 0, a: null } }) })],
  ['no questions', results({})],
  ['defaults left out', (({ judge_health: _h, ...rest }) => rest)(results({ q1: question() }))],
  ['unknown top-level fields', results({ q1: question() }, { extra: [1] })],
  [
    'a schema-3 shard',
    results3({
      q1: question3(),
      q2: question3({ claims: [CLAIM], relevant_ranks: { d1: 1, d2: null }, notes: { latency_ms: 1, 'hit@5 mrr': 'own' } }),
      q3: question3({ inputs_hash: undefined, notes: {} }),
      q4: question3({ claims: [CLAIM], conversation: { id: 'c1', turn: 1 }, relevant_ranks: { d1: 2 } }),
      q5: question3({ claims: [{ ...CLAIM, evidence: 'e' }] }),
      q6: question3({ relevant_ranks: {} }),
      q7: question3({ judge_calls: [CALL], claims: [], relevant_ranks: { d1: null } }),
      q8: question3({ extra: 1, scores: [null, null, null], errors: { candidate: 'no output' } }),
    }),
  ],
  // left to the schema
  ['schema 1', results({ q1: question() }, { schema_version: 1 })],
  ['schema 3', results({ q1: question() }, { schema_version: 3 })],
  ['a bad verdict', results({ q1: question({ claims: [{ ...CLAIM, verdict: 'maybe' }] }) })],
  ['numeric evidence', results({ q1: question({ claims: [{ ...CLAIM, evidence: 1 }] }) })],
  ['claims as an object', results({ q1: question({ claims: {} }) })],
  ['a claim as a string', results({ q1: question({ claims: ['t'] }) })],
  ['a judge call without cached', results({ q1: question({ judge_calls: [{ ...CALL, cached: undefined }] }) })],
  ['a numeric judge call id', results({ q1: question({ judge_calls: [{ ...CALL, id: 1 }] }) })],
  ['turn 0', results({ q1: question({ conversation: { id: 'c', turn: 0 } }) })],
  ['a fractional turn', results({ q1: question({ conversation: { id: 'c', turn: 1.5 } }) })],
  ['a turn beyond 2^53', results({ q1: question({ conversation: { id: 'c', turn: 2 ** 53 } }) })],
  ['a numeric conversation id', results({ q1: question({ conversation: { id: 1, turn: 1 } }) })],
  ['a string score', results({ q1: question({ scores: { mrr: '1' } }) })],
  ['scores as an array', results({ q1: question({ scores: [1] }) })],
  ['no scores', results({ q1: question({ scores: undefined }) })],
  ['a numeric note', results({ q1: question({ notes: { mrr: 1 } }) })],
  ['a null error', results({ q1: question({ errors: { mrr: null } }) })],
  ['no errors', results({ q1: question({ errors: undefined }) })],
  ['a numeric category', results({ q1: question({ category: 3 }) })],
  ['no category', results({ q1: question({ category: undefined }) })],
  ['no difficulty', results({ q1: question({ difficulty: undefined }) })],
  ['should_refuse as a string', results({ q1: question({ should_refuse: 'false' }) })],
  ['a null answer', results({ q1: question({ answer: null }) })],
  ['a null question', results({ q1: null })],
  ['a question as an array', results({ q1: [question()] })],
  ['questions as an array', results([question()])],
  ['a bad run', results({ q1: question() }, { run: { version: 1 } })],
  ['no metrics', results({ q1: question() }, { metrics: undefined })],
  ['not an object', [1]],
  ['null', null],
  ['schema 3: a shared note beyond shared_notes', results3({ q1: question3({ notes: { mrr: 2 } }) })],
  ['schema 3: a shared note at a fractional place', results3({ q1: question3({ notes: { mrr: 0.5 } }) })],
  ['schema 3: a metric with two notes', results3({ q1: question3({ notes: { 'mrr hit@5': 'a', mrr: 'b' } }) })],
  ['schema 3: a metric twice in one key', results3({ q1: question3({ notes: { 'mrr mrr': 'a' } }) })],
  ['schema 3: two spaces in a note key', results3({ q1: question3({ notes: { 'mrr  hit@5': 'a' } }) })],
  ['schema 3: a note for a metric without a score column', results3({ q1: question3({ notes: { faithfulness: 'x' } }) })],
  ['schema 3: too few scores', results3({ q1: question3({ scores: [1, null] }) })],
  ['schema 3: a string score', results3({ q1: question3({ scores: ['1', null, 12] }) })],
  ['schema 3: scores by name', results3({ q1: question3({ scores: { mrr: 1 } }) })],
  ['schema 3: a rank of 0', results3({ q1: question3({ relevant_ranks: { d1: 0 } }) })],
]

/** JSON.stringify of both: the same keys in the same order at every level, which the written results.json shows. */
function assertSame(plain: unknown, parsed: unknown): void {
  assert.deepEqual(plain, parsed)
  assert.equal(JSON.stringify(plain), JSON.stringify(parsed), 'same keys in the same order')
}

describe('plainResults: a large results.json without zod per question (issue 13)', () => {
  for (const [name, raw] of FILES) {
    it(`agrees with the schema on ${name}`, async () => {
      // as read from a file: no undefined values
      const plain = plainResults(JSON.parse(JSON.stringify(raw)))
      const parsed = ResultsFileSchema.safeParse(JSON.parse(JSON.stringify(raw)))
      if (plain === null) return
      assert.ok(parsed.success, 'plainResults accepted what the schema rejects')
      assertSame(plain, parsed.data)
      assert.equal(Object.getPrototypeOf(plain.questions), Object.getPrototypeOf(parsed.data.questions))
      for (const id of Object.keys(plain.questions)) assert.equal(Object.getPrototypeOf(plain.questions[id]!.scores), Object.getPrototypeOf(parsed.data.questions[id]!.scores))
    })
  }

  it('answers the common well-formed files itself', async () => {
    for (const index of [0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 13, 14, 15, 16, 17, 18]) {
      assert.notEqual(plainResults(JSON.parse(JSON.stringify(FILES[index]![1]))), null, FILES[index]![0])
    }
  })

  it("reads a question's inputs hash as the schema does, in its place after the answer, and leaves one that is not a string to the schema", () => {
    const raw = results({ q1: question({ inputs_hash: '0123456789abcdef' }), q2: question() })
    const plain = plainResults(JSON.parse(JSON.stringify(raw)))!
    const parsed = ResultsFileSchema.parse(JSON.parse(JSON.stringify(raw)))
    assertSame(plain, parsed)
    assert.deepEqual(Object.keys(plain.questions.q1!).slice(4, 6), ['answer', 'inputs_hash'])
    assert.equal(plainResults(results({ q1: question({ inputs_hash: 7 }) })), null)
  })

  it('leaves every odd question to the schema', async () => {
    for (const [name, raw] of FILES.slice(FILES.findIndex(([n]) => n === 'schema 1'))) assert.equal(plainResults(JSON.parse(JSON.stringify(raw))), null, name)
  })
})

describe('a bad question in a results.json is still reported by the schema', () => {
  it('names the file and the field', async () => {
    const t = makeTempDir()
    const file = writeJson(t.path('shard.json'), results({ q1: question(), q2: question({ scores: { mrr: 'high' } }) }))
    try {
      await loadResults(file)
      assert.fail('expected a GateError')
    } catch (error) {
      assert.ok(error instanceof GateError, String(error))
      assert.equal(error.code, 'bad_input')
      assert.match(error.message, /shard\.json: not a valid evalgate results\.json: field "questions\.q2\.scores\.mrr"/)
    }
  })

  it('evalgate baseline --results exits 2 naming the file and the field', async () => {
    const t = makeTempDir()
    const file = writeJson(t.path('bad.json'), results({ q1: question({ claims: [{ ...CLAIM, verdict: 'maybe' }] }) }))
    const run = await runCli(['baseline', '--results', file, '--out', t.path('baseline.json')])
    assert.equal(run.code, 2, run.stderr)
    assert.match(run.stderr, /bad\.json: not a valid evalgate results\.json: field "questions\.q1\.claims\.0\.verdict"/)
  })
})
