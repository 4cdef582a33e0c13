/* eslint-disable no-control-regex -- these tests look for control characters on purpose */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { marked } from 'marked'
import { baselineFromResults, viewOfBaseline, viewOfResults } from '../../src/baseline/baseline.ts'
import type { RunUnderTest } from '../../src/compare/columns.ts'
import { compare } from '../../src/compare/compare.ts'
import { GITHUB_COMMENT_LIMIT, renderReport } from '../../src/report/markdown.ts'
import { renderTerminal } from '../../src/report/terminal.ts'
import { ResultsSchema } from '../../src/schemas/results.ts'
import { gate, makeResults, makeRun } from '../helpers/factories.ts'

const UPDATE = 'evalgate baseline --results results.json'

/** What `evalgate baseline` writes from `base`, read back as the gate reads it. */
function baselineFrom(base: RunUnderTest) {
  return viewOfBaseline(baselineFromResults(makeResults(base), null, 'v-base', new Date('2026-01-01T00:00:00Z')), 'baselines/baseline.json')
}

/** n questions that all fall from 1 to 0 on accuracy_norm, with the answers before and after given per question. */
function fell(before: readonly string[], after: readonly string[]) {
  const base = makeRun(before.map(() => ({ accuracy_norm: 1 })))
  const cand = makeRun(after.map(() => ({ accuracy_norm: 0 })))
  before.forEach((a, i) => (base.questions[`q${i + 1}`]!.answer = a))
  after.forEach((a, i) => (cand.questions[`q${i + 1}`]!.answer = a))
  return makeResults(cand, compare(cand, baselineFrom(base), gate(), UPDATE))
}

const HOSTILE = 'We do not accept PayPal.\n</details>\n# Heading\n- item <img src=x onerror=alert(1)> cc @octocat [link](http://evil.example) `code`'

/** The <details> block of question `id` in the rendered HTML. */
function blockOf(html: string, id: string): string {
  const start = html.indexOf(`<summary>${id}:`)
  assert.ok(start >= 0, `no before/after block for ${id}`)
  return html.slice(start, html.indexOf('</details>', start))
}

