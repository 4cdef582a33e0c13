import { test } from 'node:test'
import assert from 'node:assert/strict'
import { averagePrecision, claimScores, shareCovered, type ClaimVerdict } from '../../src/metrics/rag.ts'

const cases: { useful: boolean[]; expected: number }[] = [
  { useful: [true, false, true], expected: 0.8333 },
  { useful: [false, true, true], expected: 0.5833 },
  { useful: [true, true, false], expected: 1.0 },
  { useful: [false, false, false], expected: 0 },
  { useful: [], expected: 0 },
]
for (const { useful, expected } of cases) {
  const label = `[${useful.map(Number).join(',')}]`
  test(`context_precision of usefulness ${label} is ${expected} (average precision, SPEC §2)`, () => {
    const value = averagePrecision(useful)
    assert.ok(Number.isFinite(value), `got ${value}`)
    assert.ok(Math.abs(value - expected) < 1e-4, `expected ${expected}, got ${value}`)
  })
}

test('context_precision rewards a useful chunk ranked first over the same chunk ranked last', () => {
  const first = averagePrecision([true, false, false])
  const last = averagePrecision([false, false, true])
  assert.equal(first, 1)
  assert.ok(Math.abs(last - 1 / 3) < 1e-12, `got ${last}`)
})

test('an answer with no claims gets null faithfulness, hallucination_rate and contradicted, never 0 or 1', () => {
  const scores = claimScores([], true)
  for (const name of ['faithfulness', 'hallucination_rate', 'contradicted'] as const) {
    assert.equal(scores[name]?.value, null, name)
    assert.ok(scores[name]?.reason, `${name} needs a reason`)
  }
})

test('3 of 4 claims supported gives faithfulness 0.75 and hallucination_rate 0.25', () => {
  const verdicts: ClaimVerdict[] = ['supported', 'supported', 'not_mentioned', 'supported']
  const scores = claimScores(verdicts, true)
  assert.equal(scores.faithfulness?.value, 0.75)
  assert.equal(scores.hallucination_rate?.value, 0.25)
})

test('contradicted is 1 when any claim is contradicted and 0 when none is', () => {
  assert.equal(claimScores(['supported', 'contradicted', 'supported'], true).contradicted?.value, 1)
  assert.equal(claimScores(['supported', 'not_mentioned'], true).contradicted?.value, 0)
})

test('contradicted is absent when the provider cannot tell a contradiction from an omission', () => {
  const scores = claimScores(['supported', 'contradicted'], false)
  assert.ok(!('contradicted' in scores), `got ${JSON.stringify(scores)}`)
  assert.ok(!('contradicted' in claimScores([], false)))
  assert.equal(scores.faithfulness?.value, 0.5)
})

test('shareCovered is the covered share, and null with a reason when there is nothing to check', () => {
  assert.ok(Math.abs((shareCovered([true, false, true], 'points').value ?? NaN) - 2 / 3) < 1e-12)
  const none = shareCovered([], 'reference_points')
  assert.equal(none.value, null)
  assert.match(none.reason ?? '', /reference_points/)
})
