/**
 * Issue 28, points 1 and 2: every output is a regular file at the path given. The one writer
 * (io/safeWrite.ts) checks the path before it writes, so no writer can skip it: a link at the
 * path (to a file outside the checkout, to /dev/stdout), a FIFO, a device or a folder is
 * refused by name, and so is a folder on the way that is a link from inside the workspace to
 * outside it. Run in a temporary workspace (the process's working directory, as in the Action).
 */
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { GateError } from '../../src/io/errors.ts'
import { writeJsonFile } from '../../src/io/jsonFile.ts'
import { outputTarget } from '../../src/io/outputPath.ts'
import { updateFileSafely, writeFileSafely } from '../../src/io/safeWrite.ts'

let workspace: string
let outside: string
const startedIn = process.cwd()

before(() => {
  workspace = realpathSync(mkdtempSync(join(tmpdir(), 'evalgate-workspace-')))
  outside = realpathSync(mkdtempSync(join(tmpdir(), 'evalgate-outside-')))
  process.chdir(workspace)
})
after(() => {
  process.chdir(startedIn)
  rmSync(workspace, { recursive: true, force: true })
  rmSync(outside, { recursive: true, force: true })
})

/** A character device like /dev/null at `name`, when this user may make one (root); null otherwise. */
function mknod(name: string): string | null {
  try {
    execFileSync('mknod', [name, 'c', '1', '3'], { stdio: 'pipe' })
    return name
  } catch {
    return null
  }
}

function refusal(pattern: RegExp) {
  return (error: unknown): boolean => {
    assert.ok(error instanceof GateError, `expected a GateError, got ${String(error)}`)
    assert.match(error.message, pattern)
    assert.ok((error.hint ?? '').length > 0, 'gives the fix')
    return true
  }
}

const WRITERS: [string, (path: string) => void][] = [
  ['writeFileSafely', (path) => writeFileSafely(path, 'new\n')],
  ['writeJsonFile', (path) => writeJsonFile(path, { questions: {} }, [])],
  ['updateFileSafely (an append)', (path) => updateFileSafely(path, (before) => Buffer.concat([before ?? Buffer.alloc(0), Buffer.from('row\n')]))],
]