describe('the Markdown report shows what a regressed question answered before and after', () => {
  it('puts the baseline answer and this run answer in a collapsible block, escaped so nothing in them acts', () => {
    const md = renderReport(fell([HOSTILE], ['We accept PayPal @octocat </details> <img src=x onerror=alert(1)>']))
    assert.match(md, /\*\*Answers before and after\*\* \(1 question that got worse, worst first\)/)
    assert.match(md, /^<details><summary>q1: answer changed<\/summary>$/m)
    const html = marked.parse(md, { gfm: true, async: false })
    // the answers' </details> closes nothing: every block the report opens is closed by the report
    assert.equal(html.match(/<details>/g)?.length, html.match(/<\/details>/g)?.length)
    assert.doesNotMatch(html, /<img/, 'no HTML from an answer')
    assert.doesNotMatch(html, /<h1/, 'a "# " line in an answer is no heading')
    assert.doesNotMatch(md, /(?<![A-Za-z0-9_])@octocat/, 'no @mention')
    assert.doesNotMatch(html, /<a href/, 'no link')
    const block = blockOf(html, 'q1')
    assert.match(block, /<strong>Before<\/strong>: We do not accept PayPal\.<br>&lt;\/details&gt;<br>/)
    assert.match(block, /&lt;img src=x onerror=alert\(1\)&gt;/)
    assert.match(block, /<strong>After<\/strong>: We accept PayPal @\u2060octocat &lt;\/details&gt; &lt;img src=x onerror=alert\(1\)&gt;<\/p>/)
    // a word joiner, not an entity: GitHub's mention filter is reported to read through entities (issue 28)
    assert.ok(md.includes('**After**: We accept PayPal @\u2060octocat &lt;/details&gt;'), 'the mention is broken by a word joiner in the comment GitHub receives')
  })

  it('escapes a hostile question id in the block summary with entities for HTML only (raw HTML shows a backslash as written)', () => {
    const id = '</details><img src=x> @octocat *x*'
    const base = makeRun([{ accuracy_norm: 1 }])
    const cand = makeRun([{ accuracy_norm: 0 }])
    base.questions = { [id]: { ...base.questions.q1!, answer: 'Before.' } }
    cand.questions = { [id]: cand.questions.q1! }
    const md = renderReport(makeResults(cand, compare(cand, baselineFrom(base), gate(), UPDATE)))
    assert.ok(md.includes('<details><summary>&lt;/details&gt;&lt;img src=x&gt; @\u2060octocat *x*: answer changed</summary>'), md)
    const html = marked.parse(md, { gfm: true, async: false })
    assert.equal(html.match(/<details>/g)?.length, html.match(/<\/details>/g)?.length)
    assert.doesNotMatch(html, /<img/)
  })

  it('says the answer did not change when its hash is the same, so the drop comes from scoring or the contexts', () => {
    const md = renderReport(fell(['Refunds take 5 days.', 'Old text.'], ['Refunds take 5 days.', 'New text.']))
    assert.match(md, /<summary>q1: answer unchanged: the drop comes from scoring or the contexts, not from the answer<\/summary>/)
    assert.match(md, /\*\*Answer\*\* \(the same before and after\): Refunds take 5 days\./)
    assert.match(md, /<summary>q2: answer changed<\/summary>\n\n\*\*Before\*\*: Old text\.\n\n\*\*After\*\*: New text\./)
  })

  it('keeps the comment within GitHub limit for 200 regressed questions with long hostile answers, saying how many were cut', () => {
    const worst = '&<>'.repeat(300) // 900 code points, the most escaping per character
    const results = fell(
      Array.from({ length: 200 }, () => worst),
      Array.from({ length: 200 }, () => `${worst}!`),
    )
    const md = renderReport(results)
    assert.ok(md.length < GITHUB_COMMENT_LIMIT, `report is ${md.length} characters`)
    const shown = md.match(/^<details><summary>q\d+: answer changed<\/summary>$/gm)?.length ?? 0
    const cut = /_(\d+) more answers cut/.exec(md)
    assert.ok(shown >= 1 && cut, 'some answers shown, the rest counted')
    assert.equal(shown + Number(cut[1]), 200)
    // each shown answer is capped at 500 code points (499 and the cut mark)
    const before = md.split('\n').find((l) => l.startsWith('**Before**: '))!
    assert.equal(before.match(/&amp;/g)?.length, 167)
    assert.ok(before.endsWith('…'))
    // report.md (no size limit) shows every one
    assert.equal(renderReport(results, { maxChars: Infinity }).match(/<summary>q\d+: answer changed/g)?.length, 200)
  })

  it('shows the answers before from another run results.json used as the baseline, capped the same way', () => {
    const base = makeRun([{ accuracy_norm: 1 }])
    const cand = makeRun([{ accuracy_norm: 0 }])
    base.questions.q1!.answer = 'x'.repeat(600)
    const c = compare(cand, viewOfResults(makeResults(base), 'out/main-results.json'), gate(), UPDATE)
    assert.deepEqual({ ...c.baseline_answers }, { q1: { answer: `${'x'.repeat(499)}…`, answer_truncated: true, unchanged: false } })
    assert.ok(renderReport(makeResults(cand, c)).includes(`**Before**: ${'x'.repeat(499)}…\n\n**After**: 回答`))
  })

  it('keeps the baseline answers through results.json', () => {
    const results = fell(['Before.'], ['After.'])
    const read = ResultsSchema.parse(JSON.parse(JSON.stringify(results)))
    assert.deepEqual({ ...read.comparison!.baseline_answers }, { q1: { answer: 'Before.', answer_truncated: false, unchanged: false } })
    const older = JSON.parse(JSON.stringify(results)) as { comparison: Record<string, unknown> }
    delete older.comparison.baseline_answers
    assert.deepEqual({ ...ResultsSchema.parse(older).comparison!.baseline_answers }, {}, 'a results.json written before has none')
  })
})

describe('the terminal shows a short before/after for the worst regressed questions', () => {
  it('one line each side, controls as codes, or one line when the answer did not change', () => {
    const results = fell(['Refunds take 5 days.', `Old\u001b[31m text ${'x'.repeat(200)}`], ['Refunds take 5 days.', 'New\ntext.'])
    const out = renderTerminal(results, { color: false })
    assert.match(out, /Answers before → after \(worst 2 questions\):/)
    assert.match(out, /^ {4}q1 +answer unchanged: the drop comes from scoring or the contexts/m)
    const before = out.split('\n').find((l) => l.includes('before: Old'))!
    assert.ok(before.includes('Old\\x1b[31m text xxx'), before)
    // 70 code points of the answer (the last one …), the escape character shown as its 4-character code
    assert.equal([...before.split('before: ')[1]!].length, 70 + 3, before)
    assert.ok(before.endsWith('…'), before)
    assert.match(out, /after: {2}New text\./)
    assert.doesNotMatch(out, /\u001b/)
  })
})
