import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { parse } from 'csv-parse/sync'
import { plainCsv } from '../../src/io/plainCsv.ts'
import { recordStartLines } from '../../src/io/tabular.ts'

/** What parseCsv gets from csv-parse, or the error it throws. */
function csvParse(text: string): string[][] | Error {
  try {
    return parse(text, { bom: true, relax_column_count: false, skip_empty_lines: true }) as string[][]
  } catch (error) {
    return error as Error
  }
}

function agrees(text: string): void {
  const plain = plainCsv(text)
  if (plain === null) return
  const expected = csvParse(text)
  assert.ok(Array.isArray(expected), `plainCsv read ${JSON.stringify(text)}, csv-parse refuses it: ${String(expected)}`)
  assert.deepEqual(plain.rows, expected, JSON.stringify(text))
  assert.deepEqual(plain.starts, recordStartLines(text).slice(0, expected.length), JSON.stringify(text))
}

const TEXTS: [string, string, boolean][] = [
  ['a plain file', 'id,question\nq1,a\nq2,b\n', true],
  ['no final line end', 'id,question\nq1,a', true],
  ['a leading BOM', '\uFEFFid,question\nq1,a\n', true],
  ['empty lines', '\n\nid,question\n\nq1,a\n\n\nq2,b\n\n', true],
  ['empty fields', 'a,b,c\n,,\n"",x,""\n', true],
  ['quoted commas, quotes and line ends', 'id,q\n"q,1","say ""hi""\nnext line"\nq2,"multi\n\nline"\nq3,c\n', true],
  ['a quoted empty line', 'a\n""\nb\n', true],
  ['CJK and astral text', 'id,q\nq1,年假几天？😀\n', true],
  ['one column with blank cells', 'a\n \nb\n', true],
  ['an empty text', '', true],
  ['only a BOM', '\uFEFF', true],
  // left to csv-parse
  ['CRLF', 'id,question\r\nq1,a\r\n', false],
  ['a stray quote', 'id,q\nq1,say "hi"\n', false],
  ['text after a closing quote', 'id,q\nq1,"a"b\n', false],
  ['an unclosed quote', 'id,q\nq1,"a\n', false],
  ['a short record', 'id,q\nq1\n', false],
  ['a long record', 'id,q\nq1,a,b\n', false],
  ['a BOM inside', 'id,q\n\uFEFFq1,a\n', false],
  ['a lone surrogate', 'id,q\nq1,\uD800\n', false],
]

describe('plainCsv: the common CSV without csv-parse (issue 13)', () => {
  for (const [name, text, plain] of TEXTS) {
    it(`${plain ? 'reads' : 'leaves to csv-parse'} ${name}, as csv-parse does`, () => {
      assert.equal(plainCsv(text) !== null, plain)
      agrees(text)
    })
  }

  it('agrees with csv-parse on random texts of commas, quotes, line ends and letters', () => {
    const alphabet = ['a', 'b', ',', ',', '"', '\n', '\n', ' ', '""', 'é']
    let seed = 13
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    let read = 0
    for (let n = 0; n < 20_000; n++) {
      let text = ''
      for (let k = Math.floor(random() * 24); k > 0; k--) text += alphabet[Math.floor(random() * alphabet.length)]
      agrees(text)
      if (plainCsv(text) !== null) read++
    }
    assert.ok(read > 2_000, `only ${read} texts read without csv-parse`)
  })
})
