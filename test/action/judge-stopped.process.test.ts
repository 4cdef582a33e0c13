/**
 * The Action with a judge that stops mid-run (its key refused after the preflight passed): the
 * check fails with the cause and the fix, the verdict output is `error`, the job summary says
 * why, and `mode: baseline` writes no baseline from a run the judge scored only in part.
 */
import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { after, before, describe, it } from 'node:test'
import { ACTION_ENTRY, cliCommand } from '../helpers/cli-process.ts'
import { pushPayload, runActionProcess } from '../helpers/action-process.ts'
import { FakeOpenAI } from '../../fakes/openai-server.ts'
import { cleanupTempDirs, fixture, makeTempDir, writeText } from '../cli/harness.ts'

const t = makeTempDir()
let action: string[]
let fake: FakeOpenAI
const unauthorized = { status: 401, body: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } } }

before(async () => {
  action = await cliCommand(t.dir, ACTION_ENTRY)
  fake = await new FakeOpenAI().start()
  fake.onChat((call) => (call.promptId === 'preflight' ? 'OK' : unauthorized))
  fake.onEmbeddings((call) => (call.inputs[0] === 'evalgate preflight' ? call.inputs.map(() => [0.6, 0.8]) : unauthorized))
})
after(async () => {
  await fake.stop()
  cleanupTempDirs()
})

/** The Action on a push event, with INPUT_* as the runner sets them. */
const runAction = (inputs: Record<string, string>) => runActionProcess({ entry: action, dir: t.dir, inputs, eventName: 'push', payload: pushPayload() })

describe('the Action with a judge that stops mid-run', () => {
  it('mode baseline: fails with the cause and the fix, verdict error, and writes no baseline', async () => {
    const config = writeText(t.path('evalgate.yml'), `judge:\n  provider: openai\n  base_url: ${fake.url}\n  model: judge-model\n  embeddings_model: embed-model\n  cache: false\n  concurrency: 2\n`)
    const baseline = t.path('baselines/baseline.json')
    const run = await runAction({
      config,
      comment: 'false',
      mode: 'baseline',
      baseline,
      'judge-api-key': 'sk-action-breaker-key',
      'eval-set': fixture('eval_set.csv'),
      'eval-set-version': 'v1',
      predictions: fixture('good.jsonl'),
      'results-path': t.path('results.json'),
      'report-path': t.path('report.md'),
    })
    const text = run.stdout + run.stderr
    assert.equal(run.code, 1, text)
    assert.match(text, /::error::evalgate: the judge stopped: the key in \$OPENAI_API_KEY was refused by 127\.0\.0\.1:\d+/)
    assert.match(text, /fix: set \$OPENAI_API_KEY to a key/)
    assert.equal(run.outputs.verdict, 'error')
    assert.match(run.summary, /the judge stopped, no verdict/)
    assert.equal(existsSync(baseline), false, 'no baseline from a partly judged run')
    assert.ok(fake.requests.length <= 5 + 2, `${fake.requests.length} scoring requests`)
  })
})
