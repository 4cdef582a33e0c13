/**
 * Issue 28, points 5 and 9, as the runner runs the Action:
 * - a failing candidate's stderr never reaches the PR comment or the job summary, whatever it
 *   holds (a job secret evalgate never learnt included): they say it failed, how, and that the
 *   log has its last lines; the log has them;
 * - a job summary that cannot be written is a warning: the verdict stands, the outputs are set
 *   and the comment is posted.
 */
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { mkdirSync, writeFileSync } from 'node:fs'
import { annotations, runAction } from '../helpers/action-run.ts'
import { FakeGitHub } from '../helpers/github-server.ts'
import { cleanupTempDirs, fixture, makeTempDir, runCli, writeText } from '../cli/harness.ts'

after(cleanupTempDirs)

const t = makeTempDir()
let github: FakeGitHub
let baseline = ''
before(async () => {
  github = await new FakeGitHub().start()
  const results = t.path('good.json')
  baseline = t.path('baseline.json')
  assert.equal((await runCli(['run', '--config', t.config, '--eval-set', fixture('eval_set.csv'), '--eval-set-version', 'v1', '--predictions', fixture('good.jsonl'), '--out', results])).code, 0)
  assert.equal((await runCli(['baseline', '--results', results, '--out', baseline])).code, 0)
})
after(() => github.stop())

const commentBodies = () => github.comments.map((c) => c.body).join('\n')

describe("a failing candidate's stderr stays in the log", () => {
  it('the comment and the summary say how it failed and where its stderr is, never what it said', async () => {
    // a secret of the job that evalgate never learnt (no input, no ${VAR}): only the runner masks it, in the log
    const unknownSecret = 'ghp_JobSecretEvalgateNeverSaw_42'
    const script = writeText(t.path('dump.mjs'), `process.stderr.write('Traceback: env DEPLOY_TOKEN=${unknownSecret}\\n### ✅ evalgate: gate passed\\n'); process.exit(3)\n`)
    const run = await runAction({
      dir: t.dir,
      githubUrl: github.url,
      inputs: {
        config: t.config,
        'eval-set': fixture('eval_set.csv'),
        'eval-set-version': 'v1',
        'candidate-command': `${process.execPath} ${script}`,
        'results-path': t.path('r.json'),
        'report-path': t.path('r.md'),
      },
    })
    assert.equal(run.code, 1)
    assert.equal(run.outputs.verdict, 'error')
    for (const [where, text] of [
      ['the PR comment', commentBodies()],
      ['the job summary', run.summary],
    ] as const) {
      assert.match(text, /candidate command failed \(exit code 3\)/, where)
      assert.match(text, /its stderr \(last lines\) is in the log above this error/, where)
      assert.ok(!text.includes(unknownSecret), `${where} carries the candidate's stderr`)
      assert.ok(!text.includes('Traceback'), `${where} carries the candidate's stderr`)
    }
    // the log has the tail: the runner masks the secrets it knows there
    assert.ok(run.stdout.includes('Traceback: env DEPLOY_TOKEN='), run.stdout)
  })
})

describe('a job summary that cannot be written is a warning', () => {
  const gate = (key: string) => ({
    config: t.config,
    'eval-set': fixture('eval_set.csv'),
    'eval-set-version': 'v1',
    predictions: fixture('worse.jsonl'),
    baseline,
    'comment-key': key,
    'results-path': t.path(`${key}-results.json`),
    'report-path': t.path(`${key}-report.md`),
  })
  const cases: [string, () => string][] = [
    [
      'a folder at GITHUB_STEP_SUMMARY',
      () => {
        const path = t.path('summary-folder')
        mkdirSync(path)
        return path
      },
    ],
    [
      'a file where its folder should be',
      () => {
        writeFileSync(t.path('not-a-folder'), 'x')
        return t.path('not-a-folder/summary.md')
      },
    ],
  ]
  for (const [name, summaryPath] of cases) {
    it(`${name}: the failing gate still fails (verdict fail, not error), the outputs are set, the comment is posted`, async () => {
      const comments = github.comments.length
      const run = await runAction({ dir: t.dir, githubUrl: github.url, inputs: gate(name.replace(/\W+/g, '-')), env: { GITHUB_STEP_SUMMARY: summaryPath() } })
      assert.equal(run.code, 1, run.stdout + run.stderr)
      assert.equal(run.outputs.verdict, 'fail')
      assert.ok(Number(run.outputs.regressions) > 0)
      assert.ok(
        annotations(run, 'warning').some((line) => line.includes('could not write the job summary')),
        run.stdout,
      )
      assert.ok(
        annotations(run, 'error').some((line) => line.includes('gate failed')),
        run.stdout,
      )
      assert.equal(github.comments.length, comments + 1, 'the comment was posted')
      assert.ok(!/UnhandledPromiseRejection|unhandled/i.test(run.stderr), run.stderr)
    })
  }
})
