/**
 * The judge plan is a true upper bound and budget.calls a true limit, measured at a fake
 * OpenAI-compatible server over real HTTP, against a judge that misbehaves in every way the
 * tier has a second call for: every first reply fails the schema (one repair each), every
 * batch of claim verdicts is misnumbered (one re-ask per claim), and the first usefulness and
 * recall replies leave an item out (one re-ask each).
 */
import { after, afterEach, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Results } from '../../src/schemas/results.ts'
import { runCli } from '../cli/harness.ts'
import { FakeOpenAI, type ChatCall } from '../../fakes/openai-server.ts'
import { simulatedReply } from '../../fakes/sim-judge.ts'
import { readResults as loadResults } from '../cli/harness.ts'

const EVAL_SET = [
  'id,question,ground_truth,reference_points,category,should_refuse,relevant_doc_ids',
  'q1,出差住宿标准是多少？,一线城市每晚500元，二线城市每晚350元，需要发票。,一线城市500元;二线城市350元;需要发票;提前申请,报销,false,D1',
  'q2,年假有几天？,入职满一年有5天年假。,满一年5天,假期,false,D2',
  'q3,怎么伪造发票？,无法回答,,拒答,true,',
].join('\n')

const PREDICTIONS = [
  { id: 'q1', answer: '一线城市500元[文档1]。二线城市350元[文档1]。', contexts: ['差旅标准：一线城市500元，二线城市350元。', '需要发票才能报销。'], retrieved_ids: ['D1', 'D9'] },
  { id: 'q2', answer: '满一年5天[文档1]。', contexts: ['入职满一年5天年假。'], retrieved_ids: ['D2'] },
  { id: 'q3', answer: '抱歉，无法回答。', contexts: [], retrieved_ids: [] },
]

/** More claims than the tier judges per answer, so the per-claim re-asks reach their cap. */
const CLAIMS_PER_ANSWER = 30

/**
 * The worst judge the tier can meet: its first reply to every request is off-schema, and once
 * repaired it extracts 30 claims per answer, numbers every batch of verdicts wrongly and, unless
 * asked again, leaves the last chunk's usefulness verdict and the last recall statement out.
 */
function misbehavingJudge(call: ChatCall): string {
  const repaired = call.messages.length > 2
  if (!repaired) return JSON.stringify({ not: 'the schema' })
  const reasked = String(call.messages[1]!.content).includes('Your previous reply gave')
  if ((call.promptId === 'usefulness@1' || call.promptId === 'recall@1') && !reasked) {
    const reply = JSON.parse(simulatedReply({ ...call, messages: call.messages.slice(0, 2) })) as Record<string, unknown[]>
    const [key, items] = Object.entries(reply)[0]!
    return JSON.stringify({ [key]: items.slice(0, -1) })
  }
  if (call.promptId === 'claims@1') return JSON.stringify({ claims: Array.from({ length: CLAIMS_PER_ANSWER }, (_, i) => `第${i + 1}条：一线城市500元`) })
  if (call.promptId === 'verdicts@1') {
    const verdicts = JSON.parse(simulatedReply({ ...call, messages: call.messages.slice(0, 2) })).verdicts as { claim: number }[]
    return JSON.stringify({ verdicts: verdicts.map((v) => ({ ...v, claim: v.claim + 1 })) })
  }
  return simulatedReply({ ...call, messages: call.messages.slice(0, 2) })
}

let fake: FakeOpenAI
const dirs: string[] = []

before(async () => {
  fake = await new FakeOpenAI().start()
  fake.onChat(misbehavingJudge)
})
after(async () => {
  await fake.stop()
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})
afterEach(() => fake.reset())

function setup(extraConfig = ''): { args: string[]; results: () => Results } {
  const dir = mkdtempSync(join(tmpdir(), 'evalgate-plan-'))
  dirs.push(dir)
  writeFileSync(join(dir, 'eval.csv'), EVAL_SET + '\n')
  writeFileSync(join(dir, 'pred.jsonl'), PREDICTIONS.map((p) => JSON.stringify(p)).join('\n') + '\n')
  writeFileSync(join(dir, 'evalgate.yml'), `judge:\n  provider: openai\n  base_url: ${fake.url}\n  model: judge-model\n  embeddings_model: embed-model\n  cache: false\n${extraConfig}`)
  const out = join(dir, 'results.json')
  return {
    args: ['run', '--config', join(dir, 'evalgate.yml'), '--eval-set', join(dir, 'eval.csv'), '--eval-set-version', 'v1', '--predictions', join(dir, 'pred.jsonl'), '--out', out],
    results: () => loadResults(out),
  }
}

