/**
 * Issue 28, point 4: the runner's and evalgate's secrets do not reach the candidate. It is
 * started from a launcher whose environment never held them, so /proc/$PPID/environ (its
 * parent's first environment, which no later delete erases) has none; and `${VAR}` in
 * evalgate.yml headers, which the pull request controls, refuses those names unless
 * env_passthrough lists them: for the HTTP candidate and for the judge alike.
 */
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readFileSync } from 'node:fs'
import { runAction } from '../helpers/action-run.ts'
import { cliCommand, runCliProcess } from '../helpers/cli-process.ts'
import { FakeGitHub } from '../helpers/github-server.ts'
import { cleanupTempDirs, fixture, makeTempDir, nodeCommand, runCli, sh, writeText } from '../cli/harness.ts'

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

describe('`${VAR}` in evalgate.yml headers refuses the runner’s and evalgate’s own secrets unless env_passthrough names them', () => {
  let server: Server
  let url = ''
  const seen: IncomingHttpHeaders[] = []
  before(async () => {
    server = createServer((req, res) => {
      seen.push(req.headers)
      req.resume()
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ answer: 'five days [文档1]', contexts: ['five days'] }))
      })
    })
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ask`
  })
  after(() => new Promise<void>((done) => server.close(() => done())))

  const run = (config: string) => runCli(['run', '--config', config, '--eval-set', fixture('eval_set.csv'), '--eval-set-version', 'v1', '--out', t.path('h.json')])

  for (const name of ['GITHUB_TOKEN', 'ACTIONS_RUNTIME_TOKEN', 'OPENAI_API_KEY', 'AZURE_OPENAI_API_KEY', 'GH_TOKEN']) {
    it(`candidate.http.headers: \${${name}} is refused before any request, naming the setting and candidate.env_passthrough`, async () => {
      const before = seen.length
      process.env[name] = 'must-not-be-sent-4e1b'
      try {
        const config = writeText(t.path(`h-${name}.yml`), ['candidate:', '  http:', `    url: ${url}`, `    headers: { Authorization: "Bearer \${${name}}" }`, ''].join('\n'))
        const result = await run(config)
        assert.equal(result.code, 2, result.stderr)
        assert.match(result.stderr, new RegExp(`candidate\\.http\\.headers\\.Authorization: \\$\\{${name}\\} is the runner's or evalgate's own secret`))
        assert.match(result.stderr, new RegExp(`list it in candidate\\.env_passthrough: \\[${name}\\]`))
        assert.equal(seen.length, before, 'no request was sent')
      } finally {
        delete process.env[name]
      }
    })
  }

  it('candidate.env_passthrough lets a named one through, on purpose', async () => {
    process.env.GITHUB_TOKEN = 'passed-on-purpose-8c2f'
    try {
      const config = writeText(
        t.path('h-pass.yml'),
        ['candidate:', '  env_passthrough: [GITHUB_TOKEN]', '  http:', `    url: ${url}`, '    headers: { Authorization: "Bearer ${GITHUB_TOKEN}" }', ''].join('\n'),
      )
      const result = await run(config)
      assert.equal(result.code, 0, result.stderr)
      assert.equal(seen.at(-1)!.authorization, 'Bearer passed-on-purpose-8c2f')
    } finally {
      delete process.env.GITHUB_TOKEN
    }
  })

  it('a variable of the user’s own is filled in as before', async () => {
    process.env.RAG_TOKEN = 'own-token-6d1a'
    try {
      const config = writeText(t.path('h-own.yml'), ['candidate:', '  http:', `    url: ${url}`, '    headers: { Authorization: "Bearer ${RAG_TOKEN}" }', ''].join('\n'))
      assert.equal((await run(config)).code, 0)
      assert.equal(seen.at(-1)!.authorization, 'Bearer own-token-6d1a')
    } finally {
      delete process.env.RAG_TOKEN
    }
  })

  for (const [setting, line] of [
    ['judge.headers.X-Runtime', '  headers: { X-Runtime: "${ACTIONS_RUNTIME_TOKEN}" }'],
    ['judge.query.token', '  query: { token: "${GITHUB_TOKEN}" }'],
    ['judge.headers.X-Key', '  headers: { X-Key: "${MY_JUDGE_KEY}" }'],
  ] as const) {
    it(`${setting}: refused before any request, naming judge.env_passthrough`, async () => {
      const env = { ACTIONS_RUNTIME_TOKEN: 'rt-5e2a', GITHUB_TOKEN: 'gt-7c1d', MY_JUDGE_KEY: 'mk-9b3e' }
      Object.assign(process.env, env)
      try {
        const config = writeText(
          t.path(`j-${setting}.yml`),
          ['judge:', '  provider: openai', '  base_url: http://127.0.0.1:9/v1', '  model: m', '  embeddings_model: none', '  api_key_env: MY_JUDGE_KEY', line, ''].join('\n'),
        )
        const result = await runCli(['run', '--config', config, '--eval-set', fixture('eval_set.csv'), '--eval-set-version', 'v1', '--predictions', fixture('good.jsonl')])
        assert.equal(result.code, 2, result.stderr)
        assert.ok(result.stderr.includes(`${setting}: \${`) && result.stderr.includes("is the runner's or evalgate's own secret"), result.stderr)
        assert.match(result.stderr, /list it in judge\.env_passthrough/)
      } finally {
        for (const name of Object.keys(env)) delete process.env[name]
      }
    })
  }
})
