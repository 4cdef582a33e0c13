/**
 * mode: accept (issue 29): a "/evalgate accept" comment or the accept label, by a user with
 * write access, commits this run's baseline to the pull request's branch. The bundled
 * dist/index.js runs as the runner runs it, in a real git checkout, against the stand-in GitHub
 * API (permission, pull request, contents, comments, labels on 127.0.0.1).
 */
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { after, describe, it } from 'node:test'
import { runActionProcess, type ActionProcessRun } from '../helpers/action-process.ts'
import { ROOT } from '../helpers/cli-process.ts'
import { FakeGitHub } from '../helpers/github-server.ts'
import { cleanupTempDirs, fixture, makeTempDir } from '../cli/harness.ts'

after(cleanupTempDirs)

const DIST = [process.execPath, join(ROOT, 'dist', 'index.js')]

/** A checkout of the pull request's head: a git repository with one commit; its SHA. */
function checkout(): { dir: string; sha: string } {
  const t = makeTempDir()
  const git = (...args: string[]) => execFileSync('git', args, { cwd: t.dir, encoding: 'utf8', stdio: 'pipe' }).trim()
  git('init', '-q')
  writeFileSync(t.path('evalgate.yml'), '')
  git('add', '.')
  git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '-m', 'head')
  return { dir: t.dir, sha: git('rev-parse', 'HEAD') }
}

function commentEvent(body: string, login: string): unknown {
  return {
    action: 'created',
    issue: { number: 7, pull_request: { url: 'https://api.github.com/repos/o/r/pulls/7' } },
    comment: { id: 99, body, user: { login } },
    repository: { name: 'r', owner: { login: 'o' } },
  }
}

function labelEvent(name: string, login: string): unknown {
  return { action: 'labeled', number: 7, label: { name }, sender: { login }, pull_request: { number: 7, head: { ref: 'feature' } }, repository: { name: 'r', owner: { login: 'o' } } }
}

async function accept(github: FakeGitHub, dir: string, eventName: string, payload: unknown): Promise<ActionProcessRun> {
  return runActionProcess({
    entry: DIST,
    dir,
    cwd: dir,
    eventName,
    payload,
    apiUrl: github.url,
    env: { GITHUB_WORKSPACE: dir },
    inputs: {
      mode: 'accept',
      config: join(dir, 'evalgate.yml'),
      'eval-set': fixture('eval_set.csv'),
      'eval-set-version': 'v1',
      predictions: fixture('good.jsonl'),
      'github-token': 'test-token',
      'accept-label': 'evalgate:accept',
      'comment-key': 'default',
      'results-path': join(dir, 'out', 'results.json'),
      'report-path': join(dir, 'out', 'report.md'),
    },
  })
}

async function server(options: ConstructorParameters<typeof FakeGitHub>[0]): Promise<FakeGitHub> {
  return new FakeGitHub(options).start()
}

