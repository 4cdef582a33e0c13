/**
 * Per-metric words: the noise note tests no pool of questions across metrics (each metric has its
 * own paired test, named wherever a drop is called noise), and a p-value below 0.001 reads
 * "p < 0.001", never "p = < 0.001".
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { compare } from '../../src/compare/compare.ts'
import { failureSentence } from '../../src/report/failures.ts'
import { renderReport } from '../../src/report/markdown.ts'
import { renderTerminal } from '../../src/report/terminal.ts'
import { pText } from '../../src/report/words.ts'
import { baselineOf, gate, makeResults, makeRun } from '../helpers/factories.ts'

const UPDATE = 'evalgate baseline --results results.json'

describe('per-metric words in the noise note', () => {
  it('has no sign test over questions pooled across metrics next to a metric that regressed with p < 0.001', () => {
    // faithfulness falls on 20 of 40 questions; eight other metrics wobble both ways, so pooled questions look like chance
    const wobble = ['relevance_norm', 'completeness_norm', 'citation_norm', 'answer_relevancy', 'context_precision', 'context_recall', 'accuracy_norm', 'citation_valid']
    const base = makeRun(Array.from({ length: 40 }, () => ({ faithfulness: 0.8, ...Object.fromEntries(wobble.map((m) => [m, 0.5])) })))
    const cand = makeRun(
      Array.from({ length: 40 }, (_, i) => ({
        faithfulness: i < 20 ? 0.4 : 0.8,
        ...Object.fromEntries(wobble.map((m, j) => [m, (i + j) % 4 === 0 ? 0.25 : (i + j) % 4 === 1 ? 0.75 : 0.5])),
      })),
    )
    const c = compare(cand, baselineOf(base), gate(), UPDATE)
    const faithfulness = c.metrics.find((m) => m.metric === 'faithfulness')!
    assert.ok(faithfulness.p! < 0.001 && faithfulness.status === 'regression')
    assert.equal(c.noise!.sign_p, undefined, 'no pooled sign test is computed')
    const text = [renderReport(makeResults(cand, c)), renderTerminal(makeResults(cand, c), { color: false })].join('\n')
    assert.doesNotMatch(text, /sign test/)
    assert.doesNotMatch(text, /within what chance explains|more than chance explains/)
    assert.match(text, /Each metric is judged by its own paired test/)
    assert.doesNotMatch(text, /p = </)
  })

  it('prints p < 0.001, never p = < 0.001', () => {
    assert.equal(pText(0.0004), 'p < 0.001')
    assert.equal(pText(0.0449), 'p = 0.045')
    const sentence = failureSentence({
      kind: 'max_drop',
      metric: 'accuracy_norm',
      baseline: 0.8,
      candidate: 0.7,
      value: 0.1,
      limit: 0.02,
      unit: 'score',
      noise: {
        interval: { low: -0.2, high: 0.01, level: 0.95 },
        flips: { worse: 30, better: 2 },
        p: 0.0002,
        p_holm: 0.0004,
        reason: 'interval_includes_zero',
        test: 'sign_flip_monte_carlo',
        clusters: null,
      },
    })
    assert.match(sentence, /its permutation test gives p < 0\.001, Holm p < 0\.001\)/)
    assert.doesNotMatch(sentence, /= </)
  })

  it("names each metric's own test where it calls a drop noise: McNemar for pass/fail, the permutation test for scores", () => {
    // 3 questions fall on each: the interval excludes 0, but 3 flips cannot be told from chance
    const base = makeRun(Array.from({ length: 3 }, () => ({ rules_pass: 1, accuracy_norm: 1 })))
    const cand = makeRun(Array.from({ length: 3 }, () => ({ rules_pass: 0, accuracy_norm: 0.25 })))
    const c = compare(cand, baselineOf(base), gate(), UPDATE)
    const report = renderReport(makeResults(cand, c))
    assert.match(report, /\| rules_pass \|[^\n]*beyond max_drop, within noise \(CI excludes 0 but McNemar mid-p test p = 0\.125\): strict mode fails it/)
    assert.match(report, /\| accuracy_norm \|[^\n]*beyond max_drop, within noise \(CI excludes 0 but permutation test p = 0\.125\): strict mode fails it/)
    assert.match(report, /`rules_pass`: [^\n]*the data cannot tell it from noise \([^\n]*but its McNemar mid-p test does not on/)
    assert.match(report, /`accuracy_norm`: [^\n]*the data cannot tell it from noise \([^\n]*but its permutation test does not on/)
  })
})
