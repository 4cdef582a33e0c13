/**
 * The Action input plan-only: the judge plan in the log, then stop — no candidate run, no
 * request to the judge endpoint (counted by a fake on 127.0.0.1), no results file.
 */
import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { after, before, describe, it } from 'node:test'
import { ACTION_ENTRY, cliCommand } from '../helpers/cli-process.ts'
import { pushPayload, runActionProcess } from '../helpers/action-process.ts'
import { cleanupTempDirs, fixture, makeTempDir, sh, writeText } from '../cli/harness.ts'
import { FakeOpenAI } from '../../fakes/openai-server.ts'
import { installSimulatedJudge } from '../../fakes/sim-judge.ts'

const t = makeTempDir()
let action: string[]
let fake: FakeOpenAI

before(async () => {
  action = await cliCommand(t.dir, ACTION_ENTRY)
  fake = installSimulatedJudge(await new FakeOpenAI().start())
})
after(async () => {
  await fake.stop()
  cleanupTempDirs()
})

describe('Action input plan-only', () => {
  it('logs the plan and stops: the candidate never starts, the judge gets no request', async () => {
    const marker = t.path('candidate-started')
    const config = writeText(t.path('evalgate.yml'), `judge:\n  provider: openai\n  base_url: ${fake.url}\n  model: judge-model\n  embeddings_model: embed-model\n  cache: false\n`)
    const inputs: Record<string, string> = {
      config,
      comment: 'false',
      'eval-set': fixture('eval_set.csv'),
      'eval-set-version': 'v1',
      'candidate-command': `touch ${sh(marker)}; cat >/dev/null`,
      'judge-api-key': 'sk-plan-only-not-a-real-key',
      'plan-only': 'true',
      'results-path': t.path('results.json'),
    }
    const run = await runActionProcess({ entry: action, dir: t.dir, inputs, eventName: 'push', payload: pushPayload() })
    const text = run.stdout + run.stderr
    assert.equal(run.code, 0, text)
    assert.match(text, /judge plan before the candidate runs \(an estimate/)
    assert.equal(existsSync(marker), false, 'the candidate never started')
    assert.equal(fake.requests.length + fake.preflights.length, 0, 'no request reached the judge endpoint')
    assert.equal(existsSync(t.path('results.json')), false)
  })
})
