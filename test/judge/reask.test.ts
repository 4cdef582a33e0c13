/**
 * Chunk usefulness and context recall ask the judge once more when its reply does not line up
 * with the chunks or the reference points, measured at a fake OpenAI-compatible server over
 * real HTTP: a judge that gets it right the second time is scored, one that does not is one
 * error with the reason, and either way no more calls are made than the plan printed.
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
import { servedFromCache } from '../helpers/judge-calls.ts'
import { readResults as loadResults } from '../cli/harness.ts'

const EVAL_SET = [
  'id,question,ground_truth,reference_points,category,should_refuse,relevant_doc_ids',
  'q1,出差住宿标准是多少？,一线城市每晚500元，二线城市每晚350元，需要发票。,一线城市500元;二线城市350元;需要发票;提前申请,报销,false,D1',
  'q2,年假有几天？,入职满一年有5天年假。,满一年5天,假期,false,D2',
].join('\n')

const PREDICTIONS = [
  {
    id: 'q1',
    answer: '一线城市500元[文档1]。二线城市350元[文档1]。',
    contexts: ['差旅标准：一线城市500元，二线城市350元。', '食堂营业时间为中午。', '需要发票才能报销。'],
    retrieved_ids: ['D1', 'D7', 'D9'],
  },
  { id: 'q2', answer: '满一年5天[文档1]。', contexts: ['入职满一年5天年假。'], retrieved_ids: ['D2'] },
]

type Sloppiness = 'first reply only' | 'every reply'

/** True for a request that asks again: what the tier says after the prompt when a reply did not line up. */
function isReask(call: ChatCall): boolean {
  return String(call.messages[1]!.content).includes('Your previous reply gave')
}

/**
 * The simulated judge, except that its usefulness replies judge the first chunk twice and no
 * chunk after the second, and its recall replies drop the last statement: on the first ask
 * only, or on every ask.
 */
function sloppyJudge(sloppiness: Sloppiness): (call: ChatCall) => string {
  return (call) => {
    const reply = simulatedReply(call)
    if (sloppiness === 'first reply only' && isReask(call)) return reply
    if (call.promptId === 'usefulness@1') {
      const { verdicts } = JSON.parse(reply) as { verdicts: { chunk: number }[] }
      return JSON.stringify({ verdicts: [verdicts[0]!, ...verdicts.slice(0, 2)] })
    }
    if (call.promptId === 'recall@1') {
      const { statements } = JSON.parse(reply) as { statements: unknown[] }
      return JSON.stringify({ statements: statements.slice(0, -1) })
    }
    return reply
  }
}

let fake: FakeOpenAI
const dirs: string[] = []

before(async () => {
  fake = await new FakeOpenAI().start()
})
after(async () => {
  await fake.stop()
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})
afterEach(() => fake.reset())

function setup(): { args: string[]; results: () => Results } {
  const dir = mkdtempSync(join(tmpdir(), 'evalgate-reask-'))
  dirs.push(dir)
  writeFileSync(join(dir, 'eval.csv'), EVAL_SET + '\n')
  writeFileSync(join(dir, 'pred.jsonl'), PREDICTIONS.map((p) => JSON.stringify(p)).join('\n') + '\n')
  writeFileSync(join(dir, 'evalgate.yml'), `judge:\n  provider: openai\n  base_url: ${fake.url}\n  model: judge-model\n  embeddings_model: embed-model\n  cache_dir: ${join(dir, 'cache')}\n`)
  const out = join(dir, 'results.json')
  return {
    args: ['run', '--config', join(dir, 'evalgate.yml'), '--eval-set', join(dir, 'eval.csv'), '--eval-set-version', 'v1', '--predictions', join(dir, 'pred.jsonl'), '--out', out],
    results: () => loadResults(out),
  }
}

function printedPlan(stderr: string): number {
  const match = /judge plan: .* → up to (\d+) chat \+ \d+ embedding calls/.exec(stderr)
  assert.ok(match, `no judge plan in:\n${stderr}`)
  return Number(match[1])
}

/** The user message of every request for this prompt that asked again. */
function reasks(promptId: string): string[] {
  return fake.requests.filter((r) => r.promptId === promptId && String(r.body.messages[1].content).includes('Your previous reply gave')).map((r) => String(r.body.messages[1].content))
}

