/**
 * Full and read-only disks for real: small tmpfs mounts (root only; skipped with the reason
 * elsewhere). Whatever evalgate was writing, it exits 2 with a message that names the file and
 * says what happened, prints no stack trace, and leaves the old file byte for byte.
 */
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { generate } from '../../bench/generate.ts'
import { cliCommand, runCliProcess, type ProcessRun } from '../helpers/cli-process.ts'
import { FakeOpenAI } from '../../fakes/openai-server.ts'
import { installSimulatedJudge } from '../../fakes/sim-judge.ts'
import { mountTmpfs, type Tmpfs } from '../helpers/tmpfs.ts'
import { cleanupTempDirs, fixture, makeTempDir, runCli, type CliRun } from './harness.ts'

const EVAL_SET = fixture('eval_set.csv')
const GOOD = fixture('good.jsonl')
const t = makeTempDir()
const runArgs = (...extra: string[]) => ['run', '--config', t.config, '--eval-set', EVAL_SET, '--eval-set-version', 'v1', '--predictions', GOOD, ...extra]

const mounts: Tmpfs[] = []
/** A tmpfs for one describe, or the reason the describe is skipped. */
function tmpfs(size: string): Tmpfs | string {
  const mounted = mountTmpfs(size)
  if (typeof mounted !== 'string') mounts.push(mounted)
  return mounted
}
after(() => {
  for (const m of mounts.splice(0)) m.unmount()
  cleanupTempDirs()
})

/** What every refused write must look like. */
function assertRefused(r: CliRun | ProcessRun, command: string, file: string, words: RegExp): void {
  assert.equal(r.code, 2, `${command}: exit code\n${r.stderr}`)
  const first = r.stderr.split('\n').find((line) => line.includes(file)) ?? ''
  assert.match(first, new RegExp(`^evalgate ${command}: ${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: could not write the file: `), r.stderr)
  assert.match(first, words)
  assert.match(r.stderr, /\n {2}fix: /)
  assert.doesNotMatch(r.stderr + r.stdout, /internal error|\n\s+at /, 'no stack trace')
  assert.doesNotMatch(r.stdout, /^wrote /m)
}

function assertNoTempFiles(dir: string): void {
  const left = readdirSync(dir).filter((name) => name.endsWith('.tmp'))
  assert.deepEqual(left, [], 'temporary files left behind')
}

