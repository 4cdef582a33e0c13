import { checkUtf8Part, refuseUtf16 } from './encoding.ts'
import { inputLimitBytes, inputTooLarge, openInput } from './input.ts'

/** One line of a file, valid only while the visitor has it: its bytes are `bytes[start, end)`, without the line end. */
export interface ByteLine {
  bytes: Buffer
  start: number
  end: number
  /** 1-based */
  number: number
}

const LF = 0x0a
const CR = 0x0d
/** Bytes read per call, into one buffer reused from chunk to chunk (it grows only for a longer line). */
const CHUNK_BYTES = 1 << 20

/**
 * Each line of a file, as bytes, in order: split as readline splits them (LF, CRLF or a lone
 * CR ends a line; a CRLF split between two reads is one line end; no empty line after the last
 * line end), a UTF-8 byte order mark left out of the first. Nothing is decoded here: a visitor
 * that needs only a line's first bytes (a shard's reader, for another shard's answer) decodes
 * nothing else, and no string of a chunk is made. The bytes are still checked to be UTF-8, part
 * by part as they are read (Utf8StreamDecoder's refusals: a UTF-16 file, the offset and line of
 * the first bad byte), before any line of the part is visited. Opened once (a FIFO can be
 * opened only once per writer), read with the input cap, asynchronously (Ctrl-C is seen between
 * two reads); a folder, a missing file or one above the cap is refused before the first line.
 */
export async function forEachLine(file: string, what: string, visit: (line: ByteLine) => void, chunkBytes = CHUNK_BYTES): Promise<void> {
  const input = await openInput(file, what)
  try {
    const limit = inputLimitBytes()
    const line: ByteLine = { bytes: Buffer.allocUnsafe(chunkBytes), start: 0, end: 0, number: 0 }
    let bytes = line.bytes
    /** bytes[0, filled) are read; from `next` on, not yet visited; from `checked` on, not yet checked */
    let filled = 0
    let next = 0
    let checked = 0
    /** the file offset of bytes[0], and the LFs before bytes[checked] */
    let offset = 0
    let newlines = 0
    let total = 0
    let sawStart = false
    let atEnd = false
    while (!atEnd) {
      if (next > 0) {
        // the unvisited rest to the front, where the next read continues it
        bytes.copy(bytes, 0, next, filled)
        offset += next
        filled -= next
        checked -= next
        next = 0
      } else if (filled === bytes.length) {
        // one line fills the buffer
        const bigger = Buffer.allocUnsafe(bytes.length * 2)
        bytes.copy(bigger, 0, 0, filled)
        bytes = line.bytes = bigger
      }
      const { bytesRead } = await input.handle.read(bytes, filled, bytes.length - filled, null)
      total += bytesRead
      if (total > limit) throw inputTooLarge(file, what, null)
      if (offset === 0 && filled === 0 && bytesRead > 0) refuseUtf16(file, bytes.subarray(0, bytesRead))
      filled += bytesRead
      atEnd = bytesRead === 0
      if (!sawStart) {
        // nothing is visited before the first three bytes are there: the byte order mark an editor on Windows adds
        if (filled < 3 && !atEnd) continue
        sawStart = true
        if (filled >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) next = checked = 3
      }
      // what is read up to its last line end (a CR at the end may be half a CRLF: the next read says), all of it at the end
      const lastEnd = atEnd ? filled : Math.max(lastIndex(bytes, LF, filled - 1), lastIndex(bytes, CR, filled - 2)) + 1
      if (lastEnd <= checked) continue
      checkUtf8Part(file, bytes.subarray(checked, lastEnd), offset + checked, newlines)
      for (let i = bytes.indexOf(LF, checked); i !== -1 && i < lastEnd; i = bytes.indexOf(LF, i + 1)) newlines += 1
      checked = lastEnd
      next = visitLines(line, next, lastEnd, atEnd, visit)
    }
  } finally {
    await input.close()
  }
}

/** Visits the lines of `line.bytes[from, to)` (`to` is a line end but at the end of the file); returns where the next line starts. */
function visitLines(line: ByteLine, from: number, to: number, atEnd: boolean, visit: (line: ByteLine) => void): number {
  const bytes = line.bytes
  let start = from
  let cr = indexBefore(bytes, CR, start, to)
  let lf = indexBefore(bytes, LF, start, to)
  while (cr !== -1 || lf !== -1) {
    const end = cr === -1 ? lf : lf === -1 ? cr : Math.min(cr, lf)
    line.start = start
    line.end = end
    line.number += 1
    visit(line)
    start = end + 1
    if (end === cr) {
      if (bytes[start] === LF && start < to) start += 1
      cr = indexBefore(bytes, CR, start, to)
    }
    if (lf !== -1 && lf < start) lf = indexBefore(bytes, LF, start, to)
  }
  if (atEnd && start < to) {
    line.start = start
    line.end = to
    line.number += 1
    visit(line)
    return to
  }
  return start
}

function indexBefore(bytes: Buffer, byte: number, from: number, to: number): number {
  const i = bytes.indexOf(byte, from)
  return i < to ? i : -1
}

/** The last `byte` at or before `at`; -1 for none (lastIndexOf would count a negative `at` from the end). */
function lastIndex(bytes: Buffer, byte: number, at: number): number {
  return at < 0 ? -1 : bytes.lastIndexOf(byte, at)
}
