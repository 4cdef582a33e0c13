import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { compare } from '../../src/compare/compare.ts'
import { escapeCell } from '../../src/report/escape.ts'
import { GITHUB_COMMENT_LIMIT, renderReport } from '../../src/report/markdown.ts'
import { baselineOf, gate, makeResults, makeRun } from '../helpers/factories.ts'

const UPDATE = 'npx evalgate baseline --results out/results.json --out baselines/baseline.json'

function failingReport(questions: number, over: { question?: string; reason?: string } = {}) {
  const base = makeRun(Array.from({ length: questions }, () => ({ accuracy_norm: 1, rules_pass: 1 })))
  const cand = makeRun(Array.from({ length: questions }, () => ({ accuracy_norm: 0.25, rules_pass: 0 })))
  for (const q of Object.values(cand.questions)) {
    if (over.question) q.question = over.question
    if (over.reason) q.notes.accuracy_norm = over.reason
  }
  return makeResults(cand, compare(cand, baselineOf(base), gate(), UPDATE))
}

describe('markdown report', () => {
  it('has the verdict, the metric table, the regression table and the update command', () => {
    const md = renderReport(failingReport(3))
    assert.match(md, /^### ❌ evalgate: gate failed\n\n\*\*What changed\*\* \(3 compared\): 3 questions worse, 0 better$/m)
    assert.match(md, /\| metric \| baseline \| candidate \| Δ \| 95% CI of Δ \| limit \| status \|/)
    // strict mode fails a drop within noise, and the row says so beside the ❌; the interval excludes 0, so it says why it is still noise (3 questions: the exact permutation mid-p is 1/8)
    assert.match(
      md,
      /\| accuracy_norm \| 1\.000 \| 0\.250 \| −0\.750 \| −0\.750 … −0\.750 \| −0\.02 \| ❌ beyond max_drop, within noise \(CI excludes 0 but permutation test p = 0\.125\): strict mode fails it \|/,
    )
    assert.doesNotMatch(md, /⚠️ regression within noise/)
    assert.match(md, /\*\*Noise\*\*: with 3 questions these drops are within noise \(the data cannot tell them from chance\); `strict` mode fails them; `significant` mode would pass them\./)
    assert.match(md, /`significant` would have said \*\*pass\*\*/)
    assert.match(md, /#### Per-question regressions \(6 rows, 3 questions\)/)
    assert.match(md, /\| q1 <sub>报销政策<\/sub> \| rules_pass \| 1\.000 → 0\.000 \(−1\.00, pass → fail\) \| [^|]* \| 问题 \|/)
    assert.ok(md.includes(UPDATE))
  })

  it('renders untrusted text inert: no mention, no HTML, no broken table, no code span', () => {
    const md = renderReport(failingReport(1, { question: '@octocat | <img src=x> `rm -rf` \nnext', reason: 'see @team/admins' }))
    const row = md.split('\n').find((l) => /^\| q1( |<)/.test(l))!
    assert.ok(!/@octocat/.test(md), 'a raw @mention would notify the user')
    assert.ok(!/@team/.test(md))
    assert.ok(!md.includes('<img'), 'raw HTML must be escaped')
    assert.ok(!/(?<!\\)`/.test(row), 'an unescaped backtick would open a code span')
    assert.equal(row.split(' | ').length, 5, 'a pipe in the question must not add a column')
    assert.ok(row.includes('&lt;img src=x&gt;'))
  })

  it('stays under the GitHub comment limit for 200 regressed questions and says how many rows were cut', () => {
    const long = '很长的问题'.repeat(40)
    const results = failingReport(200, { question: long, reason: '理由'.repeat(80) })
    const md = renderReport(results)
    assert.ok(md.length < GITHUB_COMMENT_LIMIT, `report is ${md.length} characters`)
    const cut = /_(\d+) more rows cut/.exec(md)
    assert.ok(cut, 'the report says rows were cut')
    const shown = md.split('\n').filter((l) => /^\| q\d+ (\||<sub>)/.test(l)).length
    assert.equal(shown + Number(cut[1]), 400, 'shown + cut = all regression rows')
  })

  it('says when there is no baseline instead of showing a comparison', () => {
    const run = makeRun([{ mrr: 0.5 }])
    const md = renderReport(makeResults(run, compare(run, null, gate(), UPDATE)))
    assert.match(md, /no baseline to compare with/)
    assert.ok(!md.includes('Per-question regressions'))
  })

  it('shows how many values are null and errored beside the mean', () => {
    const run = makeRun([{ faithfulness: 1 }, { faithfulness: null }, { faithfulness: null }], { errors: { 2: 'timeout' } })
    const md = renderReport(makeResults(run, compare(run, null, gate(), UPDATE)))
    // the unanswered question counts as failing: (1 + 0) / 2
    assert.match(md, /0\.500 <sub>n=1, 2 null, 1 errors<\/sub>/)
    assert.match(md, /Errors \(1 question\)/)
  })
})

describe('markdown report charts', () => {
  it('draws the flip chart for the first trend metric whose questions moved, not one where nothing changed', () => {
    // rules_pass passes throughout (no per-question change); completeness_norm drops on two questions
    const base = makeRun([
      { rules_pass: 1, completeness_norm: 1 },
      { rules_pass: 1, completeness_norm: 0.75 },
      { rules_pass: 1, completeness_norm: 0.5 },
    ])
    const cand = makeRun([
      { rules_pass: 1, completeness_norm: 0 },
      { rules_pass: 1, completeness_norm: 0.25 },
      { rules_pass: 1, completeness_norm: 0.5 },
    ])
    const results = makeResults(cand, compare(cand, baselineOf(base), gate(), UPDATE))
    const history = ['v1', 'v2'].flatMap((version, i) =>
      ['rules_pass', 'completeness_norm'].map((metric) => ({ date: `2026-01-0${i + 1}`, version, eval_set_version: cand.eval_set_version, metric, value: 0.9 })),
    )
    const md = renderReport(results, { history })
    const blocks = md
      .split('```mermaid')
      .slice(1)
      .map((b) => b.slice(0, b.indexOf('```')))
    assert.equal(blocks.length, 2, 'a trend chart and a flip chart')
    assert.match(blocks[0]!, /title "rules_pass \(blue\), completeness_norm \(orange\)"/)
    assert.match(blocks[0]!, /x-axis \["v1", "v2", "this PR"\]/)
    assert.match(blocks[1]!, /xychart-beta horizontal/)
    assert.match(blocks[1]!, /title "completeness_norm: per-question change \(baseline → candidate\)"/)
    assert.match(blocks[1]!, /x-axis \["▼ q1", "▼ q2"\]/)
    assert.match(blocks[1]!, /bar \[1, 0\.5\]/)
  })
})

describe('escapeCell', () => {
  it('flattens newlines and clips long text with an ellipsis', () => {
    assert.equal(escapeCell('a\nb\r\nc'), 'a b c')
    assert.equal(escapeCell('一二三四五六', 4), '一二三…')
  })
})
