/**
 * `kill -9` at spread-out moments while the real CLI process writes `--out F`: F must always be
 * the old complete file or the new complete file, never a part of one. Each kill is timed
 * from the moment the write starts (the first change to F's folder that concerns F: its
 * temporary file, or F truncated by a writer that writes in place), so the kills land in the
 * write itself and in the fsync, rename and exit after it, not in the start-up before it.
 */
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { copyFileSync, readdirSync, readFileSync, rmSync, watch } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { generate, mulberry32 } from '../../bench/generate.ts'
import { writeJsonFile } from '../../src/io/jsonFile.ts'
import { cliCommand, runCliProcess } from '../helpers/cli-process.ts'
import { cleanupTempDirs, makeTempDir, runCli } from './harness.ts'

after(cleanupTempDirs)

/** Just above the 2,000 at which results and baselines are streamed one question per line. */
const QUESTIONS = 2_100

const t = makeTempDir()
const evalSet = t.path('eval.csv')
const predictions = t.path('predictions.jsonl')
const runArgs = (version: string, out: string) => ['run', '--config', t.config, '--eval-set', evalSet, '--eval-set-version', 'v1', '--predictions', predictions, '--version', version, '--out', out]
let cli: string[]

/** Starts the CLI over the old F and kills it `delayMs` after the write to F begins. */
async function killDuringWrite(args: string[], out: string, delayMs: number): Promise<{ killed: boolean; content: Buffer }> {
  const watcher = watch(dirname(out))
  let timer: NodeJS.Timeout | undefined
  try {
    const run = await runCliProcess(cli, args, (child) => {
      watcher.on('change', (_event, name) => {
        if (timer === undefined && name !== null && String(name).includes(basename(out))) timer = setTimeout(() => child.kill('SIGKILL'), delayMs)
      })
    })
    return { killed: run.signal === 'SIGKILL', content: readFileSync(out) }
  } finally {
    watcher.close()
    clearTimeout(timer)
  }
}

/** How long this process takes to write `file` again: the window the kills are spread over. */
function writeTime(file: string): number {
  const data = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
  const scratch = t.path('scratch.json')
  const start = performance.now()
  writeJsonFile(scratch, data, [])
  const ms = performance.now() - start
  rmSync(scratch)
  return ms
}

/** `count` delays from 0 to 1.5 × the write time, one in each slot, at a seeded random place in it. */
function delays(count: number, writeMs: number, seed: number): number[] {
  const random = mulberry32(seed)
  const span = Math.max(writeMs * 1.5, 30)
  return Array.from({ length: count }, (_, i) => ((i + random()) * span) / count)
}

interface Case {
  command: string
  kills: number
  /** The complete old and new F; `comparable` drops what two writes of the same content differ in (times). */
  old: string
  new: string
  comparable: (parsed: Record<string, unknown>) => unknown
  args: (out: string) => string[]
}

async function checkKills(c: Case, out: string, note: (text: string) => void): Promise<void> {
  const oldBytes = readFileSync(c.old)
  const expected = c.comparable(JSON.parse(readFileSync(c.new, 'utf8')) as Record<string, unknown>)
  const outcome = { killed: 0, old: 0, new: 0 }
  for (const delay of delays(c.kills, writeTime(c.new), c.command.length)) {
    copyFileSync(c.old, out)
    const trial = await killDuringWrite(c.args(out), out, delay)
    if (trial.killed) outcome.killed++
    if (trial.content.equals(oldBytes)) {
      outcome.old++
    } else {
      let parsed: Record<string, unknown> | undefined
      try {
        parsed = JSON.parse(trial.content.toString('utf8')) as Record<string, unknown>
      } catch {
        assert.fail(
          `${c.command}: a kill ${delay.toFixed(1)} ms into the write left ${basename(out)} neither old nor complete (${trial.content.length} bytes; old ${oldBytes.length}) after ${JSON.stringify(outcome)}`,
        )
      }
      assert.deepEqual(c.comparable(parsed), expected, `${c.command}: a kill ${delay.toFixed(1)} ms into the write left a complete file that is neither the old nor the new one`)
      outcome.new++
    }
    // a kill between creating and renaming the temporary file leaves it behind, next to an intact F
    for (const name of readdirSync(dirname(out))) if (name.endsWith('.tmp')) rmSync(join(dirname(out), name))
  }
  note(`${c.command}: ${outcome.killed} of ${c.kills} kills hit the running process; F was old ${outcome.old} times, new ${outcome.new} times`)
  // kills that all came after the exit would prove nothing
  assert.ok(outcome.killed > 0, `${c.command}: no kill reached the process before it exited: ${JSON.stringify(outcome)}`)
}

describe('kill -9 while the CLI writes --out F', { concurrency: 2 }, () => {
  const resultsTarget = makeTempDir().path('results.json')
  const baselineTarget = makeTempDir().path('baseline.json')
  const file = (name: string) => t.path(name)

  before(async () => {
    ;[cli] = await Promise.all([cliCommand(t.dir), generate(QUESTIONS, evalSet, predictions, 0.8)])
    // the new files: written where the kills will write, since results.json names its own path
    const r = await runCli(runArgs('new', resultsTarget))
    assert.equal(r.code, 0, r.stderr)
    copyFileSync(resultsTarget, file('results-new.json'))
    const b = await runCli(['baseline', '--results', file('results-new.json'), '--out', baselineTarget, '--version', 'new'])
    assert.equal(b.code, 0, b.stderr)
    copyFileSync(baselineTarget, file('baseline-new.json'))
    // the old files: as complete and valid, and different
    const results = JSON.parse(readFileSync(file('results-new.json'), 'utf8')) as { run: { version: string } }
    writeJsonFile(file('results-old.json'), { ...results, run: { ...results.run, version: 'old' } }, [])
    writeJsonFile(file('baseline-old.json'), { ...(JSON.parse(readFileSync(file('baseline-new.json'), 'utf8')) as object), version: 'old' }, [])
  })

  const cases: Case[] = [
    {
      command: 'evalgate run --out F',
      kills: 6,
      old: file('results-old.json'),
      new: file('results-new.json'),
      // the update command starts the way its process was started (in-process here, node BUNDLE there)
      comparable: (r) => ({
        ...r,
        run: { ...(r.run as object), started_at: null, timings_ms: null },
        comparison: { ...(r.comparison as { update_command: string }), update_command: (r.comparison as { update_command: string }).update_command.replace(/^.*? baseline /, 'baseline ') },
      }),
      args: (out) => runArgs('new', out),
    },
    {
      command: 'evalgate baseline --out F',
      kills: 14,
      old: file('baseline-old.json'),
      new: file('baseline-new.json'),
      comparable: (b) => ({ ...b, created_at: null }),
      args: (out) => ['baseline', '--results', file('results-new.json'), '--out', out, '--version', 'new'],
    },
  ]
  for (const c of cases) {
    it(`${c.command} leaves F the old complete file or the new one, over ${c.kills} kills`, async (test) => {
      await checkKills(c, c.command.includes('baseline') ? baselineTarget : resultsTarget, (text) => test.diagnostic(text))
    })
  }
})
