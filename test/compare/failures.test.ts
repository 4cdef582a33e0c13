import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { BaselineView } from '../../src/baseline/baseline.ts'
import type { RunUnderTest } from '../../src/compare/columns.ts'
import { compare } from '../../src/compare/compare.ts'
import type { GateFailure } from '../../src/schemas/failures.ts'
import type { GateSettings } from '../../src/schemas/results.ts'
import { baselineOf, gate, makeRun, passes } from '../helpers/factories.ts'

const UPDATE = 'npx --yes github:evalgate/evalgate#v1 baseline --results out/results.json --out baselines/baseline.json'

interface KindCase {
  name: string
  run: RunUnderTest
  baseline: (run: RunUnderTest) => BaselineView | null
  gate: Partial<GateSettings>
  /** the one failure compare() must produce, field by field (numbers to 1e-9) */
  expect: Record<string, unknown>
}

const rulesDrop = { base: makeRun(passes('rules_pass', 50, 45)), cand: makeRun(passes('rules_pass', 50, 43)) }
// 200 questions, 30 of them pass → fail: a drop the paired test tells from noise
const clearDrop = {
  base: makeRun(Array.from({ length: 200 }, (_, i) => ({ rules_pass: i < 180 ? 1 : 0 }))),
  cand: makeRun(Array.from({ length: 200 }, (_, i) => ({ rules_pass: i < 150 ? 1 : 0 }))),
}
// 20 questions at 30 ms; the candidate's two slowest take 1000 ms: p50 stays, p95 rises
const latencyBase = makeRun(Array.from({ length: 20 }, () => ({ latency_ms: 30 })))
const latencyTail = makeRun(Array.from({ length: 20 }, (_, i) => ({ latency_ms: i < 2 ? 1000 : 30 })))

const cases: KindCase[] = [
  {
    name: 'max_drop, within noise under gate_mode strict',
    run: rulesDrop.cand,
    baseline: () => baselineOf(rulesDrop.base),
    gate: { gate_mode: 'strict' },
    expect: { kind: 'max_drop', metric: 'rules_pass', unit: 'score', baseline: 0.9, candidate: 0.86, value: 0.04, limit: 0.02, 'noise.flips': { worse: 2, better: 0 } },
  },
  {
    name: 'max_drop against a minimal baseline (no per-question data, so no noise test)',
    run: makeRun([{ accuracy_norm: 0.75 }, { accuracy_norm: 0.75 }]),
    baseline: (run) => ({ ...baselineOf(run), kind: 'minimal', questions: null, eval_set_fingerprint: null, judge: null, metrics: { accuracy_norm: 0.88 } }),
    gate: { gate_mode: 'significant' },
    expect: { kind: 'max_drop', metric: 'accuracy_norm', unit: 'score', baseline: 0.88, candidate: 0.75, value: 0.13, limit: 0.02, noise: null },
  },
  {
    name: 'latency, a p95 rise beyond latency_rise and latency_min_ms',
    run: latencyTail,
    baseline: () => baselineOf(latencyBase),
    gate: { latency_rise: 0.5 },
    expect: { kind: 'latency', metric: 'latency_ms', unit: 'fraction', percentile: 'p95', baseline: 30, candidate: 1000, value: 970 / 30, limit: 0.5, min_ms: 50, noise: null },
  },
  {
    name: 'significant, a drop beyond max_drop whose interval excludes no change',
    run: clearDrop.cand,
    baseline: () => baselineOf(clearDrop.base),
    gate: { gate_mode: 'significant' },
    expect: { kind: 'significant', metric: 'rules_pass', unit: 'score', baseline: 0.9, candidate: 0.75, value: 0.15, limit: 0.02, 'evidence.flips': { worse: 30, better: 0 } },
  },
  {
    name: 'threshold, a floor',
    run: makeRun([{ faithfulness: 0.8 }, { faithfulness: 0.8 }]),
    baseline: () => null,
    gate: { thresholds: { faithfulness: 0.85 } },
    expect: { kind: 'threshold', metric: 'faithfulness', unit: 'score', bound: 'floor', value: 0.8, limit: 0.85 },
  },
  {
    name: 'threshold, a ceiling on a lower-is-better metric',
    run: makeRun([{ hallucination_rate: 0.2 }]),
    baseline: () => null,
    gate: { thresholds: { hallucination_rate: 0.1 } },
    expect: { kind: 'threshold', metric: 'hallucination_rate', unit: 'score', bound: 'ceiling', value: 0.2, limit: 0.1 },
  },
  {
    name: 'threshold, no value to check',
    run: makeRun([{ faithfulness: null }]),
    baseline: () => null,
    gate: { thresholds: { faithfulness: 0.85 } },
    expect: { kind: 'threshold', metric: 'faithfulness', value: null, limit: 0.85 },
  },
  {
    name: 'error_rate',
    run: makeRun(
      Array.from({ length: 10 }, (_, i) => ({ faithfulness: i < 8 ? 1 : null })),
      { errors: { 8: 'timeout', 9: 'timeout' } },
    ),
    baseline: () => null,
    gate: { max_error_rate: 0.1 },
    expect: { kind: 'error_rate', metric: 'faithfulness', unit: 'fraction', value: 0.2, limit: 0.1, errors: 2, questions: 10 },
  },
  {
    name: 'category_floor',
    run: makeRun([{ accuracy_norm: 1 }, { accuracy_norm: 0.5 }, { accuracy_norm: 0.75 }], { categories: ['报销政策', '考勤加班', '考勤加班'] }),
    baseline: () => null,
    gate: { by_category: { 考勤加班: { accuracy_norm: 0.82 } } },
    expect: { kind: 'category_floor', category: '考勤加班', metric: 'accuracy_norm', unit: 'score', bound: 'floor', value: 0.625, limit: 0.82 },
  },
  {
    name: 'category_missing, a floor for a category no question has',
    run: makeRun([{ accuracy_norm: 1 }]),
    baseline: () => null,
    gate: { by_category: { 报销: { accuracy_norm: 0.5, faithfulness: 0.5 } } },
    expect: { kind: 'category_missing', category: '报销', metrics: ['accuracy_norm', 'faithfulness'] },
  },
]

