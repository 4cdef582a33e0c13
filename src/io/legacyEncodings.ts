/**
 * Which legacy encodings a file that is not UTF-8 could be in, told by its bytes: each is tried
 * on the bytes around the first one UTF-8 refused, and kept when it reads them without an error
 * and without control characters. The user sees each one's reading of the word at that place
 * ("café", "年假") and picks the one that reads right: a Latin-1 file is no longer told to
 * convert from GBK.
 */

/** The encodings a file evalgate is given is likely in, by its readers (Chinese first), with the name iconv takes. */
const CANDIDATES: readonly { label: string; name: string; iconv: string }[] = [
  { label: 'gb18030', name: 'GBK', iconv: 'GBK' },
  { label: 'big5', name: 'Big5', iconv: 'BIG5' },
  { label: 'shift_jis', name: 'Shift_JIS', iconv: 'SHIFT_JIS' },
  { label: 'euc-kr', name: 'EUC-KR', iconv: 'EUC-KR' },
  { label: 'windows-1252', name: 'Windows-1252 (Latin-1)', iconv: 'WINDOWS-1252' },
]

/** Bytes around the first bad one that are tried: enough to catch a misfit, little to decode. */
const WINDOW = 64 * 1024
/** C0 controls but tab and line breaks, DEL, C1 controls, and U+FFFD: no text file means these. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const IMPLAUSIBLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffd]/

export interface EncodingFit {
  name: string
  iconv: string
  /** the word at the first bad byte, as this encoding reads it */
  sample: string
}

/** The encodings that read `bytes` (around `offset`, the first byte UTF-8 refused), most likely first. */
export function encodingsThatFit(bytes: Uint8Array, offset: number): EncodingFit[] {
  const start = lineStart(bytes, offset)
  const window = bytes.subarray(start, Math.min(bytes.length, start + WINDOW))
  const word = wordAround(bytes, offset)
  const fits: EncodingFit[] = []
  for (const candidate of CANDIDATES) {
    let decoder: InstanceType<typeof TextDecoder>
    try {
      decoder = new TextDecoder(candidate.label, { fatal: true })
    } catch {
      continue // a Node built without full ICU
    }
    try {
      // stream: a character cut at the window's end is not an error
      if (IMPLAUSIBLE.test(decoder.decode(window, { stream: true }))) continue
    } catch {
      continue
    }
    fits.push({ name: candidate.name, iconv: candidate.iconv, sample: new TextDecoder(candidate.label).decode(word).trim() })
  }
  return fits
}

/** `its bytes read as GBK ("年假") or Windows-1252 (Latin-1) ("Äê¼Ù")`, or '' when none fits. */
export function fitsSentence(fits: readonly EncodingFit[]): string {
  if (fits.length === 0) return ''
  const each = fits.map((f) => `${f.name} (${JSON.stringify(f.sample)})`)
  return `; its bytes read as ${each.length === 1 ? each[0] : `${each.slice(0, -1).join(', ')} or ${each.at(-1)}`}`
}

/** The fix for a file in a legacy encoding: convert from the one that fits, in Excel save as CSV UTF-8. */
export function convertHint(fits: readonly EncodingFit[]): string {
  const from = fits[0]?.iconv ?? 'GBK'
  const which = fits.length > 1 ? ' (use the encoding whose reading above is your text)' : fits.length === 0 ? ' (or the encoding it was saved in)' : ''
  return `save the file as UTF-8 (in Excel: "CSV UTF-8"; or convert it, e.g. iconv -f ${from} -t UTF-8 in.csv > out.csv${which})`
}

function lineStart(bytes: Uint8Array, offset: number): number {
  const newline = bytes.lastIndexOf(0x0a, Math.max(0, offset - 1))
  return newline === -1 ? 0 : newline + 1
}

/** The bytes of the word around `offset`: up to a blank, a separator or a quote, at most 24 bytes each way. */
function wordAround(bytes: Uint8Array, offset: number): Uint8Array {
  const stop = (b: number | undefined) => b === undefined || b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d || b === 0x2c || b === 0x3b || b === 0x22 || b === 0x7c
  let from = offset
  while (from > 0 && offset - from < 24 && !stop(bytes[from - 1])) from -= 1
  let to = offset
  while (to < bytes.length && to - offset < 24 && !stop(bytes[to])) to += 1
  return bytes.subarray(from, to)
}
