import assert from 'node:assert/strict'
import { writeFileSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { Readable } from 'node:stream'
import { after, test } from 'node:test'
import { forEachLine } from '../../src/io/jsonlLines.ts'
import { mulberry32 } from '../../bench/generate.ts'
import { cleanupTempDirs, makeTempDir } from '../cli/harness.ts'

after(cleanupTempDirs)

async function readlineLines(text: string): Promise<string[]> {
  const out: string[] = []
  for await (const line of createInterface({ input: Readable.from([text]), crlfDelay: Infinity })) out.push(line)
  return out
}

async function byteLines(file: string, chunkBytes: number): Promise<{ text: string; number: number }[]> {
  const out: { text: string; number: number }[] = []
  await forEachLine(file, 'predictions file', (line) => out.push({ text: line.bytes.toString('utf8', line.start, line.end), number: line.number }), chunkBytes)
  return out
}

test('forEachLine splits lines as readline does: LF, CRLF and lone CR, whatever the size of a read', async () => {
  const t = makeTempDir()
  const random = mulberry32(7)
  const pieces = ['a', 'bc', '{"id":1}', '中文', '\n', '\r', '\r\n', ' ', '']
  for (let round = 0; round < 300; round++) {
    const text = Array.from({ length: Math.floor(random() * 14) }, () => pieces[Math.floor(random() * pieces.length)]).join('')
    const file = t.path(`lines-${round}.jsonl`)
    writeFileSync(file, text)
    const expected = await readlineLines(text)
    // reads of 1 to 8 bytes cut a CRLF and a character anywhere, and make a line outgrow the buffer
    const chunkBytes = 1 + Math.floor(random() * 8)
    const lines = await byteLines(file, chunkBytes)
    assert.deepEqual(
      lines.map((l) => l.text),
      expected,
      `${JSON.stringify(text)} read ${chunkBytes} bytes at a time`,
    )
    assert.deepEqual(
      lines.map((l) => l.number),
      expected.map((_, i) => i + 1),
    )
  }
})

test('forEachLine leaves the UTF-8 byte order mark out of the first line', async () => {
  const t = makeTempDir()
  const file = t.path('bom.jsonl')
  writeFileSync(file, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"id":"q1"}\n{"id":"q2"}\n')]))
  for (const chunkBytes of [1, 2, 5, 1 << 20])
    assert.deepEqual(
      (await byteLines(file, chunkBytes)).map((l) => l.text),
      ['{"id":"q1"}', '{"id":"q2"}'],
    )
})
