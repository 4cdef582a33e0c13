/* eslint-disable no-control-regex -- these tests look for control characters on purpose */
/**
 * Issue 28, points 7 and 8: untrusted text cannot speak. Every class of hostile text (line
 * breaks of every Unicode kind, `###`, `</details>`, pipes, backticks, @mentions, #references,
 * bidi controls, entities that spell them, …) is put in every untrusted field of a real run's
 * results: the rendered report keeps exactly the structure (headings, tables, lists, <details>,
 * code blocks, links) it has with plain words there; no @mention, #reference or bare link is
 * left for GitHub to act on; the terminal view keeps its lines; annotations stay one line.
 */
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { marked, type Token, type Tokens } from 'marked'
import { annotation } from '../../src/action/publish.ts'
import { renderProblem } from '../../src/report/problem.ts'
import { renderReport } from '../../src/report/markdown.ts'
import { renderTerminal } from '../../src/report/terminal.ts'
import { codeSpan, escapeCell, escapeHtmlText, escapeInline } from '../../src/report/escape.ts'
import { terminalSafe } from '../../src/text/visible.ts'
import type { Results } from '../../src/schemas/results.ts'
import { cleanupTempDirs, fixture, makeTempDir, readResults, runCli } from '../cli/harness.ts'

after(cleanupTempDirs)

/** Every kind of text that has tried to speak, and real text that must still read. */
const HOSTILE: Record<string, string> = {
  'line feed': 'a\nb',
  'CR LF': 'a\r\nb',
  'carriage return': 'a\rb',
  'vertical tab and form feed': 'a\u000bb\u000cc',
  'NEL, line and paragraph separators': 'a\u0085b\u2028c\u2029d',
  'a fake verdict on a line of its own': 'ok\n### ✅ evalgate: gate passed\n',
  'a heading': '### ✅ evalgate: gate passed',
  'a setext heading': 'title\n=====',
  'a thematic break': '---',
  'a list': '- item\n+ item\n1. item',
  'a quote': '> quoted',
  'a table': '| a | b |\n|---|---|\n| 1 | 2 |',
  pipes: 'a | b || c',
  'details closed early': '</details></summary><details><summary>forged</summary>',
  HTML: '<img src=x onerror=alert(1)><script>alert(1)</script><!-- evalgate:default -->',
  backticks: '`code` ``` fence ``` ~~~',
  emphasis: '**bold** _it_ ~~gone~~',
  links: '[x](https://evil.example) ![i](https://evil.example/i.png) <https://evil.example>',
  'bare URLs': 'https://evil.example/login www.evil.example mailto:a@evil.example',
  mentions: '@team @org/team (@octocat) hi@you',
  references: '#123 GH-45 owner/repo#7 owner/repo@a5c3785 a5c3785ed8d6a35868bc169f07e40e889087fd2e',
  'entities that spell them': '&#64;team &#35;12 &lt;/details&gt; &#x23;9',
  'bidi and invisible characters': 'a\u202egnp.exe\u202c b\u2066x\u2069 c\u200bd\u2060e\ufeff',
  'controls and escape sequences': '\u0000\u001b[31mred\u001b]8;;http://x\u0007\u007f',
  'a workflow command': '::error::forged\n::set-output name=verdict::pass',
  'Chinese, Arabic and emoji': '年假几天？ مرحبا 👍🏽',
}

/** A structure signature: block tokens with their shape, and the inline tokens that are not text. */
function structure(md: string): string[] {
  const out: string[] = []
  const walk = (tokens: readonly Token[] | undefined, depth: number) => {
    for (const token of tokens ?? []) {
      const pad = ' '.repeat(depth)
      switch (token.type) {
        case 'heading':
          out.push(`${pad}h${(token as Tokens.Heading).depth}`)
          walk((token as Tokens.Heading).tokens, depth + 1)
          break
        case 'table': {
          const table = token as Tokens.Table
          out.push(`${pad}table ${table.header.length}x${table.rows.length}`)
          for (const cell of [...table.header, ...table.rows.flat()]) walk(cell.tokens, depth + 1)
          break
        }
        case 'list':
          out.push(`${pad}list ${(token as Tokens.List).items.length}`)
          for (const item of (token as Tokens.List).items) walk(item.tokens, depth + 1)
          break
        case 'html':
          // an answer's own line breaks are shown as <br> between its escaped lines, on one source line (report/answers.ts)
          if (/^<br>$/i.test(token.raw)) break
          // the tags, not the text between them
          out.push(`${pad}html ${[...token.raw.matchAll(/<\/?[a-z]+/gi)].map((m) => m[0].toLowerCase()).join('')}`)
          break
        case 'code':
          out.push(`${pad}code ${(token as Tokens.Code).lang ?? ''}`)
          break
        case 'text':
        case 'escape':
        case 'space':
          walk((token as Tokens.Text).tokens, depth)
          break
        case 'paragraph':
        case 'blockquote':
        case 'strong':
        case 'em':
        case 'del':
        case 'link':
          out.push(`${pad}${token.type}`)
          walk((token as Tokens.Paragraph).tokens, depth + 1)
          break
        default:
          out.push(`${pad}${token.type}`)
      }
    }
  }
  walk(marked.lexer(md), 0)
  return out
}

