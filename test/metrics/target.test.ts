/**
 * A metric best at one value (issue 30, point 1: "a ratio, best at 1"): its definition says so
 * with towards(), and the comparison reads its distance from the target, lower better. A ratio
 * of answer length to reference length that went from 0.8 to 1.3 rose, yet got worse; one
 * from 0.5 to 0.9 got better.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { buildColumns, pairedMeans } from '../../src/compare/columns.ts'
import { comparedValue, DIRECTIONS, outOfScale, scaleWords, towards, worstCompared, type MetricDefinition } from '../../src/metrics/definition.ts'
import { METRIC_DEFINITIONS } from '../../src/metrics/definitions.ts'
import { directedChange, MetricRegistry } from '../../src/metrics/registry.ts'
import { comparedWhat } from '../../src/report/words.ts'
import { baselineOf, makeRun } from '../helpers/factories.ts'

const lengthRatio: MetricDefinition = {
  name: 'length_ratio',
  displayName: 'Length ratio',
  description: "the answer's length over the reference answer's",
  family: 'rules',
  tiers: ['rules'],
  direction: towards(1),
  binary: false,
  unit: 'ratio',
  gate: 'max_drop',
  nullWhen: 'the question has no reference answer',
}
const registry = new MetricRegistry([...METRIC_DEFINITIONS, lengthRatio])
const info = registry.info('length_ratio') ?? assert.fail('the registry has the added metric')

describe('a metric best at a target', () => {
  it('says so in its scale words, and takes values a 0–1 score cannot', () => {
    assert.equal(scaleWords(lengthRatio), 'a ratio, best at 1')
    assert.equal(outOfScale(lengthRatio, 3.7), null)
    assert.match(outOfScale(lengthRatio, -0.5) ?? '', /outside its scale \(a ratio: at least 0\)/)
  })

  it('is compared by its distance from the target, lower better', () => {
    assert.equal(info.higherIsBetter, false)
    assert.ok(Math.abs(comparedValue(info.direction, 1.3) - 0.3) < 1e-12)
    assert.ok(Math.abs(comparedValue(info.direction, 0.7) - 0.3) < 1e-12)
    assert.equal(comparedValue(DIRECTIONS.higher, 0.7), 0.7, 'a metric without a target is compared as it is')
    assert.equal(comparedWhat(info.direction), 'its distance from 1 ')
    assert.equal(comparedWhat(DIRECTIONS.lower), '')
  })

  it('has a worst value only where its scale is closed on the side farther from the target', () => {
    assert.ok(Number.isNaN(worstCompared(lengthRatio)), 'a ratio has no top: an unanswered question has no worst ratio')
    assert.equal(worstCompared({ unit: 'score', direction: towards(0.25) }), 0.75)
    assert.equal(worstCompared({ unit: 'score', direction: DIRECTIONS.higher }), 0)
    assert.equal(worstCompared({ unit: 'score', direction: DIRECTIONS.lower }), 1)
    assert.ok(Number.isNaN(worstCompared({ unit: 'ms', direction: DIRECTIONS.lower })))
  })

  it('reaches the comparison as distances: a rise past the target is a change for the worse, a rise toward it one for the better', () => {
    const before = makeRun([{ length_ratio: 0.8 }, { length_ratio: 0.5 }, { length_ratio: 1 }])
    const after = makeRun([{ length_ratio: 1.3 }, { length_ratio: 0.9 }, { length_ratio: 1 }])
    const columns = buildColumns(after.questions, baselineOf(before).questions, ['length_ratio'], (name) => registry.info(name))
    const round = (column: Float64Array | undefined) => Array.from(column ?? [], (v) => Math.round(v * 1e9) / 1e9)
    assert.deepEqual(round(columns.candidate.get('length_ratio')), [0.3, 0.1, 0])
    assert.deepEqual(round(columns.baseline?.get('length_ratio')), [0.2, 0.5, 0])
    const change = (i: number) => directedChange(info, columns.baseline?.get('length_ratio')?.[i] ?? NaN, columns.candidate.get('length_ratio')?.[i] ?? NaN)
    assert.ok(change(0) < 0, '0.8 → 1.3 moved away from 1')
    assert.ok(change(1) > 0, '0.5 → 0.9 moved toward 1')
    const means = pairedMeans(columns.baseline?.get('length_ratio'), columns.candidate.get('length_ratio'), columns.inBaseline)
    assert.ok(Math.abs((means.baseline ?? NaN) - 0.7 / 3) < 1e-12 && Math.abs((means.candidate ?? NaN) - 0.4 / 3) < 1e-12, 'the means are of the distances, not of ratios that average out')
  })

  it('leaves an unanswered question without a value rather than a made-up worst ratio', () => {
    const before = makeRun([{ length_ratio: 1.1 }])
    const after = makeRun([{ length_ratio: null }])
    const q1 = after.questions.q1 ?? assert.fail('q1')
    q1.errors.candidate = 'the candidate exited 1'
    const columns = buildColumns(after.questions, baselineOf(before).questions, ['length_ratio'], (name) => registry.info(name))
    assert.ok(Number.isNaN(columns.candidate.get('length_ratio')?.[0] ?? 0))
  })
})
