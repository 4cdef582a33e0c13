import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { compare } from '../../src/compare/compare.ts'
import { renderReport } from '../../src/report/markdown.ts'
import { kindsOf, questionsNeeded } from '../../src/report/whatChanged.ts'
import type { MetricRow, QuestionChange } from '../../src/schemas/results.ts'
import { baselineOf, gate, makeResults, makeRun } from '../helpers/factories.ts'

function change(id: string, metric: string, baseline: number, candidate: number): QuestionChange {
  return { id, category: null, metric, baseline, candidate, delta: candidate - baseline, change: candidate - baseline, flip: false, reason: null }
}

describe('what changed, in plain words (issue 29)', () => {
  it('names lost documents, refusals and failed rules before the scores that fell, each question once per kind', () => {
    const kinds = kindsOf(
      [
        change('q1', 'completeness_norm', 1, 0),
        change('q2', 'completeness_norm', 1, 0.5),
        change('q3', 'completeness_norm', 1, 0.5),
        change('q16', 'hit@5', 1, 0),
        change('q16', 'recall@5', 1, 0),
        change('q16', 'mrr', 1, 0),
        change('q25', 'mrr', 1, 0.5),
        change('q4', 'no_over_refusal', 1, 0),
        change('q4', 'rules_pass', 1, 0),
        change('q5', 'rules_pass', 1, 0),
        change('q6', 'hallucination_rate', 0, 0.5),
      ],
      [3, 5],
    )
    assert.deepEqual(kinds, [
      { words: 'lost every relevant document from the top 5', ids: ['q16'] },
      { words: 'now refused though answerable', ids: ['q4'] },
      // rules_pass is said only for a question with no single rule listed
      { words: 'now failing rules\\_pass', ids: ['q5'] },
      { words: 'ranked the relevant documents lower', ids: ['q25'] },
      { words: 'fell on completeness\\_norm', ids: ['q1', 'q2', 'q3'] },
      { words: 'rose on hallucination\\_rate', ids: ['q6'] },
    ])
  })

  it('says how many questions would tell the drop nearest to detection from noise: n · (MDE / |Δ|)²', () => {
    const row = (metric: string, delta: number, mde: number) => ({ metric, delta, mde }) as MetricRow
    assert.deepEqual(questionsNeeded([row('mrr', -0.04, 0.2), row('completeness_norm', -0.1, 0.3)], 44), { metric: 'completeness\\_norm', size: '0.100', n: 396 })
    assert.equal(questionsNeeded([row('latency_ms', 50, 0.1)], 44), null, 'latency has no MDE in score points')
  })

  it('in significant mode, a drop beyond max_drop within noise is named as not failed, never under a ❌', () => {
    const base = makeRun(Array.from({ length: 10 }, () => ({ accuracy_norm: 1, rules_pass: 1 })))
    const cand = makeRun(Array.from({ length: 10 }, (_, i) => ({ accuracy_norm: i < 2 ? 0 : 1, rules_pass: 1 })))
    const c = compare(cand, baselineOf(base), gate({ gate_mode: 'significant' }), 'x')
    assert.equal(c.verdict, 'pass')
    const md = renderReport(makeResults(cand, c))
    assert.match(md, /^1 metric fell by more than max_drop 0\.02 but within noise, which `significant` mode does not fail: accuracy_norm −0\.200\.$/m)
    assert.match(md, /\| accuracy_norm \| ⚠️ beyond max_drop, within noise \(CI includes 0\): significant mode does not fail it \|/)
    assert.doesNotMatch(md, /❌/)
  })
})
