import { strict as assert } from 'node:assert'
import { existsSync, readFileSync } from 'node:fs'
import { after, describe, it } from 'node:test'
import { cleanupTempDirs, fixture, makeTempDir, runCli, writeJson } from './harness.ts'

after(cleanupTempDirs)

describe('evalgate baseline refuses a run that cannot stand for the system', () => {
  it('a run whose judge stopped (results.json run.judge_stopped) exits 2 naming the cause and writes nothing', async () => {
    const t = makeTempDir()
    const out = t.path('results.json')
    const run = await runCli(['run', '--config', t.config, '--eval-set', fixture('eval_set.csv'), '--eval-set-version', 'v1', '--predictions', fixture('good.jsonl'), '--out', out])
    assert.equal(run.code, 0, run.stderr)
    const results = JSON.parse(readFileSync(out, 'utf8')) as { run: Record<string, unknown> }
    results.run.judge_stopped = { cause: 'the key in OPENAI_API_KEY was refused by 127.0.0.1', fix: 'set a valid key' }
    writeJson(out, results)
    const target = t.path('baseline.json')
    const written = await runCli(['baseline', '--results', out, '--out', target])
    assert.equal(written.code, 2, written.stdout)
    assert.match(written.stderr, /the judge stopped during that run \(the key in OPENAI_API_KEY was refused by 127\.0\.0\.1\)/)
    assert.match(written.stderr, /set a valid key/)
    assert.ok(!existsSync(target), 'no baseline written')
  })
})