describe('an output is only ever a regular file at the path given', () => {
  for (const [writer, write] of WRITERS) {
    it(`${writer}: refuses a symlink committed in the checkout that points outside it, and leaves its target as it was`, () => {
      const target = join(outside, `victim-${writer.length}.txt`)
      writeFileSync(target, 'keep me\n')
      const link = join(workspace, `results-${writer.length}.json`)
      symlinkSync(target, link)
      assert.throws(() => write(link), refusal(new RegExp(`${link}: not written: it is a symbolic link \\(to ${target}\\)`)))
      assert.equal(readFileSync(target, 'utf8'), 'keep me\n')
      assert.ok(lstatSync(link).isSymbolicLink(), 'the link itself is left alone')
    })
  }

  it('refuses a link even when its target is inside the workspace: the file at the path is what gets written', () => {
    writeFileSync('real.json', 'keep\n')
    symlinkSync(join(workspace, 'real.json'), 'alias.json')
    assert.throws(() => writeFileSafely('alias.json', 'new'), refusal(/alias\.json: not written: it is a symbolic link/))
    assert.equal(readFileSync('real.json', 'utf8'), 'keep\n')
  })

  it('refuses a dangling link (it would create the file wherever it points)', () => {
    const nowhere = join(outside, 'created-by-evalgate.json')
    symlinkSync(nowhere, 'dangling.json')
    assert.throws(() => writeFileSafely('dangling.json', 'new'), refusal(/dangling\.json: not written: it is a symbolic link \(to a path that does not exist\)/))
    assert.equal(existsSync(nowhere), false)
  })

  it('refuses a link to the process’s stdout and a character device of its own, without touching them', () => {
    // made here, not /dev/stdout and /dev/null: were the check ever broken again, a test run as root would replace those
    symlinkSync('/proc/self/fd/1', 'stdout-link.json')
    assert.throws(() => writeFileSafely('stdout-link.json', 'x'), refusal(/stdout-link\.json: not written: it is a symbolic link/))
    assert.ok(lstatSync('stdout-link.json').isSymbolicLink())
    const device = mknod('null-device.json')
    if (device) {
      assert.throws(() => writeFileSafely(device, 'x'), refusal(/null-device\.json: not written: it is a character device/))
      assert.ok(lstatSync(device).isCharacterDevice())
    }
  })

  it('checks /dev/stdout and /dev/null themselves as refused (the check alone: nothing is written)', () => {
    assert.throws(() => outputTarget('/dev/stdout'), refusal(/\/dev\/stdout: not written: it is a symbolic link/))
    assert.throws(() => outputTarget('/dev/null'), refusal(/\/dev\/null: not written: it is a character device/))
    // the system's own device is never to be removed: the fix gives a file instead
    assert.throws(
      () => outputTarget('/dev/null'),
      (e: unknown) => e instanceof GateError && e.hint !== undefined && !/remove/.test(e.hint) && /give the path of a regular file/.test(e.hint),
    )
  })

  it('refuses a FIFO at once, without waiting for a reader, and leaves it a FIFO', () => {
    execFileSync('mkfifo', ['pipe.json'])
    const started = performance.now()
    for (const [, write] of WRITERS) assert.throws(() => write('pipe.json'), refusal(/pipe\.json: not written: it is a FIFO \(named pipe\)/))
    assert.ok(performance.now() - started < 5_000)
    assert.ok(lstatSync('pipe.json').isFIFO())
  })

  it('refuses a folder at the path', () => {
    mkdirSync('a-folder.json')
    assert.throws(() => writeFileSafely('a-folder.json', 'x'), refusal(/a-folder\.json: not written: it is a folder/))
  })

  it('refuses a folder on the way that links out of the workspace, also reached through ..', () => {
    symlinkSync(outside, 'out', 'dir')
    assert.throws(() => writeFileSafely('out/results.json', 'x'), refusal(new RegExp(`its folder ${workspace}/out is a symbolic link to ${outside}, outside the workspace`)))
    mkdirSync(join(outside, 'deeper'))
    assert.throws(() => writeFileSafely('out/deeper/../results.json', 'x'), refusal(/outside the workspace/))
    assert.deepEqual(readdirSync(outside).sort(), ['deeper', ...readdirSync(outside).filter((f) => f.startsWith('victim'))].sort())
  })

  it('follows a folder link that stays inside the workspace, and one outside it that the user named', () => {
    mkdirSync('reports-real')
    symlinkSync(join(workspace, 'reports-real'), 'reports', 'dir')
    writeFileSafely('reports/report.md', '# ok\n')
    assert.equal(readFileSync(join(workspace, 'reports-real', 'report.md'), 'utf8'), '# ok\n')
    // a link outside the workspace is the machine's layout (/tmp → /private/tmp): not the checkout's
    const elsewhere = mkdtempSync(join(tmpdir(), 'evalgate-elsewhere-'))
    try {
      symlinkSync(outside, join(elsewhere, 'linked'), 'dir')
      writeFileSafely(join(elsewhere, 'linked', 'named.json'), '{}\n')
      assert.equal(readFileSync(join(outside, 'named.json'), 'utf8'), '{}\n')
    } finally {
      rmSync(elsewhere, { recursive: true, force: true })
    }
  })

  it('still writes a plain new file, and replaces a plain old one', () => {
    writeFileSafely('fresh/results.json', 'one\n')
    writeFileSafely('fresh/results.json', 'two\n')
    updateFileSafely('fresh/results.json', (before) => `${before!.toString('utf8')}three\n`)
    assert.equal(readFileSync('fresh/results.json', 'utf8'), 'two\nthree\n')
  })
})
