/**
 * The judge and the HTTP candidate both wait out a server's Retry-After (read by io/retry.ts's
 * parseRetryAfter): each against a real server on 127.0.0.1, with the same injected clock and
 * sleep. They part only where their policies do: a rate limit asking the judge to wait longer
 * than a minute is a quota that stops it; the candidate waits the capped minute.
 */
import assert from 'node:assert/strict'
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, beforeEach, describe, it } from 'node:test'
import { HttpCandidateSchema, runHttpCandidate } from '../../src/candidates/http.ts'
import type { RetryDeps } from '../../src/io/retry.ts'
import { testJudge } from '../helpers/judge.ts'
import type { ModelJudge } from '../../src/judge/modelJudge.ts'
import { FakeOpenAI, embedText } from '../../fakes/openai-server.ts'
import { makeRow } from '../metrics/factories.ts'

const NOW = Date.parse('2026-01-01T00:00:00Z')

/** One Retry-After answer, then success; each case is served by both servers. */
const CASES: { name: string; status: number; retryAfter: string; waitMs: number; judgeStops?: RegExp }[] = [
  { name: 'a 429 with Retry-After in seconds', status: 429, retryAfter: '2', waitMs: 2_000 },
  { name: 'a 503 with Retry-After as an HTTP date', status: 503, retryAfter: new Date(NOW + 7_000).toUTCString(), waitMs: 7_000 },
  { name: 'a Retry-After over the one-minute cap', status: 429, retryAfter: '3600', waitMs: 60_000, judgeStops: /rate-limits this key for 3600 s/ },
]

function recordingDeps(): { deps: RetryDeps; waits: number[] } {
  const waits: number[] = []
  return { waits, deps: { sleep: async (ms) => void waits.push(ms), random: () => 0.5, now: () => NOW } }
}

let fake: FakeOpenAI
const endpoint = { url: '', requests: 0, reply: (_res: ServerResponse, _index: number): void => undefined }
const server = createServer((req, res) => {
  req.resume()
  req.on('end', () => endpoint.reply(res, endpoint.requests++))
})

before(async () => {
  fake = await new FakeOpenAI().start()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  endpoint.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ask`
})
after(async () => {
  await fake.stop()
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})
beforeEach(() => {
  fake.reset()
  endpoint.requests = 0
})

function judgeWith(deps: RetryDeps): ModelJudge {
  return testJudge(fake.url, { concurrency: 2, retryDeps: deps })
}

describe('Retry-After through the shared retry module', () => {
  for (const c of CASES) {
    it(`the judge ${c.judgeStops ? 'stops on' : 'waits what'} ${c.name}${c.judgeStops ? '' : ' asks for'}`, async () => {
      fake.onEmbeddings((call) => (call.attempt === 1 ? { status: c.status, headers: { 'retry-after': c.retryAfter } } : call.inputs.map(embedText)))
      const { deps, waits } = recordingDeps()
      const judge = judgeWith(deps)
      const result = await judge.embed(['年假有几天？'])
      if (c.judgeStops) {
        assert.equal(result.ok, false)
        assert.match((result as { error: string }).error, c.judgeStops)
        assert.equal(fake.requests.length, 1, 'no request into an hour-long limit')
        return
      }
      assert.equal(result.ok, true, result.ok ? '' : result.error)
      assert.deepEqual(waits, [c.waitMs])
      assert.equal(judge.usageByFamily().embeddings!.retries, 1)
      assert.equal(fake.requests.length, 2)
    })

    it(`the HTTP candidate waits what ${c.name} asks for`, async () => {
      endpoint.reply = (res, index) => {
        if (index === 0) res.writeHead(c.status, { 'retry-after': c.retryAfter }).end('busy')
        else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ answer: 'after the wait' }))
      }
      const { deps, waits } = recordingDeps()
      const config = HttpCandidateSchema.parse({ url: endpoint.url })
      const outputs = await runHttpCandidate([makeRow({ id: 'q1', question: '年假有几天？' })], config, { env: {}, sleep: deps.sleep, random: deps.random, dateNow: deps.now })
      assert.equal(outputs.get('q1')!.answer, 'after the wait')
      assert.deepEqual(waits, [c.waitMs])
      assert.equal(endpoint.requests, 2)
    })
  }
})
