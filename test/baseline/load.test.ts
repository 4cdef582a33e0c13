import assert from 'node:assert/strict'
import { after, describe, it } from 'node:test'
import { loadBaseline } from '../../src/baseline/baseline.ts'
import { GateError } from '../../src/io/errors.ts'
import { cleanupTempDirs, makeTempDir, writeJson } from '../cli/harness.ts'

after(cleanupTempDirs)

async function errorOf(fn: () => unknown): Promise<GateError> {
  try {
    await fn()
  } catch (error) {
    assert.ok(error instanceof GateError, String(error))
    return error
  }
  assert.fail('expected a GateError')
}

describe('loadBaseline', () => {
  it('names every invalid field of a bad baseline, not only the first', async () => {
    const t = makeTempDir()
    const file = writeJson(t.path('baseline.json'), { version: 'v', eval_set_version: 'v1', metrics: { mrr: 'high' }, max_drop: 'a lot', by_category: 5 })
    const error = await errorOf(() => loadBaseline(file))
    const lines = error.message.split('\n')
    assert.equal(lines.length, 3, error.message)
    for (const field of ['by_category', 'metrics.mrr', 'max_drop']) assert.match(error.message, new RegExp(`field "${field.replace('.', '\\.')}"`))
    assert.match(error.hint ?? '', /^.*evalgate baseline --results /)
  })
})

describe('drops outside [0, 1] in a baseline are refused (they would let every drop pass)', () => {
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ['max_drop 5', { max_drop: 5 }, /field "max_drop": must be between 0 and 1: it is a drop on the 0-1 score scale/],
    ['max_drop -0.1', { max_drop: -0.1 }, /field "max_drop": must be between 0 and 1/],
    ['question_drop 2', { question_drop: 2 }, /field "question_drop": must be between 0 and 1/],
    ['a max_drop override of 3 on rules_pass', { max_drop_overrides: { rules_pass: 3 } }, /max_drop_overrides\.rules_pass is 3: a max_drop override must be between 0 and 1/],
  ]
  for (const [name, settings, pattern] of cases) {
    it(`refuses ${name}, naming the file`, async () => {
      const t = makeTempDir()
      const file = writeJson(t.path('baseline.json'), { version: 'v', eval_set_version: 'v1', metrics: { rules_pass: 0.9 }, ...settings })
      const error = await errorOf(() => loadBaseline(file))
      assert.ok(error.message.startsWith(`${file}: `), error.message)
      assert.match(error.message, pattern)
    })
  }

  it('keeps a latency_ms override above 1: it is a relative rise (latency_rise), not a score drop', async () => {
    const t = makeTempDir()
    const file = writeJson(t.path('baseline.json'), { version: 'v', eval_set_version: 'v1', metrics: { latency_ms: 900 }, max_drop_overrides: { latency_ms: 2 }, latency_rise: 1.5 })
    assert.deepEqual((await loadBaseline(file))?.settings.max_drop_overrides, { latency_ms: 2 })
  })
})
