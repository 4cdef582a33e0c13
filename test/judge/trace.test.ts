import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { MAX_TRACED_CHARS, reportedModelChange, tracedString } from '../../src/judge/trace.ts'
import { reportedModels } from '../../src/metrics/judgeCalls.ts'
import { registerSecret, clearSecrets } from '../../src/text/redact.ts'

describe('tracedString: a judge response’s model or id as it is kept', () => {
  it('is the endpoint’s text: controls shown as codes, secrets redacted, cut; null when absent', () => {
    registerSecret('sk-trace-secret-123456')
    try {
      const kept = tracedString('gpt-4o\u001b]8;;http://x\u0007 sk-trace-secret-123456') ?? ''
      assert.ok(!kept.includes('\u001b') && !kept.includes('sk-trace-secret-123456'), kept)
      assert.match(kept, /^gpt-4o\\x1b/)
    } finally {
      clearSecrets()
    }
    assert.equal([...(tracedString('m'.repeat(1000)) ?? '')].length, MAX_TRACED_CHARS)
    assert.equal(tracedString(undefined), null)
    assert.equal(tracedString(42), null)
    assert.equal(tracedString('  '), null)
  })
})

describe('reported models and their change', () => {
  const questions = {
    q1: {
      judge_calls: [
        { family: 'rubric', model: 'gpt-4o-2024-08-06', id: 'a', cached: false },
        { family: 'embeddings', model: 'text-embedding-3-small', id: null, cached: false },
      ],
    },
    q2: { judge_calls: [{ family: 'claims', model: null, id: 'b', cached: true }] },
    q3: {},
  }

  it('collects the distinct chat and embeddings models; null when no call reported one', () => {
    assert.deepEqual(reportedModels(questions), { chat: ['gpt-4o-2024-08-06'], embeddings: ['text-embedding-3-small'] })
    assert.equal(reportedModels({ q: { judge_calls: [{ family: 'rubric', model: null, id: null, cached: false }] } }), null)
  })

  it('says what changed, only when both sides reported something and the sets differ', () => {
    const requested = { chat: 'gpt-4o', embeddings: 'text-embedding-3-small' }
    const before = { chat: ['gpt-4o-2024-08-06'], embeddings: ['text-embedding-3-small'] }
    const now = { chat: ['gpt-4o-2024-08-06', 'gpt-4o-2024-11-20'], embeddings: ['text-embedding-3-small'] }
    assert.match(
      reportedModelChange(before, now, requested) ?? '',
      /^the judge model the API reports changed: gpt-4o-2024-08-06 in the baseline, gpt-4o-2024-08-06 \+ gpt-4o-2024-11-20 in this run, requested as gpt-4o both times\. The vendor may have upgraded/,
    )
    assert.equal(reportedModelChange(before, { chat: ['gpt-4o-2024-08-06'], embeddings: ['text-embedding-3-small'] }, requested), null)
    assert.equal(reportedModelChange(null, now, requested), null, 'a baseline written before evalgate kept them')
    assert.equal(reportedModelChange(before, null, requested), null, 'a run whose judge reported nothing')
    assert.equal(reportedModelChange({ chat: [], embeddings: ['e1'] }, { chat: ['x'], embeddings: ['e1'] }, requested), null)
  })
})