const full = tmpfs('256k')
describe('a full disk (ENOSPC)', { skip: typeof full === 'string' ? full : false }, () => {
  const disk = full as Tmpfs
  const inDisk = (name: string) => join(disk.dir, name)
  let cli: string[]
  let judge: FakeOpenAI | undefined
  const old = new Map<string, Buffer>()

  before(async () => {
    cli = await cliCommand(t.dir)
    // calibrate-noise measures an LLM judge: a simulated one on 127.0.0.1
    judge = installSimulatedJudge(await new FakeOpenAI().start())
    process.env.EVALGATE_TEST_JUDGE_KEY = 'sk-test-not-a-real-key'
    writeFileSync(
      t.path('judge.yml'),
      `judge:\n  provider: openai\n  base_url: ${judge.url}\n  model: judge-model\n  embeddings_model: embed-model\n  api_key_env: EVALGATE_TEST_JUDGE_KEY\n  cache_dir: ${t.path('cache')}\n`,
    )
    // outside the disk: results, a baseline, shards and a history for the commands to read
    assert.equal((await runCli(runArgs('--out', t.path('results.json')))).code, 0)
    assert.equal((await runCli(['baseline', '--results', t.path('results.json'), '--out', t.path('baseline.json')])).code, 0)
    for (const i of [1, 2]) assert.equal((await runCli(runArgs('--shard', `${i}/2`, '--out', t.path(`shard-${i}.json`)))).code, 0)
    assert.equal((await runCli(runArgs('--history', t.path('history.csv')))).code, 0)
    // on the disk: the old files, then nothing free
    for (const name of ['results.json', 'report.md', 'history.csv', 'compare.json', 'merged.json', 'trend.svg', 'baseline.json']) {
      const path = inDisk(name)
      if (name === 'history.csv') copyFileSync(t.path('history.csv'), path)
      else if (name === 'baseline.json') copyFileSync(t.path('baseline.json'), path)
      else writeFileSync(path, `the old ${name}\n`)
      old.set(path, readFileSync(path))
    }
  })

  after(async () => {
    await judge?.stop()
    delete process.env.EVALGATE_TEST_JUDGE_KEY
  })

  it('evalgate baseline (a real process) writing a larger baseline than the disk holds: exit 2, the old baseline intact', async () => {
    const small = tmpfs('256k') as Tmpfs
    const target = join(small.dir, 'baseline.json')
    copyFileSync(t.path('baseline.json'), target)
    const before = readFileSync(target)
    const big = makeTempDir()
    await generate(800, big.path('eval.csv'), big.path('predictions.jsonl'), 0.8)
    const results = big.path('results.json')
    assert.equal(
      (await runCli(['run', '--config', big.config, '--eval-set', big.path('eval.csv'), '--eval-set-version', 'v1', '--predictions', big.path('predictions.jsonl'), '--out', results])).code,
      0,
    )
    assert.ok(readFileSync(results).length > 256 * 1024, 'the new baseline must not fit')
    const r = await runCliProcess(cli, ['baseline', '--results', results, '--out', target])
    assertRefused(r, 'baseline', target, /no space left on the device; the previous file is left unchanged$/)
    assert.match(r.stderr, /fix: free some space on the disk that holds /)
    assert.deepEqual(readFileSync(target), before)
    assertNoTempFiles(small.dir)
  })

  const writers: { command: string; file: string; args: () => string[] }[] = [
    { command: 'run', file: 'results.json', args: () => runArgs('--out', inDisk('results.json')) },
    { command: 'run', file: 'report.md', args: () => runArgs('--out', t.path('r2.json'), '--report', inDisk('report.md')) },
    { command: 'run', file: 'history.csv', args: () => runArgs('--out', t.path('r3.json'), '--history', inDisk('history.csv')) },
    {
      command: 'compare',
      file: 'compare.json',
      args: () => ['compare', '--config', t.config, '--baseline', t.path('baseline.json'), '--candidate', t.path('results.json'), '--out', inDisk('compare.json')],
    },
    { command: 'merge', file: 'merged.json', args: () => ['merge', '--config', t.config, '--out', inDisk('merged.json'), t.path('shard-1.json'), t.path('shard-2.json')] },
    { command: 'trend', file: 'trend.svg', args: () => ['trend', '--history', t.path('history.csv'), '--metric', 'rules_pass', '--out', inDisk('trend.svg')] },
    {
      command: 'calibrate-noise',
      file: 'baseline.json',
      args: () => [
        'calibrate-noise',
        '--config',
        t.path('judge.yml'),
        '--eval-set',
        EVAL_SET,
        '--eval-set-version',
        'v1',
        '--predictions',
        GOOD,
        '--baseline',
        inDisk('baseline.json'),
        '--runs',
        '2',
        '--write',
      ],
    },
  ]
  for (const w of writers) {
    it(`evalgate ${w.command} writing ${w.file} onto a full disk: exit 2, the old ${w.file} intact`, async () => {
      disk.fill()
      const path = inDisk(w.file)
      const r = await runCli(w.args())
      assertRefused(r, w.command, path, /no space left on the device; the previous file is left unchanged$/)
      assert.deepEqual(readFileSync(path), old.get(path))
      assertNoTempFiles(disk.dir)
    })
  }
})

const readOnly = tmpfs('64k')
describe('a read-only folder (EROFS)', { skip: typeof readOnly === 'string' ? readOnly : false }, () => {
  const disk = readOnly as Tmpfs
  const target = join(disk.dir, 'out', 'results.json')

  before(() => {
    mkdirSync(join(disk.dir, 'out'))
    writeFileSync(target, '{"old": true}\n')
    disk.readOnly()
  })

  it('evalgate run --out F (a real process): exit 2 naming F, "the folder is read-only", no stack trace, F intact', async () => {
    const r = await runCliProcess(await cliCommand(t.dir), runArgs('--out', target))
    assertRefused(r, 'run', target, /the folder is read-only/)
    assert.match(r.stderr, /fix: write to a folder on a writable disk, or remount /)
    assert.equal(readFileSync(target, 'utf8'), '{"old": true}\n')
  })

  it('a new folder under a read-only one: exit 2 naming the file', async () => {
    const nested = join(disk.dir, 'new', 'report.md')
    const r = await runCli(runArgs('--report', nested))
    assertRefused(r, 'run', nested, /the folder is read-only/)
  })
})
