/**
 * A candidate that answers the same inputs differently: the report says so and points to
 * calibrate-noise, from the inputs hash (history, retrieved ids, contexts) and the answer hash
 * the baseline keeps per question.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { answerSha256 } from '../../src/baseline/answer.ts'
import { baselineFromResults, viewOfBaseline } from '../../src/baseline/baseline.ts'
import { compare } from '../../src/compare/compare.ts'
import { renderReport } from '../../src/report/markdown.ts'
import { inputsHash } from '../../src/run/pipeline/score.ts'
import { gate, makeResults, makeRun } from '../helpers/factories.ts'

const UPDATE = 'evalgate baseline --results results.json'
const ROW: { question: string; history?: { role: 'user' | 'assistant'; content: string }[] } = { question: '年假有几天？' }
const OUTPUT = { retrieved_ids: ['D1', 'D9'], contexts: ['员工入职满一年后每年有5天带薪年假。'] }

/** A run of 10 questions answering `answer(i)` from inputs `inputs(i)`. */
function run(answer: (i: number) => string, inputs: (i: number) => string) {
  const r = makeRun(Array.from({ length: 10 }, () => ({ accuracy_norm: 0.75 })))
  Object.values(r.questions).forEach((q, i) => {
    q.answer = answer(i)
    q.inputs_hash = inputs(i)
  })
  return r
}

const baselineOfRun = (r: ReturnType<typeof run>) => viewOfBaseline(baselineFromResults(makeResults(r), null, 'v-base', new Date('2026-01-01T00:00:00Z')), 'baselines/baseline.json')

describe('a non-deterministic candidate', () => {
  it('hashes what an answer was generated from: the question, its history, the retrieved ids and the contexts, not the answer', () => {
    const h = inputsHash(ROW, OUTPUT)
    assert.match(h, /^[0-9a-f]{16}$/)
    assert.equal(inputsHash(ROW, { ...OUTPUT }), h)
    assert.notEqual(inputsHash(ROW, { ...OUTPUT, contexts: ['另一段'] }), h)
    assert.notEqual(inputsHash(ROW, { ...OUTPUT, retrieved_ids: ['D9', 'D1'] }), h)
    assert.notEqual(
      inputsHash(
        {
          ...ROW,
          history: [
            { role: 'user', content: '你好' },
            { role: 'assistant', content: '您好' },
          ],
        },
        OUTPUT,
      ),
      h,
    )
  })

  it('is named when answers differ on questions whose inputs did not change, with the command that calibrates for it', () => {
    const base = run(
      (i) => `answer ${i}`,
      (i) => `00000000000000${String(i).padStart(2, '0')}`,
    )
    // 3 answers differ with the same inputs; question 9 differs but its retrieval changed
    const cand = run(
      (i) => (i < 3 || i === 9 ? `other ${i}` : `answer ${i}`),
      (i) => (i === 9 ? 'ffffffffffffffff' : `00000000000000${String(i).padStart(2, '0')}`),
    )
    const baseline = baselineOfRun(base)
    assert.equal(baseline.questions!.q1!.inputs_hash, '0000000000000000', 'evalgate baseline keeps the inputs hash')
    const c = compare(cand, baseline, gate(), UPDATE)
    assert.deepEqual(c.determinism, { same_inputs: 9, answers_differ: 3, ids: ['q1', 'q2', 'q3'] })
    const report = renderReport(makeResults(cand, c))
    assert.match(
      report,
      /\*\*Non-deterministic candidate\*\*: on 3 of the 9 questions whose question, history, retrieved ids and contexts are the same as the baseline's, the answer differs \(q1, q2, q3\)/,
    )
    assert.match(report, /calibrate max_drop for it with `evalgate calibrate-noise --rerun-candidate 5 --write`/)
  })

  it('says nothing when every unchanged input got the same answer, or when the baseline keeps no inputs hash', () => {
    const same = run(
      (i) => `answer ${i}`,
      () => 'abcdefabcdefabcd',
    )
    const c = compare(same, baselineOfRun(same), gate(), UPDATE)
    assert.deepEqual(c.determinism, { same_inputs: 10, answers_differ: 0, ids: [] })
    assert.doesNotMatch(renderReport(makeResults(same, c)), /Non-deterministic/)
    const old = baselineOfRun(same)
    for (const q of Object.values(old.questions!)) delete q.inputs_hash
    assert.equal(compare(same, old, gate(), UPDATE).determinism, null)
    assert.equal(answerSha256('answer 1'), old.questions!.q2!.answer_sha256)
  })
})