/** What GitHub would act on in text outside code: a mention, an issue or commit reference, a bare link. */
function actionable(md: string): string[] {
  const prose = md.replace(/^(`{3,})[^\n]*\n[\s\S]*?\n\1$/gm, '').replace(/(`+)[^`\n]*?\1/g, '')
  const found: string[] = []
  for (const pattern of [
    /(?<![\p{L}\p{N}_`])@[\p{L}\p{N}_-]/gu,
    /@[\p{L}\p{N}_-]+\.\p{L}/gu,
    /#\d/g,
    /\bGH-\d/gi,
    /\b[a-z][a-z0-9+.-]*:\/\//gi,
    /\bwww\.[a-z]/gi,
    /\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b/gi,
  ]) {
    for (const m of prose.matchAll(pattern)) found.push(m[0])
  }
  return found
}

/** Puts `text` in every field of the results that came from the eval set, the candidate or the judge. */
function withText(base: Results, text: string): Results {
  const r = structuredClone(base)
  r.run.version = `v-${text}`
  r.run.judge_label = `judge ${text}`
  r.run.notes = [`note ${text}`]
  for (const q of Object.values(r.questions)) {
    q.question = `q ${text}`
    q.answer = `answer ${text}`
    q.category = q.category === null ? null : `${q.category} ${text}`
    q.notes = Object.fromEntries(Object.keys(q.notes).map((k) => [k, `reason ${text}`]))
    q.errors = Object.keys(q.errors).length > 0 ? { candidate: `error ${text}` } : {}
  }
  const c = r.comparison!
  c.baseline.path = `baselines/${text}.json`
  c.baseline.version = `base ${text}`
  c.messages = [`message ${text}`]
  c.judge_model_change = `model ${text}`
  for (const q of [...c.regressions, ...c.improvements]) {
    q.reason = `reason ${text}`
    q.category = q.category === null ? null : `${q.category} ${text}`
  }
  for (const cat of c.categories) cat.category = `${cat.category} ${text}`
  for (const a of Object.values(c.baseline_answers)) a.answer = `before ${text}`
  c.update_command = `evalgate baseline --version '${text}'`
  return r
}

describe('untrusted text in the report, the terminal and annotations cannot change their structure or speak', () => {
  let real: Results
  before(async () => {
    const t = makeTempDir()
    const first = t.path('first.json')
    const baseline = t.path('baseline.json')
    const run = ['run', '--config', t.config, '--eval-set', fixture('eval_set.csv'), '--eval-set-version', 'v1']
    assert.equal((await runCli([...run, '--predictions', fixture('good.jsonl'), '--out', first])).code, 0)
    assert.equal((await runCli(['baseline', '--results', first, '--out', baseline])).code, 0)
    const second = t.path('second.json')
    assert.equal((await runCli([...run, '--predictions', fixture('worse.jsonl'), '--baseline', baseline, '--out', second])).code, 1)
    real = readResults(second)
    assert.ok(real.comparison!.regressions.length > 0 && real.comparison!.categories.length > 1, 'the run has regressions and categories to write into')
  })

  it('the PR comment and report.md: the same headings, tables, lists, <details> and code blocks as with plain words', () => {
    const plain = withText(real, 'plain words')
    for (const options of [{ marker: '<!-- evalgate:default -->' }, { maxChars: Infinity }]) {
      const expected = structure(renderReport(plain, options))
      for (const [name, text] of Object.entries(HOSTILE)) {
        const md = renderReport(withText(real, text), options)
        assert.deepEqual(structure(md), expected, `${name}: ${JSON.stringify(text)}`)
        assert.deepEqual(actionable(md), [], `${name}: GitHub would act on it`)
      }
    }
  })

  it('the "could not run" comment: the message stays inside its fence', () => {
    const expected = structure(renderProblem('plain words'))
    for (const [name, text] of Object.entries(HOSTILE)) assert.deepEqual(structure(renderProblem(`failed: ${text}`)), expected, name)
  })

  it('each escaper alone gives one line that mentions and links nothing', () => {
    for (const [name, text] of Object.entries(HOSTILE)) {
      for (const [escaper, escaped] of [
        ['escapeInline', escapeInline(text)],
        ['escapeCell', escapeCell(text)],
        ['escapeHtmlText', escapeHtmlText(text)],
        ['codeSpan', codeSpan(text)],
      ] as const) {
        assert.doesNotMatch(escaped, /[\n\r\u000b\u000c\u0085\u2028\u2029]/, `${escaper} ${name}: a line break`)
        assert.deepEqual(actionable(escaped), [], `${escaper} ${name}`)
        // inside a code span an entity is text; elsewhere none may be left for GitHub's filters to read through
        if (escaper !== 'codeSpan') assert.ok(!/&#\d|&#x/i.test(escaped.replace(/&(amp|lt|gt);/g, '')), `${escaper} ${name}: a numeric entity: ${escaped}`)
      }
    }
  })

  it('the terminal view keeps its lines and gives no workflow command', () => {
    const lines = renderTerminal(withText(real, 'plain words'), { color: false }).split('\n').length
    for (const [name, text] of Object.entries(HOSTILE)) {
      const shown = terminalSafe(renderTerminal(withText(real, text), { color: false }))
      assert.equal(shown.split('\n').length, lines, name)
      assert.ok(!shown.split('\n').some((line) => /^\s*::/.test(line)), `${name}: a workflow command`)
    }
  })

  it('an annotation stays one line', () => {
    for (const [name, text] of Object.entries(HOSTILE)) {
      const { message, title } = annotation({ kind: 'category_floor', category: `billing ${text}`, metric: 'rules_pass', value: 0.5, limit: 0.8, unit: 'score', bound: 'floor' })
      assert.ok(!/[\n\r\u2028\u2029\u0085]/.test(terminalSafe(message)) && !/\n/.test(title), `${name}: ${JSON.stringify(message)}`)
    }
  })
})
