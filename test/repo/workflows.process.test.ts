import { strict as assert } from 'node:assert'
import { execFileSync, spawnSync } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, it } from 'node:test'
import { parse } from 'yaml'

const root = new URL('../../', import.meta.url)
const read = (path: string) => readFileSync(new URL(path, root), 'utf8')

/** The first major of each action whose action.yml declares `runs.using: node24` (checked in their release notes). */
const NODE24_MAJOR: Record<string, number> = {
  'actions/checkout': 5,
  'actions/setup-node': 5,
  'actions/cache': 5,
  'actions/setup-python': 6,
  'actions/upload-artifact': 6,
  'actions/download-artifact': 7,
}

const documents = [
  ...readdirSync(new URL('.github/workflows/', root)).map((f) => `.github/workflows/${f}`),
  'README.md',
  ...readdirSync(new URL('docs/', root))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
]

describe('workflows and the snippets users copy', () => {
  it('use the actions on their Node 24 majors, so runners print no deprecation notice', () => {
    const stale: string[] = []
    let seen = 0
    for (const path of documents) {
      for (const match of read(path).matchAll(/uses:\s*(actions\/[\w-]+)@v(\d+)/g)) {
        seen++
        const wanted = NODE24_MAJOR[match[1]!]
        assert.ok(wanted, `${path}: ${match[1]} is not in the table of Node 24 majors; look its major up and add it`)
        if (Number(match[2]) < wanted) stale.push(`${path}: ${match[1]}@v${match[2]} (node24 from v${wanted})`)
      }
    }
    assert.ok(seen > 5, 'the workflows use actions')
    assert.deepEqual(stale, [])
  })

  it('check out with persist-credentials: false, so the job token is not in .git/config where the candidate runs (issue 28)', () => {
    const kept: string[] = []
    let seen = 0
    for (const path of documents) {
      const lines = read(path).split('\n')
      lines.forEach((line, i) => {
        const step = /^(\s*)- uses: actions\/checkout@/.exec(line)
        if (!step) return
        seen++
        // the step's own lines: indented deeper than its "- "
        const own: string[] = []
        for (let j = i + 1; j < lines.length && (lines[j]!.trim() === '' || lines[j]!.search(/\S/) > step[1]!.length); j++) own.push(lines[j]!)
        if (!own.some((l) => /^\s*persist-credentials:\s*false\b/.test(l))) kept.push(`${path}:${i + 1}`)
      })
    }
    assert.ok(seen >= 8, `${seen} checkout steps`)
    assert.deepEqual(kept, [])
  })

  it('states the threat model in the README: what the gate trusts, what the candidate can still reach, what it guards', () => {
    const readme = read('README.md')
    const section = readme.slice(readme.indexOf('### What the gate trusts, and what it guards'))
    assert.ok(section.length < readme.length, 'the section is there')
    for (const words of [
      /the candidate is the team's code under review, not an adversary/,
      /judge\s+cache/,
      /\/proc\/<pid>\/environ/,
      /What it cannot prevent/,
      /env_passthrough/,
      /persist-credentials: false/,
      /never quote the candidate's\s+stderr/,
    ]) {
      assert.match(section, words)
    }
  })

  it("keeps action.yml's description under the Marketplace's 125 characters", () => {
    const action = parse(read('action.yml')) as { description: string; outputs: Record<string, { description: string }> }
    assert.ok(action.description.length < 125, `${action.description.length} characters`)
    assert.match(action.outputs.regressions!.description, /questions/)
  })

  it('opens no refresh pull request for a baseline that changed only in created_at or latency', () => {
    const workflow = read('.github/workflows/baseline-refresh.yml')
    const strip = /strip='([^']+)'/.exec(workflow)?.[1]
    assert.ok(strip, 'the workflow names its jq filter')
    const canonical = (baseline: unknown) => execFileSync('jq', ['-S', strip], { input: JSON.stringify(baseline), encoding: 'utf8' })
    const old = { created_at: 'a', metrics: { latency_ms: { mean: 10 }, mrr: { mean: 0.5 } }, questions: { q1: { scores: { mrr: 1, latency_ms: 12 } } } }
    const latencyOnly = { created_at: 'b', metrics: { latency_ms: { mean: 11 }, mrr: { mean: 0.5 } }, questions: { q1: { scores: { mrr: 1, latency_ms: 40 } } } }
    const scoreChanged = { ...latencyOnly, questions: { q1: { scores: { mrr: 0.5, latency_ms: 40 } } } }
    assert.equal(canonical(latencyOnly), canonical(old))
    assert.notEqual(canonical(scoreChanged), canonical(old))
  })
})

