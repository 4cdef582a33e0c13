/**
 * Conversations are clusters: the interval resamples and the test sign-flips whole conversations
 * (a question without one is a conversation of one), and the conversation table ranks on the
 * metric that moved.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { RunUnderTest } from '../../src/compare/columns.ts'
import { compare } from '../../src/compare/compare.ts'
import { conversationsOf } from '../../src/compare/conversations.ts'
import { renderReport } from '../../src/report/markdown.ts'
import { signFlipTest } from '../../src/stats/permutation.ts'
import { baselineOf, gate, makeResults, makeRun, type Scores } from '../helpers/factories.ts'

const UPDATE = 'evalgate baseline --results results.json'

/** `conversations` conversations of `turns` turns (q1… in order), and `singles` questions without one. */
function withConversations(scores: Scores[], turns: number, conversations: number): RunUnderTest {
  const run = makeRun(scores)
  for (let i = 0; i < turns * conversations; i++) run.questions[`q${i + 1}`]!.conversation = { id: `c${Math.floor(i / turns)}`, turn: (i % turns) + 1 }
  return run
}

describe('conversations as clusters in the comparison', () => {
  // 6 conversations of 5 turns: three fall on every turn, two rise on every turn, one is unchanged; plus 4 single questions
  const turns = 5
  const delta = (i: number) => (i >= 30 ? 0 : [-0.25, -0.25, -0.25, 0.25, 0.25, 0][Math.floor(i / turns)]!)
  const base = withConversations(
    Array.from({ length: 34 }, () => ({ accuracy_norm: 0.5 })),
    turns,
    6,
  )
  const cand = withConversations(
    Array.from({ length: 34 }, (_, i) => ({ accuracy_norm: 0.5 + delta(i) })),
    turns,
    6,
  )

  it('sign-flips whole conversations: 3 down and 2 up are five observations, not 25', () => {
    const row = compare(cand, baselineOf(base), gate(), UPDATE).metrics.find((m) => m.metric === 'accuracy_norm')!
    // 10 clusters: 6 conversations and 4 single questions
    assert.equal(row.clusters, 10)
    assert.equal(row.test, 'sign_flip_exact')
    // the cluster totals −1.25 ×3 and +1.25 ×2 (the rest 0): exactly the sign-flip test on them
    assert.equal(row.p, signFlipTest([-1.25, -1.25, -1.25, 1.25, 1.25]).p)
    const perQuestion = signFlipTest(Array.from({ length: 25 }, (_, i) => delta(i)))
    assert.ok(row.p! > perQuestion.p, `${row.p} vs per question ${perQuestion.p}`)
  })

  it('resamples whole conversations for the interval: wider than resampling turns as if independent', () => {
    const clustered = compare(cand, baselineOf(base), gate(), UPDATE).metrics.find((m) => m.metric === 'accuracy_norm')!
    const flatBase = makeRun(Object.values(base.questions).map((q) => q.scores))
    const flatCand = makeRun(Object.values(cand.questions).map((q) => q.scores))
    const flat = compare(flatCand, baselineOf(flatBase), gate(), UPDATE).metrics.find((m) => m.metric === 'accuracy_norm')!
    assert.equal(flat.clusters, null)
    const width = (r: typeof flat) => r.interval!.high - r.interval!.low
    assert.ok(width(clustered) > 1.5 * width(flat), `${width(clustered)} vs ${width(flat)}`)
    assert.ok(clustered.paired_sd! > flat.paired_sd!, 'the MDE takes the clustered variance')
  })

  it('names the conversations in the words of its test', () => {
    const c = compare(cand, baselineOf(base), gate(), UPDATE)
    const report = renderReport(makeResults(cand, c))
    assert.match(report, /permutation, exact, over 10 conversations/)
  })

  it('ranks the conversation table on the metric that moved, not on rules_pass (a lexical run)', () => {
    // every turn passes the rules in both runs; completeness_norm falls on conversation c1's turn 2
    const scores = (fall: boolean) => Array.from({ length: 6 }, (_, i) => ({ rules_pass: 1, completeness_norm: fall && i === 3 ? 0.2 : 0.9 }))
    const b = withConversations(scores(false), 2, 3)
    const c = withConversations(scores(true), 2, 3)
    const results = makeResults(c, compare(c, baselineOf(b), gate(), UPDATE))
    const view = conversationsOf(results)!
    assert.equal(view.metric, 'completeness_norm')
    assert.deepEqual(view.conversations[0]!.worst, { turn: 2, id: 'q4', value: 0.2 })
    assert.match(renderReport(results), /mean and worst turn on completeness_norm\.[\s\S]*\| c1 \| 2 \| 0\.550 \| turn 2 \(q4\): 0\.200 \|/)
  })
})
