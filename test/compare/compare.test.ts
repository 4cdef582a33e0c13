import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { compare, incomparability } from '../../src/compare/compare.ts'
import { failureSentence, failuresOf } from '../../src/report/failures.ts'
import type { GateFailure } from '../../src/schemas/failures.ts'
import { baselineOf, gate, makeRun, passes, JUDGE } from '../helpers/factories.ts'

const UPDATE = 'npx evalgate baseline --results results.json --out baselines/baseline.json'

describe('metric-level gate', () => {
  it('fails when a metric drops by more than max_drop', () => {
    const base = makeRun(passes('rules_pass', 50, 45))
    const cand = makeRun(passes('rules_pass', 50, 43))
    const c = compare(cand, baselineOf(base), gate({ max_drop: 0.02 }), UPDATE)
    const row = c.metrics.find((m) => m.metric === 'rules_pass')!
    assert.equal(c.verdict, 'fail')
    assert.ok(Math.abs(row.delta! - -0.04) < 1e-12)
    assert.deepEqual(row.limit, { kind: 'max_drop', value: 0.02, min_ms: null })
    assert.match(failureSentence(c.failures[0]!), /rules_pass: fell 0\.040, more than max_drop 0\.02/)
    // two flipped questions out of 50 are within noise: strict (the seed's rule) still fails
    assert.equal(row.status, 'regression_within_noise')
    assert.match(
      failureSentence(c.failures[0]!),
      /; the data cannot tell it from noise \(the paired-bootstrap 95% CI of Δ -0\.\d+ to ±0\.000 includes 0, 2 questions worse \/ 0 better; its McNemar mid-p test gives p = 0\.\d{3}, Holm p = 0\.\d{3}\): strict mode fails it$/,
    )
  })

  it('calls a drop whose paired interval excludes zero a regression, and gate_mode significant fails only on those', () => {
    const n = 200
    const basePairs = Array.from({ length: n }, (_, i) => ({ rules_pass: i < 180 ? 1 : 0, citation_ok: i < 150 ? 1 : 0 }))
    // rules_pass loses 30 questions (clear); citation_ok 6 and gains 1 (0.025, beyond max_drop, but noise: McNemar mid-p 0.070)
    const candPairs = Array.from({ length: n }, (_, i) => ({ rules_pass: i < 150 ? 1 : 0, citation_ok: i < 144 || i === 150 ? 1 : 0 }))
    const b = makeRun(basePairs)
    const strict = compare(makeRun(candPairs), baselineOf(b), gate({ gate_mode: 'strict' }), UPDATE)
    const significant = compare(makeRun(candPairs), baselineOf(b), gate({ gate_mode: 'significant' }), UPDATE)
    const rp = significant.metrics.find((m) => m.metric === 'rules_pass')!
    const fa = significant.metrics.find((m) => m.metric === 'citation_ok')!
    assert.equal(rp.status, 'regression')
    assert.ok(rp.interval!.high < 0 && rp.p_holm! < 0.05)
    assert.deepEqual(rp.flips, { worse: 30, better: 0, p: rp.flips!.p })
    assert.ok(rp.flips!.p < 1e-6)
    assert.equal(fa.status, 'regression_within_noise')
    assert.deepEqual(significant.failures.map(kindAndMetric), [['significant', 'rules_pass']])
    assert.deepEqual(strict.failures.map(kindAndMetric), [
      ['max_drop', 'citation_ok'],
      ['significant', 'rules_pass'],
    ])
    assert.deepEqual(significant.verdicts_by_mode, { strict: 'fail', significant: 'fail' })
    assert.equal(significant.noise!.n, 200)
    assert.ok(Math.abs(significant.noise!.half_width - 0.0693) < 1e-4)
  })

  it('gives the same interval for the same inputs (seeded bootstrap)', () => {
    const b = makeRun(Array.from({ length: 60 }, (_, i) => ({ accuracy_norm: (i % 5) / 4 })))
    const c = makeRun(Array.from({ length: 60 }, (_, i) => ({ accuracy_norm: ((i + 1) % 5) / 4 })))
    const first = compare(c, baselineOf(b), gate(), UPDATE).metrics[0]!
    const second = compare(c, baselineOf(b), gate(), UPDATE).metrics[0]!
    assert.deepEqual(first.interval, second.interval)
    assert.equal(first.p, second.p)
  })

  it('passes a drop of exactly max_drop (0.80 → 0.78 is not "more than 0.02")', () => {
    const base = makeRun(passes('rules_pass', 50, 40))
    const cand = makeRun(passes('rules_pass', 50, 39))
    const c = compare(cand, baselineOf(base), gate({ max_drop: 0.02 }), UPDATE)
    assert.equal(c.metrics[0]!.status, 'within')
    assert.equal(c.verdict, 'pass')
  })

  it('is direction-aware: hallucination_rate rising is a regression, falling an improvement', () => {
    const base = makeRun([{ hallucination_rate: 0.1 }, { hallucination_rate: 0.1 }])
    const worse = makeRun([{ hallucination_rate: 0.3 }, { hallucination_rate: 0.2 }])
    const better = makeRun([{ hallucination_rate: 0 }, { hallucination_rate: 0 }])
    assert.match(compare(worse, baselineOf(base), gate(), UPDATE).metrics[0]!.status, /^regression/)
    assert.equal(compare(better, baselineOf(base), gate(), UPDATE).metrics[0]!.status, 'improvement')
  })

  it('lets a per-metric override loosen one metric only', () => {
    const base = makeRun([{ mrr: 0.8, faithfulness: 0.9 }])
    const cand = makeRun([{ mrr: 0.75, faithfulness: 0.85 }])
    const c = compare(cand, baselineOf(base), gate({ max_drop: 0.02, max_drop_overrides: { mrr: 0.1 } }), UPDATE)
    assert.equal(c.metrics.find((m) => m.metric === 'mrr')!.status, 'within')
    assert.match(c.metrics.find((m) => m.metric === 'faithfulness')!.status, /^regression/)
  })

  it('gates latency_ms on a relative rise of p50 and p95 when latency_rise is set (test/compare/latency.test.ts has the rest)', () => {
    const base = makeRun([{ latency_ms: 1000 }, { latency_ms: 1000 }])
    const slower = makeRun([{ latency_ms: 1600 }, { latency_ms: 1600 }])
    const abitSlower = makeRun([{ latency_ms: 1400 }, { latency_ms: 1400 }])
    assert.match(compare(slower, baselineOf(base), gate({ latency_rise: 0.5 }), UPDATE).metrics[0]!.status, /^regression/)
    assert.equal(compare(abitSlower, baselineOf(base), gate({ latency_rise: 0.5 }), UPDATE).metrics[0]!.status, 'within')
    assert.equal(compare(slower, baselineOf(base), gate(), UPDATE).metrics[0]!.status, 'not_gated')
  })

  it('fails on an absolute threshold even without a baseline', () => {
    const cand = makeRun([{ faithfulness: 0.8 }, { faithfulness: 0.8 }])
    const c = compare(cand, null, gate({ thresholds: { faithfulness: 0.85 } }), UPDATE)
    assert.equal(c.verdict, 'fail')
    assert.match(failureSentence(c.failures[0]!), /0\.800 is below the threshold 0\.85/)
    assert.equal(compare(cand, null, gate(), UPDATE).verdict, 'no_baseline')
  })

  it('treats a threshold on a lower-is-better metric as a ceiling', () => {
    const cand = makeRun([{ hallucination_rate: 0.2 }])
    assert.equal(compare(cand, null, gate({ thresholds: { hallucination_rate: 0.1 } }), UPDATE).verdict, 'fail')
    assert.equal(compare(cand, null, gate({ thresholds: { hallucination_rate: 0.3 } }), UPDATE).verdict, 'no_baseline')
  })

  it('fails a metric when more than max_error_rate of the questions errored, and never lets unanswered questions raise its mean', () => {
    const scores = Array.from({ length: 10 }, (_, i) => ({ faithfulness: i < 8 ? 1 : null }))
    const base = makeRun(Array.from({ length: 10 }, () => ({ faithfulness: 0.9 })))
    const cand = makeRun(scores, { errors: { 8: 'timeout', 9: 'timeout' } })
    const c = compare(cand, baselineOf(base), gate({ max_error_rate: 0.1 }), UPDATE)
    const row = c.metrics[0]!
    // the mean over the answered questions rose to 1.0; the two unanswered ones count as failing
    assert.equal(cand.metrics.faithfulness!.mean, 1)
    assert.ok(Math.abs(row.candidate! - 0.8) < 1e-12)
    assert.equal(row.n_candidate, 10)
    assert.notEqual(row.status, 'improvement')
    assert.equal(c.verdict, 'fail')
    assert.match(failuresOf(c, row.metric).map(failureSentence).join(), /2 of 10 questions errored \(20\.0%\), more than max_error_rate 10\.0%/)
  })

  it('reports a metric the baseline lacks as new and does not gate it', () => {
    const base = makeRun([{ mrr: 0.5 }])
    const cand = makeRun([{ mrr: 0.5, faithfulness: 0 }])
    const c = compare(cand, baselineOf(base), gate(), UPDATE)
    assert.equal(c.metrics.find((m) => m.metric === 'faithfulness')!.status, 'new')
    assert.equal(c.verdict, 'pass')
  })
})

