import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { compare } from '../../src/compare/compare.ts'
import { renderReport } from '../../src/report/markdown.ts'
import { renderTerminal } from '../../src/report/terminal.ts'
import { baselineOf, gate, makeResults, makeRun } from '../helpers/factories.ts'

/** The report answers "why" (issue 12.6): every row names its cause in words a reader knows. */

describe('a refused answerable question', () => {
  it('shows as over_refusal on every answer metric that got worse, not as "no citation"; retrieval keeps its own reason', () => {
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

describe('question counts', () => {
  it('the header, the terminal and the noise note give the same "N worse / M better", a question that moved both ways counted once, as mixed', () => {
    const base = makeRun([
      { faithfulness: 1, rules_pass: 1 },
      { faithfulness: 1, rules_pass: 0 },
      { faithfulness: 0, rules_pass: 1 },
      { faithfulness: 1, rules_pass: 1 },
    ])
    const cand = makeRun([
      { faithfulness: 0, rules_pass: 1 },
      { faithfulness: 0, rules_pass: 1 },
      { faithfulness: 1, rules_pass: 1 },
      { faithfulness: 0, rules_pass: 1 },
    ])
    const c = compare(cand, baselineOf(base), gate(), 'npx evalgate baseline')
    assert.deepEqual(c.change_counts, { regression_rows: 3, improvement_rows: 2, questions_worse: 2, questions_better: 1, questions_mixed: 1 })
    assert.equal(c.noise?.questions_worse, 2)
    assert.equal(c.noise?.questions_better, 1)
    const report = renderReport(makeResults(cand, c))
    // a failing comment's header is the verdict alone; the counts open the "what changed" lines under it
    assert.equal(report.split('\n')[0], '### ❌ evalgate: gate failed')
    assert.match(report.split('\n')[2]!, /^\*\*What changed\*\* \(4 compared\): 2 questions worse, 1 better, 1 mixed$/)
    assert.match(report, /<details><summary>Metrics:[\s\S]*\*\*Noise\*\*: 4 questions compared; 2 got worse and 1 better[\s\S]*<\/details>/)
    assert.match(renderTerminal(makeResults(cand, c), { color: false }), /2 questions worse, 1 better, 1 mixed .* \(3 rows got worse, worst first\):/)
  })
})

describe('a run without a baseline', () => {
  function firstRun() {
    const run = makeRun([
      { citation_ok: 1, length_ok: 1, rules_pass: 1, faithfulness: 1, completeness_norm: 1 },
      { citation_ok: 0, length_ok: 1, rules_pass: 0, faithfulness: 0.9, completeness_norm: 0.8 },
      { citation_ok: 1, length_ok: 1, rules_pass: 1, faithfulness: 0.2, completeness_norm: 0.1 },
      { citation_ok: 0, length_ok: 0, rules_pass: 0, faithfulness: 1, completeness_norm: 1 },
      { citation_ok: 1, length_ok: 1, rules_pass: 1, faithfulness: 0.5, completeness_norm: 0.6 },
    ])
    run.questions.q4!.notes = { citation_ok: 'no [docN] citation', length_ok: '900 characters, outside 1-500' }
    run.questions.q3!.notes = { completeness_norm: 'not in the answer: <b>30 days</b>' }
    run.questions.q3!.question = 'How long is the @team trial?'
    return run
  }

  it('lists its worst questions by failing rules, then lowest scores, in the report and the terminal', () => {
    const run = firstRun()
    const noBaseline = compare(run, null, gate(), 'npx evalgate baseline')
    for (const comparison of [noBaseline, null]) {
      const results = makeResults(run, comparison)
      const report = renderReport(results)
      const items = report.split('\n').filter((l) => l.startsWith('- **q'))
      assert.deepEqual(
        items.map((l) => l.slice(4, 6)),
        ['q4', 'q2', 'q3', 'q5'],
        report,
      )
      assert.match(items[0]!, /— fails citation\\_ok, length\\_ok: no \\\[docN\\\] citation$/)
      // untrusted text is escaped: no HTML, no mention
      assert.match(items[2]!, /@\u2060team .*lowest completeness\\_norm 0\.10: not in the answer: &lt;b&gt;30 days&lt;\/b&gt;/)
      const lines = renderTerminal(results, { color: false }).split('\n')
      const start = lines.findIndex((l) => l.includes('4 questions with a failing rule'))
      assert.ok(start > 0, lines.join('\n'))
      assert.deepEqual(
        lines.slice(start + 1, start + 5).map((l) => l.trim().slice(0, 2)),
        ['q4', 'q2', 'q3', 'q5'],
      )
      assert.match(lines[start + 1]!, /fails citation_ok, length_ok/)
    }
  })

  it('lists nothing when every question passes every rule and scores 1', () => {
    const run = makeRun([{ rules_pass: 1, faithfulness: 1 }])
    const results = makeResults(run, compare(run, null, gate(), 'npx evalgate baseline'))
    assert.doesNotMatch(renderReport(results), /Worst questions/)
    assert.doesNotMatch(renderTerminal(results, { color: false }), /failing rule/)
  })
})

describe('a retrieval row', () => {
  it('shows its missed and retrieved ids in both renderers, escaped: ids are untrusted text', () => {
    const base = makeRun([{ 'recall@5': 1 }])
    const cand = makeRun([{ 'recall@5': 0 }])
    cand.questions.q1!.notes = { 'recall@5': 'missed doc-7; retrieved <img src=x>|@octocat, doc-\u001b[31mred' }
    const results = makeResults(cand, compare(cand, baselineOf(base), gate(), 'npx evalgate baseline'))
    const row = renderReport(results)
      .split('\n')
      .find((l) => /^\| q1( |<)/.test(l))!
    assert.ok(row.includes('| missed doc-7; retrieved &lt;img src=x&gt;\\|@\u2060octocat, doc-\\x1b\\[31mred |'), row)
    const line = renderTerminal(results, { color: false })
      .split('\n')
      .find((l) => l.includes('recall@5 ') && l.includes('→'))!
    assert.ok(line.includes('missed doc-7; retrieved <img src=x>|@octocat, doc-\\x1b[31mred'), line)
  })
})
