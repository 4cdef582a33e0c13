import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { BaselineSchema, plainBaseline } from '../../src/schemas/baseline.ts'

const SHA = 'a'.repeat(64)
const CUT = `${'x'.repeat(499)}…`

function question(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return { category: 'c', question: 'q?', scores: { mrr: 1, 'hit@5': null }, answer: 'a', answer_truncated: false, answer_sha256: SHA, answer_chars: 1, ...fields }
}

function baseline(questions: Record<string, unknown>, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return { schema_version: 2, version: 'v', eval_set_version: 'v1', eval_set_fingerprint: 'sha256:x', max_drop: 0.02, metrics: { mrr: 0.5 }, questions, note: 'kept', ...fields }
}

/** Well-formed files and every kind of odd one, as JSON.parse gives them: plainBaseline must equal the schema where it answers. */
const FILES: [string, unknown][] = [
  ['a well-formed file', baseline({ q1: question(), q2: question({ category: null, notes: { mrr: 'why' } }) })],
  ['optional fields left out', baseline({ q1: question({ question: undefined, answer_chars: undefined }) })],
  [
    'the shape evalgate baseline writes',
    baseline({ q1: question({ inputs_hash: '0123456789abcdef', relevant_ranks: { d1: 1, d2: null } }), q2: question({ inputs_hash: '0123456789abcdef', relevant_ranks: {} }) }),
  ],
  ['a cut answer', baseline({ q1: question({ answer: CUT, answer_truncated: true, answer_chars: 900 }) })],
  ['astral characters', baseline({ q1: question({ answer: '😀'.repeat(500), answer_chars: 500 }) })],
  ['a lone surrogate', baseline({ q1: question({ answer: '\ud800x', answer_chars: 2 }) })],
  ['ids in two normalisation forms', baseline({ 'cafe\u0301': question(), café: question() })],
  ['a decomposed id', baseline({ 'cafe\u0301': question() })],
  [
    '__proto__ and constructor ids',
    JSON.parse(`{"schema_version": 2, "version": 1, "eval_set_version": 2, "metrics": {}, "questions": {"__proto__": ${JSON.stringify(question())}, "constructor": ${JSON.stringify(question())}}}`),
  ],
  [
    'a __proto__ score',
    JSON.parse(`{"schema_version": 2, "version": "v", "eval_set_version": "v", "metrics": {}, "questions": {"q": ${JSON.stringify(question({ scores: JSON.parse('{"__proto__": 1}') }))}}}`),
  ],
  ['unknown question fields', baseline({ q1: question({ extra: 1 }) })],
  ['no questions', baseline({})],
  // left to the schema
  ['schema 1', baseline({ q1: question() }, { schema_version: 1 })],
  ['no schema_version', baseline({ q1: question() }, { schema_version: undefined })],
  ['no answer', baseline({ q1: question({ answer: undefined }) })],
  ['no sha', baseline({ q1: question({ answer_sha256: undefined }) })],
  ['a bad sha', baseline({ q1: question({ answer_sha256: 'A'.repeat(64) }) })],
  ['a long answer', baseline({ q1: question({ answer: 'x'.repeat(501), answer_chars: 501 }) })],
  ['a cut answer without the mark', baseline({ q1: question({ answer: 'x'.repeat(500), answer_truncated: true, answer_chars: 900 }) })],
  ['a short cut answer', baseline({ q1: question({ answer: 'x…', answer_truncated: true, answer_chars: 900 }) })],
  ['a cut answer with too few chars', baseline({ q1: question({ answer: CUT, answer_truncated: true, answer_chars: 500 }) })],
  ['wrong answer_chars', baseline({ q1: question({ answer_chars: 2 }) })],
  ['fractional answer_chars', baseline({ q1: question({ answer_chars: 1.5 }) })],
  ['a string score', baseline({ q1: question({ scores: { mrr: '1' } }) })],
  ['scores as an array', baseline({ q1: question({ scores: [1] }) })],
  ['no scores', baseline({ q1: question({ scores: undefined }) })],
  ['a numeric category', baseline({ q1: question({ category: 3 }) })],
  ['no category', baseline({ q1: question({ category: undefined }) })],
  ['a numeric note', baseline({ q1: question({ notes: { mrr: 1 } }) })],
  ['a null question', baseline({ q1: null })],
  ['questions as an array', baseline([question()] as unknown as Record<string, unknown>)],
  ['a bad setting', baseline({ q1: question() }, { max_drop: 5 })],
  ['no metrics', baseline({ q1: question() }, { metrics: undefined })],
  ['not an object', [1]],
]

describe('plainBaseline: a large baseline.json without zod per question (issue 13)', () => {
  for (const [name, raw] of FILES) {
    it(`agrees with the schema on ${name}`, () => {
      // as read from a file: no undefined values
      const data: unknown = JSON.parse(JSON.stringify(raw))
      const plain = plainBaseline(data)
      const parsed = BaselineSchema.safeParse(data)
      if (plain === null) return
      assert.ok(parsed.success, 'plainBaseline accepted what the schema rejects')
      assert.deepEqual(plain, parsed.data)
      assert.deepEqual(Object.keys(plain), Object.keys(parsed.data), 'same keys in the same order')
      for (const id of Object.keys(plain.questions ?? {})) {
        assert.deepEqual(Object.keys(plain.questions![id]!), Object.keys(parsed.data.questions![id]!), `same keys in the same order in ${id}`)
        assert.equal(Object.getPrototypeOf(plain.questions![id]!.scores), Object.getPrototypeOf(parsed.data.questions![id]!.scores))
      }
      assert.equal(Object.getPrototypeOf(plain.questions), Object.getPrototypeOf(parsed.data.questions))
    })
  }

  it('reads an inputs hash and the recorded noise as the schema does, and leaves a malformed hash to the schema', () => {
    const raw = baseline({ q1: question({ inputs_hash: '0123456789abcdef' }) }, { noise: { mrr: 0.31 } })
    const plain = plainBaseline(JSON.parse(JSON.stringify(raw)))!
    assert.deepEqual(plain, BaselineSchema.parse(JSON.parse(JSON.stringify(raw))))
    assert.equal(plain.questions!.q1!.inputs_hash, '0123456789abcdef')
    assert.deepEqual(plain.noise, { mrr: 0.31 })
    assert.equal(plainBaseline(baseline({ q1: question({ inputs_hash: 'not-a-hash' }) })), null)
    assert.equal(BaselineSchema.safeParse(baseline({ q1: question({ inputs_hash: 'not-a-hash' }) })).success, false)
  })

  it('answers the common well-formed file itself', () => {
    for (const index of [0, 1, 2, 3, 4, 8]) assert.notEqual(plainBaseline(JSON.parse(JSON.stringify(FILES[index]![1]))), null, FILES[index]![0])
  })
})
