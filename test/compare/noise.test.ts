import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { compare } from '../../src/compare/compare.ts'
import { renderReport } from '../../src/report/markdown.ts'
import { renderTerminal } from '../../src/report/terminal.ts'
import { ResultsFileSchema } from '../../src/schemas/resultsFile.ts'
import type { Scores } from '../helpers/factories.ts'
import { baselineOf, gate, makeResults, makeRun } from '../helpers/factories.ts'

const UPDATE = 'npx --yes github:evalgate/evalgate#v1 baseline --results out/results.json --out baselines/baseline.json'

/** 20 metrics every question scores the same on in both runs (a mix of passes and fails). */
const UNCHANGED = [
  'length_ok',
  'citation_ok',
  'no_forbidden',
  'json_ok',
  'refuse_ok',
  'no_over_refusal',
  'rules_pass',
  'precision@5',
  'recall@5',
  'hit@5',
  'ndcg@5',
  'mrr',
  'citation_valid',
  'accuracy_norm',
  'relevance_norm',
  'citation_norm',
  'faithfulness',
  'answer_relevancy',
  'context_precision',
  'context_recall',
]
const unchanged = (i: number): Scores => Object.fromEntries(UNCHANGED.map((m, j) => [m, (i + j) % 3 === 0 ? 0 : 1]))

/** n questions; `moved(i)` gives the candidate's scores that differ from the baseline's. */
function pair(n: number, base: (i: number) => Scores, moved: (i: number) => Scores) {
  const b = makeRun(Array.from({ length: n }, (_, i) => base(i)))
  const c = makeRun(Array.from({ length: n }, (_, i) => ({ ...base(i), ...moved(i) })))
  return { base: b, cand: c }
}

