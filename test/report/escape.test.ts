/* eslint-disable no-control-regex -- these tests look for control characters on purpose */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { compare } from '../../src/compare/compare.ts'
import { isKnownMetric } from '../../src/metrics/registry.ts'
import { codeSpan, escapeCell, escapeInline } from '../../src/report/escape.ts'
import { renderReport } from '../../src/report/markdown.ts'
import { renderProblem } from '../../src/report/problem.ts'
import { baselineOf, gate, makeResults, makeRun } from '../helpers/factories.ts'

/** Controls, bidi overrides and isolates, zero-width characters: none may reach the Markdown raw. */
const HIDDEN = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/u

describe('the Markdown escaper', () => {
  it('shows control, bidi and zero-width characters as their codes, and turns every kind of line break into a space', () => {
    const text = 'a\u202Eevil\u202C b\u2066x\u2069 c\u200Bd\u200De\u2060f\uFEFF g\u001b[31mred\u001b]8;;http://x\u0007 h'
    // a cell folds U+FEFF into a space with the other blanks; inline text shows it
    for (const [escaped, codes] of [
      [escapeInline(text), ['\\ufeff']],
      [escapeCell(text), []],
    ] as const) {
      // the only invisible character left is the word joiner the escaper itself puts after `:` of a URL scheme
      assert.doesNotMatch(escaped.replace(/:\u2060/g, ':'), HIDDEN, escaped)
      for (const code of ['\\u202e', '\\u202c', '\\u2066', '\\u2069', '\\u200b', '\\u200d', '\\u2060', '\\x1b', '\\x07', ...codes]) assert.ok(escaped.includes(code), `${code} in ${escaped}`)
    }
    assert.equal(escapeInline('a\nb\r\nc\rd\u000be\u000cf\u0085g\u2028h\u2029i'), 'a b c d e f g h i')
  })

  it('keeps bare URLs from becoming links', () => {
    const escaped = escapeInline('see https://evil.example/login, HTTP://x.example and www.evil.example')
    assert.doesNotMatch(escaped, /https?:\/\/|www\.(?!\u2060)/i)
    assert.ok(escaped.includes('https:\u2060//evil.example/login'), escaped)
    assert.ok(escaped.includes('www.\u2060evil.example'), escaped)
  })

  it('neutralises #123, GH-123, owner/repo#123 and headings with a word joiner, not an entity (GitHub reads through entities)', () => {
    const escaped = escapeInline('fixes #123, GH-45, gh-6 and octo/repo#7 ### title')
    assert.doesNotMatch(escaped, /#\d|GH-\d|###/i)
    assert.ok(escaped.includes('#\u2060123') && escaped.includes('GH-\u206045') && escaped.includes('repo#\u20607') && escaped.includes('#\u2060#\u2060#\u2060 title'), escaped)
    assert.doesNotMatch(escaped, /&#/)
  })

  it('stops @mentions with a word joiner but leaves precision@5 as written', () => {
    const escaped = escapeInline('ping @octocat, (@org/team) and precision@5')
    assert.doesNotMatch(escaped, /(^|[^A-Za-z0-9_])@(?!\u2060)/)
    assert.ok(escaped.includes('@\u2060octocat') && escaped.includes('@\u2060org/team') && escaped.includes('precision@5'), escaped)
    assert.doesNotMatch(escaped, /&#/)
  })

  it('writes a code span whose fence fits the text, so nothing inside needs a backslash', () => {
    assert.equal(codeSpan('heading_v2'), '`heading_v2`')
    assert.equal(codeSpan('a`b'), '``a`b``')
    assert.equal(codeSpan('``x'), '``` ``x ```')
    assert.equal(codeSpan('v*1 [x] <b>'), '`v*1 [x] <b>`')
    assert.equal(codeSpan('line\nbreak\u202E'), '`line break\\u202e`')
  })

  it('puts a label in the report as written inside its code span', () => {
    const run = makeRun([{ mrr: 1 }])
    const results = makeResults(run, compare(run, baselineOf(run, { version: 'base_v1' }), gate(), 'npx evalgate baseline'))
    results.run.version = 'heading_v2'
    const md = renderReport(results)
    assert.ok(md.includes('`heading_v2` vs baseline `base_v1`'), md.split('\n').slice(0, 4).join('\n'))
    assert.ok(!md.includes('heading\\_v2'))
  })

  it('keeps a "could not run" message in a fence it cannot close, with its controls shown', () => {
    const md = renderProblem('bad\n```\n@octocat \u001b[2J\n````')
    assert.ok(md.includes('`````\nbad\n```\n@octocat \\x1b[2J\n````\n`````'), md)
  })
})

describe("the report's metric names", () => {
  it('copy back from "Why the gate failed" as known metric names (each in a code span), without invisible characters', () => {
    const base = makeRun(Array.from({ length: 4 }, () => ({ 'precision@5': 1, 'hit@5': 1, rules_pass: 1 })))
    const cand = makeRun(Array.from({ length: 4 }, () => ({ 'precision@5': 0, 'hit@5': 0, rules_pass: 0 })))
    const md = renderReport(makeResults(cand, compare(cand, baselineOf(base), gate(), 'npx evalgate baseline')))
    const section = md.split('**Why the gate failed**')[1]!.split('\n\n')[0]!
    const names = section
      .split('\n')
      .filter((line) => line.startsWith('- '))
      .map((line) => /^- `([^`]+)`: /.exec(line)?.[1] ?? line)
    assert.deepEqual(names.sort(), ['hit@5', 'precision@5', 'rules_pass'])
    for (const name of names) assert.ok(isKnownMetric(name), `"${name}" (${[...name].map((c) => c.codePointAt(0)!.toString(16)).join(' ')}) is not a known metric`)
    assert.doesNotMatch(md, HIDDEN)
  })
})
