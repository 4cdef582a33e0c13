import { open, type FileHandle } from 'node:fs/promises'
import { GateError } from './errors.ts'

/** The largest input evalgate reads unless told otherwise: past it, a file is refused by name before it fills the memory. */
export const DEFAULT_MAX_INPUT_MB = 512
const MB = 1024 * 1024
/** Bytes read per call: small enough that Ctrl-C is seen between two reads of a pipe that never ends. */
const CHUNK_BYTES = 1 << 20
const S_IFMT = 0o170000
const S_IFDIR = 0o040000
const S_IFREG = 0o100000

let maxInputBytes = DEFAULT_MAX_INPUT_MB * MB

/** The cap on every input file, in MB: set by the shells from --max-input-mb, the max-input-mb input or max_input_mb. */
export function limitInputs(mb: number | undefined): void {
  maxInputBytes = (mb ?? DEFAULT_MAX_INPUT_MB) * MB
}

export function inputLimitBytes(): number {
  return maxInputBytes
}

/** What an input is: a regular file of known size (safe to read in one go), or a stream (a FIFO, `/dev/stdin`, a device) read with the cap as it comes. */
export type InputKind = { kind: 'file'; bytes: number } | { kind: 'stream' }

/**
 * Every input file evalgate reads goes through here (an eval set, predictions, a baseline, a
 * results.json, history.csv, evalgate.yml, a labels or ratings file). Asynchronous, so a
 * Ctrl-C (or a runner's SIGTERM) is handled at any moment: while a FIFO waits for a writer,
 * and between two chunks of one that never ends. A folder, a missing file and an input above
 * the cap are refused naming the file, the cap and the setting that raises it.
 */
export async function readInput(file: string, what: string): Promise<Buffer> {
  const input = await openInput(file, what)
  try {
    return await input.readAll()
  } finally {
    await input.close()
  }
}

/** An input opened once (a FIFO can be opened only once per writer): what it is, and its bytes with the cap. */
export interface OpenInput {
  kind: InputKind
  handle: FileHandle
  readAll(): Promise<Buffer>
  close(): Promise<void>
}

/**
 * Opens an input and says what it is: a regular file within the cap is `file` (a reader may
 * read it synchronously then: that takes no longer than its size, as the large JSON reader
 * does), anything else is `stream`, read with readAll as it comes.
 */
export async function openInput(file: string, what: string): Promise<OpenInput> {
  const handle = await openHandle(file, what)
  let kind: InputKind
  try {
    kind = await kindOf(handle, file, what)
  } catch (error) {
    await handle.close()
    throw error
  }
  return { kind, handle, readAll: () => readAll(handle, kind, file, what), close: () => handle.close() }
}

async function readAll(handle: FileHandle, kind: InputKind, file: string, what: string): Promise<Buffer> {
  const limit = maxInputBytes
  // a regular file is read into one buffer of its size (no copy at the end); what else comes (a file still growing, a pipe) in chunks
  const whole = kind.kind === 'file' ? Buffer.allocUnsafe(kind.bytes) : Buffer.alloc(0)
  let filled = 0
  while (filled < whole.length) {
    const { bytesRead } = await handle.read(whole, filled, Math.min(CHUNK_BYTES, whole.length - filled), null)
    if (bytesRead === 0) break
    filled += bytesRead
  }
  const first = whole.subarray(0, filled)
  const chunks: Buffer[] = [first]
  let total = filled
  for (;;) {
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES)
    const { bytesRead } = await handle.read(chunk, 0, chunk.length, null)
    if (bytesRead === 0) break
    total += bytesRead
    if (total > limit) throw inputTooLarge(file, what, kind.kind === 'file' ? total : null)
    chunks.push(chunk.subarray(0, bytesRead))
  }
  return chunks.length === 1 ? first : Buffer.concat(chunks, total)
}

async function openHandle(file: string, what: string): Promise<FileHandle> {
  try {
    return await open(file, 'r')
  } catch (error) {
    throw cannotRead(file, what, error)
  }
}

async function kindOf(handle: FileHandle, file: string, what: string): Promise<InputKind> {
  const stat = await handle.stat()
  const type = stat.mode & S_IFMT
  if (type === S_IFDIR) throw folderGiven(file, what)
  if (type !== S_IFREG) return { kind: 'stream' }
  if (stat.size > maxInputBytes) throw inputTooLarge(file, what, stat.size)
  return { kind: 'file', bytes: stat.size }
}

/** A located error for an input that cannot be opened: not found, a folder, no permission. */
function cannotRead(file: string, what: string, error: unknown): GateError {
  const code = (error as NodeJS.ErrnoException | null)?.code
  if (code === 'EISDIR') return folderGiven(file, what)
  const reason = code === 'ENOENT' ? 'file not found' : code === 'EACCES' || code === 'EPERM' ? 'permission denied' : String((error as Error)?.message ?? error)
  return new GateError('bad_input', `${file}: cannot read the ${what}: ${reason}`, `check the path given for the ${what}`)
}

function folderGiven(file: string, what: string): GateError {
  return new GateError('bad_input', `${file}: cannot read the ${what}: it is a folder, not a file`, `give the path of the ${what} file itself`)
}

/** `bytes` null: a stream that went past the cap, whose full size is unknown. */
export function inputTooLarge(file: string, what: string, bytes: number | null): GateError {
  const cap = maxInputBytes / MB
  const size = bytes === null ? `sent more than ${cap} MB (it is not a regular file, so evalgate stopped reading it there)` : `is ${(bytes / MB).toFixed(1)} MB`
  return new GateError(
    'bad_input',
    `${file}: the ${what} ${size}, above the ${cap} MB limit on an input`,
    `check that this is the right file; if it is, raise the limit: --max-input-mb ${Math.max(cap * 2, Math.ceil((bytes ?? 0) / MB) + 1)} (max_input_mb in evalgate.yml, input max-input-mb)`,
  )
}
