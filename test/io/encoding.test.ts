import assert from 'node:assert/strict'
import { writeFileSync } from 'node:fs'
import { after, describe, it } from 'node:test'
import { firstInvalidUtf8 } from '../../src/io/encoding.ts'
import { GateError } from '../../src/io/errors.ts'
import { readJsonl, readTable } from '../../src/io/tabular.ts'
import { cleanupTempDirs, makeTempDir } from '../cli/harness.ts'

after(cleanupTempDirs)

/** 年假有几天 in GBK, as Excel on a Chinese Windows saves "CSV". */
const GBK_NIANJIA = [0xc4, 0xea, 0xbc, 0xd9, 0xd3, 0xd0, 0xbc, 0xb8, 0xcc, 0xec]

function writeBytes(path: string, ...parts: (string | number[] | Buffer)[]): string {
  writeFileSync(path, Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p)))))
  return path
}

function utf16le(text: string, bom: boolean): Buffer {
  const body = Buffer.from(text, 'utf16le')
  return bom ? Buffer.concat([Buffer.from([0xff, 0xfe]), body]) : body
}

async function refusal(read: () => unknown): Promise<GateError> {
  try {
    await read()
  } catch (error) {
    assert.ok(error instanceof GateError, `expected a GateError, got ${String(error)}`)
    assert.equal(error.code, 'bad_input')
    assert.match(error.hint ?? '', /save the file as UTF-8/)
    return error
  }
  assert.fail('expected the file to be refused')
}

async function collect(file: string): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = []
  await readJsonl(file, 'predictions file', (record) => rows.push(record.data))
  return rows
}

