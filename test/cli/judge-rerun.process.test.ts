/**
 * What the preflight proves and when it is sent: it asks in the configured response format with
 * the configured max_tokens and checks the reply's shape; an unchanged re-run answered by the
 * cache sends no request at all and works with the endpoint down; anything that can change a
 * reply (a judge header) is in the cache key; a dollar budget is never passed.
 */
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { FakeOpenAI } from '../../fakes/openai-server.ts'
import { installSimulatedJudge } from '../../fakes/sim-judge.ts'
import { cleanupTempDirs, fixture, makeTempDir, readResults, runCli, sh, writeText } from './harness.ts'

const KEY_ENV = 'EVALGATE_RERUN_TEST_KEY'

let fake: FakeOpenAI
before(async () => {
  fake = installSimulatedJudge(await new FakeOpenAI().start())
  process.env[KEY_ENV] = 'sk-rerun-not-a-real-key'
})
after(async () => {
  await fake.stop()
  delete process.env[KEY_ENV]
  cleanupTempDirs()
})

/** A run of the good answers, as a predictions file or as a command candidate that prints them, with a cache folder kept between runs. */
function setup(candidate: 'predictions' | 'command', judge = '') {
  const t = makeTempDir()
  const judgeAt = (url: string) =>
    writeText(
      t.path('evalgate.yml'),
      `judge:\n  provider: openai\n  base_url: ${url}\n  model: judge-model\n  api_key_env: ${KEY_ENV}\n  cache_dir: ${t.path('cache')}\n${judge}embeddings:\n  model: embed-model\n`,
    )
  const answers = fixture('good.jsonl')
  const source = candidate === 'predictions' ? ['--predictions', answers] : ['--candidate-cmd', `cat >/dev/null; cat ${sh(answers)}`]
  const argv = (url: string, out: string) => ['run', '--config', judgeAt(url), '--eval-set', fixture('eval_set.csv'), '--eval-set-version', 'v1', ...source, '--out', t.path(out)]
  return { ...t, argv }
}

describe('the preflight proves what the run needs', () => {
  it('asks in the configured response format with the configured max_tokens, and then scores in the format it found', async () => {
    fake.reset()
    installSimulatedJudge(fake)
    const s = setup('predictions', '  max_tokens: 1500\n  cache: false\n')
    const run = await runCli(s.argv(fake.url, 'results.json'))
    assert.equal(run.code, 0, run.stderr)
    const chat = fake.preflights.find((p) => p.kind === 'chat')!
    assert.equal(chat.body.max_tokens, 1500)
    assert.equal(chat.body.response_format?.type, 'json_schema')
    assert.deepEqual(
      fake.preflights.map((p) => p.kind),
      ['chat', 'embeddings'],
    )
  })
})

describe('a re-run the cache answers sends no request', () => {
  for (const candidate of ['predictions', 'command'] as const) {
    it(`with a ${candidate} candidate: 0 requests, the same results, even with the endpoint down`, async () => {
      const own = installSimulatedJudge(await new FakeOpenAI().start())
      const s = setup(candidate)
      const first = await runCli(s.argv(own.url, 'first.json'))
      assert.equal(first.code, 0, first.stderr)
      assert.ok(own.requests.length > 0)
      // the endpoint is gone: nothing listens at its address any more
      await own.stop()
      const again = await runCli(s.argv(own.url, 'again.json'))
      assert.equal(again.code, 0, again.stderr)
      assert.match(again.stderr, /no preflight: the cache answers every call of the plan, so no request is sent/)
      const [a, b] = [readResults(s.path('first.json')), readResults(s.path('again.json'))]
      for (const id of Object.keys(a.questions)) assert.deepEqual(b.questions[id]!.scores, a.questions[id]!.scores, id)
      assert.equal(b.run.usage.requests, 0)
      assert.equal(b.run.usage.llm_calls, 0)
    })
  }

  it('a judge header added to evalgate.yml is a new cache key: the run asks again', async () => {
    fake.reset()
    installSimulatedJudge(fake)
    const s = setup('predictions')
    const argv = s.argv(fake.url, 'first.json')
    assert.equal((await runCli(argv)).code, 0)
    const before = fake.requests.length
    // the same evalgate.yml and cache folder, one header added (a provider route, say)
    const config = argv[argv.indexOf('--config') + 1]!
    const routed = readFileSync(config, 'utf8').replace('  api_key_env:', '  headers: { X-Provider-Route: fallback }\n  api_key_env:')
    writeText(config, routed)
    const run = await runCli(argv)
    assert.equal(run.code, 0, run.stderr)
    assert.ok(fake.requests.length > before, 'asked again, not served the answers given without the header')
  })
})

describe('a dollar budget is a bound', () => {
  it('is never passed, even by a reasoning judge whose hidden tokens the plan could not foresee', async () => {
    // every reply spends 250 hidden reasoning tokens: the plan, made before any reply, counts none of them
    const reasoning = installSimulatedJudge(await new FakeOpenAI({ reasoningTokens: 250 }).start())
    try {
      const usd = 0.2
      const s = setup('predictions', `  cache: false\n  concurrency: 8\n  max_tokens: 300\n  prices: { prompt_per_million: 10, completion_per_million: 30, embedding_per_million: 1 }\n`)
      const run = await runCli([...s.argv(reasoning.url, 'results.json'), '--budget-usd', String(usd)])
      assert.notEqual(run.code, 2, run.stderr)
      assert.match(run.stderr, /well-formed \(~[\d,]+ tokens ≈ \$0\.1\d+/, 'the plan fits the budget')
      const results = readResults(s.path('results.json'))
      assert.ok(results.run.usage.cost_usd! <= usd, `spent $${results.run.usage.cost_usd} of $${usd}`)
      assert.ok(results.run.usage.cost_usd! > usd / 2, `spent $${results.run.usage.cost_usd}: the budget was used`)
      assert.match(run.stderr, /budget spent: \d+ judge calls? (was|were) not made \(budget\.usd 0\.2\)/)
      assert.match(run.stderr, /the preflight's reply used 250 hidden reasoning tokens/)
    } finally {
      await reasoning.stop()
    }
  })
})
