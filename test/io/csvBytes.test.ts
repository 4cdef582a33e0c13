import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { plainCsvBytes } from '../../src/io/csvBytes.ts'
import { plainCsv } from '../../src/io/plainCsv.ts'

/** plainCsvBytes over the UTF-8 bytes of `text` gives what plainCsv gives over the text: the same cells and lines, or null alike. */
function agrees(text: string): boolean {
  const expected = plainCsv(text)
  const cells = plainCsvBytes(Buffer.from(text, 'utf8'))
  assert.equal(cells === null, expected === null, JSON.stringify(text))
  if (!cells || !expected) return false
  const records = Array.from({ length: cells.records }, (_, r) => cells.record(r))
  assert.deepEqual(records, expected.rows, JSON.stringify(text))
  assert.deepEqual(
    Array.from({ length: cells.records }, (_, r) => cells.line(r)),
    expected.starts,
    JSON.stringify(text),
  )
  return true
}

const TEXTS: [string, string][] = [
  ['a plain file', 'id,question\nq1,a\nq2,b\n'],
  ['no final line end', 'id,question\nq1,a'],
  ['a leading BOM', '\uFEFFid,question\nq1,a\n'],
  ['empty lines', '\n\nid,question\n\nq1,a\n\n\nq2,b\n\n'],
  ['empty fields', 'a,b,c\n,,\n"",x,""\n'],
  ['quoted commas, quotes and line ends', 'id,q\n"q,1","say ""hi""\nnext line"\nq2,"multi\n\nline"\nq3,c\n'],
  ['only an escaped quote', 'a\n""""\n'],
  ['a quoted empty line', 'a\n""\nb\n'],
  ['CJK and astral text', 'id,q\nq1,年假几天？😀\n"q2","「引号」,逗号"\n'],
  ['one column with blank cells', 'a\n \nb\n'],
  ['an empty text', ''],
  ['only a BOM', '\uFEFF'],
  ['CRLF', 'id,question\r\nq1,a\r\n'],
  ['a stray quote', 'id,q\nq1,say "hi"\n'],
  ['text after a closing quote', 'id,q\nq1,"a"b\n'],
  ['an unclosed quote', 'id,q\nq1,"a\n'],
  ['a short record', 'id,q\nq1\n'],
  ['a long record', 'id,q\nq1,a,b\n'],
  ['a BOM inside', 'id,q\n\uFEFFq1,a\n'],
]

describe('plainCsvBytes: the common CSV located in its bytes, each cell decoded when asked for (issue 32)', () => {
  for (const [name, text] of TEXTS) it(`reads ${name} as plainCsv reads its text`, () => void agrees(text))

  it('agrees with plainCsv on random texts of commas, quotes, line ends, letters and CJK', () => {
    const alphabet = ['a', 'b', ',', ',', '"', '\n', '\n', ' ', '""', 'é', '年', '😀']
    let seed = 17
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    let read = 0
    for (let n = 0; n < 20_000; n++) {
      let text = ''
      for (let k = Math.floor(random() * 24); k > 0; k--) text += alphabet[Math.floor(random() * alphabet.length)]
      if (agrees(text)) read++
    }
    assert.ok(read > 2_000, `only ${read} texts read`)
  })
})
