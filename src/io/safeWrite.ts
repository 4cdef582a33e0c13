import * as nodeFs from 'node:fs'
import { randomBytes } from 'node:crypto'
import { basename, dirname, join } from 'node:path'
import { GateError } from './errors.ts'
import { StreamRedactor } from './redact.ts'

/**
 * The file-system calls the writer makes: node:fs by default, a stand-in in tests that
 * returns short writes or throws ENOSPC where a real disk only does so on a bad day.
 */
export interface WriteFs {
  mkdirSync(path: string, options?: { recursive?: boolean }): unknown
  realpathSync(path: string): string
  statSync(path: string): { mode: number }
  accessSync(path: string, mode: number): void
  openSync(path: string, flags: string, mode?: number): number
  fchmodSync(fd: number, mode: number): void
  writeSync(fd: number, buffer: Uint8Array, offset: number, length: number): number
  fsyncSync(fd: number): void
  closeSync(fd: number): void
  renameSync(from: string, to: string): void
  unlinkSync(path: string): void
}

/** Appends bytes to the file being written. */
export type Sink = (chunk: string | Uint8Array) => void

/** Writes `content` to `path` so that `path` is, at every moment, the old file or the new one: see writeFileStreamed. */
export function writeFileSafely(path: string, content: string | Uint8Array, fs: WriteFs = nodeFs): void {
  writeFileStreamed(path, (write) => write(content), fs)
}

/**
 * The one way evalgate writes a file. `produce` writes the content chunk by chunk into a
 * temporary file beside the target (so a large file is never one string); every byte is
 * written, the file is flushed to the disk and then renamed over the target, which is
 * atomic on one file system. A `kill -9`, a full disk or a read-only folder therefore leaves
 * the old file as it was (and at most a `.name.PID.RANDOM.tmp` after a kill). Disk errors
 * become a GateError that names the file and the fix.
 */
export function writeFileStreamed(path: string, produce: (write: Sink) => void, fs: WriteFs = nodeFs): void {
  makeFolder(path, fs)
  const target = existingTarget(path, fs)
  // write beside the real file (a symlink stays a symlink), so the rename stays on one file system
  const into = target?.real ?? path
  const temp = join(dirname(into), tempName(basename(into)))
  let fd: number | undefined
  let created = false
  try {
    // a file made read-only stays refused, as when it was opened for writing, not replaced
    if (target) fs.accessSync(target.real, nodeFs.constants.W_OK)
    fd = fs.openSync(temp, 'wx', 0o666)
    created = true
    // keep the old file's mode; best effort, as some file systems (FAT) have none to set
    if (target) ignoreErrors(() => fs.fchmodSync(fd!, target.mode & 0o7777))
    const file = new BufferedFile((bytes) => writeAll(fs, fd!, bytes))
    const redactor = new RedactingSink((chunk) => file.write(chunk))
    produce((chunk) => redactor.write(chunk))
    redactor.end()
    file.flush()
    fs.fsyncSync(fd)
    const open = fd
    fd = undefined
    fs.closeSync(open)
    fs.renameSync(temp, into)
  } catch (error) {
    if (fd !== undefined) ignoreErrors(() => fs.closeSync(fd!))
    if (created) ignoreErrors(() => fs.unlinkSync(temp))
    throw writeFailure(path, error, target !== undefined && (target.mode & 0o170000) === 0o100000, 'file')
  }
  syncFolder(dirname(into), fs)
}

function makeFolder(path: string, fs: WriteFs): void {
  const folder = dirname(path)
  try {
    fs.mkdirSync(folder, { recursive: true })
  } catch (error) {
    // Node's recursive mkdir reports ENOENT for whatever stopped it (a read-only disk, too):
    // creating the first missing folder alone gives the real reason
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      let missing = folder
      while (dirname(missing) !== missing && !exists(dirname(missing), fs)) missing = dirname(missing)
      try {
        fs.mkdirSync(missing)
        fs.mkdirSync(folder, { recursive: true })
        return
      } catch (cause) {
        throw writeFailure(path, cause, false, 'folder')
      }
    }
    throw writeFailure(path, error, false, 'folder')
  }
}

function exists(path: string, fs: WriteFs): boolean {
  try {
    fs.statSync(path)
    return true
  } catch {
    return false
  }
}

/** Text chunks pass through the redactor; bytes that are not UTF-8 text are written as they are. */
class RedactingSink {
  private readonly redactor = new StreamRedactor()
  private readonly out: (chunk: string | Uint8Array) => void
  private readonly decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

  constructor(out: (chunk: string | Uint8Array) => void) {
    this.out = out
  }

  write(chunk: string | Uint8Array): void {
    if (typeof chunk === 'string') return this.out(this.redactor.push(chunk))
    let text: string
    try {
      text = this.decoder.decode(chunk)
    } catch {
      this.out(this.redactor.end())
      return this.out(chunk)
    }
    this.out(this.redactor.push(text))
  }

  end(): void {
    this.out(this.redactor.end())
  }
}

/** Bytes gathered before each write: few system calls, and never the whole file in memory. */
const CHUNK_BYTES = 1 << 20

