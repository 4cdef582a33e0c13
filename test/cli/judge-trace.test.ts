/**
 * Traceability of the LLM judge (issue 14.2): every judge call's reported `model` and response
 * `id` are kept in the judge cache and in results.json (a cached reply keeps the model and id it
 * was first answered with), a baseline keeps the reported model strings, and a run whose API
 * reports another model than the baseline's, for the same requested model, says so beside the
 * judge line in the terminal and the report.
 */
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { FakeOpenAI } from '../../fakes/openai-server.ts'
import { installSimulatedJudge } from '../../fakes/sim-judge.ts'
import { cleanupTempDirs, fixture, makeTempDir, readBaseline, readResults, runCli, writeText } from './harness.ts'

const KEY_ENV = 'EVALGATE_TRACE_TEST_KEY'
const OLD = 'gpt-4o-2024-08-06'
const NEW = 'gpt-4o-2024-11-20'

let fake: FakeOpenAI
before(async () => {
  fake = installSimulatedJudge(await new FakeOpenAI({ reportedModel: OLD }).start())
  process.env[KEY_ENV] = 'sk-trace-not-a-real-key'
})
after(async () => {
  await fake.stop()
  delete process.env[KEY_ENV]
  cleanupTempDirs()
})

/** Every file under a folder, bounded by the folder's size. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
}

function readReport(file: string): string {
  return readFileSync(file, 'utf8').replace(/\\([_*[\]`|~\\.-])/g, '$1')
}

describe('judge traceability', () => {
  const t = makeTempDir()
  const cacheDir = t.path('cache')
  const config = (cache: boolean) =>
    writeText(
      t.path(`evalgate-${cache}.yml`),
      `judge:\n  provider: openai\n  base_url: ${fake.url}\n  model: gpt-4o\n  embeddings_model: embed-model\n  api_key_env: ${KEY_ENV}\n  cache: ${cache}\n  cache_dir: ${cacheDir}\n`,
    )
  const run = (name: string, cache: boolean, extra: string[] = []) =>
    runCli([
      'run',
      '--config',
      config(cache),
      '--eval-set',
      fixture('eval_set.csv'),
      '--eval-set-version',
      'v1',
      '--predictions',
      fixture('good.jsonl'),
      '--out',
      t.path(`${name}.json`),
      '--report',
      t.path(`${name}.md`),
      ...extra,
    ])

  it('keeps the reported model and id of every call in results.json and in the cache; a cache hit keeps the first answer’s', async () => {
    fake.options.reportedModel = OLD
    const first = await run('first', true, ['--no-baseline'])
    assert.equal(first.code, 0, first.stdout + first.stderr)
    const results = readResults(t.path('first.json'))
    const calls = Object.values(results.questions).flatMap((q) => q.judge_calls ?? [])
    assert.ok(calls.length > 0, 'the judge calls are kept')
    assert.ok(
      Object.values(results.questions).every((q) => (q.judge_calls ?? []).some((c) => c.family === 'rubric')),
      'every question has its rubric call',
    )
    for (const call of calls) {
      assert.equal(call.model, OLD, 'the model the API reported, not the requested gpt-4o')
      assert.equal(call.cached, false)
      if (call.family === 'embeddings') assert.equal(call.id, null)
      else assert.match(call.id ?? '', /^chatcmpl-fake-\d+$/)
    }
    const ids = calls.filter((c) => c.id !== null).map((c) => c.id)
    assert.equal(new Set(ids).size, ids.length, 'each call its own response id')

    const entries = filesUnder(cacheDir).map((f) => JSON.parse(readFileSync(f, 'utf8')) as Record<string, unknown>)
    const chat = entries.filter((e) => 'content' in e)
    assert.ok(chat.length > 0)
    for (const entry of chat) {
      assert.equal(entry.model, OLD)
      assert.ok(ids.includes(entry.id as string), `cached id ${String(entry.id)} is one of the run's`)
    }
    assert.ok(entries.filter((e) => 'vectors' in e).every((e) => e.model === OLD))

    // the API now reports another model, but every reply comes from the cache: it keeps the first answer's
    fake.options.reportedModel = NEW
    fake.reset()
    const again = await run('again', true, ['--no-baseline'])
    assert.equal(again.code, 0, again.stdout + again.stderr)
    assert.equal(fake.requests.length, 0, 'every reply from the cache')
    const cached = Object.values(readResults(t.path('again.json')).questions).flatMap((q) => q.judge_calls ?? [])
    assert.equal(cached.length, calls.length)
    assert.ok(cached.every((c) => c.cached && c.model === OLD))
    assert.deepEqual(
      cached
        .filter((c) => c.id !== null)
        .map((c) => c.id)
        .sort(),
      [...ids].sort(),
    )
  })

  it('a baseline keeps the reported model; a run reporting another one says so beside the judge line', async () => {
    const baselineFile = t.path('baseline.json')
    const written = await runCli(['baseline', '--results', t.path('first.json'), '--out', baselineFile])
    assert.equal(written.code, 0, written.stdout + written.stderr)
    assert.deepEqual(readBaseline(baselineFile).judge_reported_models, { chat: [OLD], embeddings: [OLD] })

    fake.options.reportedModel = NEW
    const upgraded = await run('upgraded', false, ['--baseline', baselineFile])
    assert.equal(upgraded.code, 0, upgraded.stdout + upgraded.stderr)
    const change = readResults(t.path('upgraded.json')).comparison?.judge_model_change ?? ''
    assert.match(change, new RegExp(`the judge model the API reports changed: ${OLD} in the baseline, ${NEW} in this run, requested as gpt-4o both times`))
    const terminalLine = upgraded.stdout.split('\n').find((l) => l.includes('judge model the API reports changed'))
    assert.ok(terminalLine, upgraded.stdout)
    assert.match(terminalLine, new RegExp(`${OLD} in the baseline, ${NEW} in this run`))
    const report = readReport(t.path('upgraded.md'))
    const lines = report.split('\n')
    // the judge line is folded with the run's identity; the warning stays in view, above the first fold
    const warning = lines.findIndex((l) => l.includes('judge model the API reports changed'))
    const firstFold = lines.findIndex((l) => l.startsWith('<details'))
    assert.ok(warning >= 0 && warning < firstFold && lines[warning]!.startsWith('> ⚠️ judge: '), `the warning is in view, above the folds:\n${report}`)
    assert.ok(
      lines.some((l) => l.includes('judge: ')),
      report,
    )

    // the same reported model: nothing said
    fake.options.reportedModel = OLD
    const same = await run('same', false, ['--baseline', baselineFile])
    assert.equal(same.code, 0, same.stdout + same.stderr)
    assert.equal(readResults(t.path('same.json')).comparison?.judge_model_change, null)
    assert.doesNotMatch(same.stdout + readFileSync(t.path('same.md'), 'utf8'), /reports changed/)
  })
})
