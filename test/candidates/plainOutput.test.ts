import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { CandidateOutputInputSchema, plainOutput } from '../../src/schemas/candidate.ts'

/** Well-formed lines and every kind of odd one: plainOutput must equal the schema where it answers, and leave the rest to it. */
const RECORDS: Record<string, unknown>[] = [
  { id: 'q1', answer: 'a', contexts: ['c1', 'c2'], retrieved_ids: ['d1', 'd2'], latency_ms: 12.5 },
  { id: '  q2\r\n ', answer: 'e\u0301', contexts: [], retrieved_ids: [' d1 ', '', '  ', 'e\u0301\r\nx'], latency_ms: 0, error: null },
  { id: 'q3' },
  { id: 'q4', answer: null, contexts: null, retrieved_ids: null, latency_ms: null, error: '  ' },
  { id: 'q5', answer: 'x', error: 'boom', extra: 1 },
  { id: 'q6', contexts: ['a||b'], retrieved_ids: ['x|y'] },
  // left to the schema
  { id: 7, answer: 'number id' },
  { id: Number.MAX_SAFE_INTEGER + 2 },
  { id: '   ' },
  { id: '' },
  {},
  { id: 'q8', answer: 3 },
  { id: 'q9', contexts: 'a||b', retrieved_ids: 'x|y' },
  { id: 'q10', retrieved_ids: [1, 2] },
  { id: 'q11', contexts: [1] },
  { id: 'q12', latency_ms: -1 },
  { id: 'q13', latency_ms: '12' },
  { id: 'q14', latency_ms: Number.NaN },
  { id: 'q15', latency_ms: Infinity },
  { id: 'q16', error: 5 },
  { id: 'q17', contexts: { a: 1 } },
  // the model the candidate declares (same-vendor warning)
  { id: 'q18', model: ' gpt-4o ' },
  { id: 'q19', model: null },
  { id: 'q20', model: '  ' },
  { id: 'q21', model: 5 },
]

describe('plainOutput: the predictions line without zod (issue 13)', () => {
  for (const record of RECORDS) {
    it(`agrees with the schema on ${JSON.stringify(record)}`, () => {
      const plain = plainOutput(record)
      const parsed = CandidateOutputInputSchema.safeParse(record)
      if (plain === null) return
      assert.ok(parsed.success, 'plainOutput accepted what the schema rejects')
      assert.deepEqual(plain, parsed.data)
      assert.deepEqual(Object.keys(plain), Object.keys(parsed.data), 'same keys in the same order')
    })
  }

  it('answers the common well-formed line itself', () => {
    assert.notEqual(plainOutput(RECORDS[0]!), null)
    assert.notEqual(plainOutput(RECORDS[1]!), null)
    assert.equal(plainOutput({ id: 'q', contexts: 'a||b' }), null)
  })
})
