import { after, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { CLI_ENTRY, cliCommand, runCliProcess } from '../helpers/cli-process.ts'
import { FLEISS_EXAMPLE } from '../helpers/fleiss-example.ts'
import { cleanupTempDirs, makeTempDir, runCli, writeText } from './harness.ts'

after(cleanupTempDirs)
const t = makeTempDir()

/** Fleiss's worked example as 14 rater files: item i's counts dealt out to raters 1..14 in category order. */
const exampleFiles = Array.from({ length: 14 }, (_, r) => {
  const rows = FLEISS_EXAMPLE.map((counts, i) => {
    const labels = counts.flatMap((c, j) => Array.from({ length: c }, () => `grade${j + 1}`))
    return `item${i + 1},${labels[r]}`
  })
  return writeText(t.path(`rater${r + 1}.csv`), ['id,difficulty', ...rows.reverse()].join('\n') + '\n')
})

describe('evalgate agreement', () => {
  it("gives Fleiss' kappa 0.210 on the published example (10 items, 14 raters, 5 labels), rows matched by id", async () => {
    const run = await runCli(['agreement', '--raters', ...exampleFiles, '--column', 'difficulty', '--json'])
    assert.equal(run.code, 0, run.stderr)
    const json = JSON.parse(run.stdout) as { fleiss_kappa: number; items: number; raters: number; categories: string[] }
    assert.equal(json.fleiss_kappa.toFixed(3), '0.210')
    assert.equal(json.items, 10)
    assert.equal(json.raters, 14)
    assert.equal(json.categories.length, 5)
  })

  const a = writeText(t.path('a.csv'), 'id,difficulty\nq1,简单\nq2,中等\nq3,困难\nq4,简单\n')
  const b = writeText(t.path('b.jsonl'), ['q4', 'q3', 'q2', 'q1'].map((id, i) => JSON.stringify({ id, difficulty: ['简单', '困难', '中等', '中等'][i] })).join('\n') + '\n')
  const c = writeText(t.path('c.csv'), 'id,difficulty\nq1,简单\nq2,中等\nq3,困难\nq4,中等\n')

  it('adds Cohen’s kappa, exact agreement and PABAK for two raters, and lists the questions labelled differently', async () => {
    const json = JSON.parse((await runCli(['agreement', '--raters', a, b, '--json'])).stdout) as Record<string, unknown>
    assert.equal(json.raters, 2)
    assert.equal(json.exact_agreement, 0.75)
    assert.equal(typeof json.cohen_kappa, 'number')
    assert.equal(typeof json.pabak, 'number')
    assert.deepEqual(json.disagreements, [{ id: 'q1', labels: ['简单', '中等'] }])
    const text = (await runCli(['agreement', '--raters', a, b, c])).stdout
    assert.match(text, /"difficulty" labelled by 3 raters on 4 questions/)
    assert.match(text, /Fleiss' kappa +0\.\d{3}/)
    assert.match(text, /2 questions not labelled alike/)
  })

  it('exits 2 naming the file and line when a rater lacks a question or a label', async () => {
    const short = writeText(t.path('short.csv'), 'id,difficulty\nq1,简单\nq2,中等\nq3,困难\n')
    let run = await runCli(['agreement', '--raters', a, short, c])
    assert.equal(run.code, 2)
    assert.match(run.stderr, new RegExp(`${short}: no row for "q4" \\(${a}:5 has one\\)\\n {2}fix: every rater labels the same questions`))
    const empty = writeText(t.path('empty.csv'), 'id,difficulty\nq1,简单\nq2,\nq3,困难\nq4,简单\n')
    run = await runCli(['agreement', '--raters', a, empty, c])
    assert.equal(run.code, 2)
    assert.match(run.stderr, /empty\.csv:3: column "difficulty": no label for "q2"/)
    run = await runCli(['agreement', '--raters', a, c, '--column', 'level'])
    assert.match(run.stderr, /a\.csv:1: missing required column "level"/)
  })

  it('needs two or more raters', async () => {
    const run = await runCli(['agreement', '--raters', a])
    assert.equal(run.code, 2)
    assert.match(run.stderr, /agreement needs two or more rater files, got 1/)
  })

  it('runs as a process: exit 0 and the JSON, exit 2 on a stray argument', async () => {
    const cli = await cliCommand(t.dir, CLI_ENTRY)
    const run = await runCliProcess(cli, ['agreement', '--raters', ...exampleFiles.slice(0, 3), '--json'])
    assert.equal(run.code, 0, run.stderr)
    assert.deepEqual(Object.keys(JSON.parse(run.stdout) as object).slice(0, 3), ['fleiss_kappa', 'items', 'raters'])
    const stray = await runCliProcess(cli, ['agreement', 'x.csv', '--raters', a, c])
    assert.equal(stray.code, 2)
    assert.match(stray.stderr, /unexpected argument "x\.csv"/)
  })
})