describe('category floors', () => {
  it('fails when a category mean is under its by_category floor', () => {
    const cand = makeRun([{ accuracy_norm: 1 }, { accuracy_norm: 0.5 }, { accuracy_norm: 0.75 }], { categories: ['报销政策', '考勤加班', '考勤加班'] })
    const c = compare(cand, null, gate({ by_category: { 考勤加班: { accuracy_norm: 0.82 }, 报销政策: { accuracy_norm: 0.9 } } }), UPDATE)
    assert.equal(c.verdict, 'fail')
    assert.deepEqual(c.failures.map(failureSentence), ['category 考勤加班: accuracy_norm 0.625 is below its floor 0.82'])
  })

  it('fails closed when a floor names a category no question has (a typo must not pass silently)', () => {
    const cand = makeRun([{ accuracy_norm: 1 }])
    const c = compare(cand, null, gate({ by_category: { 报销: { accuracy_norm: 0.5 } } }), UPDATE)
    assert.equal(c.verdict, 'fail')
    assert.match(failureSentence(c.failures[0]!), /no question has this category/)
  })
})

describe('per-question regressions', () => {
  it('lists drops of at least question_drop and pass → fail flips, worst first', () => {
    const base = makeRun([
      { accuracy_norm: 1, rules_pass: 1 },
      { accuracy_norm: 1, rules_pass: 1 },
      { accuracy_norm: 0.5, rules_pass: 1 },
    ])
    const cand = makeRun([
      { accuracy_norm: 0.75, rules_pass: 1 },
      { accuracy_norm: 0.25, rules_pass: 0 },
      { accuracy_norm: 0.5, rules_pass: 1 },
    ])
    const c = compare(cand, baselineOf(base), gate(), UPDATE)
    assert.deepEqual(
      c.regressions.map((r) => [r.id, r.metric, r.flip]),
      [
        ['q2', 'rules_pass', true],
        ['q2', 'accuracy_norm', false],
        ['q1', 'accuracy_norm', false],
      ],
    )
    assert.equal(c.improvements.length, 0)
  })

  it('does not list a drop smaller than question_drop', () => {
    const base = makeRun([{ faithfulness: 1 }])
    const cand = makeRun([{ faithfulness: 0.8 }])
    assert.equal(compare(cand, baselineOf(base), gate(), UPDATE).regressions.length, 0)
  })

  it('lists improvements separately', () => {
    const base = makeRun([{ faithfulness: 0.25 }])
    const cand = makeRun([{ faithfulness: 1 }])
    const c = compare(cand, baselineOf(base), gate(), UPDATE)
    assert.equal(c.improvements[0]!.id, 'q1')
    assert.equal(c.regressions.length, 0)
  })

  it('compares only ids present in both and lists added and removed ids', () => {
    const base = makeRun([{ mrr: 1 }, { mrr: 1 }])
    const cand = makeRun([{ mrr: 1 }, { mrr: 1 }, { mrr: 0 }])
    delete base.questions.q2
    const c = compare(cand, baselineOf(base), gate(), UPDATE)
    assert.deepEqual(c.added, ['q2', 'q3'])
    assert.deepEqual(c.removed, [])
    assert.equal(c.common, 1)
    assert.equal(c.metrics[0]!.candidate, 1, 'the candidate mean is over the common ids, so an added question cannot move it')
  })
})