describe('mode: accept', () => {
  it('"/evalgate accept" by a user with write access: the baseline is committed to the PR branch under the base label, and the request answered', async () => {
    const { dir, sha } = checkout()
    const github = await server({ permissions: { alice: 'write' }, pull: { number: 7, head: 'feature', sha, base: 'main' } })
    try {
      const run = await accept(github, dir, 'issue_comment', commentEvent('/evalgate accept', 'alice'))
      assert.equal(run.code, 0, run.stdout + run.stderr)
      const file = github.files.find((f) => f.path === 'baselines/baseline.json')
      assert.ok(file, JSON.stringify(github.requests.map((r) => `${r.method} ${r.path}`)))
      assert.equal(file.branch, 'feature')
      const baseline = JSON.parse(file.text) as { version: string; eval_set_version: string; questions: Record<string, unknown> }
      assert.deepEqual([baseline.version, baseline.eval_set_version, Object.keys(baseline.questions).length], ['main', 'v1', 7])
      const put = github.requests.find((r) => r.method === 'PUT')!.body as { message: string; sha?: string }
      assert.match(put.message, new RegExp(`^evalgate: accept baseline from ${sha.slice(0, 7)} \\(asked by @alice\\)$`))
      assert.equal(put.sha, undefined, 'a new file')
      assert.match(github.comments.at(-1)!.body, /committed `baselines\/baseline\.json` from this run of .* to `feature` \(commit/)
      assert.match(run.outputs['accepted-commit'] ?? '', /^commit\d+$/)
      assert.deepEqual(github.unexpected, [])

      // asked again with nothing new: no commit, and it says so
      const again = await accept(github, dir, 'issue_comment', commentEvent('/evalgate accept', 'alice'))
      assert.equal(again.code, 0, again.stdout + again.stderr)
      assert.equal(github.requests.filter((r) => r.method === 'PUT').length, 1)
      assert.match(github.comments.at(-1)!.body, /already holds this run's scores: nothing to commit/)
    } finally {
      await github.stop()
    }
  })

  it('the accept label set by a maintainer: committed over the existing baseline, and the label taken off', async () => {
    const { dir, sha } = checkout()
    const github = await server({ permissions: { bob: 'maintain' }, pull: { number: 7, head: 'feature', sha, base: 'main' } })
    github.files.push({ branch: 'feature', path: 'baselines/baseline.json', text: '{"old": true}\n', sha: 'blob-old' })
    try {
      const run = await accept(github, dir, 'pull_request', labelEvent('evalgate:accept', 'bob'))
      assert.equal(run.code, 0, run.stdout + run.stderr)
      assert.equal((github.requests.find((r) => r.method === 'PUT')!.body as { sha?: string }).sha, 'blob-old', 'updates the file it read')
      assert.match(github.files[0]!.text, /"version": "main"/)
      assert.deepEqual(github.removedLabels, ['evalgate:accept'])
    } finally {
      await github.stop()
    }
  })

  const refusals: [name: string, eventName: string, payload: unknown, options: (sha: string) => ConstructorParameters<typeof FakeGitHub>[0], message: RegExp][] = [
    [
      'a user with read access',
      'issue_comment',
      commentEvent('/evalgate accept', 'carol'),
      (sha) => ({ permissions: { carol: 'read' }, pull: { number: 7, head: 'feature', sha, base: 'main' } }),
      /carol has read access; accepting a baseline needs write access/,
    ],
    [
      'a pull request from a fork',
      'issue_comment',
      commentEvent('/evalgate accept', 'alice'),
      (sha) => ({ permissions: { alice: 'admin' }, pull: { number: 7, head: 'feature', sha, base: 'main', fork: true } }),
      /branch is in a fork/,
    ],
    [
      'a checkout that is not the PR head',
      'issue_comment',
      commentEvent('/evalgate accept', 'alice'),
      () => ({ permissions: { alice: 'write' }, pull: { number: 7, head: 'feature', sha: 'f'.repeat(40), base: 'main' } }),
      /not the pull request's head f{40}/,
    ],
  ]
  for (const [name, eventName, payload, options, message] of refusals) {
    it(`refuses ${name}: answered on the PR, the step fails, nothing is scored or committed`, async () => {
      const { dir, sha } = checkout()
      const github = await server(options(sha))
      try {
        const run = await accept(github, dir, eventName, payload)
        assert.equal(run.code, 1, run.stdout + run.stderr)
        assert.match(github.comments.at(-1)?.body ?? '', message)
        assert.match(run.stdout, /::error::evalgate: mode accept: /)
        assert.equal(github.requests.filter((r) => r.method === 'PUT').length, 0)
        assert.equal(existsSync(join(dir, 'out', 'results.json')), false, 'the candidate was not scored')
      } finally {
        await github.stop()
      }
    })
  }

  it('any other comment (or "/evalgate accept" for another gate) asks for nothing: exit 0, no API write', async () => {
    const { dir, sha } = checkout()
    const github = await server({ permissions: { alice: 'write' }, pull: { number: 7, head: 'feature', sha, base: 'main' } })
    try {
      for (const body of ['LGTM', 'please /evalgate accept', '/evalgate accept faq']) {
        const run = await accept(github, dir, 'issue_comment', commentEvent(body, 'alice'))
        assert.equal(run.code, 0, run.stdout + run.stderr)
        assert.match(run.stdout, /mode accept: this issue_comment event asks for nothing/)
      }
      assert.deepEqual(github.writes(), [])
    } finally {
      await github.stop()
    }
  })
})
