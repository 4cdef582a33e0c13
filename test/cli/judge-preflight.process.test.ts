/**
 * The judge preflight: one tiny chat request (and one embeddings request) per endpoint before
 * the candidate runs. A refused key, an unknown model or an unreachable server stops the run
 * with exit 2, the cause and the fix, and the candidate never starts (it would leave a marker).
 */
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { FakeOpenAI } from '../../fakes/openai-server.ts'
import { installSimulatedJudge } from '../../fakes/sim-judge.ts'
import { ConformanceServer } from '../judge/conformance/servers.ts'
import { CASES } from '../judge/conformance/profiles.ts'
import { cleanupTempDirs, fixture, makeTempDir, runCli, sh, writeText } from './harness.ts'

const KEY_ENV = 'EVALGATE_PREFLIGHT_TEST_KEY'

let fake: FakeOpenAI
before(async () => {
  fake = await new FakeOpenAI().start()
  process.env[KEY_ENV] = 'sk-preflight-not-a-real-key'
})
after(async () => {
  await fake.stop()
  delete process.env[KEY_ENV]
  delete process.env.AZURE_OPENAI_API_KEY
  cleanupTempDirs()
})

/** A run whose candidate leaves a marker file when it is ever started. */
function setup(judge: string) {
  const t = makeTempDir()
  const marker = t.path('candidate-started')
  const config = writeText(t.path('evalgate.yml'), `judge:\n${judge}  cache: false\n`)
  const argv = ['run', '--config', config, '--eval-set', fixture('eval_set.csv'), '--eval-set-version', 'v1', '--candidate-cmd', `touch ${sh(marker)}; cat >/dev/null`]
  return { ...t, marker, argv }
}

function openaiJudge(url: string, extra = ''): string {
  return `  provider: openai\n  base_url: ${url}\n  model: judge-model\n  embeddings_model: embed-model\n  api_key_env: ${KEY_ENV}\n${extra}`
}

function assertStopped(r: { code: number; stderr: string }, marker: string, cause: RegExp, fix: RegExp): void {
  assert.equal(r.code, 2, r.stderr)
  assert.match(r.stderr, cause)
  assert.match(r.stderr, /nothing was run/)
  assert.match(r.stderr, fix)
  assert.equal(existsSync(marker), false, 'the candidate never started')
}