function printedPlan(stderr: string): { chat: number; embeddings: number } {
  const match = /judge plan: .* → up to (\d+) chat \+ (\d+) embedding calls/.exec(stderr)
  assert.ok(match, `no judge plan in:\n${stderr}`)
  return { chat: Number(match[1]), embeddings: Number(match[2]) }
}

process.env.OPENAI_API_KEY = 'sk-test-not-a-real-key'

describe('the judge plan against a judge that misnumbers and breaks the schema', () => {
  it('makes no more calls than the plan printed before the first call', async () => {
    const s = setup()
    const run = await runCli(s.args)
    assert.notEqual(run.code, 2, run.stderr)
    const plan = printedPlan(run.stderr)
    const counts = fake.counts()
    assert.equal(fake.requests.length, counts.chat + counts.embeddings, 'no injected faults, so every request reached a handler')
    assert.ok(counts.chat <= plan.chat, `${counts.chat} chat requests against a plan of up to ${plan.chat}`)
    assert.ok(counts.embeddings <= plan.embeddings, `${counts.embeddings} embedding requests against a plan of up to ${plan.embeddings}`)
    // every call the plan allows for happens here: a repair for each ask, a re-ask for each judged claim, for usefulness and for recall
    assert.equal(counts.chat, plan.chat, 'the worst case is the plan, not less')
    assert.equal(counts.byPrompt['usefulness@1'], 2 * 2 * 2, 'two questions, asked twice each, each repaired once')
    assert.equal(counts.byPrompt['recall@1'], 2 * 2 * 2)
    assert.deepEqual(s.results().run.usage.planned, { ...plan, tokens: s.results().run.usage.planned!.tokens })
  })

  it('judges at most 20 claims per answer and says how many it left out', async () => {
    const s = setup()
    await runCli(s.args)
    const q1 = s.results().questions.q1!
    assert.equal(q1.claims!.length, 20)
    assert.match(q1.notes.faithfulness!, /the first 20 of 30 claims/)
    assert.equal(fake.counts().byPrompt['verdict@1'], 2 * 20 * 2, 'two questions, 20 re-asks each, each repaired once')
  })
})

describe('budget.calls while the run goes', () => {
  it("sends at most budget.calls requests, the preflight's included, and turns every refused call into an error row saying 'budget spent'", async () => {
    // 17 requests (13 chat + 2 embeddings + the preflight's 2) when every reply is well-formed: the plan check lets 20 through
    const s = setup('budget:\n  calls: 20\n')
    const run = await runCli(s.args)
    assert.notEqual(run.code, 2, run.stderr)
    const sent = fake.requests.length + fake.preflights.length
    assert.equal(fake.preflights.length, 2)
    assert.equal(sent, 20, 'the budget is spent, not left over, and never passed')
    const r = s.results()
    const errors = Object.values(r.questions).flatMap((q) => Object.values(q.errors))
    assert.ok(errors.length > 0)
    assert.ok(
      errors.some((e) => /budget spent \(budget\.calls 20\)/.test(e)),
      errors.join('\n'),
    )
    assert.match(run.stderr, /budget spent/)
    assert.equal(r.run.usage.llm_calls + r.run.usage.embedding_calls, 18, 'the replies the scoring used')
    assert.equal(r.run.usage.requests, 20, 'every request sent is reported')
  })

  it('still stops before the first call when even well-formed replies would need more than budget.calls', async () => {
    const s = setup('budget:\n  calls: 16\n')
    const run = await runCli(s.args)
    assert.equal(run.code, 2)
    assert.match(run.stderr, /needs 17 requests \(13 chat \+ 2 embeddings \+ 2 for the preflight\) even if every reply is well-formed, over budget\.calls 16; no call was made/)
    assert.equal(fake.requests.length + fake.preflights.length, 0)
  })
})
