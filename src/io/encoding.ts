import { isUtf8 } from 'node:buffer'
import { GateError } from './errors.ts'
import { convertHint, encodingsThatFit, fitsSentence, type EncodingFit } from './legacyEncodings.ts'
import { knownAt } from './known.ts'

/**
 * Strict UTF-8 for the files evalgate reads: a GBK, Latin-1 or UTF-16 file is refused with
 * the offset of its first bad byte, never read as text full of U+FFFD that scores as
 * garbage. The native decoder checks; only a file that fails is scanned byte by byte to say
 * where.
 */
const UTF16_HINT = 'save the file as UTF-8 (e.g. iconv -f UTF-16 -t UTF-8 in.csv > out.csv)'

/** Bytes of the start of a file looked at for UTF-16 without a byte order mark. */
const SNIFF_BYTES = 4096

/** The whole file as text; refuses bytes that are not UTF-8. A UTF-8 BOM is kept for the parsers to skip. */
export function decodeUtf8(file: string, bytes: Uint8Array): string {
  refuseUtf16(file, bytes)
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes)
  } catch {
    const offset = firstInvalidUtf8(bytes)
    throw notUtf8(file, offset, lineAt(bytes, offset), bytes[offset], encodingsThatFit(bytes, offset))
  }
}

/**
 * A decoder for a file read in chunks: `push` returns the text of each chunk (a character
 * split between chunks comes out with the next one), `end` checks that nothing is left
 * half-written. Offsets and lines in its errors count from the start of the file.
 */
export class Utf8StreamDecoder {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })
  private readonly file: string
  private readonly hint: string | undefined
  /** bytes of the previous chunks, and the newlines among them */
  private offset = 0
  private newlines = 0
  /** the incomplete character at the end of the previous chunk, if any */
  private pending: Uint8Array = new Uint8Array(0)

  /** `hint`: the fix to give instead of "save the file as UTF-8" (the stream is not a file) */
  constructor(file: string, hint?: string) {
    this.file = file
    this.hint = hint
  }

  push(chunk: Uint8Array): string {
    if (this.offset === 0) refuseUtf16(this.file, chunk, this.hint)
    let text: string
    try {
      text = this.decoder.decode(chunk, { stream: true })
    } catch {
      const joined = concat(this.pending, chunk)
      const at = firstInvalidUtf8(joined)
      // pending holds no newline (its bytes are all above 0x7F)
      throw notUtf8(this.file, this.offset - this.pending.length + at, this.newlines + lineAt(joined, at), joined[at], encodingsThatFit(joined, at), this.hint)
    }
    this.pending = incompleteTail(chunk.length >= 4 ? chunk : concat(this.pending, chunk))
    this.offset += chunk.length
    for (let i = chunk.indexOf(0x0a); i !== -1; i = chunk.indexOf(0x0a, i + 1)) this.newlines += 1
    return text
  }

  end(): string {
    try {
      return this.decoder.decode()
    } catch {
      throw notUtf8(this.file, this.offset - this.pending.length, this.newlines + 1, undefined, [], this.hint)
    }
  }
}

/**
 * Refuses a part of a file read in chunks that is not UTF-8, in Utf8StreamDecoder's words:
 * `offset` is the part's first byte in the file, `newlines` the line feeds before it. A part
 * ends with a line end (CR or LF, never inside a character) or at the end of the file, so the
 * parts of a file are UTF-8 exactly when the file is.
 */
export function checkUtf8Part(file: string, part: Uint8Array, offset: number, newlines: number): void {
  if (isUtf8(part)) return
  const at = firstInvalidUtf8(part)
  if (at < part.length) throw notUtf8(file, offset + at, newlines + lineAt(part, at), part[at], encodingsThatFit(part, at))
  // a character cut off: only the end of the file does that
  const cut = part.length - incompleteTail(part).length
  throw notUtf8(file, offset + cut, newlines + lineAt(part, cut), undefined, [])
}

