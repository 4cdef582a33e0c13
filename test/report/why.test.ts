import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { compare } from '../../src/compare/compare.ts'
import { renderReport } from '../../src/report/markdown.ts'
import { baselineOf, gate, makeResults, makeRun } from '../helpers/factories.ts'

/** The report answers "why" (issue 12.6): every row names its cause in words a reader knows. */

describe('a refused answerable question', () => {
  it('shows as over_refusal on every answer metric that fell, not as "no citation"; retrieval keeps its own reason', () => {
    const base = makeRun([{ citation_ok: 1, no_over_refusal: 1, rules_pass: 1, 'hit@5': 1 }])
    const cand = makeRun([{ citation_ok: 0, no_over_refusal: 0, rules_pass: 0, 'hit@5': 0 }])
    cand.questions.q1!.notes = { citation_ok: 'no [文档N] / [docN] citation', rules_pass: 'failed: no_over_refusal, citation_ok', 'hit@5': 'missed doc-7; retrieved doc-2' }
    const c = compare(cand, baselineOf(base), gate(), 'npx evalgate baseline')
    const reasons = Object.fromEntries(c.regressions.map((q) => [q.metric, q.reason]))
    assert.equal(reasons.citation_ok, 'over_refusal: refused an answerable question')
    assert.equal(reasons.rules_pass, 'over_refusal: refused an answerable question')
    assert.equal(reasons['hit@5'], 'missed doc-7; retrieved doc-2')
    const report = renderReport(makeResults(cand, c))
    assert.ok(report.includes('over\\_refusal: refused an answerable question'), report)
    assert.ok(!report.includes('no \\[文档N\\]'), 'the symptom is not shown')
  })
})
