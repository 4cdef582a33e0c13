/**
 * Commands that paste (issue 29): every command evalgate prints is spelled the way this
 * evalgate was started (npx of a spec, a project's node_modules/.bin, a path, the Action's
 * `uses:` ref), or as evalgate.yml's `cli:` says, and the update command carries the base
 * branch's label. The printed command is run verbatim in a real shell.
 */
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { actionInvocation, describeInvocation } from '../../src/io/cliInvocation.ts'
import { ACTION_ENTRY, cliCommand, ROOT, runCliProcess } from '../helpers/cli-process.ts'
import { pullRequestPayload, runActionProcess } from '../helpers/action-process.ts'
import { cleanupTempDirs, fixture, makeTempDir, readBaseline, runCli } from './harness.ts'

after(cleanupTempDirs)

/** The update command in a Markdown report's ```sh block. */
function updateCommandIn(report: string): string {
  const command = /```sh\n([^\n]+ baseline --results [^\n]+)\n```/.exec(report)?.[1]
  assert.ok(command, report)
  return command
}

/** Runs one line in bash, in `cwd`, as a user pasting it would. */
function bash(line: string, cwd: string, env: NodeJS.ProcessEnv = process.env): { code: number | null; out: string } {
  const r = spawnSync('bash', ['-c', line], { cwd, env, encoding: 'utf8' })
  return { code: r.status, out: r.stdout + r.stderr }
}

describe('describeInvocation: how the CLI was started', () => {
  const t = makeTempDir()

  it('npx SPEC: the spec npx recorded for its cache folder', () => {
    const folder = t.path('npm-cache/_npx/0123abcd')
    mkdirSync(join(folder, 'node_modules/.bin'), { recursive: true })
    writeFileSync(join(folder, 'package.json'), JSON.stringify({ dependencies: { evalgate: 'github:acme/evalgate#v1.4.0' }, _npx: { packages: ['github:acme/evalgate#v1.4.0'] } }))
    assert.equal(describeInvocation({ script: join(folder, 'node_modules/.bin/evalgate'), execArgv: [], cwd: t.dir }), 'npx --yes github:acme/evalgate#v1.4.0')
  })

  it("a project's node_modules/.bin/evalgate, relative to where it ran", () => {
    const project = t.path('project')
    mkdirSync(join(project, 'node_modules/.bin'), { recursive: true })
    writeFileSync(join(project, 'node_modules/.bin/evalgate'), '')
    assert.equal(describeInvocation({ script: join(project, 'node_modules/.bin/evalgate'), execArgv: [], cwd: project }), 'node_modules/.bin/evalgate')
    assert.equal(describeInvocation({ script: join(project, 'node_modules/evalgate/bin/evalgate.js'), execArgv: [], cwd: join(project, 'sub') }), join(project, 'node_modules/.bin/evalgate'))
  })

  it('a global install: evalgate, on PATH', () => {
    assert.equal(describeInvocation({ script: '/usr/lib/node_modules/evalgate/bin/evalgate.js', execArgv: [], cwd: t.dir }), 'evalgate')
  })

  it('a path, with node and its options: relative inside the working directory, absolute outside it', () => {
    assert.equal(describeInvocation({ script: join(ROOT, 'bin/evalgate.js'), execArgv: [], cwd: ROOT }), 'node bin/evalgate.js')
    assert.equal(describeInvocation({ script: join(ROOT, 'src/cli/bin.ts'), execArgv: ['--import', 'tsx'], cwd: ROOT }), 'node --import tsx src/cli/bin.ts')
    assert.equal(describeInvocation({ script: join(ROOT, 'dist/cli/index.js'), execArgv: [], cwd: t.dir }), `node ${join(ROOT, 'dist/cli/index.js')}`)
  })

  it('the Action: the uses: ref it runs from, or its bin in the workspace', () => {
    assert.equal(actionInvocation('/home/runner/work/_actions/acme/evalgate/v1.4.0/dist/index.js', '/home/runner/work/app/app'), 'npx --yes github:acme/evalgate#v1.4.0')
    assert.equal(actionInvocation(join(ROOT, 'dist/index.js'), ROOT), 'node bin/evalgate.js')
    assert.equal(actionInvocation('/nowhere/dist/index.js', '/home/runner/work/app/app'), 'evalgate', 'no bin beside it: evalgate, as installed')
  })
})

