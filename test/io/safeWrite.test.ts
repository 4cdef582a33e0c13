import { after, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import * as nodeFs from 'node:fs'
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { GateError } from '../../src/io/errors.ts'
import { writeFileSafely, writeFileStreamed, type WriteFs } from '../../src/io/safeWrite.ts'
import { writeJsonFile } from '../../src/io/jsonFile.ts'

const dirs: string[] = []
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'evalgate-write-'))
  dirs.push(dir)
  return dir
}

/** A folder holding `old.json` with known bytes: what every failure must leave untouched. */
function withOldFile(): { dir: string; path: string; old: Buffer } {
  const dir = tempDir()
  const path = join(dir, 'old.json')
  writeFileSync(path, '{"old": true}\n')
  return { dir, path, old: readFileSync(path) }
}

/** node:fs with some calls replaced: the disk's bad days, on demand. */
function fsWith(over: Partial<WriteFs>): WriteFs {
  return { ...nodeFs, ...over }
}

function systemError(code: string, syscall: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: simulated, ${syscall}`), { code, syscall })
}

function assertIntact(dir: string, path: string, old: Buffer): void {
  assert.deepEqual(readFileSync(path), old, 'the old file changed')
  assert.deepEqual(readdirSync(dir), ['old.json'], 'a temporary file was left behind')
}

function isWriteFailure(pattern: RegExp, hint: RegExp) {
  return (error: unknown): boolean => {
    assert.ok(error instanceof GateError, `expected a GateError, got ${String(error)}`)
    assert.equal(error.code, 'write_failed')
    assert.match(error.message, pattern)
    assert.match(error.hint ?? '', hint)
    return true
  }
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

const TEXT = '第一行：报销政策\n' + 'x'.repeat(10_000) + '\n最后一行 ✓\n'

describe('writeFileSafely', () => {
  it('writes every byte when the file system takes only a few bytes per call', () => {
    const { dir, path } = withOldFile()
    let calls = 0
    const fs = fsWith({
      writeSync: (fd, buffer, offset, length) => {
        calls++
        return nodeFs.writeSync(fd, buffer, offset, Math.min(length, 7))
      },
    })
    writeFileSafely(path, TEXT, fs)
    assert.equal(readFileSync(path, 'utf8'), TEXT)
    assert.ok(calls > 1000, `expected many short writes, got ${calls}`)
    assert.deepEqual(readdirSync(dir), ['old.json'])
  })

  it('leaves the old file intact and no temporary file when the disk fills up mid-write, naming the file', () => {
    const { dir, path, old } = withOldFile()
    let written = 0
    const fs = fsWith({
      writeSync: (fd, buffer, offset, length) => {
        if (written > 4000) throw systemError('ENOSPC', 'write')
        const n = nodeFs.writeSync(fd, buffer, offset, Math.min(length, 1000))
        written += n
        return n
      },
    })
    assert.throws(
      () => writeFileSafely(path, TEXT, fs),
      isWriteFailure(new RegExp(`^${escape(path)}: could not write the file: no space left on the device; the previous file is left unchanged$`), /free some space/),
    )
    assertIntact(dir, path, old)
  })

  for (const step of ['fsyncSync', 'closeSync', 'renameSync'] as const) {
    it(`leaves the old file intact when ${step} reports a full disk`, () => {
      const { dir, path, old } = withOldFile()
      let failed = false
      const fail = (real: (...args: never[]) => unknown) =>
        ((...args: never[]) => {
          // fail the first call only (the temp file's), so the cleanup itself can proceed
          if (!failed) {
            failed = true
            throw systemError('ENOSPC', step)
          }
          return real(...args)
        }) as never
      assert.throws(() => writeFileSafely(path, TEXT, fsWith({ [step]: fail(nodeFs[step] as never) })), isWriteFailure(/no space left on the device/, /free some space/))
      assertIntact(dir, path, old)
    })
  }

  const cases: { code: string; words: string; hint: RegExp }[] = [
    { code: 'EDQUOT', words: 'the disk quota is used up', hint: /quota/ },
    { code: 'EROFS', words: 'the folder is read-only (read-only file system)', hint: /writable disk|read-write/ },
    { code: 'EACCES', words: 'permission denied', hint: /write permission on/ },
    { code: 'EPERM', words: 'permission denied', hint: /write permission on/ },
    { code: 'ENOENT', words: 'the folder DIR does not exist', hint: /create the folder/ },
    { code: 'EISDIR', words: 'that path is a folder, not a file', hint: /path of a file/ },
    { code: 'EIO', words: 'the device reported an input/output error', hint: /check the disk/ },
  ]
  for (const { code, words, hint } of cases) {
    it(`says "${words}" for ${code} when the temporary file cannot be created, and keeps the old file`, () => {
      const { dir, path, old } = withOldFile()
      const fs = fsWith({
        openSync: () => {
          throw systemError(code, 'open')
        },
      })
      const message = `${path}: could not write the file: ${words.replace('DIR', dir)}; the previous file is left unchanged`
      assert.throws(() => writeFileSafely(path, TEXT, fs), isWriteFailure(new RegExp(`^${escape(message)}$`), hint))
      assertIntact(dir, path, old)
    })
  }

  it('does not replace a file this user may not write, though the folder allows it', () => {
    const { dir, path, old } = withOldFile()
    const fs = fsWith({
      accessSync: () => {
        throw systemError('EACCES', 'access')
      },
    })
    assert.throws(() => writeFileSafely(path, TEXT, fs), isWriteFailure(/permission denied; the previous file is left unchanged$/, /write permission on/))
    assertIntact(dir, path, old)
  })

  it('stops with an error, not an endless loop, when a write accepts no bytes', () => {
    const { dir, path, old } = withOldFile()
    assert.throws(() => writeFileSafely(path, TEXT, fsWith({ writeSync: () => 0 })), isWriteFailure(/input\/output error/, /check the disk/))
    assertIntact(dir, path, old)
  })

  it('passes an error that is not a disk problem through unchanged, and still cleans up', () => {
    const { dir, path, old } = withOldFile()
    const bug = new TypeError('a bug in the producer')
    assert.throws(
      () =>
        writeFileStreamed(path, (write) => {
          write('half a file')
          throw bug
        }),
      (error: unknown) => error === bug,
    )
    assertIntact(dir, path, old)
  })

  it('treats the folder fsync as best effort', () => {
    const { dir, path } = withOldFile()
    const fs = fsWith({
      openSync: (p, flags, mode) => {
        if (flags === 'r') throw systemError('EISDIR', 'open')
        return nodeFs.openSync(p, flags, mode)
      },
    })
    writeFileSafely(path, TEXT, fs)
    assert.equal(readFileSync(path, 'utf8'), TEXT)
    assert.deepEqual(readdirSync(dir), ['old.json'])
  })

  it('creates missing folders, like the writes it replaces', () => {
    const dir = tempDir()
    const path = join(dir, 'a', 'b', 'report.md')
    writeFileSafely(path, '# report\n')
    assert.equal(readFileSync(path, 'utf8'), '# report\n')
  })

  it('keeps the mode of the file it replaces', () => {
    const dir = tempDir()
    const path = join(dir, 'results.json')
    writeFileSync(path, 'old')
    chmodSync(path, 0o640)
    writeFileSafely(path, 'new')
    assert.equal(readFileSync(path, 'utf8'), 'new')
    assert.equal(statSync(path).mode & 0o777, 0o640)
    assert.deepEqual(readdirSync(dir), ['results.json'])
  })

  it('refuses a target that is a folder, naming it', () => {
    const dir = tempDir()
    const path = join(dir, 'results.json')
    mkdirSync(path)
    assert.throws(
      () => writeFileSafely(path, TEXT),
      isWriteFailure(new RegExp(`^${escape(path)}: not written: it is a folder; evalgate writes its outputs only as regular files at the path given$`), /path of a file/),
    )
    assert.deepEqual(readdirSync(dir), ['results.json'])
  })

  it('says which part of the folder path is a file', () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'out'), 'a file, not a folder')
    const path = join(dir, 'out', 'sub', 'results.json')
    assert.throws(() => writeFileSafely(path, TEXT), isWriteFailure(/a part of the folder path .*out\/sub is a file, not a folder/, /fix the path/))
  })

  it(
    'refuses a read-only folder with "permission denied"',
    { skip: process.getuid?.() === 0 ? 'root ignores file permissions; the injected EACCES case covers the words, the read-only tmpfs test in test/cli covers a real refusal' : false },
    () => {
      const { dir, path, old } = withOldFile()
      chmodSync(dir, 0o555)
      try {
        assert.throws(() => writeFileSafely(path, TEXT), isWriteFailure(/permission denied/, /write permission on/))
      } finally {
        chmodSync(dir, 0o755)
      }
      assertIntact(dir, path, old)
    },
  )
})

describe('writeJsonFile', () => {
  const data = (n: number) => ({
    schema_version: 1,
    run: { version: 'v1', note: 'ä "quoted"' },
    questions: Object.fromEntries(Array.from({ length: n }, (_, i) => [`q${i}`, { question: `问题 ${i}`, scores: { rules_pass: i % 2 } }])),
    comparison: null,
  })

  it('indents a file of up to 2,000 questions exactly as JSON.stringify does', () => {
    const path = join(tempDir(), 'results.json')
    writeJsonFile(path, data(2_000), [])
    assert.equal(readFileSync(path, 'utf8'), JSON.stringify(data(2_000), null, 2) + '\n')
  })

  it('streams a large file into the temporary file in chunks, one question per line', () => {
    const path = join(tempDir(), 'results.json')
    const chunks: number[] = []
    const fs = fsWith({
      writeSync: (fd, buffer, offset, length) => {
        chunks.push(length)
        return nodeFs.writeSync(fd, buffer, offset, length)
      },
    })
    const big = data(60_000)
    writeJsonFile(path, big, [], fs)
    const text = readFileSync(path, 'utf8')
    assert.deepEqual(JSON.parse(text), big)
    const lines = text.split('\n')
    assert.deepEqual(lines.slice(0, 4), ['{', '"schema_version": 1,', '"run": {"version":"v1","note":"ä \\"quoted\\""},', '"questions": {'])
    assert.equal(lines[4], `"q0": ${JSON.stringify(big.questions.q0)},`)
    assert.deepEqual(lines.slice(-5), [`"q59999": ${JSON.stringify(big.questions.q59999)}`, '},', '"comparison": null', '}', ''])
    assert.ok(chunks.length > 2, `expected the questions in several chunks, got ${chunks.length}`)
    assert.ok(Math.max(...chunks) < 2 << 20, `a chunk of ${Math.max(...chunks)} bytes: the file was built as one string`)
  })
})
