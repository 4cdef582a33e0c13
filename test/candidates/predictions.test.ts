import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, it } from 'node:test'
import { loadPredictions } from '../../src/candidates/predictions.ts'
import { GateError } from '../../src/io/errors.ts'

const dir = mkdtempSync(join(tmpdir(), 'evalgate-predictions-'))
after(() => rmSync(dir, { recursive: true, force: true }))

function jsonl(name: string, records: unknown[]): string {
  const file = join(dir, name)
  writeFileSync(file, records.map((r) => JSON.stringify(r)).join('\n') + '\n')
  return file
}

describe('predictions through the candidate schema', () => {
  it('rejects contexts that are numbers: a context is a passage of text', async () => {
    const file = jsonl('numeric-contexts.jsonl', [
      { id: 'q1', answer: 'a', contexts: ['c1'] },
      { id: 'q2', answer: 'b', contexts: [1, 2] },
    ])
    await assert.rejects(loadPredictions(file, new Set(['q1', 'q2'])), (error: unknown) => {
      assert.ok(error instanceof GateError)
      assert.equal(error.code, 'bad_input')
      assert.match(error.message, /numeric-contexts\.jsonl:2: column "contexts": /)
      assert.match(error.hint ?? '', /array of strings/)
      return true
    })
  })

  it('still takes retrieved ids that are numbers, as strings', async () => {
    const file = jsonl('numeric-ids.jsonl', [{ id: 'q1', answer: 'a', contexts: ['c1', 'c2'], retrieved_ids: [12, 'D7'] }])
    const outputs = await loadPredictions(file, new Set(['q1']))
    assert.deepEqual(outputs.get('q1'), { id: 'q1', answer: 'a', contexts: ['c1', 'c2'], retrieved_ids: ['12', 'D7'], latency_ms: null, error: null })
  })
})
