import { test } from 'node:test'
import assert from 'node:assert/strict'
import { averagePrecision, contradictedOf, faithfulnessOf, hallucinationRateOf, shareCovered, type ClaimVerdict } from '../../src/metrics/rag.ts'

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
  for (const [name, of] of [
    ['faithfulness', faithfulnessOf],
    ['hallucination_rate', hallucinationRateOf],
    ['contradicted', contradictedOf],
  ] as const) {
    assert.equal(of([]).value, null, name)
    assert.ok(of([]).reason, `${name} needs a reason`)
  }
})

test('3 of 4 claims supported gives faithfulness 0.75 and hallucination_rate 0.25', () => {
  const verdicts: ClaimVerdict[] = ['supported', 'supported', 'not_mentioned', 'supported']
  assert.equal(faithfulnessOf(verdicts).value, 0.75)
  assert.equal(hallucinationRateOf(verdicts).value, 0.25)
})

test('contradicted is 1 when any claim is contradicted and 0 when none is', () => {
  assert.equal(contradictedOf(['supported', 'contradicted', 'supported']).value, 1)
  assert.equal(contradictedOf(['supported', 'not_mentioned']).value, 0)
})

test('shareCovered is the covered share, and null with a reason when there is nothing to check', () => {
  assert.ok(Math.abs((shareCovered([true, false, true], 'points').value ?? NaN) - 2 / 3) < 1e-12)
  const none = shareCovered([], 'reference_points')
  assert.equal(none.value, null)
  assert.match(none.reason ?? '', /reference_points/)
})