describe('judge preflight', () => {
  it('stops on a refused key (401) with the variable and the host, before the candidate runs', async () => {
    fake.reset().onChat(() => ({ status: 401, body: { error: { message: 'Incorrect API key provided: sk-prefl***********', type: 'invalid_request_error', code: 'invalid_api_key' } } }))
    const s = setup(openaiJudge(fake.url))
    const r = await runCli(s.argv)
    const host = new URL(fake.url).host
    assertStopped(r, s.marker, new RegExp(`the key in \\$${KEY_ENV} was refused by ${host.replace('.', '\\.')}`), new RegExp(`fix: set \\$${KEY_ENV} to a key`))
    assert.equal(fake.preflights.length, 1, 'one request, no retries')
    assert.equal(fake.requests.length, 0, 'no scoring call')
    assert.ok(!r.stderr.includes('sk-preflight-not-a-real-key'), 'the key is not printed')
  })

  it('stops on a 403 the same way', async () => {
    fake.reset().onChat(() => ({ status: 403, body: { error: { message: 'forbidden', type: 'permission_error' } } }))
    const s = setup(openaiJudge(fake.url))
    assertStopped(await runCli(s.argv), s.marker, /the key in \$EVALGATE_PREFLIGHT_TEST_KEY was refused by/, /fix: /)
  })

  it('stops on an unknown chat model (404 model_not_found) naming the model and the setting', async () => {
    fake
      .reset()
      .onChat(() => ({ status: 404, body: { error: { message: 'The model `judge-model` does not exist or you do not have access to it.', type: 'invalid_request_error', code: 'model_not_found' } } }))
    const s = setup(openaiJudge(fake.url))
    assertStopped(await runCli(s.argv), s.marker, /127\.0\.0\.1:\d+ has no model judge-model/, /fix: set judge\.model \(--judge-model\) to a model/)
  })

  it('stops on a "model not found" 400 (Ollama-style wording) as an unknown model', async () => {
    fake.reset().onChat(() => ({ status: 400, body: { error: { message: 'model "judge-model" not found, try pulling it first', type: 'api_error' } } }))
    const s = setup(openaiJudge(fake.url))
    assertStopped(await runCli(s.argv), s.marker, /has no model judge-model/, /fix: /)
  })

  it('stops on an unknown embeddings model, and says none turns embeddings off', async () => {
    fake.reset().onChat(() => '{"ok": true}')
    fake.onEmbeddings(() => ({ status: 404, body: { error: { message: 'model embed-model not found', type: 'invalid_request_error', code: 'model_not_found' } } }))
    const s = setup(openaiJudge(fake.url))
    const r = await runCli(s.argv)
    fake.onEmbeddings(null)
    assertStopped(r, s.marker, /has no model embed-model/, /embeddings\.model \(--embeddings-model\).*embeddings\.provider: none/)
  })

  it('stops on a server that is not there: cannot reach HOST', async () => {
    const s = setup(openaiJudge('http://127.0.0.1:1/v1'))
    assertStopped(await runCli(s.argv), s.marker, /cannot reach 127\.0\.0\.1:1\b/, /fix: check judge\.base_url \(--judge-base-url\)/)
  })

  it('stops on a host that does not resolve: cannot reach HOST', async () => {
    const s = setup(openaiJudge('http://evalgate-preflight.invalid/v1', '  timeout_ms: 5000\n'))
    assertStopped(await runCli(s.argv), s.marker, /cannot reach evalgate-preflight\.invalid/, /fix: /)
  })

  it('sends no embeddings request with embeddings_model none, and lets a healthy endpoint through to the candidate', async () => {
    installSimulatedJudge(fake.reset())
    const s = setup(`  provider: openai\n  base_url: ${fake.url}\n  model: judge-model\n  embeddings_model: none\n  api_key_env: ${KEY_ENV}\n`)
    const r = await runCli(s.argv)
    assert.notEqual(r.code, 2, r.stderr)
    assert.ok(existsSync(s.marker), 'the candidate ran')
    assert.deepEqual(
      fake.preflights.map((q) => q.kind),
      ['chat'],
    )
  })

  it('passes keyless against a local server, sending no Authorization header', async () => {
    installSimulatedJudge(fake.reset())
    const s = setup(`  provider: openai\n  base_url: ${fake.url}\n  model: judge-model\n  embeddings_model: embed-model\n  api_key_env: EVALGATE_PREFLIGHT_NO_SUCH_KEY\n`)
    const r = await runCli(s.argv)
    assert.notEqual(r.code, 2, r.stderr)
    assert.ok(existsSync(s.marker), 'the candidate ran')
    const preflight = fake.preflights
    assert.deepEqual(preflight.map((q) => q.kind).sort(), ['chat', 'embeddings'])
    assert.ok(preflight.every((q) => q.authorization === undefined))
  })

  it('a keyless server that wants a key: the words say no key was sent', async () => {
    fake.reset().onChat(() => ({ status: 401, body: { error: { message: 'unauthorized', type: 'auth' } } }))
    const s = setup(`  provider: openai\n  base_url: ${fake.url}\n  model: judge-model\n  embeddings_model: embed-model\n  api_key_env: EVALGATE_PREFLIGHT_NO_SUCH_KEY\n`)
    assertStopped(await runCli(s.argv), s.marker, /refused a request without a key \(\$EVALGATE_PREFLIGHT_NO_SUCH_KEY is not set\)/, /fix: /)
  })

  describe('azure', () => {
    const azureCase = CASES.find((c) => c.provider === 'azure')!
    let server: ConformanceServer
    before(async () => {
      server = await new ConformanceServer(azureCase.profile).start()
    })
    after(() => server.stop())
    const azureJudge = (deployment: string) => `  provider: azure\n  base_url: ${server.origin}\n  api_version: '2024-10-21'\n  model: ${deployment}\n  embeddings_model: embed-deploy\n`

    it('stops on a refused api-key, naming AZURE_OPENAI_API_KEY', async () => {
      process.env.AZURE_OPENAI_API_KEY = 'wrong-azure-key'
      const s = setup(azureJudge('judge-deploy'))
      assertStopped(await runCli(s.argv), s.marker, /the key in \$AZURE_OPENAI_API_KEY was refused by 127\.0\.0\.1:\d+/, /fix: /)
    })

    it('stops on a deployment the resource does not have', async () => {
      process.env.AZURE_OPENAI_API_KEY = 'azure-conformance-key'
      const s = setup(azureJudge('no-such-deploy'))
      assertStopped(await runCli(s.argv), s.marker, /has no deployment no-such-deploy/, /to a deployment/)
    })

    it('passes with the right key and deployments', async () => {
      process.env.AZURE_OPENAI_API_KEY = 'azure-conformance-key'
      const s = setup(azureJudge('judge-deploy'))
      const r = await runCli(s.argv)
      assert.notEqual(r.code, 2, r.stderr)
      assert.ok(existsSync(s.marker))
    })
  })
})
