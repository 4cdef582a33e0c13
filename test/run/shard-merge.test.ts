import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { generate } from '../../bench/generate.ts'
import { shardRows } from '../../src/run/evalSet/shard.ts'
import type { EvalRow } from '../../src/schemas/evalSet.ts'

import { readResults, runCli, writeResults } from '../cli/harness.ts'

const N = 1000
let dir: string
const path = (name: string) => join(dir, name)
const read = (name: string) => readResults(path(name))

async function run(extra: string[], out: string, version = 'v1'): Promise<number> {
  const r = await runCli([
    'run',
    '--config',
    path('none.yml'),
    '--eval-set',
    path('eval.csv'),
    '--eval-set-version',
    version,
    '--predictions',
    path('pred.jsonl'),
    '--k',
    '5,10',
    '--out',
    path(out),
    ...extra,
  ])
  return r.code
}

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'evalgate-shards-'))
  writeFileSync(path('none.yml'), '')
  await generate(N, path('eval.csv'), path('pred.jsonl'), 0.8, 3)
  assert.equal(await run([], 'full.json'), 0)
  for (let i = 1; i <= 4; i++) assert.equal(await run(['--shard', `${i}/4`], `shard-${i}.json`), 0)
})
after(() => rmSync(dir, { recursive: true, force: true }))

describe('sharding', () => {
  it('puts every id in exactly one shard, with sizes within one question of each other', () => {
    const rows = Array.from({ length: 103 }, (_, i) => ({ id: `id-${(i * 37) % 103}` }) as EvalRow)
    const shards = [1, 2, 3, 4, 5].map((i) => shardRows(rows, i, 5).map((r) => r.id))
    const all = shards.flat()
    assert.equal(all.length, 103)
    assert.equal(new Set(all).size, 103)
    const sizes = shards.map((s) => s.length)
    assert.ok(Math.max(...sizes) - Math.min(...sizes) <= 1, String(sizes))
    assert.deepEqual(
      shardRows([...rows].reverse(), 2, 5)
        .map((r) => r.id)
        .sort(),
      [...shards[1]!].sort(),
      'row order does not change a shard',
    )
  })

  it('deals units (a lone question, or a whole conversation under its lowest id) in code-point order of their lowest id', () => {
    // a conversation named like a lone question ("c2") is still its own unit
    const rows = [
      { id: 'q3' },
      { id: 'c2' },
      { id: 'b1', conversation: { id: 'c2', turn: 2 } },
      { id: 'a9', conversation: { id: 'c2', turn: 1 } },
      { id: 'q10' },
      { id: 'Z1', conversation: { id: 'z', turn: 1 } },
      { id: 'zz', conversation: { id: 'z', turn: 2 } },
      { id: 'é' },
    ] as EvalRow[]
    // units by lowest id: Z1 (z), a9 (c2), c2, q10, q3, é → shards 1, 2, 3, 1, 2, 3
    const ids = (i: number) => shardRows(rows, i, 3).map((r) => r.id)
    assert.deepEqual(ids(1), ['q10', 'Z1', 'zz'])
    assert.deepEqual(ids(2), ['q3', 'b1', 'a9'])
    assert.deepEqual(ids(3), ['c2', 'é'])
  })

  it('merged shards equal the unsharded run byte for byte in their metrics and per-question scores', async () => {
    const code = (await runCli(['merge', '--config', path('none.yml'), '--out', path('merged.json'), ...[1, 2, 3, 4].map((i) => path(`shard-${i}.json`))])).code
    assert.equal(code, 0)
    const full = read('full.json')
    const merged = read('merged.json')
    assert.equal(JSON.stringify(merged.metrics), JSON.stringify(full.metrics))
    assert.equal(merged.run.question_count, N)
    for (const [id, q] of Object.entries(full.questions)) assert.deepEqual(merged.questions[id]!.scores, q.scores, id)
    const shardSizes = [1, 2, 3, 4].map((i) => read(`shard-${i}.json`).run.question_count)
    assert.deepEqual(shardSizes, [250, 250, 250, 250])
  })

  it('compares a merged run against a baseline in one step', async () => {
    assert.equal((await runCli(['baseline', '--results', path('full.json'), '--out', path('baseline.json')])).code, 0)
    const r = await runCli(['merge', '--config', path('none.yml'), '--out', path('merged2.json'), '--baseline', path('baseline.json'), ...[4, 3, 2, 1].map((i) => path(`shard-${i}.json`))])
    assert.equal(r.code, 0, r.stderr)
    assert.equal(read('merged2.json').comparison!.verdict, 'pass')
  })

  it('a shard cannot become the baseline: exit 2 naming the shard, the fix is to merge first; the merged run can', async () => {
    const refused = await runCli(['baseline', '--results', path('shard-2.json'), '--out', path('shard-baseline.json')])
    assert.equal(refused.code, 2, refused.stderr)
    assert.match(
      refused.stderr,
      /shard-2\.json: shard 2\/4 \(250 of 1000 questions\) cannot become the baseline\n {2}fix: merge the shards first \(.*merge --out merged\.json shard-\*\.json; in the Action, mode: merge\)/,
    )
    assert.equal(existsSync(path('shard-baseline.json')), false)
    const merged = await runCli(['merge', '--config', path('none.yml'), '--out', path('merged-for-baseline.json'), ...[1, 2, 3, 4].map((i) => path(`shard-${i}.json`))])
    assert.equal(merged.code, 0, merged.stderr)
    assert.equal((await runCli(['baseline', '--results', path('merged-for-baseline.json'), '--out', path('merged-baseline.json')])).code, 0)
  })

  it('a shard whose judge stopped makes the merged run stop too: exit 2, the cause kept', async () => {
    const stopped = { cause: 'cannot reach 127.0.0.1:9 (5 requests in a row failed)', fix: 'check judge.base_url' }
    const shard = read('shard-3.json')
    writeResults(path('shard-3-stopped.json'), { ...shard, run: { ...shard.run, judge_stopped: stopped } })
    const r = await runCli(['merge', '--config', path('none.yml'), '--out', path('merged-stopped.json'), ...[1, 2, 4].map((i) => path(`shard-${i}.json`)), path('shard-3-stopped.json')])
    assert.equal(r.code, 2, r.stderr)
    assert.deepEqual(read('merged-stopped.json').run.judge_stopped, stopped)
    assert.match(r.stdout, /JUDGE STOPPED[\s\S]*the judge stopped: cannot reach 127\.0\.0\.1:9/)
  })

  for (const [name, files, message] of [
    ['a missing shard', () => [1, 2, 4].map((i) => path(`shard-${i}.json`)), /incomplete run: shard 3 of 4 missing/],
    ['a shard given twice', () => [1, 2, 2, 3, 4].map((i) => path(`shard-${i}.json`)), /shard 2\/4 was already given/],
    ['an unsharded run', () => [path('full.json')], /not a shard/],
  ] as const) {
    it(`refuses ${name}`, async () => {
      const r = await runCli(['merge', '--config', path('none.yml'), '--out', path('x.json'), ...files()])
      assert.equal(r.code, 2)
      assert.match(r.stderr, message)
    })
  }

  it('refuses shards from another eval set version or judge, naming the file and the field', async () => {
    assert.equal(await run(['--shard', '4/4'], 'shard-4-v2.json', 'v2'), 0)
    const versions = await runCli(['merge', '--config', path('none.yml'), '--out', path('x.json'), ...[1, 2, 3].map((i) => path(`shard-${i}.json`)), path('shard-4-v2.json')])
    assert.equal(versions.code, 2)
    assert.match(versions.stderr, /shard-4-v2\.json: eval_set_version "v2" differs from "v1" in .*shard-1\.json/)
    assert.equal(await run(['--shard', '4/4', '--judge', 'none'], 'shard-4-none.json'), 0)
    const judges = await runCli(['merge', '--config', path('none.yml'), '--out', path('x.json'), ...[1, 2, 3].map((i) => path(`shard-${i}.json`)), path('shard-4-none.json')])
    assert.equal(judges.code, 2)
    assert.match(judges.stderr, /shard-4-none\.json: judge .* differs/)
  })
})