/** The documented baseline-refresh workflow (docs/updating-the-baseline.md), as a user copies it: its shell step that decides whether to open a PR. */
function documentedRefreshStep(): { run: string; env: Record<string, string> } {
  const page = read('docs/updating-the-baseline.md')
  const section = page.slice(page.indexOf('Or refresh it on a schedule'), page.indexOf('**Accept from the pull request.**'))
  const yaml = /```yaml\n([\s\S]*?)```/.exec(section)?.[1]
  assert.ok(yaml, 'the section has a workflow snippet')
  const workflow = parse(yaml) as { jobs: Record<string, { steps: { run?: string; env?: Record<string, string> }[] }> }
  const step = Object.values(workflow.jobs)
    .flatMap((job) => job.steps)
    .find((s) => s.run?.includes('gh pr create'))
  assert.ok(step?.run, 'a step opens the pull request')
  return { run: step.run, env: step.env ?? {} }
}

const scratch: string[] = []
after(() => scratch.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

/**
 * Runs the documented step as the runner does (bash -eo pipefail) in a checkout whose committed
 * baseline is `old` and whose working copy holds `fresh` (what mode: baseline just wrote), with
 * a bare repository as origin and a `gh` that records its arguments. Returns what it pushed and opened.
 */
function refresh(old: unknown, fresh: unknown): { code: number | null; out: string; gh: string; branches: string } {
  const dir = mkdtempSync(join(tmpdir(), 'evalgate-refresh-'))
  scratch.push(dir)
  const work = join(dir, 'work')
  const bin = join(dir, 'bin')
  const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: 'pipe' })
  mkdirSync(join(work, 'baselines'), { recursive: true })
  mkdirSync(bin)
  git(dir, 'init', '-q', '--bare', '-b', 'main', 'origin.git')
  git(work, 'init', '-q', '-b', 'main')
  git(work, 'remote', 'add', 'origin', join(dir, 'origin.git'))
  git(work, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '--allow-empty', '-m', 'start')
  if (old !== null) {
    writeFileSync(join(work, 'baselines/baseline.json'), JSON.stringify(old, null, 2))
    git(work, 'add', '.')
    git(work, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '-m', 'baseline')
  }
  writeFileSync(join(work, 'baselines/baseline.json'), JSON.stringify(fresh, null, 2))
  writeFileSync(join(bin, 'gh'), `#!/bin/sh\necho "$@" >> ${JSON.stringify(join(dir, 'gh.log'))}\n`)
  chmodSync(join(bin, 'gh'), 0o755)
  writeFileSync(join(dir, 'gh.log'), '')
  const { run, env } = documentedRefreshStep()
  const stepEnv = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v.replace(/\$\{\{[^}]*\}\}/g, '42')]))
  const result = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', run], {
    cwd: work,
    encoding: 'utf8',
    env: { PATH: `${bin}:${process.env.PATH ?? ''}`, HOME: dir, RUNNER_TEMP: dir, ...stepEnv },
  })
  return { code: result.status, out: result.stdout + result.stderr, gh: readFileSync(join(dir, 'gh.log'), 'utf8'), branches: git(join(dir, 'origin.git'), 'branch', '--list') }
}

describe('the documented baseline-refresh snippet (docs/updating-the-baseline.md)', () => {
  const old = { created_at: 'a', metrics: { latency_ms: 210, mrr: 0.5 }, questions: { q1: { scores: { mrr: 1, latency_ms: 200 } } } }

  it('opens no pull request when only created_at and latency moved (a candidate that reports latency)', () => {
    const r = refresh(old, { created_at: 'b', metrics: { latency_ms: 260, mrr: 0.5 }, questions: { q1: { scores: { mrr: 1, latency_ms: 290 } } } })
    assert.equal(r.code, 0, r.out)
    assert.equal(r.gh, '', 'gh was not called')
    assert.equal(r.branches, '', 'nothing was pushed')
  })

  it('opens one when a score moved', () => {
    const r = refresh(old, { created_at: 'b', metrics: { latency_ms: 260, mrr: 0.4 }, questions: { q1: { scores: { mrr: 0.5, latency_ms: 290 } } } })
    assert.equal(r.code, 0, r.out)
    // git pushes through gh's credential helper: the checkout kept no credentials
    assert.match(r.gh, /^auth setup-git\npr create --head evalgate\/baseline-refresh-42 /)
    assert.match(r.branches, /evalgate\/baseline-refresh-42/)
  })

  it('opens one for the first baseline (none committed yet)', () => {
    const r = refresh(null, old)
    assert.equal(r.code, 0, r.out)
    assert.match(r.gh, /^auth setup-git\npr create /)
  })
})
