const COMMA = 0x2c
const LF = 0x0a
const QUOTE = 0x22

/** What csv-parse would read as something other than plain text and LF line ends: left to it. */
const UNUSUAL = /\r|[\uD800-\uDFFF]|(?!^)\uFEFF/u

/**
 * The records of a CSV file in its common form (LF line ends, fields quoted as RFC 4180 says,
 * every record as wide as the header; empty lines skipped, a leading BOM dropped), each with the
 * line it starts on (starts[0] is the header's): exactly what csv-parse with
 * `{bom: true, skip_empty_lines: true}` returns, at a fraction of its cost (issue 13). Null for
 * anything else (a CR, a stray quote, a record of another width, an unclosed quote), which
 * csv-parse then parses and reports in its own words (test/io/plainCsv.test.ts).
 */
export function plainCsv(text: string): { rows: string[][]; starts: number[] } | null {
  if (UNUSUAL.test(text)) return null
  const rows: string[][] = []
  const starts: number[] = []
  let width = -1
  let line = 1
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0
  while (i < text.length) {
    if (text.charCodeAt(i) === LF) {
      i++
      line++
      continue
    }
    starts.push(line)
    const record: string[] = []
    for (;;) {
      const field = text.charCodeAt(i) === QUOTE ? quotedField(text, i) : unquotedField(text, i)
      if (field === null) return null
      record.push(field.value)
      line += field.newlines
      i = field.end
      // the field ends the record (LF or the end of the text) or is followed by a comma
      if (i >= text.length || text.charCodeAt(i) === LF) break
      i++
    }
    if (i < text.length) {
      i++
      line++
    }
    if (width === -1) width = record.length
    else if (record.length !== width) return null
    rows.push(record)
  }
  return { rows, starts }
}

interface Field {
  value: string
  /** just after the field: a comma, a LF or the end of the text */
  end: number
  /** line ends inside the (quoted) field */
  newlines: number
}

function unquotedField(text: string, from: number): Field | null {
  let i = from
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === COMMA || c === LF) break
    if (c === QUOTE) return null
  }
  return { value: text.slice(from, i), end: i, newlines: 0 }
}

/** `"…"` with `""` for a quote inside; null when unclosed or followed by anything but a comma, a LF or the end. */
function quotedField(text: string, from: number): Field | null {
  let value = ''
  let newlines = 0
  let i = from + 1
  for (;;) {
    const quote = text.indexOf('"', i)
    if (quote === -1) return null
    for (let n = text.indexOf('\n', i); n !== -1 && n < quote; n = text.indexOf('\n', n + 1)) newlines++
    const doubled = text.charCodeAt(quote + 1) === QUOTE
    value += text.slice(i, doubled ? quote + 1 : quote)
    i = quote + (doubled ? 2 : 1)
    if (doubled) continue
    const next = i < text.length ? text.charCodeAt(i) : -1
    return next === -1 || next === COMMA || next === LF ? { value, end: i, newlines } : null
  }
}
