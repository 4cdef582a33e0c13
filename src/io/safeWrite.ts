import * as nodeFs from 'node:fs'
import { randomBytes } from 'node:crypto'
import { dirname, join } from 'node:path'
import { GateError } from './errors.ts'
import { outputTarget, type OutputTarget, type PathFs } from './outputPath.ts'

/**
 * The file-system calls the writer makes: node:fs by default, a stand-in in tests that
 * returns short writes or throws ENOSPC where a real disk only does so on a bad day.
 */
export interface WriteFs extends PathFs {
  mkdirSync(path: string, options?: { recursive?: boolean }): unknown
  statSync(path: string): { mode: number }
  accessSync(path: string, mode: number): void
  openSync(path: string, flags: string | number, mode?: number): number
  readFileSync(fd: number): Buffer
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
 * Checks output paths as every write does, before a run starts: a run that would end on a link
 * or a FIFO at its --out stops before it runs the candidate, and before a file that is also
 * read first (history.csv, the baseline being replaced) is read through a link.
 */
export function checkOutputPaths(paths: readonly (string | null | undefined)[], fs: WriteFs = nodeFs): void {
  for (const path of paths) if (path) outputTarget(path, fs)
}

/**
 * Replaces `path` with `update(its current bytes, or null when there is no file)`: an append
 * (history.csv, the job summary, the Action's outputs) is the old bytes and the new ones
 * written as a whole new file, so a failed append leaves the old file as it was. The old
 * bytes are read only from a regular file at the path given, as every write checks.
 */
export function updateFileSafely(path: string, update: (before: Buffer | null) => string | Uint8Array, fs: WriteFs = nodeFs): void {
  const target = outputTarget(path, fs)
  const before = target.existing ? readExisting(path, join(target.folder, target.name), fs) : null
  writeInto(path, target, (write) => write(update(before)), fs)
}

/**
 * The one way evalgate writes a file. The path is checked first (outputPath.ts: only ever a
 * regular file at the path given, never through a symbolic link, never over a FIFO or a
 * device). `produce` writes the content chunk by chunk into a temporary file beside the
 * target (so a large file is never one string); every byte is written, the file is flushed
 * to the disk and then renamed over the target, which is atomic on one file system. A
 * `kill -9`, a full disk or a read-only folder therefore leaves the old file as it was (and
 * at most a `.name.PID.RANDOM.tmp` after a kill). Disk errors become a GateError that names
 * the file and the fix. Nothing here rewrites what it is given: secrets are redacted in the
 * values before they are serialised (redactValues.ts, the Markdown escaper).
 */
export function writeFileStreamed(path: string, produce: (write: Sink) => void, fs: WriteFs = nodeFs): void {
  writeInto(path, outputTarget(path, fs), produce, fs)
}

function writeInto(path: string, target: OutputTarget, produce: (write: Sink) => void, fs: WriteFs): void {
  makeFolder(path, target.folder, fs)
  const into = join(target.folder, target.name)
  const temp = join(target.folder, tempName(target.name))
  const existing = target.existing
  let fd: number | undefined
  let created = false
  try {
    // a file made read-only stays refused, as when it was opened for writing, not replaced
    if (existing) fs.accessSync(into, nodeFs.constants.W_OK)
    const opened = fs.openSync(temp, 'wx', 0o666)
    fd = opened
    created = true
    // keep the old file's mode; best effort, as some file systems (FAT) have none to set
    if (existing) ignoreErrors(() => fs.fchmodSync(opened, existing.mode & 0o7777))
    const file = new BufferedFile((bytes) => writeAll(fs, opened, bytes))
    produce((chunk) => file.write(chunk))
    file.flush()
    fs.fsyncSync(opened)
    fd = undefined
    fs.closeSync(opened)
    fs.renameSync(temp, into)
  } catch (error) {
    closeQuietly(fd, fs)
    if (created) ignoreErrors(() => fs.unlinkSync(temp))
    throw writeFailure(path, error, existing !== null, 'file')
  }
  syncFolder(target.folder, fs)
}

/** The bytes of the regular file being replaced; a file that changed into something else since the check is refused. */
function readExisting(path: string, real: string, fs: WriteFs): Buffer {
  let fd: number | undefined
  try {
    fd = fs.openSync(real, READ_NO_FOLLOW)
    return fs.readFileSync(fd)
  } catch (error) {
    throw writeFailure(path, error, true, 'file')
  } finally {
    closeQuietly(fd, fs)
  }
}

/** Read-only, without following a link at the last step, without waiting on a FIFO that appeared since the check. */
const READ_NO_FOLLOW = nodeFs.constants.O_RDONLY | (nodeFs.constants.O_NOFOLLOW ?? 0) | (nodeFs.constants.O_NONBLOCK ?? 0)

function makeFolder(path: string, folder: string, fs: WriteFs): void {
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
    closeQuietly(fd, fs)
  }
}

/** Cleanup after a failure or an optional step: the descriptor closed if one was opened, whatever closing says. */
function closeQuietly(fd: number | undefined, fs: WriteFs): void {
  if (fd !== undefined) ignoreErrors(() => fs.closeSync(fd))
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
    case 'ELOOP':
      // O_NOFOLLOW met a link that was not there when the path was checked
      return { what: 'the file became a symbolic link while evalgate was writing', fix: 'remove the link and run again; evalgate writes only regular files' }
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