/**
 * Text is encoded piece by piece into one reused buffer, written out when it fills. Encoding
 * many short strings this way costs a fraction of encoding one long concatenated string,
 * which V8 must first flatten (issue 13: 2 s of a 176 MB results.json).
 */
class BufferedFile {
  private readonly buffer = Buffer.allocUnsafe(CHUNK_BYTES)
  private used = 0
  private readonly out: (bytes: Uint8Array) => void

  constructor(out: (bytes: Uint8Array) => void) {
    this.out = out
  }

  write(chunk: string | Uint8Array): void {
    // UTF-8 takes at most 3 bytes per UTF-16 code unit
    const most = typeof chunk === 'string' ? chunk.length * 3 : chunk.length
    if (this.used + most > this.buffer.length) this.flush()
    if (most > this.buffer.length) return this.out(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk)
    if (typeof chunk === 'string') this.used += this.buffer.write(chunk, this.used, 'utf8')
    else {
      this.buffer.set(chunk, this.used)
      this.used += chunk.length
    }
  }

  flush(): void {
    if (this.used === 0) return
    this.out(this.buffer.subarray(0, this.used))
    this.used = 0
  }
}

/** writeSync may write fewer bytes than asked (a signal, a nearly full disk): write the rest. */
function writeAll(fs: WriteFs, fd: number, chunk: string | Uint8Array): void {
  const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk
  let offset = 0
  while (offset < bytes.length) {
    const written = fs.writeSync(fd, bytes, offset, bytes.length - offset)
    if (!(written > 0)) throw Object.assign(new Error(`write accepted no bytes (${bytes.length - offset} left)`), { code: 'EIO', syscall: 'write' })
    offset += written
  }
}

function existingTarget(path: string, fs: WriteFs): { real: string; mode: number } | undefined {
  try {
    const real = fs.realpathSync(path)
    return { real, mode: fs.statSync(real).mode }
  } catch {
    // no file yet (or a dangling link): the new file is created at `path`; real errors surface on open
    return undefined
  }
}

/** `.baseline.json.4242.9f3a1c2b.tmp`: hidden, unique per process and call, and within NAME_MAX. */
function tempName(name: string): string {
  return `.${name.slice(0, 200)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
}

/** So the rename itself survives a power cut. Best effort: Windows cannot open a folder, some file systems refuse. */
function syncFolder(folder: string, fs: WriteFs): void {
  let fd: number | undefined
  try {
    fd = fs.openSync(folder, 'r')
    fs.fsyncSync(fd)
  } catch {
    // the file itself is complete and in place; only its durability across a crash is weaker
  } finally {
    if (fd !== undefined) ignoreErrors(() => fs.closeSync(fd!))
  }
}

function ignoreErrors(action: () => void): void {
  try {
    action()
  } catch {
    // cleanup after a failure (the first error is the one to report), or an optional step
  }
}

interface Problem {
  what: string
  fix: string
}

/** The disk errors a user can do something about, in plain words, with the fix. */
function problemFor(code: string, path: string, stage: 'folder' | 'file'): Problem | undefined {
  const folder = dirname(path)
  switch (code) {
    case 'ENOSPC':
      return { what: 'no space left on the device', fix: `free some space on the disk that holds ${folder}, then run again` }
    case 'EDQUOT':
      return { what: 'the disk quota is used up', fix: `free some space within your quota on ${folder} (or ask for a larger quota), then run again` }
    case 'EROFS':
      return { what: 'the folder is read-only (read-only file system)', fix: `write to a folder on a writable disk, or remount ${folder} read-write` }
    case 'EACCES':
    case 'EPERM':
      return { what: 'permission denied', fix: `give this user write permission on ${folder}${stage === 'file' ? ' (and on the file, if it exists)' : ''}, or write somewhere else` }
    case 'ENOENT':
      return { what: `the folder ${folder} does not exist`, fix: 'create the folder, or fix the path' }
    case 'EEXIST':
      // only from mkdir does it mean "a file is in the way"; a clash of temp names is not the user's to fix
      return stage === 'folder' ? problemFor('ENOTDIR', path, stage) : undefined
    case 'ENOTDIR':
      return { what: `a part of the folder path ${folder} is a file, not a folder`, fix: 'fix the path, or move that file out of the way' }
    case 'EISDIR':
      return { what: 'that path is a folder, not a file', fix: 'give the path of a file, not of a folder' }
    case 'EIO':
      return { what: 'the device reported an input/output error', fix: `check the disk that holds ${folder}, then run again` }
    default:
      return undefined
  }
}

/** A disk error becomes a GateError naming the file; anything else (a bug, a GateError) passes through unchanged. */
function writeFailure(path: string, error: unknown, existed: boolean, stage: 'folder' | 'file'): unknown {
  const code = (error as NodeJS.ErrnoException | null)?.code
  if (error instanceof GateError || typeof code !== 'string') return error
  const problem = problemFor(code, path, stage)
  if (!problem) return error
  const kept = existed ? '; the previous file is left unchanged' : ''
  return new GateError('write_failed', `${path}: could not write the file: ${problem.what}${kept}`, problem.fix)
}
