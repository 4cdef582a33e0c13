import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { CallPlan } from '../../src/metrics/callPlan.ts'
import { MAX_CLAIMS, planQuestion, type LlmSettings } from '../../src/metrics/llm.ts'
import type { Judge } from '../../src/metrics/judge.ts'
import { makeOutput, makeRow } from './factories.ts'

const SETTINGS: LlmSettings = { relevancyQuestions: 3, noncommittal: 'soft', repeats: 1, embeddings: true, chunkLabel: '文档' }

/** A judge that answers every ask and counts them: what reaches it is what the plan let through. */
function countingJudge(): Judge & { asked: string[] } {
  const asked: string[] = []
  return {
    asked,
    identity: { provider: 'test', model: null, embeddings_model: null, definitions_hash: '' },
    ask: async (prompt) => {
      asked.push(prompt)
      return { ok: true, value: {} as never }
    },
    embed: async (texts) => {
      asked.push('embeddings')
      return { ok: true, value: texts.map(() => [1]) }
    },
    usageByFamily: () => ({}),
  }
}

describe('CallPlan', () => {
  it('hands out the planned asks of each kind and fails the next one without calling the judge', async () => {
    const inner = countingJudge()
    const judge = new CallPlan([
      { kind: 'rubric', count: 2 },
      { kind: 'embeddings', count: 1 },
    ]).judge(inner)
    assert.equal((await judge.ask('rubric', {})).ok, true)
    assert.equal((await judge.ask('rubric', {})).ok, true)
    const third = await judge.ask('rubric', {})
    assert.deepEqual(third, { ok: false, error: 'not in the call plan: no rubric call left for this question', raw: null })
    assert.equal((await judge.ask('claims', {})).ok, false, 'a kind the plan does not name')
    assert.equal((await judge.embed(['a'])).ok, true)
    assert.equal((await judge.embed(['a'])).ok, false)
    assert.deepEqual(inner.asked, ['rubric', 'rubric', 'embeddings'])
  })

  it('counts a repair for every chat ask in its upper bound, and neither repairs nor fallbacks when replies are well-formed', () => {
    const plan = new CallPlan([
      { kind: 'rubric', count: 2 },
      { kind: 'verdicts', count: 1 },
      { kind: 'verdict', count: 5, fallback: true },
      { kind: 'embeddings', count: 1 },
    ])
    assert.deepEqual(plan.upTo(), { chat: 16, embeddings: 1 })
    assert.deepEqual(plan.wellFormed(), { chat: 3, embeddings: 1 })
  })
})

describe('planQuestion', () => {
  const answered = makeOutput({ answer: '一线城市500元。', contexts: ['差旅标准：一线城市500元。'] })

  it('plans every metric of an answered question with contexts, re-asks capped at MAX_CLAIMS, one re-ask for usefulness and recall', () => {
    const plan = planQuestion(makeRow({ ground_truth: '500元', reference_points: ['500元'] }), answered, SETTINGS)
    assert.deepEqual(plan.wellFormed(), { chat: 6, embeddings: 1 })
    assert.deepEqual(plan.upTo(), { chat: 2 * (6 + MAX_CLAIMS + 2), embeddings: 1 })
    assert.deepEqual(
      plan.asks.filter((a) => a.fallback),
      [
        { kind: 'verdict', count: MAX_CLAIMS, fallback: true },
        { kind: 'usefulness', count: 1, fallback: true },
        { kind: 'recall', count: 1, fallback: true },
      ],
    )
  })

  it('plans the rubric only (× repeats) for a should-refuse question', () => {
    const plan = planQuestion(makeRow({ should_refuse: true }), answered, { ...SETTINGS, repeats: 2 })
    assert.deepEqual(plan.asks, [{ kind: 'rubric', count: 2 }])
  })

  it('plans no verdicts, usefulness or recall without contexts, and nothing for a failed or missing answer', () => {
    const plan = planQuestion(makeRow({ ground_truth: '500元' }), makeOutput({ answer: '500元。' }), SETTINGS)
    assert.deepEqual(
      plan.asks.map((a) => a.kind),
      ['rubric', 'claims', 'questions', 'embeddings'],
    )
    assert.deepEqual(planQuestion(makeRow(), makeOutput({ error: 'timeout' }), SETTINGS).asks, [])
    assert.deepEqual(planQuestion(makeRow(), undefined, SETTINGS).asks, [])
  })
})
