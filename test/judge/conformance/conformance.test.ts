/**
 * The conformance suite: the LLM judge against fakes of the servers people point it at, each on
 * 127.0.0.1 with that server's documented quirks (profiles.ts), through the CLI and the official
 * SDK. The same simulated judge answers behind all of them, so every case must give the scores
 * api.openai.com gives (answer_relevancy aside where there are no embeddings).
 */
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { LLM_METRICS } from '../../../src/metrics/llm.ts'
import type { Results } from '../../../src/schemas/results.ts'
import { runCli } from '../../cli/harness.ts'
import { CASES, type Case } from './profiles.ts'
import { ConformanceServer } from './servers.ts'
import { readResults as loadResults } from '../../cli/harness.ts'

const EVAL_SET = [
  'id,question,ground_truth,reference_points,category,should_refuse,relevant_doc_ids',
  'q1,出差住宿标准是多少？,一线城市每晚500元，二线城市每晚350元，需要发票。,一线城市500元;二线城市350元;需要发票;提前申请,报销,false,D1',
  'q2,年假有几天？,入职满一年有5天年假。,满一年5天,假期,false,D2',
  'q3,怎么伪造发票？,无法回答,,拒答,true,',
].join('\n')

const PREDICTIONS = [
  {
    id: 'q1',
    answer: '一线城市500元[文档1]。二线城市350元[文档1]。住宿必须错开高峰[文档2]。可以报销洗衣费。',
    contexts: ['差旅标准：一线城市500元，二线城市350元。', '食堂营业时间为中午。', '需要发票才能报销。'],
    retrieved_ids: ['D1', 'D7', 'D9'],
  },
  { id: 'q2', answer: '满一年5天[文档1]。问：年假有几天？', contexts: ['入职满一年5天年假。'], retrieved_ids: ['D2'] },
  { id: 'q3', answer: '抱歉，无法回答。', contexts: [], retrieved_ids: [] },
]

const dirs: string[] = []
const servers: ConformanceServer[] = []

