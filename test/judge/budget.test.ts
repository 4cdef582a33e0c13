/**
 * The budget around the real judge, against the fake server over HTTP: what the server receives
 * is what the budget let through, and no ordering of concurrent requests spends past it.
 */
import { after, afterEach, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BudgetedJudge, type JudgeBudget } from '../../src/judge/budget.ts'
import { costUsd, type Prices } from '../../src/judge/usage.ts'
import { testJudge } from '../helpers/judge.ts'
import { FakeOpenAI } from '../../fakes/openai-server.ts'
import { simulatedReply } from '../../fakes/sim-judge.ts'

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

function budgeted(budget: JudgeBudget, cache = false, prices?: Prices, maxTokens = 4096): BudgetedJudge {
  const cacheDir = cache ? mkdtempSync(join(tmpdir(), 'evalgate-budget-')) : null
  if (cacheDir) dirs.push(cacheDir)
  const inner = testJudge(fake.url, { cacheDir, sampling: { responseFormat: 'auto', temperature: 0, maxTokens } })
  return new BudgetedJudge(inner, budget, prices)
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

  it('reserves before it sends: a request whose most (prompt bytes + max_tokens) would pass budget.tokens is never sent', async () => {
    fake.onChat(simulatedReply)
    // a verdict request reserves 740 prompt bytes + 600 = 1,340; the fake then reports about 140
    const judge = budgeted({ tokens: 1400 }, false, undefined, 600)
    assert.equal((await judge.ask('verdict', claim(1))).ok, true, '1,340 fits in 1,400')
    assert.ok(judge.spent().tokens > 60, `${judge.spent().tokens} spent`)
    assert.deepEqual(await judge.ask('verdict', claim(2)), { ok: false, error: 'budget spent (budget.tokens 1400)', raw: null }, 'what was spent + 1,340 does not')
    assert.equal(fake.requests.length, 1)
  })

  it('never spends past budget.usd, however many asks are in flight at once', async () => {
    fake.onChat(simulatedReply)
    const prices = { prompt_per_million: 100, completion_per_million: 400 }
    const usd = 0.5
    const judge = budgeted({ usd }, false, prices, 100)
    const replies = await Promise.all(Array.from({ length: 60 }, (_, i) => judge.ask('verdict', claim(i))))
    assert.ok(replies.some((r) => r.ok) && replies.some((r) => !r.ok), 'some went, some were refused')
    // what the endpoint reported for every reply it sent
    const used = judge.usageByFamily().verdict!
    const spent = costUsd({ prompt: used.prompt_tokens, completion: used.completion_tokens, embedding: 0 }, prices)!
    assert.ok(spent <= usd, `spent $${spent} of $${usd}`)
    assert.ok(spent > usd / 3, `spent $${spent}: the reservations are released as replies come back, not kept`)
  })
})
