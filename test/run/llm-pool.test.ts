/**
 * The LLM tier works through the questions with a bounded pool (issue 13): against a fake
 * judge over HTTP, the questions in progress at once — from a question's first request to its
 * last, as the server sees them arrive — stay bounded by the concurrency, not by the number of
 * questions. Starting every question at once puts all of them in progress before the first
 * one's follow-up calls (verdicts, embeddings) leave the queue.
 */
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { FakeOpenAI, type RecordedCall } from '../../fakes/openai-server.ts'
import { installSimulatedJudge } from '../../fakes/sim-judge.ts'
import { cleanupTempDirs, makeTempDir, readResults, runCli, writeText } from '../cli/harness.ts'

const KEY_ENV = 'EVALGATE_POOL_TEST_KEY'
const QUESTIONS = 200
const CONCURRENCY = 4

let fake: FakeOpenAI
before(async () => {
  fake = installSimulatedJudge(await new FakeOpenAI().start())
  process.env[KEY_ENV] = 'sk-pool-not-a-real-key'
})
after(async () => {
  await fake.stop()
  delete process.env[KEY_ENV]
  cleanupTempDirs()
})

const idOf = (i: number) => `Q${String(i).padStart(4, '0')}`

/** The most questions whose first request had arrived and whose last had not, at any arrival. */
function mostInProgress(requests: readonly RecordedCall[]): number {
  const first = new Map<string, number>()
  const last = new Map<string, number>()
  requests.forEach((call, at) => {
    for (const id of new Set(JSON.stringify(call.body).match(/Q\d{4}/g) ?? [])) {
      if (!first.has(id)) first.set(id, at)
      last.set(id, at)
    }
  })
  let most = 0
  for (let at = 0; at < requests.length; at++) {
    let open = 0
    for (const [id, start] of first) if (start <= at && at <= last.get(id)!) open++
    most = Math.max(most, open)
  }
  return most
}

describe('LLM tier pool', () => {
  it(`keeps the questions in progress bounded by the concurrency (${QUESTIONS} questions at concurrency ${CONCURRENCY})`, async () => {
    const t = makeTempDir()
    const rows = ['id,question,ground_truth,reference_points,category,should_refuse,relevant_doc_ids']
    const predictions: string[] = []
    for (let i = 1; i <= QUESTIONS; i++) {
      const id = idOf(i)
      rows.push(`${id},${id}的年假有几天？,${id}入职满一年后有5天年假。,5天年假,leave,false,D${i}`)
      predictions.push(JSON.stringify({ id, answer: `${id}有5天年假[文档1]。`, contexts: [`${id}有5天年假。`, '其他条款。'], retrieved_ids: [`D${i}`] }))
    }
    const evalSet = writeText(t.path('eval_set.csv'), rows.join('\n') + '\n')
    const preds = writeText(t.path('predictions.jsonl'), predictions.join('\n') + '\n')
    const config = writeText(
      t.path('evalgate.yml'),
      `judge:\n  provider: openai\n  base_url: ${fake.url}\n  model: judge-model\n  embeddings_model: embed-model\n  api_key_env: ${KEY_ENV}\n  concurrency: ${CONCURRENCY}\n  cache: false\n`,
    )
    const out = t.path('results.json')
    const run = await runCli(['run', '--config', config, '--eval-set', evalSet, '--eval-set-version', 'v1', '--predictions', preds, '--no-baseline', '--out', out])
    assert.ok(run.code === 0 || run.code === 1, run.stderr)

    const results = readResults(out) as { questions: Record<string, { scores: Record<string, number | null>; errors: Record<string, string> }> }
    assert.deepEqual(
      Object.keys(results.questions),
      Array.from({ length: QUESTIONS }, (_, i) => idOf(i + 1)),
    )
    for (const [id, q] of Object.entries(results.questions)) {
      assert.deepEqual(q.errors, {}, id)
      assert.equal(q.scores.faithfulness, 1, id)
    }
    assert.ok(fake.maxInFlight <= CONCURRENCY, `the fake saw ${fake.maxInFlight} requests at once`)
    const most = mostInProgress(fake.requests)
    assert.ok(most >= CONCURRENCY, `only ${most} questions were ever in progress at once: the test does not see the pool`)
    assert.ok(most <= CONCURRENCY * 4, `${most} of ${QUESTIONS} questions were in progress at once (concurrency ${CONCURRENCY})`)
  })
})
