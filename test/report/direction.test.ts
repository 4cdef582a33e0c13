/**
 * Words that describe a change follow the metric's direction (MetricDefinition.direction),
 * in every renderer: a rising hallucination_rate "rose" and got worse, it never "dropped"; a
 * change too small to show is ±0.000, never -0.000.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { annotation } from '../../src/action/publish.ts'
import { compare } from '../../src/compare/compare.ts'
import { DIRECTIONS, SCALES, scaleWords } from '../../src/metrics/definitions.ts'
import { metricInfo, registry } from '../../src/metrics/registry.ts'
import { failureSentence } from '../../src/report/failures.ts'
import { renderReport } from '../../src/report/markdown.ts'
import { flipChart } from '../../src/report/mermaid.ts'
import { renderTerminal } from '../../src/report/terminal.ts'
import { movement, signed, worseVerb } from '../../src/report/words.ts'
import { metricTable } from '../../scripts/referenceParts.ts'
import { baselineOf, gate, makeResults, makeRun } from '../helpers/factories.ts'

/** Every text a reviewer can read about a comparison: the Markdown report, the terminal, the failure sentences and annotations. */
function everything(cand: ReturnType<typeof makeRun>, base: ReturnType<typeof makeRun>, settings = gate()): { text: string; c: ReturnType<typeof compare> } {
  const c = compare(cand, baselineOf(base), settings, 'evalgate baseline')
  const results = makeResults(cand, c)
  const text = [renderReport(results), renderTerminal(results, { color: false }), ...c.failures.map(failureSentence), ...c.failures.map((f) => annotation(f).message)].join('\n')
  return { text, c }
}

describe("every renderer says a metric's direction in its definition's words", () => {
  for (const definition of registry.definitions) {
    const words = definition.direction
    const name = definition.name.replace('@K', '@5')
    it(`${definition.name}: ${words.better}`, () => {
      assert.deepEqual(movement(name, 0.1), { verb: 'rose', judgement: words.rise })
      assert.deepEqual(movement(name, -0.1), { verb: 'fell', judgement: words.fall })
      assert.equal(worseVerb(name), words.worse)
      assert.match(flipChart([{ id: 'q1', baseline: 0, candidate: 1 }], { metric: name }), new RegExp(`▼ fell: ${words.fall}, ▲ rose: ${words.rise}`))
      assert.equal(scaleWords(definition), `${SCALES[definition.unit].words}, ${words.better}`)
      assert.ok(metricTable([definition]).includes(`| ${words.better} |`), 'the reference’s direction column')
      assert.equal(metricInfo(name)?.higherIsBetter, words.rise === 'better', 'the comparison’s arithmetic reads the same fact')
    })
  }
  it('the words of each direction, and the metrics where lower is better', () => {
    assert.deepEqual(DIRECTIONS.higher, { better: 'higher is better', rise: 'better', fall: 'worse', worse: 'fell', limit: 'floor' })
    assert.deepEqual(DIRECTIONS.lower, { better: 'lower is better', rise: 'worse', fall: 'better', worse: 'rose', limit: 'ceiling' })
    assert.deepEqual(
      registry.definitions.filter((d) => d.direction === DIRECTIONS.lower).map((d) => d.name),
      ['hallucination_rate', 'contradicted', 'latency_ms'],
    )
  })
  it('no change: did not move, unchanged', () => {
    assert.deepEqual(movement('hallucination_rate', 0), { verb: 'did not move', judgement: 'unchanged' })
  })
})

describe('a rising hallucination_rate', () => {
  const base = makeRun(Array.from({ length: 20 }, (_, i) => ({ hallucination_rate: i < 2 ? 1 : 0, faithfulness: i < 2 ? 0 : 1 })))
  const cand = makeRun(Array.from({ length: 20 }, (_, i) => ({ hallucination_rate: i < 8 ? 1 : 0, faithfulness: i < 8 ? 0 : 1 })))

  it('is said to have risen, in the failure, the annotation, the report and the terminal; never "dropped"', () => {
    const { text, c } = everything(cand, base)
    const failure = c.failures.find((f) => 'metric' in f && f.metric === 'hallucination_rate')
    assert.ok(failure, JSON.stringify(c.failures))
    assert.match(failureSentence(failure), /^hallucination_rate: rose 0\.300, more than max_drop 0\.02/)
    assert.match(failureSentence(c.failures.find((f) => 'metric' in f && f.metric === 'faithfulness')!), /^faithfulness: fell 0\.300, more than max_drop 0\.02/)
    assert.doesNotMatch(text, /dropped|\bdrop(?:s|ped)? by\b/)
  })

  it('its per-question chart says a rise is worse', () => {
    const chart = flipChart([{ id: 'q3', baseline: 0, candidate: 1 }], { metric: 'hallucination_rate' })
    assert.match(chart, /y-axis "size of change \(▼ fell: better, ▲ rose: worse\)"/)
    assert.match(flipChart([{ id: 'q3', baseline: 1, candidate: 0 }], { metric: 'faithfulness' }), /▼ fell: worse, ▲ rose: better/)
  })

  it('a category over its ceiling is "above its ceiling", not "below its floor"', () => {
    const { c, text } = everything(cand, base, gate({ by_category: { 报销政策: { hallucination_rate: 0.2 } } }))
    const floor = c.failures.find((f) => f.kind === 'category_floor')
    assert.ok(floor, JSON.stringify(c.failures))
    assert.equal(failureSentence(floor), 'category 报销政策: hallucination_rate 0.400 is above its ceiling 0.2')
    assert.equal(annotation(floor).message, 'category 报销政策: hallucination_rate 0.400 is above its ceiling 0.2')
    assert.doesNotMatch(text, /hallucination_rate\S* 0\.400 is below/)
  })
})

describe('a pass/fail metric where 1 is bad (contradicted)', () => {
  it('0 → 1 is a pass → fail flip in the per-question table', () => {
    const base = makeRun([{ contradicted: 0 }, { contradicted: 0 }])
    const cand = makeRun([{ contradicted: 1 }, { contradicted: 0 }])
    const { c } = everything(cand, base)
    assert.equal(c.regressions[0]?.metric, 'contradicted')
    const report = renderReport(makeResults(cand, c))
    assert.match(report, /\| q1 <sub>报销政策<\/sub> \| contradicted \| 0\.000 → 1\.000 \(\+1\.00, pass → fail\)/)
  })
})

describe('a change too small to show', () => {
  it('is ±0.000 in every renderer, never -0.000', () => {
    assert.equal(signed(-0.0002, 3, '-'), '±0.000')
    assert.equal(signed(-0.0002, 3), '±0.000')
    assert.equal(signed(-0.0006, 3, '-'), '-0.001')
    const base = makeRun(Array.from({ length: 10 }, (_, i) => ({ mrr: i === 0 ? 0.5004 : 0.5 })))
    const cand = makeRun(Array.from({ length: 10 }, () => ({ mrr: 0.5 })))
    const { text, c } = everything(cand, base)
    assert.ok(c.metrics[0]!.delta! < 0 && c.metrics[0]!.delta! > -0.0005, String(c.metrics[0]!.delta))
    assert.doesNotMatch(text, /[-−]0\.000\b/)
    assert.match(renderTerminal(makeResults(cand, c), { color: false }), /mrr\s+0\.500\s+0\.500\s+±0\.000/)
  })
})
