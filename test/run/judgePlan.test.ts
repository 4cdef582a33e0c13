/**
 * The judge plan made before the candidate answers is an upper bound of the plan made from
 * any answers it may give, and its tokens come from the real prompts.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { serialize } from 'node:v8'
import { planLlm } from '../../src/run/llmTier/judgePlan.ts'
import { CHARS_PER_TOKEN, estimateTokens } from '../../src/judge/tokenEstimate.ts'
import { PROMPTS } from '../../src/judge/prompts.ts'
import { ConfigSchema } from '../../src/schemas/config.ts'
import type { CandidateOutput } from '../../src/schemas/candidate.ts'
import type { EvalRow } from '../../src/schemas/evalSet.ts'

function row(id: string, over: Partial<EvalRow> = {}): EvalRow {
  return {
    id,
    question: `问题 ${id}?`,
    ground_truth: null,
    reference_points: [],
    category: null,
    difficulty: null,
    should_refuse: false,
    relevant_docs: [],
    expect_json: false,
    required_keys: [],
    extra: {},
    ...over,
  }
}

function output(id: string, answer: string, contexts: string[], error: string | null = null): CandidateOutput {
  return { id, answer, contexts, retrieved_ids: [], latency_ms: null, error }
}

const config = ConfigSchema.parse({ judge: { provider: 'openai', model: 'm' }, embeddings: { model: 'e' } })

describe('the plan before the answers exist', () => {
  const rows = [
    row('a', { ground_truth: '', reference_points: [] }),
    row('b', { ground_truth: '五天。', reference_points: ['五天'] }),
    row('c', { should_refuse: true }),
    row('d', { reference_points: ['一', '二', '三'] }),
  ]
  const answers: CandidateOutput[][] = [
    [output('a', '', []), output('b', '', ['x']), output('c', 'no', ['x']), output('d', 'y', [])],
    [output('a', '很长的回答。'.repeat(50), ['c1', 'c2', 'c3']), output('b', '五天。', ['c']), output('c', '抱歉', []), output('d', '一二三', ['一', '二'])],
    [output('a', 'x', ['x'], 'timeout'), output('b', 'y', ['y'])],
  ]

  it('plans at least every call a plan from any answers plans, in both bounds', () => {
    const before = planLlm(rows, null, config)
    assert.equal(before.beforeAnswers, true)
    for (const set of answers) {
      const after = planLlm(rows, new Map(set.map((o) => [o.id, o])), config)
      assert.equal(after.beforeAnswers, false)
      assert.ok(before.upTo.chat >= after.upTo.chat && before.upTo.embeddings >= after.upTo.embeddings, JSON.stringify({ before: before.upTo, after: after.upTo }))
      assert.ok(before.wellFormed.chat >= after.wellFormed.chat && before.wellFormed.embeddings >= after.wellFormed.embeddings)
    }
  })

  it('counts the tokens of the filled-in prompt templates at CHARS_PER_TOKEN', () => {
    const r = row('q', { ground_truth: 'gt', reference_points: [] })
    const tokens = estimateTokens(r, { answer: 'an answer', contexts: [] }, [{ kind: 'claims', count: 1 }], { relevancyQuestions: 3, reasoningPerCall: 0, schemaInPrompt: false }, false)
    const templates = PROMPTS.claims.system.length + PROMPTS.claims.user.length
    const filled = templates - '{{question}}{{answer}}'.length + r.question.length + 'an answer'.length
    assert.equal(tokens.prompt, Math.ceil(filled / CHARS_PER_TOKEN))
    const withSchema = estimateTokens(r, { answer: 'an answer', contexts: [] }, [{ kind: 'claims', count: 1 }], { relevancyQuestions: 3, reasoningPerCall: 0, schemaInPrompt: true }, false)
    assert.ok(withSchema.prompt > tokens.prompt + JSON.stringify(PROMPTS.claims.jsonSchema).length / CHARS_PER_TOKEN - 1, 'the schema in the prompt is counted')
  })

  it("counts a reasoning judge's hidden tokens per chat call once the endpoint has reported them", () => {
    const r = row('q', { ground_truth: 'gt' })
    const texts = { answer: 'an answer', contexts: [] }
    const plain = estimateTokens(r, texts, [{ kind: 'claims', count: 2 }], { relevancyQuestions: 3, reasoningPerCall: 0, schemaInPrompt: false }, false)
    const reasoning = estimateTokens(r, texts, [{ kind: 'claims', count: 2 }], { relevancyQuestions: 3, reasoningPerCall: 750, schemaInPrompt: false }, false)
    assert.equal(reasoning.completion - plain.completion, 2 * 750)
    assert.equal(reasoning.prompt, plain.prompt)
  })
})

describe('the plan the LLM tier runs on (issue 13: memory bounded by the concurrency)', () => {
  it('keeps sums, not a CallPlan per question: it is as large for 1,000 questions as for 10', () => {
    const set = (n: number) => {
      const rows = Array.from({ length: n }, (_, i) => row(`q${i}`, { ground_truth: '五天。', reference_points: ['五天'] }))
      return planLlm(rows, new Map(rows.map((r) => [r.id, output(r.id, '五天[文档1]。', ['五天。', '其他。'])])), config)
    }
    const small = serialize(set(10)).length
    const large = serialize(set(1000)).length
    // the sums grow by a few digits; a CallPlan per question would add tens of kilobytes
    assert.ok(large <= small + 64, `the plan of 1,000 questions serializes to ${large} bytes, of 10 to ${small}`)
  })
})
