import assert from 'node:assert/strict'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, it } from 'node:test'
import { z } from 'zod'
import { ResponseCache } from '../../src/judge/cache.ts'

const root = mkdtempSync(join(tmpdir(), 'evalgate-cache-'))
after(() => rmSync(root, { recursive: true, force: true }))
const Entry = z.object({ text: z.string() })

describe('the response cache', () => {
  it('keeps every entry it writes, in a folder per key prefix, with no temporary file left', () => {
    const dir = join(root, 'many')
    const cache = new ResponseCache(dir)
    const keys = Array.from({ length: 40 }, (_, i) => ResponseCache.key('chat', 'm', { i }))
    keys.forEach((key, i) => cache.set(key, { text: `answer ${i}` }))
    keys.forEach((key, i) => assert.deepEqual(cache.get(key, Entry), { text: `answer ${i}` }))
    const files = readdirSync(dir, { recursive: true }).map(String)
    assert.equal(files.filter((f) => f.endsWith('.tmp')).length, 0)
    assert.equal(files.filter((f) => f.endsWith('.json')).length, 40)
    assert.deepEqual(cache.problems(), [])
  })

  it('makes a folder again when it was removed during the run, losing no entry', () => {
    const dir = join(root, 'removed')
    const cache = new ResponseCache(dir)
    const key = (i: number) => `ab${String(i).padStart(62, '0')}`
    cache.set(key(1), { text: 'one' })
    rmSync(dir, { recursive: true, force: true })
    cache.set(key(2), { text: 'two' })
    cache.set(key(3), { text: 'three' })
    assert.deepEqual(cache.get(key(2), Entry), { text: 'two' })
    assert.deepEqual(cache.get(key(3), Entry), { text: 'three' })
    assert.deepEqual(cache.problems(), [])
  })
})