describe('the seed minimal baseline', () => {
  it('compares aggregates and says the per-question table needs an evalgate baseline', () => {
    const cand = makeRun([{ accuracy_norm: 0.75 }, { accuracy_norm: 0.75 }])
    const minimal = { ...baselineOf(cand), kind: 'minimal' as const, questions: null, eval_set_fingerprint: null, judge: null, metrics: { accuracy_norm: 0.88 } }
    const c = compare(cand, minimal, gate({ max_drop: 0.02 }), UPDATE)
    assert.equal(c.verdict, 'fail')
    assert.equal(c.metrics[0]!.baseline, 0.88)
    assert.equal(c.regressions.length, 0)
    assert.match(c.messages.join('\n'), /per-question table needs a baseline written by `evalgate baseline`/)
  })
})

describe('comparability', () => {
  const run = makeRun([{ mrr: 1 }])
  it('refuses a baseline from another eval_set_version, naming both', () => {
    const reasons = incomparability(baselineOf(run, { eval_set_version: 'v2' }), run)
    assert.match(reasons[0]!, /eval_set_version "v2", this run uses "v1"/)
  })
  it('catches an edited eval set that kept its label', () => {
    const reasons = incomparability(baselineOf(run, { eval_set_fingerprint: 'sha256:other' }), run)
    assert.match(reasons[0]!, /edited without changing eval_set_version/)
  })
  it('refuses a different judge or changed metric definitions', () => {
    assert.match(incomparability(baselineOf(run, { judge: { ...JUDGE, provider: 'openai', model: 'gpt' } }), run)[0]!, /different judges/)
    assert.match(incomparability(baselineOf(run, { judge: { ...JUDGE, definitions_hash: 'zzz' } }), run)[0]!, /metric definitions zzz/)
  })
  const LLM = { ...JUDGE, provider: 'openai', model: 'gpt-4o-mini', embeddings_model: 'text-embedding-3-small', endpoint: 'https://api.openai.com' }
  it('compares a baseline judged on another endpoint with the same model, and says the endpoint changed', () => {
    const judged = { ...run, judge: { ...LLM, endpoint: 'https://gateway.example.com' } }
    assert.deepEqual(incomparability(baselineOf(run, { judge: LLM }), judged), [])
    const c = compare(judged, baselineOf(run, { judge: LLM }), gate({}), UPDATE)
    assert.notEqual(c.verdict, 'incomparable')
    assert.ok(
      c.messages.some((m) => /judge endpoint changed: the baseline was judged at https:\/\/api\.openai\.com, this run at https:\/\/gateway\.example\.com/.test(m)),
      c.messages.join('\n'),
    )
    assert.ok(!compare({ ...run, judge: LLM }, baselineOf(run, { judge: LLM }), gate({}), UPDATE).messages.some((m) => /endpoint changed/.test(m)))
  })
  it('compares a run without embeddings (embeddings_model: none) with a baseline that had them, but not two different embeddings models', () => {
    assert.deepEqual(incomparability(baselineOf(run, { judge: LLM }), { ...run, judge: { ...LLM, embeddings_model: null } }), [])
    assert.match(incomparability(baselineOf(run, { judge: LLM }), { ...run, judge: { ...LLM, embeddings_model: 'bge-m3' } })[0]!, /different judges/)
  })
  it('accepts a minimal baseline that has only the eval_set_version', () => {
    assert.deepEqual(incomparability(baselineOf(run, { eval_set_fingerprint: null, judge: null }), run), [])
  })
})

function kindAndMetric(f: GateFailure): [string, string | null] {
  return [f.kind, 'metric' in f ? f.metric : null]
}
