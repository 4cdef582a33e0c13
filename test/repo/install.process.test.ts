import { strict as assert } from 'node:assert'
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { after, describe, it } from 'node:test'
import { fileURLToPath } from 'node:url'
import { CLI_PACKAGE, cliCommand } from '../../src/io/cliInvocation.ts'

const CLI = `npx --yes ${CLI_PACKAGE}`
import { cleanupTempDirs, fixture, makeTempDir, runCli } from '../cli/harness.ts'

after(cleanupTempDirs)

const root = fileURLToPath(new URL('../../', import.meta.url))
const read = (path: string) => readFileSync(root + path, 'utf8')

/** `npx evalgate …` is a 404 on the registry: every npx command names the GitHub tag. */
function unrunnable(text: string): string[] {
  return text.split('\n').filter((line) => /npx\s+(?!--yes github:)/.test(line) && /npx\s+(-\S+\s+)*(evalgate|github:)/.test(line))
}

function sources(dir: string): string[] {
  return readdirSync(root + dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|md|yml)$/.test(f))
    .map((f) => `${dir}/${f}`)
}

describe('install: the Action and the CLI come from the v1 tag, and the printed commands run', () => {
  it('the README has an Install section naming the Action, npx and the dev dependency, and a release section', () => {
    const readme = read('README.md')
    const install = readme.slice(readme.indexOf('\n## Install\n'), readme.indexOf('\n## Quick start'))
    assert.ok(install.length > 100, 'an Install section before the quick start')
    assert.ok(install.includes('`uses: evalgate/evalgate@v1`'))
    assert.ok(install.includes(`\`${CLI} run --help\``))
    assert.ok(install.includes(`\`npm i -D ${CLI_PACKAGE}\``))
    assert.match(readme, /\*\*Releasing\.\*\*[\s\S]*git tag -f v1 [\s\S]*`dist\/` contains/)
  })

  it('no README, docs, source or example line spells an npx command that the registry cannot resolve', () => {
    const files = ['README.md', ...sources('docs'), ...sources('src'), ...sources('examples'), ...sources('.github')]
    const bad = files.flatMap((f) => unrunnable(read(f)).map((line) => `${f}: ${line.trim()}`))
    assert.deepEqual(bad, [])
    const readme = read('README.md')
    const documentation = [readme, ...sources('docs').map(read)].join('\n')
    assert.ok(documentation.split(CLI).length > 10, 'the README and docs/ use the runnable form')
    for (const m of readme.matchAll(/uses:\s*([\w-]+\/evalgate)@/g)) assert.equal(m[1], 'evalgate/evalgate', 'one placeholder owner')
    for (const m of readme.matchAll(/github:([\w-]+\/[\w-]+)#/g)) assert.equal(m[1], 'evalgate/evalgate', 'one placeholder owner')
  })

  it("the report's update command is spelled the way evalgate was started and carries the base branch's label", async () => {
    const t = makeTempDir()
    const results = t.path('v1.json')
    const report = t.path('report.md')
    const base = ['--config', t.config, '--eval-set', fixture('eval_set.csv'), '--eval-set-version', 'v1']
    assert.equal((await runCli(['run', ...base, '--predictions', fixture('good.jsonl'), '--version', 'good', '--out', t.path('good.json')])).code, 0)
    assert.equal((await runCli(['baseline', '--results', t.path('good.json'), '--out', t.path('baseline.json')])).code, 0)
    const run = await runCli(['run', ...base, '--predictions', fixture('worse.jsonl'), '--version', 'pr 12', '--baseline', t.path('baseline.json'), '--out', results, '--report', report])
    assert.equal(run.code, 1, run.stderr)
    // started in-process, as `evalgate`; the label is the baseline's (good), not the PR's (pr 12)
    const command = cliCommand(['baseline', '--results', results, '--out', t.path('baseline.json'), '--version', 'good'])
    assert.ok(command.startsWith('evalgate baseline '), command)
    const md = readFileSync(report, 'utf8')
    assert.ok(md.includes(command), md)
    assert.deepEqual(unrunnable(md), [])
    assert.deepEqual(unrunnable(run.stdout), [])
  })

  it('bin/evalgate.js runs the committed dist/cli bundle with plain node (no tsx, no build)', () => {
    const pkg = JSON.parse(read('package.json')) as { bin: Record<string, string>; files: string[]; scripts: Record<string, string> }
    assert.deepEqual(pkg.bin, { evalgate: 'bin/evalgate.js' })
    assert.deepEqual(pkg.files, ['bin', 'dist', 'action.yml'])
    assert.equal(pkg.scripts.prepare, undefined, 'installing from the git tag must not need dev dependencies')
    assert.doesNotMatch(read('bin/evalgate.js'), /tsx|src\//)
    const tracked = execFileSync('git', ['ls-files', 'bin', 'dist'], { cwd: root, encoding: 'utf8' }).split('\n')
    for (const f of ['bin/evalgate.js', 'dist/cli/index.js', 'dist/cli/package.json', 'dist/index.js']) assert.ok(tracked.includes(f), `${f} is committed`)
    const env = { ...process.env, NODE_OPTIONS: '' }
    const out = execFileSync(process.execPath, ['bin/evalgate.js', '--version'], { cwd: root, env, encoding: 'utf8' })
    assert.match(out, /^evalgate \d+\.\d+\.\d+\n$/)
    const help = execFileSync(process.execPath, ['bin/evalgate.js', 'baseline', '--help'], { cwd: root, env, encoding: 'utf8' })
    assert.match(help, /--results/)
  })
})
