/**
 * When --sequential settles (run/llmTier/sequential.ts), driven question by question as the LLM tier
 * drives it: a metric settles pass once the full run cannot fail it, judged on the eval set's own
 * finite population of differences, and the z its test must reach carries Holm's correction.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { BaselineView } from '../../src/baseline/baseline.ts'
import { ALPHA_PASS, monitoredMetrics, SequentialSchedule, type WatchedMetric } from '../../src/run/llmTier/sequential.ts'
import { DEFAULT_GATE } from '../../src/schemas/gate.ts'
import type { QuestionResult } from '../../src/schemas/results.ts'
import { normalQuantile } from '../../src/stats/normal.ts'
import { signFlipTest } from '../../src/stats/permutation.ts'

function question(scores: Record<string, number | null>): QuestionResult {
  return { question: '', category: null, difficulty: null, should_refuse: false, answer: '', scores, notes: {}, errors: {} }
}

const WATCH: WatchedMetric = { metric: 'answer_relevancy', limit: 0.02, variance: 0.05, z: normalQuantile(0.975) }

/**
 * A schedule over `n` questions whose baseline scores `base` and whose candidate's judged values
 * (revealed as each is judged) are `after(position in the order)`: the tier's loop, one question
 * at a time, asking settled() before each. Returns the schedule and its verdict after each question.
 */
function drive(n: number, base: number, after: (position: number) => number, seed: number, watched: readonly WatchedMetric[] = [WATCH]) {
  const rows = Array.from({ length: n }, (_, i) => ({ id: `q${i}`, conversation: undefined }))
  const questions: Record<string, QuestionResult> = {}
  const baseline: NonNullable<BaselineView['questions']> = {}
  for (const { id } of rows) {
    questions[id] = question(Object.fromEntries(watched.map((w) => [w.metric, null])))
    baseline[id] = { category: null, scores: Object.fromEntries(watched.map((w) => [w.metric, base])) }
  }
  const schedule = new SequentialSchedule(rows, questions, baseline, watched, seed)
  const verdicts: (string | null)[][] = []
  schedule.order.forEach((index, position) => {
    if (schedule.settled()) return
    for (const w of watched) questions[`q${index}`]!.scores[w.metric] = after(position)
    schedule.completed.add(index)
    schedule.settled()
    verdicts.push(schedule.summary().metrics.map((m) => m.verdict))
  })
  return { schedule, summary: schedule.summary(), verdicts }
}

describe('--sequential: when a judged metric settles pass', () => {
  it('settles pass before the last question once the full run provably cannot fail, where a confidence sequence for an infinite population never did', () => {
    // 12 gains and 8 drops of 0.5 over 20 questions: the full run's statistic is +2/√5, and after 19 no last question can take it below −1.96
    const { summary } = drive(20, 0.5, (p) => (p % 5 < 3 ? 1 : 0), 11)
    assert.equal(summary.settled, 'pass')
    assert.ok(summary.questions_judged < 20, `judged ${summary.questions_judged} of 20`)
    assert.equal(summary.metrics[0]!.verdict, 'pass')
    assert.ok(summary.metrics[0]!.p_within <= ALPHA_PASS)
  })

  it('settles pass on a metric no question moved, once too few unseen questions can have dropped for the test to reject', () => {
    // a judge that gives the same score to the same answer, on a candidate that answers the same: every difference is 0
    const { summary } = drive(60, 0.5, () => 0.5, 5)
    assert.equal(summary.settled, 'pass')
    assert.ok(summary.questions_judged <= 50, `judged ${summary.questions_judged} of 60`)
  })

  /** answer_relevancy over 200 questions: `drops` of them fall by 0.8, the rest gain 0.02; how many of 100 orders settle pass early */
  function earlyPasses(drops: number): { passes: number; mean: number; p: number } {
    const dropped = new Set(Array.from({ length: drops }, (_, k) => k * 13))
    const differences = Array.from({ length: 200 }, (_, i) => (dropped.has(i) ? -0.8 : 0.02))
    let passes = 0
    // the values go by question, not by position in the order: each seed puts the drops elsewhere in it
    for (let seed = 1; seed <= 100; seed++) {
      const rows = Array.from({ length: 200 }, (_, i) => ({ id: `q${i}`, conversation: undefined }))
      const questions: Record<string, QuestionResult> = {}
      const baseline: NonNullable<BaselineView['questions']> = {}
      for (const { id } of rows) {
        questions[id] = question({ answer_relevancy: null })
        baseline[id] = { category: null, scores: { answer_relevancy: 0.8 } }
      }
      const schedule = new SequentialSchedule(rows, questions, baseline, [WATCH], seed)
      for (const index of schedule.order) {
        if (schedule.settled()) break
        questions[`q${index}`]!.scores.answer_relevancy = 0.8 + differences[index]!
        schedule.completed.add(index)
      }
      schedule.settled()
      if (schedule.summary().settled === 'pass') passes++
    }
    return { passes, mean: differences.reduce((a, b) => a + b, 0) / 200, p: signFlipTest(differences, { seed: 1 }).p }
  }

  it('almost never passes early a run the full run fails: 12 of 200 questions dropping by 0.8 behind small gains on the rest (100 orders)', () => {
    const { passes, mean, p } = earlyPasses(12)
    // the full run fails it: a mean change beyond −0.02, and its sign-flip test rejects no change
    assert.ok(mean < -0.02 && p < 0.05, `mean ${mean}, p ${p}`)
    assert.ok(passes / 100 <= ALPHA_PASS, `passed early ${passes} of 100`)
  })

  it('passes early the same kind of run when the full run cannot fail it: 10 such drops (100 orders)', () => {
    const { passes, p } = earlyPasses(10)
    assert.ok(p > 0.05, `p ${p}`)
    assert.ok(passes >= 90, `passed early ${passes} of 100`)
  })

  it('keeps a metric settled once it is: the run goes on for the others, and later drops do not reopen it', () => {
    const slow: WatchedMetric = { metric: 'context_precision', limit: 0.02, variance: 0.05, z: normalQuantile(0.975) }
    const rows = Array.from({ length: 60 }, (_, i) => ({ id: `q${i}`, conversation: undefined }))
    const questions: Record<string, QuestionResult> = {}
    const baseline: NonNullable<BaselineView['questions']> = {}
    for (const { id } of rows) {
      questions[id] = question({ answer_relevancy: null, context_precision: null })
      baseline[id] = { category: null, scores: { answer_relevancy: 0.5, context_precision: 0.5 } }
    }
    const schedule = new SequentialSchedule(rows, questions, baseline, [WATCH, slow], 3)
    let settledAt: number | null = null
    schedule.order.forEach((index, position) => {
      if (schedule.settled()) return
      // answer_relevancy gains 0.4 on the first 20 judged, then drops by 0.5; context_precision goes back and forth
      questions[`q${index}`]!.scores.answer_relevancy = position < 20 ? 0.9 : 0
      questions[`q${index}`]!.scores.context_precision = position % 2 === 0 ? 1 : 0
      schedule.completed.add(index)
      schedule.settled()
      const verdict = schedule.summary().metrics[0]!.verdict
      if (verdict === 'pass' && settledAt === null) settledAt = position
      if (settledAt !== null) assert.equal(verdict, 'pass', `answer_relevancy reopened after question ${position + 1}`)
    })
    assert.ok(settledAt !== null && settledAt < 20, `settled at ${settledAt}`)
    assert.ok(schedule.summary().questions_judged > 30, 'the run went on for context_precision')
  })
})