process.env.OPENAI_API_KEY = 'sk-test-not-a-real-key'

describe('a usefulness or recall reply that does not line up', () => {
  it('is asked again, and a second reply that lines up is scored with no error', async () => {
    fake.onChat(sloppyJudge('first reply only'))
    const s = setup()
    const run = await runCli(s.args)
    assert.equal(run.code, 0, run.stderr)
    const { q1, q2 } = s.results().questions
    // the same scores as a judge that lines up the first time (test/judge/llm.test.ts): usefulness [1,0,1], recall 3 of 4
    assert.ok(Math.abs(q1!.scores.context_precision! - 0.833333) < 1e-5, String(q1!.scores.context_precision))
    assert.equal(q1!.scores.context_recall, 0.75)
    assert.equal(q2!.scores.context_precision, 1)
    assert.equal(q2!.scores.context_recall, 1)
    assert.deepEqual(q1!.errors, {})
    assert.deepEqual(q2!.errors, {})
    assert.equal(s.results().metrics.context_precision!.errors, 0)
    const counts = fake.counts()
    assert.equal(counts.byPrompt['usefulness@1'], 4, 'each question asked twice')
    assert.equal(counts.byPrompt['recall@1'], 4)
    assert.ok(counts.chat <= printedPlan(run.stderr), `${counts.chat} chat calls against a plan of up to ${printedPlan(run.stderr)}`)
    // the re-ask says what was wrong, and it is said after the prompt's data, outside every tag
    const again = reasks('usefulness@1').find((u) => u.includes('3 chunks'))!
    assert.match(
      again,
      /<\/contexts>\n\nYour previous reply gave 3 usefulness verdicts for 3 chunks \(none for chunk 3; more than one for chunk 1\)\. Reply again with exactly one entry for each of the 3 chunks/,
    )
    assert.match(
      reasks('recall@1').join('\n'),
      /Your previous reply gave 3 statements for 4 reference points\. Reply again with exactly one entry for each of the 4 numbered reference statements, in order\./,
    )
    assert.match(reasks('recall@1').join('\n'), /Your previous reply gave 0 statements for 1 reference point\./)
  })

  it('is one error with the reason when the second reply does not line up either, still within the plan', async () => {
    fake.onChat(sloppyJudge('every reply'))
    const s = setup()
    const run = await runCli(s.args)
    assert.notEqual(run.code, 2, run.stderr)
    const r = s.results()
    const q1 = r.questions.q1!
    assert.equal(q1.scores.context_precision, null)
    assert.equal(
      q1.errors.context_precision,
      'the judge gave 3 usefulness verdicts for 3 chunks (none for chunk 3; more than one for chunk 1), and 3 usefulness verdicts for 3 chunks (none for chunk 3; more than one for chunk 1) when asked again',
    )
    assert.equal(q1.errors.context_recall, 'the judge gave 3 statements for 4 reference points, and 3 statements for 4 reference points when asked again')
    assert.equal(r.questions.q2!.errors.context_recall, 'the judge gave 0 statements for 1 reference point, and 0 statements for 1 reference point when asked again')
    assert.match(r.questions.q2!.errors.context_precision!, /^the judge gave 2 usefulness verdicts for 1 chunk \(more than one for chunk 1\), and /)
    // one error per question and metric, counted; the other metrics are untouched
    assert.equal(r.metrics.context_precision!.errors, 2)
    assert.equal(r.metrics.context_recall!.errors, 2)
    assert.deepEqual(Object.keys(q1.errors).sort(), ['context_precision', 'context_recall'])
    assert.equal(fake.counts().byPrompt['usefulness@1'], 4, 'asked twice per question, not more')
    assert.ok(fake.counts().chat <= printedPlan(run.stderr))
  })

  it('is served from the cache on an unchanged re-run, the re-ask included: zero calls, same scores', async () => {
    fake.onChat(sloppyJudge('first reply only'))
    const s = setup()
    await runCli(s.args)
    const first = s.results()
    const calls = fake.requests.length
    const again = await runCli(s.args)
    assert.equal(again.code, 0, again.stderr)
    assert.equal(fake.requests.length, calls, 'no request reached the server')
    assert.deepEqual(s.results().questions, servedFromCache(first.questions))
  })
})