describe('the noise verdict', () => {
  it('calls 11 questions worse / 1 better by large Δ at n = 28 significant, with 20 unchanged metrics beside it', () => {
    // the case: completeness_norm −0.200 on 28 questions, the rest unchanged. Holm over all
    // 21 metrics made this "within noise" (p = 0.013 · 21); only the metric that moved is a test
    const drops = [-0.9, -0.9, -0.9, -0.9, -0.8, -0.6, -0.5, -0.4, -0.3, -0.2, -0.1]
    const { base, cand } = pair(
      28,
      (i) => ({ completeness_norm: 0.1, ...unchanged(i) }),
      (i) => ({ completeness_norm: 0.1 + (i < 11 ? drops[i]! : i === 11 ? 0.9 : 0) }),
    )
    const c = compare(cand, baselineOf(base), gate({ gate_mode: 'significant' }), UPDATE)
    const row = c.metrics.find((m) => m.metric === 'completeness_norm')!
    assert.deepEqual(row.flips && [row.flips.worse, row.flips.better], [11, 1])
    assert.ok(row.interval!.high < 0)
    assert.equal(row.status, 'regression')
    assert.equal(c.verdict, 'fail')
    assert.equal(row.test, 'sign_flip_exact')
    assert.ok(row.p! < 0.05, String(row.p))
    assert.equal(row.p_holm, row.p, 'one metric changed: Holm over one test')
    assert.equal(row.noise_reason, null)
    assert.deepEqual(
      c.failures.map((f) => [f.kind, 'metric' in f ? f.metric : null]),
      [['significant', 'completeness_norm']],
    )
  })

  it('leaves a metric that no question moved on out of the Holm set', () => {
    const { base, cand } = pair(
      30,
      (i) => ({ accuracy_norm: 0.5, relevance_norm: 0.5, faithfulness: i % 2 }),
      (i) => ({ accuracy_norm: i < 6 ? 0.25 : 0.5, relevance_norm: i === 0 ? 0.25 : i === 1 ? 0.75 : 0.5 }),
    )
    const c = compare(cand, baselineOf(base), gate(), UPDATE)
    const row = (name: string) => c.metrics.find((m) => m.metric === name)!
    assert.deepEqual(row('faithfulness').flips, { worse: 0, better: 0, p: 1 })
    assert.equal(row('faithfulness').p, 1)
    assert.equal(row('faithfulness').p_holm, null, 'not tested: nothing changed')
    assert.deepEqual(
      c.noise!.tests.map((t) => t.metrics),
      [['accuracy_norm'], ['relevance_norm']],
    )
    // two tests: the smaller p is doubled
    assert.equal(row('accuracy_norm').p_holm, Math.min(1, 2 * row('accuracy_norm').p!))
  })

  it('tests the metrics of one retrieval as one family, counted once', () => {
    // every retrieval metric moves on the same 8 questions (their retrieval lost the relevant doc);
    // accuracy_norm moves on its own
    const { base, cand } = pair(
      40,
      () => ({ 'precision@5': 0.2, 'recall@5': 1, 'hit@5': 1, 'ndcg@5': 1, mrr: 1, 'recall@10': 1, accuracy_norm: 0.75 }),
      (i) => ({
        ...(i < 8 ? { 'precision@5': 0, 'recall@5': 0, 'hit@5': 0, 'ndcg@5': 0, mrr: 0, 'recall@10': 0 } : {}),
        accuracy_norm: i >= 30 ? 0.25 : i === 29 ? 1 : 0.75,
      }),
    )
    const c = compare(cand, baselineOf(base), gate(), UPDATE)
    const tests = c.noise!.tests
    assert.equal(tests.length, 2)
    assert.deepEqual(tests[0]!.family, 'retrieval')
    assert.deepEqual(tests[0]!.metrics, ['precision@5', 'recall@5', 'recall@10', 'hit@5', 'ndcg@5', 'mrr'])
    const acc = c.metrics.find((m) => m.metric === 'accuracy_norm')!
    const hit = c.metrics.find((m) => m.metric === 'hit@5')!
    assert.equal(hit.test, 'mcnemar_mid_p')
    assert.equal(acc.test, 'sign_flip_exact')
    // Holm over 2 tests, not 7: accuracy_norm has the smaller p and pays for 2
    assert.ok(acc.p! < tests[0]!.p, `${acc.p} < ${tests[0]!.p}`)
    assert.equal(acc.p_holm, Math.min(1, 2 * acc.p!))
    // a member carries the family's adjusted p, and never less than its own
    for (const m of c.metrics.filter((r) => tests[0]!.metrics.includes(r.metric))) assert.equal(m.p_holm, Math.max(tests[0]!.p_holm, m.p!))
    const md = renderReport(makeResults(cand, c))
    assert.match(md, /Holm's correction ran over 2 tests: one per metric that changed on at least one question/)
    assert.match(md, /tested once \(Simes' combination of their p\): retrieval \(precision@5, recall@5, recall@10, hit@5, ndcg@5, mrr\)/)
  })

  it('leaves latency out of the Holm set (it is gated on its percentiles): a latency that moved on every question costs a score metric nothing', () => {
    const { base, cand } = pair(
      30,
      (i) => ({ accuracy_norm: 0.5, latency_ms: 100 + i }),
      (i) => ({ accuracy_norm: i < 7 ? 0.25 : 0.5, latency_ms: 100 + i + (i % 2 ? 3 : -2) }),
    )
    const c = compare(cand, baselineOf(base), gate(), UPDATE)
    const acc = c.metrics.find((m) => m.metric === 'accuracy_norm')!
    const latency = c.metrics.find((m) => m.metric === 'latency_ms')!
    assert.deepEqual(
      c.noise!.tests.map((t) => t.metrics),
      [['accuracy_norm']],
    )
    assert.equal(acc.p_holm, acc.p)
    assert.equal(latency.p_holm, null)
  })

  it('gives the same p for the same inputs when it draws (more than 16 questions changed)', () => {
    const { base, cand } = pair(
      60,
      () => ({ accuracy_norm: 0.5 }),
      (i) => ({ accuracy_norm: i % 3 === 0 ? 0.75 : i % 5 === 0 ? 0.5 : 0.25 }),
    )
    const first = compare(cand, baselineOf(base), gate(), UPDATE).metrics[0]!
    const second = compare(cand, baselineOf(base), gate(), UPDATE).metrics[0]!
    assert.equal(first.test, 'sign_flip_monte_carlo')
    assert.equal(first.p, second.p)
  })
})

describe('the words next to an interval agree with it', () => {
  /** completeness_norm 8 worse / 1 better at n = 40 (p = 0.039), and 4 other metrics that moved a little */
  const holmCase = () =>
    pair(
      40,
      () => ({ completeness_norm: 0.5, accuracy_norm: 0.5, relevance_norm: 0.5, citation_norm: 0.5, faithfulness: 0.5 }),
      (i) => ({
        completeness_norm: i < 8 ? 0.25 : i === 8 ? 0.75 : 0.5,
        ...Object.fromEntries(['accuracy_norm', 'relevance_norm', 'citation_norm', 'faithfulness'].map((m) => [m, i === 0 ? 0.25 : i === 1 ? 0.75 : 0.5])),
      }),
    )

  /** A line that puts an interval beside its words (a table row, a failure sentence); the plain noise line above the folds shows none. */
  const SHOWS_INTERVAL = /CI|…/

  for (const mode of ['strict', 'significant'] as const) {
    it(`says why a drop whose interval excludes 0 is still noise (Holm), never a bare "within noise" (gate_mode ${mode})`, () => {
      const { base, cand } = holmCase()
      const c = compare(cand, baselineOf(base), gate({ gate_mode: mode }), UPDATE)
      const row = c.metrics.find((m) => m.metric === 'completeness_norm')!
      assert.ok(row.interval!.high < 0, 'the interval excludes 0')
      assert.ok(row.p! < 0.05 && row.p_holm! >= 0.05, `p ${row.p}, Holm p ${row.p_holm}`)
      assert.equal(row.status, 'regression_within_noise')
      assert.equal(row.noise_reason, 'holm_correction')
      const results = makeResults(cand, c)
      const lines = [...renderReport(results).split('\n'), ...renderTerminal(results, { color: false }).split('\n')].filter(
        (l) => l.includes('completeness_norm') && /within noise/.test(l) && SHOWS_INTERVAL.test(l),
      )
      assert.ok(lines.length > 0)
      for (const line of lines) assert.match(line, /excludes 0.*Holm p = 0\.\d{3}/, line)
    })
  }

  it('says when the interval excludes 0 but the paired test does not', () => {
    // 4 of 10 questions one step down: the bootstrap rarely draws none of them, the permutation mid-p is 1/16
    const { base, cand } = pair(
      10,
      () => ({ completeness_norm: 0.5 }),
      (i) => ({ completeness_norm: i < 4 ? 0.25 : 0.5 }),
    )
    const c = compare(cand, baselineOf(base), gate(), UPDATE)
    const row = c.metrics[0]!
    assert.ok(row.interval!.high < 0 && row.p! >= 0.05, `${JSON.stringify(row.interval)} p ${row.p}`)
    assert.equal(row.noise_reason, 'test_not_significant')
    assert.equal(row.p, 1 / 16)
    assert.match(renderReport(makeResults(cand, c)), /❌ beyond max_drop, within noise \(CI excludes 0 but permutation test p = 0\.063\): strict mode fails it/)
  })

  it('never puts the demo interval −0.152 … −0.015 beside a bare "within noise", in a file written before the reason was recorded', () => {
    const { base, cand } = holmCase()
    const c = compare(cand, baselineOf(base), gate(), UPDATE)
    const row = c.metrics.find((m) => m.metric === 'completeness_norm')!
    Object.assign(row, { interval: { low: -0.152, high: -0.015, level: 0.95 }, p: 0.0104, p_holm: 0.152, noise_reason: null })
    for (const f of c.failures) if (f.kind === 'max_drop' && f.noise) Object.assign(f.noise, { interval: row.interval, p: null, p_holm: 0.152, reason: null })
    const results = makeResults(cand, c)
    const text = [...renderReport(results).split('\n'), ...renderTerminal(results, { color: false }).split('\n')]
    const beside = text.filter((l) => /within noise/.test(l) && SHOWS_INTERVAL.test(l) && (l.includes('−0.152') || l.includes('-0.152') || l.includes('completeness_norm')))
    assert.ok(beside.length > 0)
    for (const line of beside) assert.match(line, /excludes 0.*(Holm p = |permutation test p = )0\.\d{3}/, line)
  })
})

describe('results.json written before the paired test was recorded', () => {
  it('still reads, with no test, no reason and no Holm set, and its report still says why', () => {
    const { base, cand } = pair(
      40,
      () => ({ completeness_norm: 0.5, accuracy_norm: 0.5, relevance_norm: 0.5, citation_norm: 0.5, faithfulness: 0.5 }),
      (i) => ({
        completeness_norm: i < 8 ? 0.25 : i === 8 ? 0.75 : 0.5,
        ...Object.fromEntries(['accuracy_norm', 'relevance_norm', 'citation_norm', 'faithfulness'].map((m) => [m, i === 0 ? 0.25 : i === 1 ? 0.75 : 0.5])),
      }),
    )
    const written = JSON.parse(JSON.stringify(makeResults(cand, compare(cand, baselineOf(base), gate(), UPDATE))))
    // such files were of schema 2, whose questions hold scores and notes by metric as evalgate does
    written.schema_version = 2
    for (const row of written.comparison.metrics) {
      delete row.test
      delete row.noise_reason
    }
    delete written.comparison.noise.tests
    for (const f of written.comparison.failures) {
      if (!f.noise) continue
      delete f.noise.p
      delete f.noise.reason
    }
    const read = ResultsFileSchema.parse(written)
    const row = read.comparison!.metrics.find((m) => m.metric === 'completeness_norm')!
    assert.deepEqual([row.test, row.noise_reason, read.comparison!.noise!.tests], [null, null, []])
    const line = renderReport(read)
      .split('\n')
      .find((l) => l.startsWith('- `completeness_norm`'))!
    // without p the only test left to blame is Holm's
    assert.match(line, /95% CI of Δ -0\.\d{3} to -0\.\d{3} excludes 0 on 8 questions worse \/ 1 better, but not after Holm's correction across the metrics: Holm p = 0\.\d{3}\)/)
  })
})
