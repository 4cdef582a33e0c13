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
import { ACTION_ENTRY, cliCommand } from '../helpers/cli-process.ts'
import { pushPayload, runActionProcess, type ActionProcessRun } from '../helpers/action-process.ts'
import { mountTmpfs, type Tmpfs } from '../helpers/tmpfs.ts'
import { cleanupTempDirs, fixture, makeTempDir, runCli } from '../cli/harness.ts'

const t = makeTempDir()
let action: string[]

/** Runs the Action on a push event and reads back its outputs. */
const runAction = (inputs: Record<string, string>) => runActionProcess({ entry: action, dir: t.dir, inputs: { config: t.config, ...inputs }, eventName: 'push', payload: pushPayload() })

const inputs = (results: string, report: string): Record<string, string> => ({
  'eval-set': fixture('eval_set.csv'),
  'eval-set-version': 'v1',
  predictions: fixture('good.jsonl'),
  'results-path': results,
  'report-path': report,
})

function assertFailedNaming(run: ActionProcessRun, file: string, words: string): void {
  assert.equal(run.code, 1, run.stdout + run.stderr)
  assert.equal(run.outputs.verdict, 'error')
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
