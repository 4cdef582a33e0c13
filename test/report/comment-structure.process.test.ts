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

/** The comment as a folded page shows it: every <details> reduced to its summary line. */
function unfolded(md: string): string {
  const out: string[] = []
  let depth = 0
  for (const line of md.split('\n')) {
    const opens = (line.match(/<details/g) ?? []).length
    if (depth === 0 && opens > 0) out.push(line.replace(/<\/?details>/g, '').replace(/<\/?summary>/g, ''))
    else if (depth === 0) out.push(line)
    depth += opens - (line.match(/<\/details>/g) ?? []).length
  }
  return out.join('\n')
}

/**
 * What a reviewer must see first (issue 29): the verdict, then what changed in the questions,
 * the failing metrics, the worst questions with their reasons and one noise line, all before
 * the first <details>, in that order; no interval or p-value unfolded.
 */
function assertReadsInTenSeconds(md: string, results: Results): void {
  const c = results.comparison!
  for (const [line, columns] of tablesBeforeDetails(md)) assert.ok(columns <= 5, `the table at line ${line} has ${columns} columns before the first <details>`)
  for (const [line, columns] of unfoldedTables(md)) assert.ok(columns <= 5, `the unfolded table at line ${line} has ${columns} columns`)
  const lines = md.split('\n')
  const first = lines
    .slice(
      0,
      lines.findIndex((l) => l.startsWith('<details')),
    )
    .join('\n')
  assert.match(first, /^### ❌ evalgate: gate failed$/m, 'the verdict opens the comment')
  const at = (re: RegExp, what: string) => {
    const i = first.search(re)
    assert.ok(i >= 0, `${what} comes before the first <details>`)
    return i
  }
  const order = [
    at(/^### /m, 'the verdict'),
    at(/^\*\*What changed\*\*/m, 'what changed'),
    at(/^\*\*\d+ metrics? (fell|rose|got worse) by more than/m, 'the failing metrics'),
    at(/^\*\*Worst questions\*\*/m, 'the worst questions'),
  ]
  assert.deepEqual(
    [...order].sort((x, y) => x - y),
    order,
    'verdict, what changed, failing metrics, worst questions, in that order',
  )
  const failing = [...new Set(c.failures.map((f) => ('metric' in f ? f.metric : null)).filter((m): m is string => typeof m === 'string'))]
  const metricsLine = first.split('\n').find((l) => /^\*\*\d+ metrics? /.test(l)) ?? ''
  for (const metric of failing) assert.ok(metricsLine.includes(metric) || first.includes(`\`${metric}\``), `failing metric ${metric} is named before the first <details>`)
  const worst = c.regressions[0]!
  assert.ok(first.includes(`**${worst.id}**`), `the worst question ${worst.id} is named before the first <details>`)
  if (worst.reason) assert.ok(first.includes(worst.reason.slice(0, 20).replace(/_/g, '\\_')) || first.includes(worst.reason.slice(0, 20)), `its reason "${worst.reason}" is shown`)
  // the numbers behind the words are folded
  const shown = unfolded(md)
  assert.doesNotMatch(shown, /95% CI|Holm p|p = 0\.|\| metric \| baseline \| candidate/, 'intervals, p-values and the full metric table are folded')
  assert.doesNotMatch(shown, /^\| id \| metric \|/m, 'the per-question table is folded')
  assert.doesNotMatch(shown, /⚠️ regression within noise/, 'no "within noise" warning under a ❌')
  assert.equal((shown.match(/within noise|more than noise explains|\*\*Noise\*\*/g) ?? []).length <= 2, true, 'the noise is stated once')
}

after(cleanupTempDirs)

describe('the PR comment reads in ten seconds, on a phone too', () => {
  it("the English example's failing comment (44 questions): what changed, failing metrics, worst questions and one noise line first, the rest folded", async () => {
    const tmp = makeTempDir()
    const run = await runCli(['run', '--config', 'examples/saas-kb/evalgate.yml', '--out', tmp.path('results.json'), '--report', tmp.path('report.md')])
    assert.ok(run.code === 0 || run.code === 1, run.stderr)
    const results = loadResults(tmp.path('results.json'))
    const md = readFileSync(tmp.path('report.md'), 'utf8')
    assert.ok(results.comparison && results.comparison.failures.length > 0, 'the example is meant to fail the gate')
    assertReadsInTenSeconds(md, results)
    // strict mode, drops within noise: said as exactly that, once, with what would tell them apart
    assert.match(
      md,
      /^\*\*Noise\*\*: with 44 questions these drops are within noise \(the data cannot tell them from chance\); `strict` mode fails them; `significant` mode would pass them\. Telling a drop of [0-9.]+ on \S+ from noise needs about \d+ questions\.$/m,
    )
    assert.match(md, /^- 1 question lost every relevant document from the top 5 \(saas-006\)$/m)
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
    // unchanged metrics are named in one line inside the metrics' fold, not given a row each
    assert.match(md, /<details><summary>Metrics:[^\n]*\n[\s\S]*^\*\*Within their limits\*\* \(\d+\): .*faithfulness/m)
    assert.ok(!md.split('<details')[0]!.includes('| faithfulness |'), 'an unchanged metric has no row before the first fold')
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
    const section = md.slice(md.indexOf('<details><summary>By category'))
    assert.match(md, /^<details><summary>By category: 2 categories × \d+ metrics, each with too few questions to judge on its own<\/summary>$/m)
    assert.match(section, /^⚠️ All 2 categories have too few questions/m)
    assert.ok(!/^\| [ab] ⚠️/m.test(section), 'no ⚠️ on each row')
  })

  it('says the noise in one plain sentence and folds the per-metric p-values', () => {
    const base = makeRun(Array.from({ length: 10 }, () => ({ accuracy_norm: 1, rules_pass: 1 })))
    const cand = makeRun(Array.from({ length: 10 }, (_, i) => ({ accuracy_norm: i < 3 ? 0 : 1, rules_pass: 1 })))
    const md = renderReport(makeResults(cand, compare(cand, baselineOf(base), gate(), 'x')))
    const noise = unfolded(md)
      .split('\n')
      .filter((l) => l.startsWith('**Noise**'))
    assert.equal(noise.length, 1, 'the noise is said once in view')
    assert.doesNotMatch(noise[0]!, /Holm|CI/, 'p-values per metric are folded')
    assert.match(md, /<details><summary>Metrics:[\s\S]*\| accuracy_norm \| 3 \/ 0 \|[^\n]*\|\n[\s\S]*<\/details>/)
  })
})
