import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Judge } from '../../src/metrics/judge.ts'
import { planQuestion, scoreWithJudge } from '../../src/metrics/llm.ts'
import { makeOutput, makeRow } from '../metrics/factories.ts'

/** A judge that says every claim and every reference statement is missing from the contexts. */
function judgeMissing(claim: string, statement: string): Judge {
  const replies: Record<string, unknown> = {
    claims: { claims: [claim] },
    verdicts: { verdicts: [{ claim: 1, verdict: 'not_mentioned', evidence: '' }] },
    recall: { statements: [{ statement, attributable: false }] },
  }
  return {
    identity: { provider: 'openai', model: 'm', embeddings_model: null, definitions_hash: 'x', rules_hash: 'y' },
    ask: (prompt) => Promise.resolve(prompt in replies ? { ok: true, value: replies[prompt], raw: null } : { ok: false, error: 'not asked in this test', raw: null }) as never,
    embed: () => Promise.resolve({ ok: false, error: 'no embeddings', raw: null }),
    usageByFamily: () => ({}),
  }
}

const settings = { relevancyQuestions: 3, noncommittal: 'soft' as const, repeats: 1, embeddings: false, chunkLabel: '文档' as const }

for (const { language, claim, statement, open, close } of [
  { language: 'English', claim: 'Refunds take 30 days', statement: 'full refund within 30 days', open: '“', close: '”' },
  { language: 'Chinese', claim: '年假有10天', statement: '年假5天', open: '「', close: '」' },
]) {
  test(`the LLM tier's ${language} reasons quote the claim and the statement in ${open}${close}`, async () => {
    const row = makeRow({ reference_points: [statement], ground_truth: statement })
    const output = makeOutput({ answer: `${claim} [1].`, contexts: ['some context'] })
    const result = await scoreWithJudge(row, output, judgeMissing(claim, statement), settings, planQuestion(row, output, settings))
    assert.equal(result.scores.faithfulness?.reason, `not in the contexts: ${open}${claim}${close}`)
    assert.equal(result.scores.context_recall?.reason, `not in the contexts: ${open}${statement}${close}`)
  })
}
