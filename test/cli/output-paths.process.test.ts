/**
 * Issue 28, points 1 and 2, writer by writer: a symbolic link committed in the checkout, or a
 * FIFO, at the path of any output of `run`, `compare`, `baseline`, `merge`, `trend` and the
 * Action (results, report, baseline, history, the step's outputs and summary) is exit 2 (a
 * failed check) naming it, and the file it points to is left as it was.
 */
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, lstatSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { annotations, runAction } from '../helpers/action-run.ts'
import { FakeGitHub } from '../helpers/github-server.ts'
import { cleanupTempDirs, fixture, makeTempDir, runCli } from './harness.ts'

after(cleanupTempDirs)

const t = makeTempDir()
const VICTIM = 'a file outside the checkout\n'
const RUN = ['run', '--config', t.config, '--eval-set', fixture('eval_set.csv'), '--eval-set-version', 'v1', '--predictions', fixture('good.jsonl')]

/** A link at `name` in the temp dir to a file of its own with known bytes; `intact()` checks the file kept them. */
function plantedLink(name: string): { path: string; intact: () => void } {
  const victim = t.path(`${name}.victim`)
  writeFileSync(victim, VICTIM)
  symlinkSync(victim, t.path(name))
  return {
    path: t.path(name),
    intact: () => {
      assert.equal(readFileSync(victim, 'utf8'), VICTIM, `${name}: the file the link points to changed`)
      assert.ok(lstatSync(t.path(name)).isSymbolicLink(), `${name}: the link was replaced`)
    },
  }
}

let results = ''
let baseline = ''
let shard1 = ''
let shard2 = ''
let history = ''

before(async () => {
  results = t.path('results.json')
  baseline = t.path('baseline.json')
  history = t.path('history.csv')
  assert.equal((await runCli([...RUN, '--out', results, '--history', history])).code, 0)
  assert.equal((await runCli(['baseline', '--results', results, '--out', baseline])).code, 0)
  shard1 = t.path('shard-1.json')
  shard2 = t.path('shard-2.json')
  for (const [i, file] of [shard1, shard2].entries()) assert.equal((await runCli([...RUN, '--shard', `${i + 1}/2`, '--out', file])).code, 0)
})

describe('the CLI refuses a link at any output path: exit 2, named, its target intact', () => {
  const cases: [string, (link: string) => string[]][] = [
    ['run --out', (link) => [...RUN, '--out', link]],
    ['run --report', (link) => [...RUN, '--report', link]],
    ['run --history', (link) => [...RUN, '--history', link]],
    ['compare --out', (link) => ['compare', '--config', t.config, '--baseline', baseline, '--candidate', results, '--out', link]],
    ['compare --report', (link) => ['compare', '--config', t.config, '--baseline', baseline, '--candidate', results, '--report', link]],
    ['baseline --out', (link) => ['baseline', '--results', results, '--out', link]],
    ['merge --out', (link) => ['merge', '--config', t.config, '--out', link, shard1, shard2]],
    ['merge --report', (link) => ['merge', '--config', t.config, '--out', t.path('merged.json'), '--report', link, shard1, shard2]],
    ['merge --history', (link) => ['merge', '--config', t.config, '--out', t.path('merged-2.json'), '--history', link, shard1, shard2]],
    ['trend --out', (link) => ['trend', '--history', history, '--metric', 'rules_pass', '--out', link]],
  ]
  for (const [name, argv] of cases) {
    it(name, async () => {
      const link = plantedLink(name.replace(/\W+/g, '-'))
      const run = await runCli(argv(link.path))
      assert.equal(run.code, 2, run.stderr)
      assert.ok(run.stderr.includes(`${link.path}: not written: it is a symbolic link`), run.stderr)
      assert.match(run.stderr, /fix: /)
      link.intact()
    })
  }

  it('run --out a link to stdout and --report a character device: refused, nothing replaced', async () => {
    // made in the temp folder, not /dev/stdout and /dev/null themselves: were the check ever broken again, a run as root would replace those
    const stdout = t.path('stdout-link.json')
    symlinkSync('/proc/self/fd/1', stdout)
    const run = await runCli([...RUN, '--out', stdout])
    assert.equal(run.code, 2)
    assert.ok(run.stderr.includes(`${stdout}: not written: it is a symbolic link`), run.stderr)
    assert.ok(lstatSync(stdout).isSymbolicLink())
    let device: string | null = t.path('null-device.md')
    try {
      execFileSync('mknod', [device, 'c', '1', '3'], { stdio: 'pipe' })
    } catch {
      device = null // only root may make a device
    }
    if (device) {
      const report = await runCli([...RUN, '--report', device])
      assert.equal(report.code, 2)
      assert.ok(report.stderr.includes(`${device}: not written: it is a character device`), report.stderr)
      assert.ok(lstatSync(device).isCharacterDevice())
    }
  })

  it('run --out a FIFO: refused at once, whether or not something reads it, and it stays a FIFO', async () => {
    const fifo = t.path('out.fifo')
    execFileSync('mkfifo', [fifo])
    // a reader that would take whatever came through
    const reader = spawn('cat', [fifo])
    let read = ''
    reader.stdout.on('data', (d: Buffer) => (read += d.toString()))
    try {
      const run = await runCli([...RUN, '--out', fifo])
      assert.equal(run.code, 2)
      assert.ok(run.stderr.includes(`${fifo}: not written: it is a FIFO (named pipe)`), run.stderr)
      assert.ok(lstatSync(fifo).isFIFO())
    } finally {
      // the reader waits for a writer: open the FIFO once so it sees the end (or, were it replaced by a file, stop it)
      if (lstatSync(fifo).isFIFO()) writeFileSync(fifo, '')
      else reader.kill()
      await new Promise((done) => reader.on('close', done))
    }
    assert.equal(read, '', 'nothing was written into the FIFO')
  })
})

