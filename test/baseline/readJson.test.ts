import assert from 'node:assert/strict'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { after, describe, it } from 'node:test'
import { parseLinedJson, readLinedJson } from '../../src/baseline/readJson.ts'
import { writeJsonFile } from '../../src/io/jsonFile.ts'
import { cleanupTempDirs, makeTempDir } from '../cli/harness.ts'

after(cleanupTempDirs)

/** A deterministic stream of numbers in [0, 1). */
function random(seed: number): () => number {
  let s = seed
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31
    return s / 2 ** 31
  }
}

const PIECES = ['请问差旅住宿', '😀', '\ud800', '\udc00x', 'é', 'e\u0301', '"', '\\', '\n', '\t', '\u0000', '\u2028', ' ', ': ', '",\n"', '}', 'a', '1']

function text(next: () => number): string {
  let s = ''
  const n = Math.floor(next() * 12)
  for (let i = 0; i < n; i++) s += PIECES[Math.floor(next() * PIECES.length)]
  return s
}

/** A results-like file of `n` questions with odd text everywhere: ids, keys, values. */
function file(n: number, seed: number): Record<string, unknown> {
  const next = random(seed)
  const questions: Record<string, unknown> = {}
  for (let i = 0; i < n; i++) {
    const id = i % 97 === 5 ? `${text(next)}-${i}` : i % 89 === 3 ? String(i) : `q${String(i).padStart(6, '0')}`
    questions[id] = { question: text(next), answer: text(next), scores: { mrr: next(), 'hit@5': null, [text(next)]: 1 }, notes: { [text(next)]: text(next) }, claims: [{ text: text(next) }] }
  }
  return { schema_version: 2, run: { notes: [text(next)], n: 1.5e300 }, metrics: {}, questions, comparison: null, [text(next)]: text(next) }
}

function written(data: Record<string, unknown>): Buffer {
  const path = makeTempDir().path('results.json')
  writeJsonFile(path, data, [])
  return readFileSync(path)
}

/** JSON.parse of the whole text, or the error it throws. */
function whole(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'))
  } catch (error) {
    return error
  }
}

describe('parseLinedJson: a large file parsed line by line (issue 13)', () => {
  it("parses writeJsonFile's large-file layout as JSON.parse of the whole text does", () => {
    for (const seed of [1, 2, 3]) {
      const bytes = written(file(2500, seed))
      const lined = parseLinedJson(bytes, seed === 1 ? Infinity : 100 * seed)
      assert.notEqual(lined, undefined, 'the layout writeJsonFile gives a large file')
      assert.deepEqual(lined, whole(bytes))
      assert.equal(JSON.stringify(lined), JSON.stringify(whole(bytes)), 'same keys in the same order')
    }
  })

  it('decodes invalid UTF-8 as the whole text does (U+FFFD), or leaves the text to JSON.parse', () => {
    const good = written(file(2100, 7))
    // inside strings: a byte of a multi-byte character, or a letter
    const inside = [...good.keys()].filter((i) => good[i]! >= 0x80 || (good[i]! >= 0x61 && good[i]! <= 0x7a))
    const next = random(11)
    let answered = 0
    for (let trial = 0; trial < 120; trial++) {
      const bytes = Buffer.from(good)
      for (let k = 0; k < 1 + (trial % 5); k++) bytes[inside[Math.floor(next() * inside.length)]!] = 0x80 + Math.floor(next() * 0x80)
      const lined = parseLinedJson(bytes)
      if (lined === undefined) continue
      answered++
      assert.deepEqual(lined, whole(bytes), `trial ${trial}`)
    }
    assert.ok(answered > 50, `answered ${answered} of 120`)
  })

  it('leaves every other text to JSON.parse', () => {
    const good = written(file(2100, 5)).toString('utf8')
    const lines = good.split('\n')
    const cases: [string, string][] = [
      ['an indented file', JSON.stringify(JSON.parse(good), null, 2)],
      ['one line', JSON.stringify(JSON.parse(good))],
      ['CRLF line ends', good.replaceAll('\n', '\r\n')],
      ['a byte order mark', `\ufeff${good}`],
      ['no final newline', good.slice(0, -1)],
      ['a blank line at the end', `${good}\n`],
      ['a missing comma between questions', good.replace(/\},\n"q000010"/, '}\n"q000010"')],
      ['a comma after the last question', lines.map((l, i) => (lines[i + 1]?.startsWith('}') && l.startsWith('"q') ? `${l},` : l)).join('\n')],
      ['a comma after the last member', `${good.slice(0, -3)},\n}\n`],
      ['a question id twice', good.replace('"q000011":', '"q000010":')],
      ['a __proto__ id', good.replace('"q000011":', '"__proto__":')],
      ['a __proto__ member', good.replace('"metrics":', '"__proto__":')],
      ['two members on a line', good.replace('"schema_version": 2,\n', '"schema_version": 2, "x": 1,\n')],
      ['a value over two lines', good.replace('"schema_version": 2,\n', '"schema_version":\n2,\n')],
      ['a truncated file', good.slice(0, good.length / 2)],
      ['empty', ''],
    ]
    for (const [name, t] of cases) {
      const bytes = Buffer.from(t)
      const lined = parseLinedJson(bytes)
      if (name === 'two members on a line') assert.deepEqual(lined, whole(bytes), name)
      else assert.equal(lined, undefined, name)
    }
  })
})

describe('readLinedJson', () => {
  it('reads a large file in chunks, lines across them and one longer than the buffer', () => {
    const data = file(2100, 9)
    const questions = data.questions as Record<string, Record<string, unknown>>
    questions.q000100!.answer = '长'.repeat(700_000)
    const bytes = written(data)
    const expected = whole(bytes)
    assert.ok(bytes.length > 2 << 20, `${bytes.length} bytes`)
    for (const most of [Infinity, 4096, 777]) assert.deepEqual(parseLinedJson(bytes, most), expected, `${most} bytes at a time`)
    const t = makeTempDir()
    writeFileSync(t.path('a.json'), bytes)
    assert.deepEqual(readLinedJson(t.path('a.json')), expected)
    // the buffer is reused by the next file
    assert.deepEqual(readLinedJson(t.path('a.json')), expected)
  })

  it('leaves a small, missing or unreadable file to the caller', () => {
    const t = makeTempDir()
    writeFileSync(t.path('small.json'), JSON.stringify({ questions: { q: 1 } }, null, 2))
    writeFileSync(t.path('empty.json'), '')
    mkdirSync(t.path('folder.json'))
    for (const name of ['small.json', 'empty.json', 'missing.json', 'folder.json']) assert.equal(readLinedJson(t.path(name)), undefined, name)
  })
})
