import { after, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { writeFileSync } from 'node:fs'
import { cleanupTempDirs, fixture, makeTempDir, readResults, runCli, sh } from './harness.ts'

after(cleanupTempDirs)

describe("the CLI's environment comes from its io, not from process.env (issue 30)", () => {
  it('a command candidate sees a variable given in io.env, though the process has none', async () => {
    assert.equal(process.env.EVALGATE_IO_ENV_PROBE, undefined, 'the test process itself has no such variable')
    const t = makeTempDir()
    const script = t.path('echo-env.mjs')
    // answers every question with the variable's value (or "unset")
    writeFileSync(
      script,
      "import { createInterface } from 'node:readline'\nfor await (const line of createInterface({ input: process.stdin })) { if (!line.trim()) continue; const { id } = JSON.parse(line); console.log(JSON.stringify({ id, answer: process.env.EVALGATE_IO_ENV_PROBE ?? 'unset', contexts: [], retrieved_ids: [] })) }\n",
    )
    writeFileSync(t.config, ['candidate:', `  command: ${JSON.stringify(`node ${sh(script)}`)}`, ''].join('\n'))
    const out = t.path('results.json')
    const env = { ...process.env, EVALGATE_IO_ENV_PROBE: 'from-io' }
    const r = await runCli(['run', '--config', t.config, '--eval-set', fixture('eval_set.csv'), '--eval-set-version', 'v1', '--no-baseline', '--out', out], env)
    assert.equal(r.code, 0, r.stderr)
    const answers = Object.values(readResults(out).questions).map((q) => q.answer)
    assert.ok(answers.length > 0 && answers.every((a) => a === 'from-io'), answers.join(', '))
    assert.equal(process.env.EVALGATE_IO_ENV_PROBE, undefined, 'and the process is left as it was')
  })
})