describe('the Action refuses a link at any of its outputs', () => {
  let github: FakeGitHub
  before(async () => {
    github = await new FakeGitHub().start()
  })
  after(() => github.stop())

  const gate = (extra: Record<string, string>) => ({
    config: t.config,
    'eval-set': fixture('eval_set.csv'),
    'eval-set-version': 'v1',
    predictions: fixture('good.jsonl'),
    baseline,
    'results-path': t.path('action-results.json'),
    'report-path': t.path('action-report.md'),
    ...extra,
  })

  const cases: [string, (link: string) => Record<string, string>][] = [
    ['results-path', (link) => gate({ 'results-path': link })],
    ['report-path', (link) => gate({ 'report-path': link })],
    ['the baseline (mode: baseline)', (link) => ({ ...gate({ mode: 'baseline' }), baseline: link })],
    ['history (mode: baseline)', (link) => ({ ...gate({ mode: 'baseline', history: link }), baseline: t.path('fresh-baseline.json') })],
    ['results-path (mode: merge)', (link) => ({ mode: 'merge', config: t.config, 'shard-results': `${shard1} ${shard2}`, baseline, 'results-path': link, 'report-path': t.path('merge-report.md') })],
  ]
  for (const [name, inputs] of cases) {
    it(name, async () => {
      const link = plantedLink(`action-${name.replace(/\W+/g, '-')}`)
      const run = await runAction({ dir: t.dir, inputs: inputs(link.path), githubUrl: github.url })
      assert.equal(run.code, 1, run.stdout)
      assert.equal(run.outputs.verdict, 'error')
      assert.ok(
        annotations(run, 'error').some((line) => line.includes(`${link.path}: not written: it is a symbolic link`)),
        run.stdout,
      )
      link.intact()
    })
  }

  it('GITHUB_OUTPUT: a link there is refused by name, and its target is intact', async () => {
    const link = plantedLink('github-output')
    const run = await runAction({ dir: t.dir, inputs: gate({}), githubUrl: github.url, env: { GITHUB_OUTPUT: link.path } })
    assert.equal(run.code, 1)
    assert.ok(run.stdout.includes(`${link.path}: not written: it is a symbolic link`), run.stdout)
    link.intact()
  })

  it('GITHUB_STEP_SUMMARY: a link there is a warning; the verdict stands and the comment is posted', async () => {
    const link = plantedLink('step-summary')
    const before = github.comments.length
    const run = await runAction({
      dir: t.dir,
      inputs: gate({ 'comment-key': 'summary-link' }),
      githubUrl: github.url,
      env: { GITHUB_STEP_SUMMARY: link.path, GITHUB_OUTPUT: t.path('summary-link-output') },
    })
    assert.equal(run.code, 0, run.stdout)
    assert.equal(run.outputs.verdict, 'pass')
    assert.ok(
      annotations(run, 'warning').some((line) => line.includes('could not write the job summary') && line.includes('not written: it is a symbolic link')),
      run.stdout,
    )
    assert.equal(github.comments.length, before + 1, 'the PR comment was posted')
    link.intact()
    assert.ok(existsSync(t.path('action-results.json')))
  })
})