/**
 * Offset of the first byte that does not start a well-formed UTF-8 sequence (the Unicode
 * "maximal subpart" rule: overlong forms, surrogates and values above U+10FFFF are
 * ill-formed), or `bytes.length` when the bytes only end in the middle of a character.
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0
  // bytes[i] is undefined exactly when i is past the end
  for (let lead = bytes[i]; lead !== undefined; lead = bytes[i]) {
    if (lead < 0x80) {
      i += 1
      continue
    }
    const sequence = SEQUENCES.find((s) => lead >= s.from && lead <= s.to)
    if (!sequence) return i
    for (let k = 1; k < sequence.length; k++) {
      const next = bytes[i + k]
      if (next === undefined) return bytes.length
      const [low, high] = k === 1 ? sequence.second : [0x80, 0xbf]
      if (next < low || next > high) return i
    }
    i += sequence.length
  }
  return bytes.length
}

/** Well-formed UTF-8 by lead byte (Unicode table 3-7): its length and the range of its second byte. */
const SEQUENCES: readonly { from: number; to: number; length: number; second: readonly [number, number] }[] = [
  { from: 0xc2, to: 0xdf, length: 2, second: [0x80, 0xbf] },
  { from: 0xe0, to: 0xe0, length: 3, second: [0xa0, 0xbf] },
  { from: 0xe1, to: 0xec, length: 3, second: [0x80, 0xbf] },
  { from: 0xed, to: 0xed, length: 3, second: [0x80, 0x9f] },
  { from: 0xee, to: 0xef, length: 3, second: [0x80, 0xbf] },
  { from: 0xf0, to: 0xf0, length: 4, second: [0x90, 0xbf] },
  { from: 0xf1, to: 0xf3, length: 4, second: [0x80, 0xbf] },
  { from: 0xf4, to: 0xf4, length: 4, second: [0x80, 0x8f] },
]

/** A UTF-16 file says so with a byte order mark, or shows itself by NUL bytes at every other offset (its ASCII characters). */
export function refuseUtf16(file: string, bytes: Uint8Array, hint = UTF16_HINT): void {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    const order = bytes[0] === 0xff ? 'little-endian' : 'big-endian'
    throw new GateError('bad_input', `${file}: not UTF-8: it is UTF-16 (${order}; it starts with a UTF-16 byte order mark, bytes 0-1)`, hint)
  }
  const sniffed = Math.min(bytes.length, SNIFF_BYTES)
  let even = 0
  let odd = 0
  let first = -1
  for (let i = 0; i < sniffed; i++) {
    if (bytes[i] !== 0) continue
    if (i % 2 === 0) even += 1
    else odd += 1
    if (first === -1) first = i
  }
  // ASCII text in UTF-16 puts a NUL in every other byte; a UTF-8 file with the odd NUL byte does not
  if (even + odd >= 4 && even + odd >= sniffed / 8 && Math.max(even, odd) >= 0.9 * (even + odd)) {
    const order = odd > even ? 'little-endian' : 'big-endian'
    throw new GateError(
      'bad_input',
      `${file}: not UTF-8: it looks like UTF-16 (${order}, without a byte order mark): ${even + odd} of its first ${sniffed} bytes are NUL, at every other offset, the first at byte offset ${first}`,
      hint,
    )
  }
}

/** `byte` undefined: the file ends in the middle of a character. `fits`: the legacy encodings its bytes read in (legacyEncodings.ts). */
function notUtf8(file: string, offset: number, line: number, byte: number | undefined, fits: readonly EncodingFit[], hint = convertHint(fits)): GateError {
  const what = byte === undefined ? 'the file ends in the middle of a character' : `byte 0x${byte.toString(16).toUpperCase().padStart(2, '0')}`
  return new GateError('bad_input', `${file}:${line}: not valid UTF-8: ${what} at byte offset ${offset}${fitsSentence(fits)}`, hint)
}

/** 1-based line of a byte offset. */
function lineAt(bytes: Uint8Array, offset: number): number {
  let line = 1
  for (let i = bytes.indexOf(0x0a); i !== -1 && i < offset; i = bytes.indexOf(0x0a, i + 1)) line += 1
  return line
}

/** The bytes after the last complete character: the start of a character the next chunk finishes. */
function incompleteTail(bytes: Uint8Array): Uint8Array {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const b = knownAt(bytes, bytes.length - back, 'a byte of the last three')
    if ((b & 0xc0) === 0x80) continue
    const length = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1
    return length > back ? bytes.slice(bytes.length - back) : new Uint8Array(0)
  }
  return new Uint8Array(0)
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b
  const joined = new Uint8Array(a.length + b.length)
  joined.set(a)
  joined.set(b, a.length)
  return joined
}
