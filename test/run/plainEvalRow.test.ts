import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { EvalRowInputSchema, KNOWN_EVAL_COLUMNS } from '../../src/schemas/evalSet.ts'
import { plainEvalRow } from '../../src/schemas/plainEvalRow.ts'

/** Rows as CSV gives them (every cell text) and as JSONL may: plainEvalRow must equal the schema where it answers. */
const ROWS: Record<string, unknown>[] = [
  { id: 'q1', question: 'How many days?' },
  {
    id: ' q2\r\n',
    question: ' cafe\u0301\r\nsecond line ',
    ground_truth: ' 10 days ',
    reference_points: ' a ; b;;cafe\u0301 ',
    category: 'HR',
    difficulty: '',
    should_refuse: ' TRUE ',
    relevant_doc_ids: 'D1| D2:3 |D3:0||e\u0301:2',
    expect_json: 'no',
    required_keys: ' a; b ;',
    conversation_id: 'c1',
    turn: ' 2 ',
    history: '  ',
    extra_column: 'kept',
  },
  { id: 'q3', question: 'q', should_refuse: '1', expect_json: 'yes', relevant_doc_ids: '', reference_points: '', required_keys: '  ', turn: '', ground_truth: '   ' },
  { id: 'q4', question: 'q', should_refuse: '0', expect_json: 'false', relevant_doc_ids: 'a:b:2|x:', category: null, turn: null, history: null },
  { id: 'q5', question: 'q', should_refuse: true, expect_json: false },
  { id: 'q6', question: 'q', relevant_doc_ids: 'D1:03|D2:0' },
  // left to the schema
  { id: 7, question: 'number id' },
  { id: 'q8', question: 8 },
  { id: '  ', question: 'empty id' },
  { id: 'q9', question: '  ' },
  { id: 'q10' },
  { question: 'no id' },
  { id: 'q11', question: 'q', should_refuse: 'maybe' },
  { id: 'q12', question: 'q', expect_json: 1 },
  { id: 'q13', question: 'q', relevant_doc_ids: 'D1:4' },
  { id: 'q14', question: 'q', relevant_doc_ids: 'D1|D1:2' },
  { id: 'q15', question: 'q', relevant_doc_ids: ['D1', 'D2'] },
  { id: 'q16', question: 'q', required_keys: '["a","b"]' },
  { id: 'q17', question: 'q', required_keys: '[oops' },
  { id: 'q18', question: 'q', turn: '0' },
  { id: 'q19', question: 'q', turn: '1.5' },
  { id: 'q20', question: 'q', turn: 2 },
  { id: 'q21', question: 'q', history: '[{"role":"user","content":"hi"},{"role":"assistant","content":"hello"}]' },
  { id: 'q22', question: 'q', history: 'not json' },
  { id: 'q23', question: 'q', reference_points: ['a', 'b'] },
  { id: 'q24', question: 'q', category: 5 },
]

const KNOWN = [...KNOWN_EVAL_COLUMNS]

describe('plainEvalRow: an eval-set row without zod (issue 13)', () => {
  for (const row of ROWS) {
    it(`agrees with the schema on ${JSON.stringify(row)}`, () => {
      const plain = plainEvalRow(row)
      const parsed = EvalRowInputSchema.safeParse(row)
      if (plain === null) return
      assert.ok(parsed.success, 'plainEvalRow accepted what the schema rejects')
      assert.deepEqual(plain, Object.fromEntries(KNOWN.map((key) => [key, (parsed.data as Record<string, unknown>)[key]])))
    })
  }

  it('answers the common rows itself', () => {
    for (const row of ROWS.slice(0, 6)) assert.notEqual(plainEvalRow(row), null, JSON.stringify(row))
  })
})