describe('statistics of a merged run', () => {
  it('gives the same intervals and p-values as the unsharded run against the same baseline', async () => {
    // a baseline from another version of the system, so the differences are not all zero
    await generate(N, path('eval-again.csv'), path('pred-other.jsonl'), 0.6, 9)
    const other = await runCli([
      'run',
      '--config',
      path('none.yml'),
      '--eval-set',
      path('eval.csv'),
      '--eval-set-version',
      'v1',
      '--predictions',
      path('pred-other.jsonl'),
      '--k',
      '5,10',
      '--out',
      path('other.json'),
    ])
    assert.equal(other.code, 0, other.stderr)
    assert.equal((await runCli(['baseline', '--results', path('other.json'), '--out', path('baseline-other.json')])).code, 0)
    const a = await runCli(['compare', '--config', path('none.yml'), '--baseline', path('baseline-other.json'), '--candidate', path('full.json'), '--out', path('cmp-full.json')])
    const b = await runCli(['compare', '--config', path('none.yml'), '--baseline', path('baseline-other.json'), '--candidate', path('merged.json'), '--out', path('cmp-merged.json')])
    assert.equal(a.code, b.code)
    const rows = (name: string) => read(name).comparison!.metrics.map((m) => [m.metric, m.interval, m.p, m.p_holm, m.flips])
    assert.ok(
      read('cmp-full.json').comparison!.metrics.some((m) => m.interval && m.interval.low !== m.interval.high),
      'the intervals are not degenerate',
    )
    assert.deepEqual(rows('cmp-merged.json'), rows('cmp-full.json'))
  })
})
