/**
 * Issue 28, point 6: every input has a size cap with a clear error and a setting to raise it,
 * and Ctrl-C (or a runner's SIGTERM) stops evalgate at any moment, reading included: a real
 * FIFO that nobody writes to, and one fed forever, with real signals. Every wait is bounded.
 */
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { closeSync, constants, openSync, writeFileSync } from 'node:fs'
import { cliCommand, runCliProcess, type ProcessRun } from '../helpers/cli-process.ts'
import { cleanupTempDirs, fixture, makeTempDir, runCli, writeText } from './harness.ts'

after(cleanupTempDirs)

const t = makeTempDir()
let cli: string[]
before(async () => {
  cli = await cliCommand(t.dir)
})

/** A file of `mb` megabytes: blank lines, which no reader gets to parse. */
function bigFile(name: string, mb: number): string {
  return writeText(t.path(name), '\n'.repeat(Math.round(mb * 1024 * 1024)))
}

const RUN = () => ['run', '--config', t.config, '--eval-set-version', 'v1']

describe('every input has a size cap, named with the setting that raises it', () => {
  const big = (name: string) => bigFile(name, 1.5)
  const cases: [string, () => string[]][] = [
    ['the eval set', () => [...RUN(), '--eval-set', big('set.csv'), '--predictions', fixture('good.jsonl')]],
    ['a JSONL predictions file (streamed)', () => [...RUN(), '--eval-set', fixture('eval_set.csv'), '--predictions', big('pred.jsonl')]],
    ['a CSV predictions file', () => [...RUN(), '--eval-set', fixture('eval_set.csv'), '--predictions', big('pred.csv')]],
    ['the baseline', () => [...RUN(), '--eval-set', fixture('eval_set.csv'), '--predictions', fixture('good.jsonl'), '--baseline', big('baseline.json')]],
    ['a results.json to compare', () => ['compare', '--config', t.config, '--baseline', big('b2.json'), '--candidate', big('c2.json')]],
    ['the shards to merge', () => ['merge', '--config', t.config, '--out', t.path('merged.json'), big('shard.json')]],
    ['history.csv', () => ['trend', '--history', big('history.csv'), '--metric', 'mrr', '--out', t.path('trend.svg')]],
    ['evalgate.yml', () => ['run', '--config', big('evalgate.yml')]],
    ['a labels file', () => ['check-rules', '--config', t.config, '--labels', big('labels.csv')]],
    ['ratings files', () => ['agreement', '--raters', big('r1.csv'), big('r2.csv'), '--column', 'difficulty']],
    ['a file to check for leakage', () => ['lint-set', '--config', t.config, fixture('eval_set.csv'), '--against', big('prompt.txt')]],
  ]
  for (const [what, argv] of cases) {
    it(what, async () => {
      const run = await runCli([...argv(), '--max-input-mb', '1'])
      assert.equal(run.code, 2, run.stderr)
      assert.match(run.stderr, /: the .+ is 1\.5 MB, above the 1 MB limit on an input/)
      assert.match(run.stderr, /fix: .*--max-input-mb \d+ \(max_input_mb in evalgate\.yml, input max-input-mb\)/)
    })
  }

  it('max_input_mb in evalgate.yml raises it; the default is 512 MB', async () => {
    const config = writeText(t.path('raised.yml'), 'max_input_mb: 4\n')
    const set = t.path('padded.csv')
    writeFileSync(set, `${'\n'.repeat(2 * 1024 * 1024)}${readFixture()}`)
    const refused = await runCli(['run', '--config', t.config, '--eval-set', set, '--eval-set-version', 'v1', '--predictions', fixture('good.jsonl'), '--max-input-mb', '1'])
    assert.equal(refused.code, 2)
    const raised = await runCli(['run', '--config', config, '--eval-set', set, '--eval-set-version', 'v1', '--predictions', fixture('good.jsonl')])
    assert.equal(raised.code, 0, raised.stderr)
  })
})

function readFixture(): string {
  return execFileSync('cat', [fixture('eval_set.csv')], { encoding: 'utf8' })
}

