import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { HEAP_GROWING_PERCENT, heapGrowthFlag } from '../../src/judge/heap.ts'

describe('the heap growth an LLM run asks of V8 (issue 13)', () => {
  it('caps the old generation’s growth unless the user sized the heap', () => {
    assert.equal(heapGrowthFlag([], undefined), `--heap-growing-percent=${HEAP_GROWING_PERCENT}`)
    assert.equal(heapGrowthFlag(['--import', 'tsx'], '--enable-source-maps'), `--heap-growing-percent=${HEAP_GROWING_PERCENT}`)
  })

  it('leaves the user’s own sizing alone, in node flags or NODE_OPTIONS, dashes or underscores', () => {
    assert.equal(heapGrowthFlag(['--max-old-space-size=4096'], undefined), null)
    assert.equal(heapGrowthFlag([], '--max_old_space_size=512'), null)
    assert.equal(heapGrowthFlag([], '--heap-growing-percent=20'), null)
    assert.equal(heapGrowthFlag(['--optimize-for-size'], ''), null)
  })
})
