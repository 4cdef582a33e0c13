import assert from 'node:assert/strict'
import { test } from 'node:test'
import { compare } from '../../src/compare/compare.ts'
import { whatChanged } from '../../examples/demo.ts'
import { baselineOf, gate, makeRun, type Scores } from '../helpers/factories.ts'

/** 20 questions; the first `completeness` of them score 1 on completeness_norm, the first `recall` 1 on recall@5. */
function run(completeness: number, recall: number): ReturnType<typeof makeRun> {
  const scores: Scores[] = Array.from({ length: 20 }, (_, i) => ({ completeness_norm: i < completeness ? 1 : 0, 'recall@5': i < recall ? 1 : 0, faithfulness: 1 }))
  return makeRun(scores)
}

const before = run(16, 16)

test("the demo's closing words are read from the comparison: a completeness drop with retrieval up", () => {
  const comparison = compare(run(10, 18), baselineOf(before), gate({ max_drop: 0.05 }), 'update')
  assert.deepEqual(whatChanged(comparison), ['The gate failed on completeness_norm −0.300.', 'Improved: recall@5 +0.100.', 'No other metric got worse.', '6 questions got worse and 2 better.'])
})

test("the demo's closing words are read from the comparison: a retrieval drop with completeness up", () => {
  const comparison = compare(run(17, 12), baselineOf(before), gate({ max_drop: 0.05 }), 'update')
  assert.deepEqual(whatChanged(comparison), ['The gate failed on recall@5 −0.200.', 'Improved: completeness_norm +0.050.', 'No other metric got worse.', '4 questions got worse and 1 better.'])
})

test("the demo's closing words say when nothing failed and name a drop within max_drop", () => {
  const comparison = compare(run(16, 15), baselineOf(before), gate({ max_drop: 0.1 }), 'update')
  assert.deepEqual(whatChanged(comparison), ['No metric failed the gate.', 'No metric improved.', 'Worse, but within their limits: recall@5 −0.050.', '1 question got worse and 0 better.'])
})