/** Starts the CLI; resolves with how it ended, or kills it after `limitMs` (a read that ignores signals must not hang the suite). */
function startCli(args: string[], limitMs: number): { child: Promise<ChildProcess>; done: Promise<ProcessRun & { ms: number; killed: boolean }> } {
  let resolveChild!: (c: ChildProcess) => void
  const child = new Promise<ChildProcess>((r) => (resolveChild = r))
  const started = performance.now()
  let killed = false
  const done = runCliProcess(cli, args, (c) => {
    resolveChild(c)
    setTimeout(() => {
      if (c.exitCode === null && c.signalCode === null) {
        killed = true
        c.kill('SIGKILL')
      }
    }, limitMs).unref()
  }).then((run) => ({ ...run, ms: performance.now() - started, killed }))
  return { child, done }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * Waits until a process has the FIFO open for reading (so evalgate is past start-up, its signal
 * handlers in place, and in the read), and returns a write end that keeps it so: opening a FIFO
 * for writing without blocking fails with ENXIO while no reader has it open (fifo(7)). A fixed
 * sleep instead let a loaded machine send the signal before the handlers were there.
 */
async function whenReading(fifo: string): Promise<number> {
  for (let attempt = 0; attempt < 400; attempt++) {
    try {
      return openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENXIO') throw error
      await sleep(50)
    }
  }
  throw new Error(`nothing opened ${fifo} for reading within 20 s`)
}

describe('Ctrl-C and SIGTERM stop evalgate while it reads a FIFO', { timeout: 120_000 }, () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`${signal} while it waits on a FIFO nobody writes to: it says so and dies by the signal`, async () => {
      const fifo = t.path(`idle-${signal}.csv`)
      execFileSync('mkfifo', [fifo])
      const { child, done } = startCli(['run', '--config', t.config, '--eval-set', fifo, '--eval-set-version', 'v1', '--predictions', fixture('good.jsonl')], 30_000)
      // a write end held open and never written to: the read waits
      const writeEnd = await whenReading(fifo)
      const sent = performance.now()
      ;(await child).kill(signal)
      const run = await done
      closeSync(writeEnd)
      assert.equal(run.killed, false, `it ignored ${signal} while reading and had to be killed`)
      assert.equal(run.signal, signal, run.stderr)
      assert.match(run.stderr, new RegExp(`interrupted \\(${signal}\\)`))
      assert.ok(performance.now() - sent < 5_000, 'it stopped promptly')
    })
  }

  it('SIGINT while a FIFO is fed forever (a reader at full speed): it stops at once', async () => {
    const fifo = t.path('fed.csv')
    execFileSync('mkfifo', [fifo])
    const { child, done } = startCli(['run', '--config', t.config, '--eval-set', fifo, '--eval-set-version', 'v1', '--predictions', fixture('good.jsonl')], 30_000)
    const probe = await whenReading(fifo)
    const writer = spawn('sh', ['-c', `exec yes 'q1,what is the leave policy' > ${fifo}`], { stdio: 'ignore' })
    try {
      // its handlers are in place (it is reading): a second of reading at full speed first
      await sleep(1_000)
      ;(await child).kill('SIGINT')
      const run = await done
      assert.equal(run.killed, false, 'it ignored SIGINT while reading and had to be killed')
      assert.equal(run.signal, 'SIGINT', run.stderr)
    } finally {
      writer.kill('SIGKILL')
      closeSync(probe)
    }
  })

  it('a FIFO fed forever is refused at the cap, by name, with the setting, in bounded time', async () => {
    const fifo = t.path('endless.csv')
    execFileSync('mkfifo', [fifo])
    const writer = spawn('sh', ['-c', `exec yes 'q1,what is the leave policy' > ${fifo}`], { stdio: 'ignore' })
    try {
      const { done } = startCli(['run', '--config', t.config, '--eval-set', fifo, '--eval-set-version', 'v1', '--predictions', fixture('good.jsonl'), '--max-input-mb', '2'], 30_000)
      const run = await done
      assert.equal(run.killed, false, 'it read on past the cap')
      assert.equal(run.code, 2, run.stderr)
      assert.ok(run.stderr.includes(`${fifo}: the eval set sent more than 2 MB (it is not a regular file, so evalgate stopped reading it there), above the 2 MB limit on an input`), run.stderr)
    } finally {
      writer.kill('SIGKILL')
    }
  })

  it('a FIFO with a normal eval set in it is read as a file would be (process substitution keeps working)', async () => {
    const fifo = t.path('once.csv')
    execFileSync('mkfifo', [fifo])
    const writer = spawn('sh', ['-c', `cat ${fixture('eval_set.csv')} > ${fifo}`], { stdio: 'ignore' })
    const run = await runCliProcess(cli, ['run', '--config', t.config, '--eval-set', fifo, '--eval-set-version', 'v1', '--predictions', fixture('good.jsonl')])
    writer.kill()
    assert.equal(run.code, 0, run.stderr)
  })
})
