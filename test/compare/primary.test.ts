/**
 * gate.primary: primary metrics are tested at the full alpha of a one-metric gate, one after the
 * other, stopping at the first that did not drop significantly (fixed-sequence testing); the
 * rest share Holm's correction. The setting is validated like every gate setting.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { checkGateMetricNames } from '../../src/baseline/gate.ts'
import { compare } from '../../src/compare/compare.ts'
import { renderReport } from '../../src/report/markdown.ts'
import { parseConfig } from '../../src/run/config/config.ts'
import { GateError } from '../../src/io/errors.ts'
import { baselineOf, gate, makeResults, makeRun, type Scores } from '../helpers/factories.ts'

const UPDATE = 'evalgate baseline --results results.json'

/** 40 questions: accuracy_norm drops on 6 (mid-p 1/64 alone), and seven other metrics move by chance on a few questions each. */
function pair() {
  const others = ['relevance_norm', 'completeness_norm', 'citation_norm', 'faithfulness', 'answer_relevancy', 'context_precision', 'context_recall']
  const base = (i: number): Scores => ({ accuracy_norm: 0.75, ...Object.fromEntries(others.map((m) => [m, 0.5])), rules_pass: i % 3 ? 1 : 0 })
  const moved = (i: number): Scores => ({
    accuracy_norm: i < 6 ? 0.5 : 0.75,
    // each other metric: one question worse, one better (no signal)
    ...Object.fromEntries(others.map((m, j) => [m, i === 10 + 2 * j ? 0.25 : i === 11 + 2 * j ? 0.75 : 0.5])),
  })
  const b = makeRun(Array.from({ length: 40 }, (_, i) => base(i)))
  const c = makeRun(Array.from({ length: 40 }, (_, i) => ({ ...base(i), ...moved(i) })))
  return { b, c }
}

describe('gate.primary (fixed-sequence testing before Holm)', () => {
  it('tests a primary metric at full alpha: a drop Holm across eight changed metrics calls noise is a regression', () => {
    const { b, c } = pair()
    const holm = compare(c, baselineOf(b), gate({ gate_mode: 'significant' }), UPDATE)
    const row = holm.metrics.find((m) => m.metric === 'accuracy_norm')!
    assert.ok(row.p! < 0.05 && row.p_holm! >= 0.05, `p ${row.p}, Holm ${row.p_holm}`)
    assert.equal(row.status, 'regression_within_noise')
    assert.equal(holm.verdict, 'pass')

    const primary = compare(c, baselineOf(b), gate({ gate_mode: 'significant', primary: ['accuracy_norm'] }), UPDATE)
    const first = primary.metrics.find((m) => m.metric === 'accuracy_norm')!
    assert.equal(first.p_holm, first.p, 'the first primary is adjusted by nothing')
    assert.equal(first.status, 'regression')
    assert.equal(primary.verdict, 'fail')
    const tests = primary.noise!.tests
    assert.deepEqual(tests[0], { family: 'accuracy_norm', metrics: ['accuracy_norm'], p: first.p, p_holm: first.p, stage: 'primary' })
    assert.ok(
      tests.slice(1).every((t) => t.stage === 'holm' && !t.metrics.includes('accuracy_norm')),
      'the rest share Holm without it',
    )
    assert.match(
      renderReport(makeResults(c, primary)),
      /gate\.primary was tested first, each metric at alpha 0\.05 in the order given, stopping at the first that did not drop significantly \(fixed-sequence testing\): accuracy_norm \(p = 0\.0\d\d\); every primary metric dropped significantly\./,
    )
  })

  it('stops at the first primary that did not drop: the next one is adjusted to at least its p and called noise for it', () => {
    const { b, c } = pair()
    // relevance_norm first: it did not drop, so accuracy_norm after it is not reached
    const r = compare(c, baselineOf(b), gate({ gate_mode: 'significant', primary: ['relevance_norm', 'accuracy_norm'] }), UPDATE)
    const accuracy = r.metrics.find((m) => m.metric === 'accuracy_norm')!
    assert.equal(accuracy.p_holm, 1, 'relevance_norm did not drop: the sequence stopped there (p counted as 1)')
    assert.equal(accuracy.status, 'regression_within_noise')
    assert.equal(accuracy.noise_reason, 'primary_sequence')
    assert.equal(r.verdict, 'pass')
    const report = renderReport(makeResults(c, r))
    assert.match(report, /relevance_norm \(p = 0\.750\), accuracy_norm \(not reached\); the sequence stopped at relevance_norm/)
    assert.match(report, /CI excludes 0 but the primary sequence stopped before it, sequence p = 1\.000\)/)
  })

  it('is a gate setting: unknown names are errors with did-you-mean, latency cannot be one, a name twice is refused', () => {
    const settings = (primary: unknown) => parseConfig({ gate: { primary } }, 'evalgate.yml')
    assert.throws(
      () => settings(['acuracy_norm']),
      (e: unknown) => e instanceof GateError && /evalgate\.yml: primary\[0\] names an unknown metric "acuracy_norm" \(did you mean accuracy_norm\?\)/.test(e.message),
    )
    assert.throws(() => checkGateMetricNames({ primary: ['faithfulness', 'recal@10'] }, 'baselines/baseline.json'), /primary\[1\] names an unknown metric "recal@10" \(did you mean recall@10\?\)/)
    assert.throws(() => settings(['latency_ms']), /primary\[0\] is latency_ms, which is gated by latency_rise on its p50 and p95, not by a paired test/)
    assert.throws(() => settings(['accuracy_norm', 'accuracy_norm']), /names a metric twice/)
    assert.deepEqual(settings(['faithfulness', 'accuracy_norm']).gate.primary, ['faithfulness', 'accuracy_norm'])
  })
})