describe('--sequential: the z a judged metric is watched with (Holm)', () => {
  // 40 questions; four families no judge scores, each with two questions moved opposite ways (p ≥ 0.05), unless `dropped`
  function comparison(dropped: string | null) {
    const known = ['no_over_refusal', 'rules_pass', 'citation_valid', 'hit@5']
    const judged = ['accuracy_norm', 'faithfulness', 'hallucination_rate', 'contradicted']
    const questions: Record<string, QuestionResult> = {}
    const base: NonNullable<BaselineView['questions']> = {}
    for (let i = 0; i < 40; i++) {
      const before = Object.fromEntries(known.map((m) => [m, i % 2]))
      const after = Object.fromEntries(known.map((m) => [m, m === dropped ? (i < 20 ? 0 : i % 2) : i < 2 ? 1 - (i % 2) : i % 2]))
      questions[`q${i}`] = question({ ...after, ...Object.fromEntries(judged.map((m) => [m, null])) })
      base[`q${i}`] = { category: null, scores: { ...before, ...Object.fromEntries(judged.map((m) => [m, 0.5])) } }
    }
    const baseline: BaselineView = {
      path: null,
      kind: 'evalgate',
      version: 'b',
      eval_set_version: 'v',
      eval_set_fingerprint: null,
      judge: null,
      metrics: Object.fromEntries([...known, ...judged].map((m) => [m, 0.5])),
      questions: base,
      settings: {},
    }
    return { planned: [...known, ...judged], baseline, questions }
  }
  const zOf = (watched: readonly WatchedMetric[], metric: string) => watched.find((w) => w.metric === metric)!.z

  it('widens to the Holm rank the known families force: four families with p ≥ 0.05 give ALPHA/(2·5) to a judged family of its own', () => {
    const { planned, baseline, questions } = comparison(null)
    const watched = monitoredMetrics(planned, baseline, structuredClone(DEFAULT_GATE), questions)
    const widened = normalQuantile(1 - 0.05 / 10)
    for (const metric of ['accuracy_norm', 'contradicted', 'faithfulness', 'hallucination_rate']) assert.ok(Math.abs(zOf(watched, metric) - widened) < 1e-12, metric)
  })

  it('counts only the known families whose p is ALPHA or more: a family that dropped significantly ranks below', () => {
    const { planned, baseline, questions } = comparison('rules_pass')
    const watched = monitoredMetrics(planned, baseline, structuredClone(DEFAULT_GATE), questions)
    assert.ok(Math.abs(zOf(watched, 'accuracy_norm') - normalQuantile(1 - 0.05 / 8)) < 1e-12)
  })

  it('holds a primary metric to its own p at ALPHA: its fixed-sequence p is no smaller', () => {
    const { planned, baseline, questions } = comparison(null)
    const watched = monitoredMetrics(planned, baseline, { ...structuredClone(DEFAULT_GATE), primary: ['accuracy_norm'] }, questions)
    assert.ok(Math.abs(zOf(watched, 'accuracy_norm') - normalQuantile(0.975)) < 1e-12)
    assert.ok(zOf(watched, 'contradicted') > 2.5)
  })
})
