/**
 * docs/ARCHITECTURE.md stays true where it can drift silently: every file it names exists, its
 * drawing of the floors is the list lint enforces, and its rooms of run/ are the folders there.
 */
import assert from 'node:assert/strict'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, it } from 'node:test'

const ROOT = resolve(import.meta.dirname, '../..')
const doc = readFileSync(join(ROOT, 'docs/ARCHITECTURE.md'), 'utf8')

function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]))
}

const folders = (dir: string) =>
  readdirSync(join(ROOT, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()

describe('docs/ARCHITECTURE.md', () => {
  it('names only files that exist', () => {
    const everyFile = [...filesUnder('src'), ...filesUnder('test'), ...filesUnder('scripts')]
    const named = [...new Set([...doc.matchAll(/`([\w./<>-]+\.ts)`/g)].map((m) => m[1] ?? ''))].filter((path) => !path.includes('<'))
    assert.ok(named.length > 40, `found ${named.length} paths`)
    const missing = named.filter((path) => (path.includes('/') ? !existsSync(join(ROOT, path)) && !existsSync(join(ROOT, 'src', path)) : !everyFile.some((f) => f.endsWith(`/${path}`))))
    assert.deepEqual(missing, [], 'ARCHITECTURE.md names files that are not there: update the text where they moved')
  })

  it('draws the floors lint enforces, bottom to top, and every folder of src/ on one', () => {
    const config = readFileSync(join(ROOT, 'eslint.config.js'), 'utf8')
    const floors = JSON.parse((/^const FLOORS = (\[.*\])$/m.exec(config)?.[1] ?? '').replaceAll("'", '"')) as string[][]
    const drawing = doc.slice(doc.indexOf('## The floors of `src/`'), doc.indexOf('`run/` has a room per job'))
    const drawn = [...drawing.matchAll(/^ {2}(\w+\/(?: +\w+\/)*)/gm)].map((m) =>
      (m[1] ?? '')
        .split(/ +/)
        .map((f) => f.replace('/', ''))
        .sort(),
    )
    assert.deepEqual(
      drawn.reverse(),
      floors.map((floor) => [...floor].sort()),
    )
    // src/types/ holds only declarations for untyped packages: no code, no floor
    const code = folders('src').filter((f) => filesUnder(join('src', f)).some((file) => !file.endsWith('.d.ts')))
    assert.deepEqual(floors.flat().sort(), code)
  })

  it('lists the rooms of run/ that are there', () => {
    const rooms = [...doc.matchAll(/^ {2}run\/(\w+)\/ /gm)].map((m) => m[1]).sort()
    assert.deepEqual(rooms, folders('src/run'))
  })
})
