/**
 * Issue 28, point 4: the runner's and evalgate's secrets do not reach the candidate. It is
 * started from a launcher whose environment never held them, so /proc/$PPID/environ (its
 * parent's first environment, which no later delete erases) has none.
 */
import { after, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { runAction } from '../helpers/action-run.ts'
import { cliCommand, runCliProcess } from '../helpers/cli-process.ts'
import { FakeGitHub } from '../helpers/github-server.ts'
import { cleanupTempDirs, fixture, makeTempDir, nodeCommand, sh } from '../cli/harness.ts'

after(cleanupTempDirs)

const t = makeTempDir()
const SECRETS = {
  'INPUT_JUDGE-API-KEY': 'sk-judge-input-7c1e9a',
  'INPUT_GITHUB-TOKEN': 'ghs_input_token_5b2d8f',
  ACTIONS_RUNTIME_TOKEN: 'runtime-token-3f6a0c',
  ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'oidc-token-9d4e2b',
  GITHUB_TOKEN: 'ghs_job_token_1a7c3e',
}

/** A candidate that records its parent's first environment and its own, then answers as the echo candidate does. */
function peekingCandidate(name: string): { command: string; parent: string; own: string } {
  const parent = t.path(`${name}-parent.env`)
  const own = t.path(`${name}-own.env`)
  return { command: `cat /proc/$PPID/environ > ${sh(parent)}; env > ${sh(own)}; ${nodeCommand(fixture('echo-candidate.mjs'))}`, parent, own }
}

function assertNoSecret(where: string, text: string): void {
  for (const [name, value] of Object.entries(SECRETS)) assert.ok(!text.includes(value), `${name} is in ${where}`)
}

describe("the candidate's parent process never held a secret", { skip: process.platform !== 'linux' ? '/proc is Linux-only' : false }, () => {
  it('CLI: /proc/$PPID/environ of the candidate holds none of the runner’s or the Action’s secrets, nor does its own environment', async () => {
    const cli = await cliCommand(t.dir)
    const peek = peekingCandidate('cli')
    const run = await runCliProcess(cli, ['run', '--config', t.config, '--eval-set', fixture('eval_set.csv'), '--eval-set-version', 'v1', '--candidate-cmd', peek.command], undefined, {
      ...process.env,
      ...SECRETS,
    })
    assert.equal(run.code, 0, run.stderr)
    const parent = readFileSync(peek.parent, 'utf8')
    assert.ok(parent.includes('PATH='), 'the parent’s environment was read')
    assertNoSecret("the candidate's parent's /proc environ", parent)
    assertNoSecret("the candidate's own environment", readFileSync(peek.own, 'utf8'))
  })

  it('Action: the same, with the judge key and the GitHub token given as inputs', async () => {
    const github = await new FakeGitHub().start()
    try {
      const peek = peekingCandidate('action')
      const run = await runAction({
        dir: t.dir,
        githubUrl: github.url,
        inputs: {
          config: t.config,
          'eval-set': fixture('eval_set.csv'),
          'eval-set-version': 'v1',
          'candidate-command': peek.command,
          'judge-api-key': SECRETS['INPUT_JUDGE-API-KEY'],
          'github-token': SECRETS['INPUT_GITHUB-TOKEN'],
          'results-path': t.path('action-results.json'),
          'report-path': t.path('action-report.md'),
        },
        env: { ACTIONS_RUNTIME_TOKEN: SECRETS.ACTIONS_RUNTIME_TOKEN, ACTIONS_ID_TOKEN_REQUEST_TOKEN: SECRETS.ACTIONS_ID_TOKEN_REQUEST_TOKEN, GITHUB_TOKEN: SECRETS.GITHUB_TOKEN },
      })
      assert.equal(run.code, 0, run.stdout + run.stderr)
      assertNoSecret("the candidate's parent's /proc environ", readFileSync(peek.parent, 'utf8'))
      assertNoSecret("the candidate's own environment", readFileSync(peek.own, 'utf8'))
    } finally {
      await github.stop()
    }
  })
})