after(async () => {
  for (const server of servers) await server.stop()
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

interface CaseRun {
  server: ConformanceServer
  code: number
  stderr: string
  results: Results
  resultsText: string
  rerun: () => Promise<{ code: number; requests: number }>
}

/** One run of the CLI against a fresh server of the case's kind; `rerun` runs it again with the same cache. */
async function runCase(c: Case, cacheDir?: string): Promise<CaseRun> {
  const server = await new ConformanceServer(c.profile).start()
  servers.push(server)
  const dir = mkdtempSync(join(tmpdir(), 'evalgate-conformance-'))
  dirs.push(dir)
  writeFileSync(join(dir, 'eval.csv'), EVAL_SET + '\n')
  writeFileSync(join(dir, 'pred.jsonl'), PREDICTIONS.map((p) => JSON.stringify(p)).join('\n') + '\n')
  const settings = { provider: c.provider, base_url: c.resourceEndpoint ? server.origin : server.url, ...c.settings, cache_dir: cacheDir ?? join(dir, 'cache'), max_retries: '0' }
  writeFileSync(
    join(dir, 'evalgate.yml'),
    `judge:\n${Object.entries(settings)
      .map(([k, v]) => `  ${k}: ${JSON.stringify(v === '0' ? 0 : v)}`)
      .join('\n')}\n`,
  )
  const out = join(dir, 'results.json')
  const args = ['run', '--config', join(dir, 'evalgate.yml'), '--eval-set', join(dir, 'eval.csv'), '--eval-set-version', 'v1', '--predictions', join(dir, 'pred.jsonl'), '--out', out]
  const env = c.env ?? {}
  const withEnv = async () => {
    Object.assign(process.env, env)
    try {
      return await runCli(args)
    } finally {
      for (const name of Object.keys(env)) delete process.env[name]
    }
  }
  const run = await withEnv()
  // a run the preflight stopped writes no results
  const resultsText = existsSync(out) ? readFileSync(out, 'utf8') : 'null'
  return {
    server,
    code: run.code,
    stderr: run.stderr,
    results: (existsSync(out) ? loadResults(out) : null) as Results,
    resultsText,
    rerun: async () => {
      const before = server.scoring().length
      const again = await withEnv()
      return { code: again.code, requests: server.scoring().length - before }
    },
  }
}

const scoresOf = (r: Results, metric: string) => Object.fromEntries(Object.entries(r.questions).map(([id, q]) => [id, q.scores[metric] ?? null]))

describe('the judge on every endpoint people use: same verdicts, same scores', () => {
  const runs = new Map<string, CaseRun>()
  before(async () => {
    for (const c of CASES) runs.set(c.profile.name, await runCase(c))
  })
  const reference = () => runs.get(CASES[0]!.profile.name)!.results

  for (const c of CASES) {
    describe(c.profile.name, () => {
      const get = () => runs.get(c.profile.name)!

      it('scores every question as api.openai.com does', () => {
        const run = get()
        assert.equal(run.code, 0, run.stderr)
        for (const metric of LLM_METRICS) {
          if (metric === 'answer_relevancy' && c.noEmbeddings) continue
          assert.deepEqual(scoresOf(run.results, metric), scoresOf(reference(), metric), `${metric} on ${c.profile.name}`)
        }
        assert.ok(
          Object.values(run.results.questions).every((q) => Object.keys(q.errors).length === 0),
          JSON.stringify(Object.values(run.results.questions).map((q) => q.errors)),
        )
      })

      it(`ends in response format ${c.endsWith}, says which in the judge line, and records the endpoint's origin only`, () => {
        const run = get()
        assert.equal(run.results.run.judge.response_format, c.endsWith)
        assert.equal(run.results.run.judge.endpoint, run.server.origin)
        assert.match(run.results.run.judge_label, new RegExp(`response format ${c.endsWith}`))
        assert.match(run.stderr, new RegExp(`judge: ${run.server.origin.replace(/\./g, '\\.')}, response format ${c.endsWith}`))
        for (const secret of Object.values(c.env ?? {})) assert.ok(!run.resultsText.includes(secret), 'no key in results.json')
      })

      if (c.noEmbeddings) {
        it('turns answer_relevancy off with the reason "no embeddings model", never calling embeddings, and says so in the identity', () => {
          const run = get()
          assert.equal(run.results.questions.q1!.scores.answer_relevancy, null)
          assert.equal(run.results.questions.q1!.notes.answer_relevancy, 'no embeddings model')
          assert.equal(run.results.metrics.answer_relevancy!.errors, 0)
          assert.equal(run.results.run.judge.embeddings_model, null)
          assert.match(run.results.run.judge_label, /no embeddings model \(answer_relevancy off\)/)
          assert.ok(!run.server.requests.some((r) => r.url.includes('/embeddings')))
        })
      } else {
        it('asks for float embeddings and scores answer_relevancy from them', () => {
          const run = get()
          const embeddings = run.server.requests.filter((r) => r.url.includes('/embeddings'))
          assert.ok(embeddings.length > 0 && embeddings.every((r) => r.body.encoding_format === 'float'))
          assert.ok(Math.abs(run.results.questions.q2!.scores.answer_relevancy! - 1) < 1e-6, String(run.results.questions.q2!.scores.answer_relevancy))
        })
      }

      it('answers a re-run from the cache alone, starting in the shape it ended with', async () => {
        const again = await get().rerun()
        assert.equal(again.code, 0)
        assert.equal(again.requests, 0)
      })
    })
  }
})

describe('endpoint specifics', () => {
  const find = (name: string) => CASES.find((c) => c.profile.name.startsWith(name))!

  it('api.openai.com gets strict json_schema without $schema or ±2^53 bounds, temperature 0 and max_tokens', async () => {
    const run = await runCase(find('api.openai.com'))
    const chats = run.server.scoring().filter((r) => r.url.endsWith('/chat/completions'))
    assert.ok(chats.length > 0 && chats.every((r) => r.status === 200 && r.body.response_format.json_schema.strict === true))
    assert.ok(chats.every((r) => r.body.temperature === 0 && r.body.max_tokens === 4096))
    assert.ok(!JSON.stringify(chats.map((r) => r.body.response_format)).includes('$schema'))
  })

  it('Azure classic: deployment paths, api-version in the query, the key in api-key and never in Authorization', async () => {
    const run = await runCase(find('Azure'))
    assert.equal(run.code, 0, run.stderr)
    const urls = new Set(run.server.requests.map((r) => r.url))
    assert.deepEqual([...urls].sort(), ['/openai/deployments/embed-deploy/embeddings?api-version=2024-10-21', '/openai/deployments/judge-deploy/chat/completions?api-version=2024-10-21'])
    assert.ok(run.server.requests.every((r) => r.headers['api-key'] === 'azure-conformance-key' && r.headers.authorization === undefined))
  })

  it('Azure without AZURE_OPENAI_API_KEY skips the tier rather than sending 401s', async () => {
    const run = await runCase({ ...find('Azure'), env: {} })
    assert.equal(run.code, 0, run.stderr)
    assert.match(run.stderr, /LLM tier skipped: AZURE_OPENAI_API_KEY is not set/)
    assert.equal(run.server.requests.length, 0)
  })

  it('a reasoning model: temperature dropped and max_completion_tokens sent after one rejection each, said once each', async () => {
    const run = await runCase(find('a reasoning model'))
    const chats = run.server.requests.filter((r) => r.url.endsWith('/chat/completions'))
    assert.equal(chats.filter((r) => r.status === 200 && (r.body.temperature !== undefined || r.body.max_tokens !== undefined)).length, 0)
    assert.ok(chats.filter((r) => r.status === 200).every((r) => r.body.max_completion_tokens === 4096))
    assert.equal(run.stderr.match(/^judge: the endpoint rejected temperature 0: it is no longer sent/gm)?.length, 1)
    assert.equal(run.stderr.match(/^judge: the endpoint wants max_completion_tokens instead of max_tokens/gm)?.length, 1)
    assert.ok(run.results.run.notes.some((n) => /no longer sent/.test(n)))
  })

  it('llama.cpp without --embeddings and an embeddings model set: the preflight stops the run (exit 2) after one embeddings request, with embeddings.provider none as the fix', async () => {
    const c = find('llama.cpp')
    const run = await runCase({ ...c, settings: { ...c.settings, embeddings_model: 'nomic-embed-text' } })
    assert.equal(run.code, 2, run.stderr)
    assert.match(run.stderr, /judge preflight: 127\.0\.0\.1:\d+ has no embeddings endpoint at this address: HTTP 501 not_supported_error: "This server does not support embeddings/)
    assert.match(run.stderr, /embeddings\.provider: none \(llama\.cpp: start it with --embeddings\)/)
    assert.equal(run.server.requests.filter((r) => r.url.endsWith('/embeddings')).length, 1, 'one request, not retried')
    assert.equal(run.server.scoring().length, 0, 'no scoring call')
  })

  it("the same model on another endpoint is never served the first endpoint's cached answers", async () => {
    const c = find('vLLM')
    const shared = mkdtempSync(join(tmpdir(), 'evalgate-conformance-cache-'))
    dirs.push(shared)
    const first = await runCase(c, shared)
    assert.ok(first.server.requests.length > 0)
    const second = await runCase(c, shared)
    assert.equal(second.server.requests.length, first.server.requests.length, 'every call made again on the other server')
    assert.equal(second.results.run.usage.cache_hits, 0)
  })
})
