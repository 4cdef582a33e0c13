import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { writeFileSync } from 'node:fs'
import { BOUND_HEAP_FROM_BYTES, HEAP_GROWING_PERCENT, boundsHeap, fileBytes, heapGrowthFlag } from '../../src/judge/heap.ts'
import { cleanupTempDirs, makeTempDir } from '../cli/harness.ts'

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

describe('which runs bound their heap (boundsHeap)', () => {
  it('every run with an LLM judge, whatever the size of its eval set', () => {
    assert.equal(boundsHeap(true, 1_000, 1), true)
    assert.equal(boundsHeap(true, null, 8), true)
  })

  it('a deterministic run from BOUND_HEAP_FROM_BYTES of eval set read in full; a shard by its share of the set', () => {
    assert.equal(boundsHeap(false, BOUND_HEAP_FROM_BYTES, 1), true)
    assert.equal(boundsHeap(false, BOUND_HEAP_FROM_BYTES - 1, 1), false)
    // 100,000 generated questions are 27 MB: the whole set bounds, a shard of 8 (3.4 MB) does not
    assert.equal(boundsHeap(false, 27_428_207, 1), true)
    assert.equal(boundsHeap(false, 27_428_207, 8), false)
    assert.equal(boundsHeap(false, 2 * BOUND_HEAP_FROM_BYTES, 2), true)
  })

  it('an eval set that cannot be read as a file is left to its loading to report, unbounded', () => {
    const t = makeTempDir()
    writeFileSync(t.path('eval.csv'), 'id,question\nq1,hi\n')
    assert.equal(fileBytes(t.path('eval.csv')), 'id,question\nq1,hi\n'.length)
    assert.equal(fileBytes(t.path('missing.csv')), null)
    assert.equal(fileBytes(t.dir), null)
    assert.equal(boundsHeap(false, fileBytes(t.path('missing.csv')), 1), false)
    cleanupTempDirs()
  })
})
