import assert from 'node:assert/strict'
import { readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, it } from 'node:test'
import { laneFiles, unitFiles } from './units.ts'

const TEST_ROOT = join(import.meta.dirname, '..')

function allTestFiles(dir = TEST_ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((item) => (item.isDirectory() ? allTestFiles(join(dir, item.name)) : item.name.endsWith('.test.ts') ? [join(dir, item.name)] : []))
}

describe('the unit lanes', () => {
  it('run every test file that is not *.process.test.ts exactly once, in one of the two lanes', () => {
    const units = unitFiles()
    const lanes = [laneFiles(1, 2), laneFiles(2, 2)]
    assert.deepEqual([...lanes[0]!, ...lanes[1]!].sort(), units)
    assert.ok(
      lanes.every((lane) => lane.length > units.length / 4),
      `unbalanced lanes: ${lanes.map((l) => l.length).join(' / ')} files`,
    )
    const processFiles = allTestFiles().filter((file) => file.endsWith('.process.test.ts'))
    assert.deepEqual([...units, ...processFiles].sort(), allTestFiles().sort(), 'a test file outside both: npm test would skip it')
    assert.ok(units.includes(join(TEST_ROOT, 'lanes', 'units.test.ts')))
    assert.ok(!units.some((file) => relative(TEST_ROOT, file).includes('.process.')))
  })
})
