/**
 * BudgetedJudge around the real OpenAI-compatible client, against the fake server over HTTP:
 * what the server receives is what the budget let through.
 */
import { after, afterEach, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BudgetedJudge, type JudgeBudget } from '../../src/judge/budget.ts'
import { OpenAIJudge } from '../../src/judge/openai.ts'
import { FakeOpenAI } from '../helpers/openai-server.ts'
import { simulatedReply } from '../helpers/sim-judge.ts'

let fake: FakeOpenAI
const dirs: string[] = []

before(async () => {
  fake = await new FakeOpenAI({ latencyMs: 5 }).start()
})
after(async () => {
  await fake.stop()
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})
afterEach(() => {
  fake.reset()
  fake.onChat(simulatedReply)
})

function budgeted(budget: JudgeBudget, cache = false): BudgetedJudge {
  const cacheDir = cache ? mkdtempSync(join(tmpdir(), 'evalgate-budget-')) : null
  if (cacheDir) dirs.push(cacheDir)
  const inner = new OpenAIJudge({
    baseURL: fake.url,
    apiKey: 'sk-test',
    model: 'judge-model',
    embeddingsModel: 'embed-model',
    timeoutMs: 5000,
    concurrency: 4,
    cacheDir,
    identity: { provider: 'openai', model: 'judge-model', embeddings_model: 'embed-model', definitions_hash: 'test' },
  })
  return new BudgetedJudge(inner, budget)
}

const claim = (i: number) => ({ contexts: '[文档1] 一线城市500元。', claim: `第${i}条` })

describe('BudgetedJudge', () => {
  it('lets exactly budget.calls calls reach the server when many asks are in flight, and fails the rest with "budget spent"', async () => {
    fake.onChat(simulatedReply)
    const judge = budgeted({ calls: 3 })
    const replies = await Promise.all(Array.from({ length: 10 }, (_, i) => judge.ask('verdict', claim(i))))
    assert.equal(fake.requests.length, 3)
    assert.equal(replies.filter((r) => r.ok).length, 3)
    for (const r of replies.filter((r) => !r.ok)) assert.deepEqual(r, { ok: false, error: 'budget spent (budget.calls 3)', raw: null })
    assert.deepEqual(judge.spent(), { calls: 3, tokens: judge.spent().tokens, refused: 7 })
    assert.ok(judge.spent().tokens > 0)
  })

  it('counts the repair call, and refuses it once the budget is spent', async () => {
    fake.onChat((call) => (call.messages.length > 2 ? simulatedReply(call) : 'not JSON at all'))
    const judge = budgeted({ calls: 1 })
    const reply = await judge.ask('verdict', claim(1))
    assert.equal(fake.requests.length, 1)
    assert.equal(reply.ok, false)
    assert.match((reply as { error: string }).error, /^invalid JSON from the judge, and the repair call was not made: budget spent \(budget\.calls 1\)$/)
  })

  it('refuses embeddings too once the calls are spent', async () => {
    const judge = budgeted({ calls: 1 })
    assert.equal((await judge.embed(['a', 'b'])).ok, true)
    assert.deepEqual(await judge.embed(['c']), { ok: false, error: 'budget spent (budget.calls 1)', raw: null })
    assert.equal(fake.requests.length, 1)
  })

  it('still serves cached answers after the budget is spent: a cache hit is no call', async () => {
    fake.onChat(simulatedReply)
    const judge = budgeted({ calls: 1 }, true)
    assert.equal((await judge.ask('verdict', claim(1))).ok, true)
    assert.equal((await judge.ask('verdict', claim(1))).ok, true, 'the same request again comes from the cache')
    assert.equal((await judge.ask('verdict', claim(2))).ok, false)
    assert.equal(fake.requests.length, 1)
    assert.equal(judge.spent().calls, 1)
  })

  it('stops calling once the reported tokens reach budget.tokens', async () => {
    fake.onChat(simulatedReply)
    const judge = budgeted({ tokens: 1 })
    assert.equal((await judge.ask('verdict', claim(1))).ok, true)
    assert.deepEqual(await judge.ask('verdict', claim(2)), { ok: false, error: 'budget spent (budget.tokens 1)', raw: null })
    assert.equal(fake.requests.length, 1)
  })
})
