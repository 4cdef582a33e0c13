/**
 * Self-preference (issue 14.2): when the candidate declares its model (candidate.model, a
 * `model` field of its predictions, of its command's output lines or of its HTTP response) and
 * the judge's model is the same vendor's, the terminal and the report warn; a candidate that
 * declares nothing, or another vendor's model, gets no warning. A candidate.model that is not
 * a model name is refused (exit 2) naming the setting and the fix.
 */
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { FakeOpenAI } from '../../fakes/openai-server.ts'
import { installSimulatedJudge } from '../../fakes/sim-judge.ts'
import { cleanupTempDirs, fixture, makeTempDir, nodeCommand, readResults, runCli, writeText } from './harness.ts'

const KEY_ENV = 'EVALGATE_VENDOR_TEST_KEY'
const WARNING = /are both OpenAI models; judges tend to prefer their own family's answers/

let fake: FakeOpenAI
let rag: Server
let ragUrl = ''
before(async () => {
  fake = installSimulatedJudge(await new FakeOpenAI().start())
  process.env[KEY_ENV] = 'sk-vendor-not-a-real-key'
  // an OpenAI-style candidate service: its response names the model that answered
  rag = createServer((req, res) => {
    let text = ''
    req.on('data', (d: Buffer) => (text += d.toString()))
    req.on('end', () => {
      const body = JSON.parse(text) as { id: string }
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ model: 'openai/gpt-4.1', answer: `answer to ${body.id}`, meta: { served_by: 'claude-3-5-haiku' } }))
    })
  })
  await new Promise<void>((resolve) => rag.listen(0, '127.0.0.1', resolve))
  ragUrl = `http://127.0.0.1:${(rag.address() as AddressInfo).port}/ask`
})
after(async () => {
  await fake.stop()
  await new Promise<void>((resolve) => rag.close(() => resolve()))
  delete process.env[KEY_ENV]
  cleanupTempDirs()
})

/** good.jsonl with `model` on every line (or not) */
function predictions(file: string, model: unknown): string {
  const lines = readFileSync(fixture('good.jsonl'), 'utf8').trim().split('\n')
  return writeText(file, lines.map((line) => JSON.stringify(model === undefined ? JSON.parse(line) : { ...JSON.parse(line), model })).join('\n') + '\n')
}

async function run(candidate: { yml?: string; flags: string[] }) {
  const t = makeTempDir()
  const config = writeText(
    t.path('evalgate.yml'),
    `judge:\n  provider: openai\n  base_url: ${fake.url}\n  model: gpt-4o-mini\n  embeddings_model: none\n  api_key_env: ${KEY_ENV}\n  cache: false\n${candidate.yml ?? ''}`,
  )
  const argv = ['run', '--config', config, '--eval-set', fixture('eval_set.csv'), '--eval-set-version', 'v1', '--no-baseline', '--out', t.path('results.json'), '--report', t.path('report.md')]
  const r = await runCli([...argv, ...candidate.flags.map((f) => (f === 'PREDICTIONS' ? t.path('predictions.jsonl') : f))])
  const report = () => readFileSync(t.path('report.md'), 'utf8').replace(/\\([_*[\]`|~\\.-])/g, '$1')
  return { ...r, t, report, results: () => readResults(t.path('results.json')) }
}

describe('same-vendor judge warning', () => {
  it('predictions declaring model gpt-4o, judged by gpt-4o-mini: warned in the terminal and the report', async () => {
    const t = makeTempDir()
    const file = predictions(t.path('p.jsonl'), 'gpt-4o')
    const r = await run({ flags: ['--predictions', file] })
    assert.equal(r.code, 0, r.stdout + r.stderr)
    assert.match(r.stderr, /the judge \(gpt-4o-mini\) and the candidate \(gpt-4o\) are both OpenAI models/)
    assert.match(r.report(), WARNING)
    assert.ok(r.results().run.notes.some((n) => WARNING.test(n)))
  })

  it('no model declared, or another vendor’s: no warning', async () => {
    const t = makeTempDir()
    const none = await run({ flags: ['--predictions', predictions(t.path('none.jsonl'), undefined)] })
    assert.equal(none.code, 0, none.stdout + none.stderr)
    assert.doesNotMatch(none.stderr + none.stdout + none.report(), /self-preference|are both/)
    const other = await run({ flags: ['--predictions', predictions(t.path('claude.jsonl'), 'anthropic/claude-3-5-sonnet')] })
    assert.equal(other.code, 0, other.stdout + other.stderr)
    assert.doesNotMatch(other.stderr + other.report(), /are both/)
  })

  it('candidate.model in evalgate.yml, with a command candidate', async () => {
    const r = await run({ yml: 'candidate:\n  model: azure/gpt-4.1\n', flags: ['--candidate-cmd', nodeCommand(fixture('echo-candidate.mjs'))] })
    assert.equal(r.code === 0 || r.code === 1, true, r.stdout + r.stderr)
    assert.match(r.stderr, /the judge \(gpt-4o-mini\) and the candidate \(azure\/gpt-4\.1\) are both OpenAI models/)
  })

  it('a command candidate whose output lines declare their model', async () => {
    const r = await run({ flags: ['--candidate-cmd', nodeCommand(fixture('echo-candidate.mjs'), '--model', 'o3-mini')] })
    assert.ok(r.code === 0 || r.code === 1, r.stdout + r.stderr)
    assert.match(r.stderr, /the judge \(gpt-4o-mini\) and the candidate \(o3-mini\) are both OpenAI models/)
    assert.match(r.report(), WARNING)
  })

  it('an HTTP candidate: the response’s model field, or the one model_path names', async () => {
    const http = (extra: string) => `candidate:\n  http:\n    url: ${ragUrl}\n    body: '{"id": "{{id}}"}'\n    retries: 0\n${extra}`
    const byField = await run({ yml: http(''), flags: [] })
    assert.ok(byField.code === 0 || byField.code === 1, byField.stdout + byField.stderr)
    assert.match(byField.stderr, /the candidate \(openai\/gpt-4\.1\) are both OpenAI models/)
    const byPath = await run({ yml: http('    model_path: meta.served_by\n'), flags: [] })
    assert.ok(byPath.code === 0 || byPath.code === 1, byPath.stdout + byPath.stderr)
    assert.doesNotMatch(byPath.stderr, /are both/, 'the path names a Claude model: another vendor')
  })

  it('a model field that is not a string in predictions, or a candidate.model that is not a name: exit 2 with the setting and the fix', async () => {
    const t = makeTempDir()
    const bad = await run({ flags: ['--predictions', predictions(t.path('bad.jsonl'), 42)] })
    assert.equal(bad.code, 2, bad.stdout + bad.stderr)
    assert.match(bad.stderr, /model/)
    assert.match(bad.stderr, /give model as a string naming the model that answered/)
    const yml = await run({ yml: 'candidate:\n  model: 5\n', flags: ['--predictions', fixture('good.jsonl')] })
    assert.equal(yml.code, 2, yml.stdout + yml.stderr)
    assert.match(yml.stderr, /setting "candidate\.model": expected a model name \(a string\), got 5/)
    assert.match(yml.stderr, /set candidate\.model to the name of the model the candidate answers with/)
  })
})
