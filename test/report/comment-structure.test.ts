import { after, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { compare } from '../../src/compare/compare.ts'
import { renderReport } from '../../src/report/markdown.ts'
import type { Results } from '../../src/schemas/results.ts'
import { cleanupTempDirs, makeTempDir, runCli } from '../cli/harness.ts'
import { baselineOf, gate, makeResults, makeRun } from '../helpers/factories.ts'
import { readResults as loadResults } from '../cli/harness.ts'

/** The tables that come before the first <details>, each as [line number, column count]. */
function tablesBeforeDetails(md: string): Array<[number, number]> {
  const lines = md.split('\n')
  const end = lines.findIndex((l) => l.trimStart().startsWith('<details'))
  const head = end === -1 ? lines : lines.slice(0, end)
  const tables: Array<[number, number]> = []
  head.forEach((line, i) => {
    // a GFM table starts with a header row followed by a delimiter row
    if (line.startsWith('|') && /^\|(\s*:?-+:?\s*\|)+\s*$/.test(head[i + 1] ?? '')) tables.push([i + 1, head[i + 1]!.split('|').length - 2])
  })
  return tables
}

/** The tables a phone shows unfolded (outside every <details>), each as [line number, column count]. */
function unfoldedTables(md: string): Array<[number, number]> {
  const lines = md.split('\n')
  const tables: Array<[number, number]> = []
  let depth = 0
  lines.forEach((line, i) => {
    depth += (line.match(/<details/g) ?? []).length - (line.match(/<\/details>/g) ?? []).length
    if (depth === 0 && line.startsWith('|') && /^\|(\s*:?-+:?\s*\|)+\s*$/.test(lines[i + 1] ?? '')) tables.push([i + 1, lines[i + 1]!.split('|').length - 2])
  })
  return tables
}

/** What a reviewer must see on the first screen: the verdict, every failing metric, the worst question. */
function assertReadsInTenSeconds(md: string, results: Results): void {
  const c = results.comparison!
  for (const [line, columns] of tablesBeforeDetails(md)) assert.ok(columns <= 5, `the table at line ${line} has ${columns} columns before the first <details>`)
  // anywhere in the comment, a table wider than 5 columns scrolls sideways at 390 px unless it is folded
  for (const [line, columns] of unfoldedTables(md)) assert.ok(columns <= 5, `the unfolded table at line ${line} has ${columns} columns`)
  const first = md.split('\n').slice(0, 40).join('\n')
  assert.match(first, /^### .* evalgate: gate (failed|passed)/m, 'the verdict is in the first 40 lines')
  const failing = [...new Set(c.failures.map((f) => ('metric' in f ? f.metric : null)).filter((m): m is string => typeof m === 'string'))]
  for (const metric of failing) {
    const row = first.split('\n').find((l) => l.startsWith(`| ${metric} |`))
    assert.ok(row, `failing metric ${metric} has a row in the main table within the first 40 lines`)
    assert.match(row, /regression|❌/, `the row of ${metric} says it failed in words`)
  }
  if (c.regressions.length > 0) assert.ok(first.includes(`**${c.regressions[0]!.id}**`), `the worst question ${c.regressions[0]!.id} is in the first 40 lines`)
}

after(cleanupTempDirs)

describe('the PR comment reads in ten seconds, on a phone too', () => {
  it("the example's comment: verdict, failing metrics and worst question first, no wide table unfolded", async () => {
    const tmp = makeTempDir()
    const run = await runCli(['run', '--config', 'evalgate.yml', '--out', tmp.path('results.json'), '--report', tmp.path('report.md')])
    assert.ok(run.code === 0 || run.code === 1, run.stderr)
    const results = loadResults(tmp.path('results.json'))
    const md = readFileSync(tmp.path('report.md'), 'utf8')
    assert.ok(results.comparison && results.comparison.failures.length > 0, 'the example is meant to fail the gate')
    assertReadsInTenSeconds(md, results)
  })

  it('a generated run with many failures and many categories', () => {
    const categories = ['billing', 'refunds', 'shipping', 'accounts', 'privacy', 'returns']
    const n = 60
    const base = makeRun(
      Array.from({ length: n }, () => ({ accuracy_norm: 1, rules_pass: 1, faithfulness: 1, 'recall@3': 1, mrr: 1 })),
      { categories: Array.from({ length: n }, (_, i) => categories[i % 6]!) },
    )
    const cand = makeRun(
      Array.from({ length: n }, (_, i) => ({ accuracy_norm: i % 2 ? 0.2 : 1, rules_pass: i % 3 ? 1 : 0, faithfulness: 1, 'recall@3': 1, mrr: i % 5 ? 1 : 0.5 })),
      { categories: Array.from({ length: n }, (_, i) => categories[i % 6]!) },
    )
    const results = makeResults(cand, compare(cand, baselineOf(base), gate(), 'evalgate baseline --results out/results.json --out baselines/baseline.json'))
    assert.ok(results.comparison!.failures.length >= 2)
    const md = renderReport(results)
    assertReadsInTenSeconds(md, results)
    // unchanged metrics are named in one line, not given a row each
    assert.match(md, /^\*\*Within their limits\*\* \(\d+\): .*faithfulness/m)
    assert.ok(!md.split('<details')[0]!.includes('| faithfulness |'), 'an unchanged metric has no row in the main table')
  })

  it('states a warning that holds for every category once, above the table, not on each row', () => {
    const n = 8
    const base = makeRun(
      Array.from({ length: n }, () => ({ accuracy_norm: 1 })),
      { categories: Array.from({ length: n }, (_, i) => (i % 2 ? 'a' : 'b')) },
    )
    const cand = makeRun(
      Array.from({ length: n }, (_, i) => ({ accuracy_norm: i % 3 ? 1 : 0 })),
      { categories: Array.from({ length: n }, (_, i) => (i % 2 ? 'a' : 'b')) },
    )
    const md = renderReport(makeResults(cand, compare(cand, baselineOf(base), gate(), 'x')))
    const section = md.slice(md.indexOf('#### By category'))
    assert.match(section, /^⚠️ All 2 categories have too few questions/m)
    assert.ok(!/^\| [ab] ⚠️/m.test(section), 'no ⚠️ on each row')
  })

  it('says the noise in one plain sentence and folds the per-metric p-values', () => {
    const base = makeRun(Array.from({ length: 10 }, () => ({ accuracy_norm: 1, rules_pass: 1 })))
    const cand = makeRun(Array.from({ length: 10 }, (_, i) => ({ accuracy_norm: i < 3 ? 0 : 1, rules_pass: 1 })))
    const md = renderReport(makeResults(cand, compare(cand, baselineOf(base), gate(), 'x')))
    const noise = md.split('\n').filter((l) => l.startsWith('**Noise**'))
    assert.equal(noise.length, 1)
    assert.doesNotMatch(noise[0]!, /Holm/, 'p-values per metric are folded')
    assert.match(md, /<details><summary>Noise per metric<\/summary>[\s\S]*\| accuracy_norm \| 3 \/ 0 \|[^\n]*\|\n[\s\S]*<\/details>/)
  })
})