describe('compare() gives each gate failure as data', () => {
  for (const c of cases) {
    it(`gives ${c.name}`, () => {
      const comparison = compare(c.run, c.baseline(c.run), gate(c.gate), UPDATE)
      assert.equal(comparison.verdict, 'fail')
      assert.equal(comparison.failures.length, 1, JSON.stringify(comparison.failures))
      const failure = comparison.failures[0]!
      for (const [path, want] of Object.entries(c.expect)) {
        const got = path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | null)?.[k], failure)
        if (typeof want === 'number') assert.ok(typeof got === 'number' && Math.abs(got - want) < 1e-9, `${path}: ${String(got)} ≠ ${want}`)
        else assert.deepEqual(got, want, path)
      }
      // the file form is the data form: it survives JSON
      assert.deepEqual(JSON.parse(JSON.stringify(failure)) as GateFailure, failure)
    })
  }

  it('names the limit of every row with its kind: max_drop for scores, latency_rise for latency', () => {
    const run = makeRun([{ rules_pass: 1, latency_ms: 900 }])
    const c = compare(run, baselineOf(run), gate({ max_drop: 0.03, latency_rise: 0.4, max_drop_overrides: { mrr: 0.1 } }), UPDATE)
    assert.deepEqual(
      c.metrics.map((m) => [m.metric, m.limit]),
      [
        ['rules_pass', { kind: 'max_drop', value: 0.03, min_ms: null }],
        ['latency_ms', { kind: 'latency_rise', value: 0.4, min_ms: 50 }],
      ],
    )
    assert.ok(
      c.metrics.every((m) => !('max_drop' in m)),
      'no max_drop field that sometimes holds a latency limit',
    )
  })

  it('keeps the evidence of a significant drop: interval, flips, the paired test p and the Holm-adjusted p', () => {
    const c = compare(clearDrop.cand, baselineOf(clearDrop.base), gate({ gate_mode: 'strict' }), UPDATE)
    const failure = c.failures[0]!
    assert.equal(failure.kind, 'significant')
    if (failure.kind !== 'significant') return
    const row = c.metrics.find((m) => m.metric === 'rules_pass')!
    assert.deepEqual(failure.evidence, { interval: row.interval, flips: { worse: 30, better: 0 }, p: row.p, p_holm: row.p_holm, reason: null, test: 'mcnemar_mid_p', clusters: null })
    assert.ok(failure.evidence.interval.high < 0 && failure.evidence.p_holm < 0.05)
  })
})

describe('compare() with a baseline it cannot compare', () => {
  const run = makeRun([{ mrr: 1 }, { mrr: 0.5 }])

  it('returns the incomparable comparison itself: verdict, reasons and the update command, nothing compared', () => {
    const c = compare(run, baselineOf(run, { eval_set_version: 'v0' }), gate(), UPDATE)
    assert.equal(c.verdict, 'incomparable')
    assert.equal(c.reasons.length, 1)
    assert.match(c.reasons[0]!, /eval_set_version "v0", this run uses "v1"/)
    assert.equal(c.update_command, UPDATE)
    assert.deepEqual([c.failures, c.metrics, c.categories, c.regressions, c.common, c.verdicts_by_mode], [[], [], [], [], 0, null])
    assert.equal(c.baseline.kind, 'evalgate')
    assert.equal(c.baseline.eval_set_version, 'v0')
  })

  it('says when the eval set was edited under the same label, and that the fingerprint differs', () => {
    const c = compare(run, baselineOf(run, { eval_set_fingerprint: 'sha256:other' }), gate(), UPDATE)
    assert.equal(c.verdict, 'incomparable')
    assert.match(c.reasons[0]!, /edited without changing eval_set_version/)
    assert.equal(c.baseline.fingerprint_check, 'mismatch')
  })
})