describe('a printed command runs verbatim in a real shell', () => {
  const t = makeTempDir()
  let cli: string[]
  const common = () => ['--config', t.config, '--eval-set', fixture('eval_set.csv'), '--eval-set-version', 'v1']

  before(async () => {
    cli = await cliCommand(t.dir)
    // the base branch's baseline, labelled main
    assert.equal((await runCli(['run', ...common(), '--predictions', fixture('good.jsonl'), '--version', 'main', '--out', t.path('main.json')])).code, 0)
    assert.equal((await runCli(['baseline', '--results', t.path('main.json'), '--out', t.path('main-baseline.json')])).code, 0)
    copyFileSync(t.path('main-baseline.json'), t.path('baseline.json'))
  })

  it('started as node PATH: the report names that path and the base label, and the command writes the baseline', async () => {
    // the bundled CLI, started from the temp dir: its script path is relative there
    const bundle = cli[cli.length - 1]!
    const run = await runCliProcess(
      ['node', 'evalgate-cli.mjs'],
      ['run', ...common(), '--predictions', fixture('worse.jsonl'), '--version', 'pr-7', '--baseline', 'baseline.json', '--out', 'pr.json', '--report', 'pr.md'],
      undefined,
      process.env,
      t.dir,
    )
    assert.equal(run.code, 1, run.stderr)
    assert.ok(bundle.endsWith('evalgate-cli.mjs'))
    const command = updateCommandIn(readFileSync(t.path('pr.md'), 'utf8'))
    assert.equal(command, 'node evalgate-cli.mjs baseline --results pr.json --out baseline.json --version main')
    const pasted = bash(command, t.dir)
    assert.equal(pasted.code, 0, pasted.out)
    assert.equal(readBaseline(t.path('baseline.json')).version, 'main', "the base branch's label, not pr-7")
  })

  it("evalgate.yml's cli: sets the spelling", async () => {
    const config = t.path('cli.yml')
    writeFileSync(config, 'cli: npx evalgate\n')
    copyFileSync(t.path('main-baseline.json'), t.path('cli-baseline.json'))
    const run = await runCli([
      'run',
      '--config',
      config,
      '--eval-set',
      fixture('eval_set.csv'),
      '--eval-set-version',
      'v1',
      '--predictions',
      fixture('worse.jsonl'),
      '--baseline',
      t.path('cli-baseline.json'),
      '--out',
      t.path('cli.json'),
      '--report',
      t.path('cli.md'),
    ])
    assert.equal(run.code, 1, run.stderr)
    assert.match(updateCommandIn(readFileSync(t.path('cli.md'), 'utf8')), /^npx evalgate baseline --results /)
  })

  it('started with npx SPEC (offline, from this checkout): the command is npx of the same spec, and it works', async () => {
    const cache = t.path('npm-cache')
    const env = { ...process.env, npm_config_cache: cache, npm_config_offline: 'true', npm_config_update_notifier: 'false' }
    // the baseline written by the same evalgate (the committed bundle npx runs)
    const first = bash(`npx --yes ${ROOT} run ${[...common(), '--predictions', fixture('good.jsonl'), '--version', 'main', '--out', 'npx-main.json'].join(' ')}`, t.dir, env)
    assert.equal(first.code, 0, first.out)
    assert.equal(bash(`npx --yes ${ROOT} baseline --results npx-main.json --out npx-baseline.json`, t.dir, env).code, 0)
    const run = bash(
      `npx --yes ${ROOT} run ${[...common(), '--predictions', fixture('worse.jsonl'), '--baseline', 'npx-baseline.json', '--out', 'npx.json', '--report', 'npx.md'].join(' ')}`,
      t.dir,
      env,
    )
    assert.equal(run.code, 1, run.out)
    const command = updateCommandIn(readFileSync(t.path('npx.md'), 'utf8'))
    assert.equal(command, `npx --yes ${ROOT} baseline --results npx.json --out npx-baseline.json --version main`)
    const pasted = bash(command, t.dir, env)
    assert.equal(pasted.code, 0, pasted.out)
  })
})

describe('the Action prints its own spelling and the base branch', () => {
  const t = makeTempDir()
  let action: string[]
  before(async () => {
    action = await cliCommand(t.dir, ACTION_ENTRY)
    assert.equal(
      (await runCli(['run', '--config', t.config, '--eval-set', fixture('eval_set.csv'), '--eval-set-version', 'v0', '--predictions', fixture('good.jsonl'), '--out', t.path('v0.json')])).code,
      0,
    )
    assert.equal((await runCli(['baseline', '--results', t.path('v0.json'), '--out', t.path('baseline.json')])).code, 0)
  })

  it('uses: acme/evalgate@v1.4.0 on a pull request into release: npx --yes github:acme/evalgate#v1.4.0 … --version release', async () => {
    // the bundle where the runner puts an action: _actions/OWNER/REPO/REF/dist/index.js
    const home = t.path('_actions/acme/evalgate/v1.4.0/dist')
    mkdirSync(home, { recursive: true })
    copyFileSync(action[action.length - 1]!, join(home, 'index.js'))
    const run = await runActionProcess({
      entry: [process.execPath, join(home, 'index.js')],
      dir: t.dir,
      eventName: 'pull_request',
      payload: pullRequestPayload({ base: 'release' }),
      env: { GITHUB_BASE_REF: 'release', GITHUB_WORKSPACE: t.dir },
      inputs: {
        config: t.config,
        'eval-set': fixture('eval_set.csv'),
        'eval-set-version': 'v1',
        version: 'pr-7',
        predictions: fixture('good.jsonl'),
        baseline: t.path('baseline.json'),
        comment: 'false',
        'results-path': t.path('action.json'),
        'report-path': t.path('action.md'),
      },
    })
    assert.equal(run.outputs.verdict, 'incomparable', run.stdout + run.stderr)
    const command = updateCommandIn(readFileSync(t.path('action.md'), 'utf8'))
    assert.equal(command, `npx --yes github:acme/evalgate#v1.4.0 baseline --results ${t.path('action.json')} --out ${t.path('baseline.json')} --version release`)
    assert.match(run.stdout, /write a new baseline: npx --yes github:acme\/evalgate#v1\.4\.0 baseline /)
  })
})
