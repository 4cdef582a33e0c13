/**
 * The Action (src/index.ts, bundled, run the way the runner runs it) when it cannot write its
 * files: the check fails with the file and the reason in plain words, the `verdict` output is
 * `error`, no stack trace reaches the log, and the old file is left as it was. Real read-only
 * and full tmpfs mounts (root only; skipped with the reason elsewhere).
 */
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ACTION_ENTRY, cliCommand, runCliProcess, type ProcessRun } from '../helpers/cli-process.ts'
import { mountTmpfs, type Tmpfs } from '../helpers/tmpfs.ts'
import { cleanupTempDirs, fixture, makeTempDir, runCli } from '../cli/harness.ts'

const t = makeTempDir()
let action: string[]

/** Runs the Action on a push event and reads back its outputs. */
async function runAction(inputs: Record<string, string>): Promise<ProcessRun & { outputs: string }> {
  const outputFile = t.path(`output-${Math.random().toString(36).slice(2)}`)
  const event = t.path('event.json')
  writeFileSync(outputFile, '')
  writeFileSync(event, JSON.stringify({ ref: 'refs/heads/main', after: 'abcdef1234567890', repository: { name: 'r', owner: { login: 'o' } } }))
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? t.dir,
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: 'push',
    GITHUB_EVENT_PATH: event,
    GITHUB_REPOSITORY: 'o/r',
    GITHUB_SHA: 'abcdef1234567890',
    GITHUB_API_URL: 'http://127.0.0.1:9',
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: t.path('summary.md'),
    RUNNER_TEMP: t.dir,
  }
  writeFileSync(t.path('summary.md'), '')
  for (const [name, value] of Object.entries({ config: t.config, ...inputs })) env[`INPUT_${name.toUpperCase()}`] = value
  const run = await runCliProcess(action, [], undefined, env)
  return { ...run, outputs: readFileSync(outputFile, 'utf8') }
}

const inputs = (results: string, report: string): Record<string, string> => ({
  'eval-set': fixture('eval_set.csv'),
  'eval-set-version': 'v1',
  predictions: fixture('good.jsonl'),
  'results-path': results,
  'report-path': report,
})

function assertFailedNaming(run: ProcessRun & { outputs: string }, file: string, words: string): void {
  assert.equal(run.code, 1, run.stdout + run.stderr)
  assert.match(run.outputs, /^verdict<<(.+)\nerror\n\1$/m)
  const error = run.stdout.split('\n').find((line) => line.startsWith('::error::')) ?? ''
  assert.ok(error.startsWith(`::error::evalgate: ${file}: could not write the file: ${words}`), run.stdout)
  assert.match(error, /%0A {2}fix: /)
  assert.doesNotMatch(run.stdout + run.stderr, /internal error|(\n|%0A)\s+at /, 'no stack trace')
}

const mounts: Tmpfs[] = []
after(() => {
  for (const m of mounts.splice(0)) m.unmount()
  cleanupTempDirs()
})
const mounted = mountTmpfs('256k')
if (typeof mounted !== 'string') mounts.push(mounted)

describe('the Action cannot write its files', { skip: typeof mounted === 'string' ? mounted : false }, () => {
  const disk = mounted as Tmpfs

  before(async () => {
    action = await cliCommand(t.dir, ACTION_ENTRY)
  })

  it('results.json on a full disk: the check fails naming the file, verdict error, the old results intact', async () => {
    const results = join(disk.dir, 'results.json')
    writeFileSync(results, '{"old": true}\n')
    disk.fill()
    const run = await runAction(inputs(results, t.path('report.md')))
    assertFailedNaming(run, results, 'no space left on the device; the previous file is left unchanged')
    assert.equal(readFileSync(results, 'utf8'), '{"old": true}\n')
    assert.deepEqual(
      readdirSync(disk.dir).filter((n) => n.endsWith('.tmp')),
      [],
    )
  })

  it('mode baseline with the baseline on a read-only disk: the check fails naming the baseline, which is intact', async () => {
    const ro = mountTmpfs('64k') as Tmpfs
    mounts.push(ro)
    const baseline = join(ro.dir, 'baselines', 'baseline.json')
    mkdirSync(join(ro.dir, 'baselines'))
    assert.equal(
      (await runCli(['run', '--config', t.config, '--eval-set', fixture('eval_set.csv'), '--eval-set-version', 'v1', '--predictions', fixture('good.jsonl'), '--out', t.path('old-results.json')]))
        .code,
      0,
    )
    assert.equal((await runCli(['baseline', '--results', t.path('old-results.json'), '--out', t.path('old-baseline.json')])).code, 0)
    copyFileSync(t.path('old-baseline.json'), baseline)
    ro.readOnly()
    const run = await runAction({ ...inputs(t.path('results.json'), t.path('report.md')), mode: 'baseline', baseline })
    assertFailedNaming(run, baseline, 'the folder is read-only')
    assert.deepEqual(readFileSync(baseline), readFileSync(t.path('old-baseline.json')))
  })
})
