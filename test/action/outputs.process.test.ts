/**
 * What the Action step hands to the rest of the workflow and says in its log, checked against
 * what its report says: the `regressions` output is the header's "N questions worse", and a
 * comment the API answered without a link is logged by its id, never as "undefined". The
 * Action (src/index.ts, bundled) runs as a process against the stand-in GitHub API.
 */
import assert from 'node:assert/strict'
import { readFileSync, writeFileSync } from 'node:fs'
import { after, before, describe, it } from 'node:test'
import { ACTION_ENTRY, cliCommand } from '../helpers/cli-process.ts'
import { pullRequestPayload, runActionProcess } from '../helpers/action-process.ts'
import { FakeGitHub } from '../helpers/github-server.ts'
import { cleanupTempDirs, fixture, makeTempDir, runCli } from '../cli/harness.ts'

after(cleanupTempDirs)

const t = makeTempDir()
let action: string[]

/** good.jsonl with q1 retrieving its document only at rank 3, and q2 answering without a citation. */
function withEdits(file: string, edits: Record<string, Record<string, unknown>>): string {
  const lines = readFileSync(fixture('good.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { id: string })
    .map((row) => JSON.stringify({ ...row, ...edits[row.id] }))
  writeFileSync(file, lines.join('\n') + '\n')
  return file
}

before(async () => {
  action = await cliCommand(t.dir, ACTION_ENTRY)
  // the baseline: q1 found its document only third; the candidate finds it first (better) but
  // answers q1 without a citation (worse): q1 is mixed. q2 loses its citation: q2 is worse.
  const base = withEdits(t.path('base.jsonl'), { q1: { retrieved_ids: ['D8', 'D9', 'D1'] } })
  withEdits(t.path('cand.jsonl'), { q1: { answer: '入职满一年后每年有5天带薪年假。' }, q2: { answer: '病假需要提供医院开具的诊断证明。' } })
  const common = ['--config', t.config, '--eval-set', fixture('eval_set.csv'), '--eval-set-version', 'v1']
  assert.equal((await runCli(['run', ...common, '--predictions', base, '--out', t.path('base.json')])).code, 0)
  assert.equal((await runCli(['baseline', '--results', t.path('base.json'), '--out', t.path('baseline.json')])).code, 0)
})

function inputs(over: Record<string, string> = {}): Record<string, string> {
  return {
    config: t.config,
    'eval-set': fixture('eval_set.csv'),
    'eval-set-version': 'v1',
    predictions: t.path('cand.jsonl'),
    baseline: t.path('baseline.json'),
    'github-token': 'test-token',
    'results-path': t.path('out/results.json'),
    'report-path': t.path('out/report.md'),
    comment: 'false',
    ...over,
  }
}

describe('the Action’s outputs and log agree with its report', () => {
  it('regressions is the comment’s count of worse questions; a question worse on one metric and better on another is counted apart, as mixed', async () => {
    const run = await runActionProcess({ entry: action, dir: t.dir, inputs: inputs(), eventName: 'push', payload: { ref: 'refs/heads/main' } })
    // a failing comment's counts open its "what changed" lines, under the verdict
    const header = readFileSync(t.path('out/report.md'), 'utf8')
      .split('\n')
      .find((l) => l.startsWith('**What changed**'))!
    const worse = /(\d+) questions? worse, \d+ better, 1 mixed/.exec(header)
    assert.ok(worse, header)
    assert.equal(run.outputs.regressions, worse[1], `${header}\n${JSON.stringify(run.outputs)}`)
    assert.equal(run.outputs.regressions, '1')
  })

  it('a comment the API answered without html_url: logged with its id, no "undefined", no comment-url output', async () => {
    const github = await new FakeGitHub({ omitHtmlUrl: true }).start()
    try {
      const run = await runActionProcess({ entry: action, dir: t.dir, inputs: inputs({ comment: 'true' }), eventName: 'pull_request', payload: pullRequestPayload(), apiUrl: github.url })
      assert.equal(github.comments.length, 1, run.stdout + run.stderr)
      assert.doesNotMatch(run.stdout + run.stderr, /undefined/)
      assert.match(run.stdout, new RegExp(`PR comment created \\(comment id ${github.comments[0]!.id}; the API gave no link to it\\)`))
      assert.equal(run.outputs['comment-url'], undefined)
    } finally {
      await github.stop()
    }
  })

  it('a comment with its link: logged and given as comment-url', async () => {
    const github = await new FakeGitHub().start()
    try {
      const run = await runActionProcess({ entry: action, dir: t.dir, inputs: inputs({ comment: 'true' }), eventName: 'pull_request', payload: pullRequestPayload(), apiUrl: github.url })
      const url = `https://github.com/o/r/pull/7#issuecomment-${github.comments[0]!.id}`
      assert.match(run.stdout, new RegExp(`PR comment created: ${url.replace(/[.?]/g, '\\$&')}`))
      assert.equal(run.outputs['comment-url'], url)
    } finally {
      await github.stop()
    }
  })
})
