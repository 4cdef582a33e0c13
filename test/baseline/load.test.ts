import assert from 'node:assert/strict'
import { after, describe, it } from 'node:test'
import { loadBaseline } from '../../src/baseline/baseline.ts'
import { GateError } from '../../src/io/errors.ts'
import { cleanupTempDirs, makeTempDir, writeJson } from '../cli/harness.ts'

after(cleanupTempDirs)

function errorOf(fn: () => unknown): GateError {
  try {
    fn()
  } catch (error) {
    assert.ok(error instanceof GateError, String(error))
    return error
  }
  assert.fail('expected a GateError')
}

describe('loadBaseline', () => {
  it('names every invalid field of a bad baseline, not only the first', () => {
    const t = makeTempDir()
    const file = writeJson(t.path('baseline.json'), { version: 'v', eval_set_version: 'v1', metrics: { mrr: 'high' }, max_drop: 'a lot', by_category: 5 })
    const error = errorOf(() => loadBaseline(file))
    const lines = error.message.split('\n')
    assert.equal(lines.length, 3, error.message)
    for (const field of ['by_category', 'metrics.mrr', 'max_drop']) assert.match(error.message, new RegExp(`field "${field.replace('.', '\\.')}"`))
    assert.match(error.hint ?? '', /evalgate baseline --results/)
  })
})