describe('reading eval sets and predictions as strict UTF-8', () => {
  it('refuses a GBK eval set, naming the file, the line and the offset of the first bad byte', async () => {
    const t = makeTempDir()
    const file = writeBytes(t.path('eval.csv'), 'id,question\nq1,', GBK_NIANJIA, '\n')
    const error = await refusal(() => readTable(file, 'eval set'))
    // the encodings the bytes fit, each with its reading of the word: the user sees which one is theirs
    assert.equal(
      error.message,
      `${file}:2: not valid UTF-8: byte 0xC4 at byte offset 15; its bytes read as GBK ("年假有几天"), Big5 ("爛樑衄撓毞"), EUC-KR ("쾨솝唐섯莖") or Windows-1252 (Latin-1) ("Äê¼ÙÓÐ¼¸Ìì")`,
    )
    assert.match(error.hint ?? '', /iconv -f GBK -t UTF-8/)
  })

  it('refuses a Latin-1 eval set at its first accented letter', async () => {
    const t = makeTempDir()
    const file = writeBytes(t.path('eval.csv'), 'id,question\nq1,ok\nq2,caf', [0xe9], ' au lait?\n')
    const error = await refusal(() => readTable(file, 'eval set'))
    // not GBK (issue 28): only Latin-1 reads these bytes
    assert.equal(error.message, `${file}:3: not valid UTF-8: byte 0xE9 at byte offset 24; its bytes read as Windows-1252 (Latin-1) ("café")`)
    assert.match(error.hint ?? '', /iconv -f WINDOWS-1252 -t UTF-8/)
  })

  it('refuses UTF-16LE with a byte order mark, saying it is UTF-16', async () => {
    const t = makeTempDir()
    const file = t.path('eval.csv')
    writeFileSync(file, utf16le('id,question\r\nq1,年假有几天？\r\n', true))
    const error = await refusal(() => readTable(file, 'eval set'))
    assert.match(error.message, /not UTF-8: it is UTF-16 \(little-endian; it starts with a UTF-16 byte order mark/)
    assert.ok(error.message.startsWith(file))
  })

  it('refuses UTF-16LE without a byte order mark by its NUL bytes at every other offset', async () => {
    const t = makeTempDir()
    const file = t.path('eval.csv')
    writeFileSync(file, utf16le('id,question\r\nq1,年假有几天？\r\nq2,病假需要什么材料？\r\n', false))
    const error = await refusal(() => readTable(file, 'eval set'))
    assert.match(error.message, /looks like UTF-16 \(little-endian, without a byte order mark\).*the first at byte offset 1\b/)
  })

  it('still reads UTF-8 with a byte order mark, CSV and streamed JSONL alike', async () => {
    const t = makeTempDir()
    const csv = writeBytes(t.path('eval.csv'), [0xef, 0xbb, 0xbf], 'id,question\nq1,年假有几天？\n')
    assert.deepEqual(
      (await readTable(csv, 'eval set')).records.map((r) => r.data),
      [{ id: 'q1', question: '年假有几天？' }],
    )
    const jsonl = writeBytes(t.path('pred.jsonl'), [0xef, 0xbb, 0xbf], '{"id":"q1","answer":"五天"}\n')
    assert.deepEqual(await collect(jsonl), [{ id: 'q1', answer: '五天' }])
  })

  it('refuses UTF-16 and GBK in a streamed JSONL file too', async () => {
    const t = makeTempDir()
    const wide = t.path('wide.jsonl')
    writeFileSync(wide, utf16le('{"id":"q1","answer":"五天"}\n', true))
    assert.match((await refusal(() => collect(wide))).message, /UTF-16/)
    const gbk = writeBytes(t.path('gbk.jsonl'), '{"id":"q1","answer":"', GBK_NIANJIA, '"}\n')
    assert.equal(
      (await refusal(() => collect(gbk))).message,
      `${gbk}:1: not valid UTF-8: byte 0xC4 at byte offset 21; its bytes read as GBK ("年假有几天"), Big5 ("爛樑衄撓毞"), EUC-KR ("쾨솝唐섯莖") or Windows-1252 (Latin-1) ("Äê¼ÙÓÐ¼¸Ìì")`,
    )
  })

  it('streams many chunks with characters split across chunk boundaries, and finds a bad byte far into the file', async () => {
    const t = makeTempDir()
    // 3-byte characters in 40-byte lines: 64 KiB read chunks end inside a character
    const lines = Array.from({ length: 20_000 }, (_, i) => JSON.stringify({ id: `q${i}`, answer: '年假五天' }))
    const good = writeBytes(t.path('good.jsonl'), lines.join('\n') + '\n')
    assert.equal((await collect(good)).length, 20_000)
    const head = Buffer.from(lines.slice(0, 15_000).join('\n') + '\n{"id":"bad","answer":"', 'utf8')
    const bad = writeBytes(t.path('bad.jsonl'), head, GBK_NIANJIA, '"}\n', lines.slice(15_000).join('\n'))
    assert.equal((await refusal(() => collect(bad))).message, `${bad}:15001: not valid UTF-8: byte 0xC4 at byte offset ${head.length}; its bytes read as GBK ("年假有几天")`)
  })

  it('refuses a streamed file that ends in the middle of a character', async () => {
    const t = makeTempDir()
    const file = writeBytes(t.path('cut.jsonl'), '{"id":"q1","answer":"五天"}\n', [0xe5, 0xb9])
    assert.equal((await refusal(() => collect(file))).message, `${file}:2: not valid UTF-8: the file ends in the middle of a character at byte offset 30`)
  })
})

describe('firstInvalidUtf8', () => {
  const cases: [string, number[], number][] = [
    ['plain ASCII', [0x61, 0x62], 2],
    ['a 4-byte emoji', [0xf0, 0x9f, 0x98, 0x80, 0x61], 5],
    ['an overlong NUL', [0x61, 0xc0, 0x80], 1],
    ['an overlong 3-byte form', [0xe0, 0x80, 0xaf], 0],
    ['a UTF-16 surrogate', [0x61, 0x62, 0xed, 0xa0, 0x80], 2],
    ['a code point above U+10FFFF', [0xf4, 0x90, 0x80, 0x80], 0],
    ['a stray continuation byte', [0x61, 0x80], 1],
    ['a lead byte followed by ASCII', [0xe5, 0x61, 0x62], 0],
    ['a character cut at the end', [0x61, 0xe5, 0xb9], 3],
  ]
  for (const [name, bytes, expected] of cases) {
    it(`finds ${name} at ${expected}`, () => assert.equal(firstInvalidUtf8(Uint8Array.from(bytes)), expected))
  }
})
