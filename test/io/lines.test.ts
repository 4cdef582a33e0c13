import assert from 'node:assert/strict'
import { createInterface } from 'node:readline'
import { Readable } from 'node:stream'
import { test } from 'node:test'
import { linesOf } from '../../src/io/tabular.ts'
import { mulberry32 } from '../../bench/generate.ts'

async function collect(lines: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = []
  for await (const line of lines) out.push(line)
  return out
}

async function* chunksOf(parts: readonly string[]): AsyncGenerator<string> {
  yield* parts
}

test('linesOf splits lines as readline does: LF, CRLF and lone CR, across any chunk boundary', async () => {
  const random = mulberry32(7)
  const pieces = ['a', 'bc', '{"id":1}', '中文', '\n', '\r', '\r\n', ' ', '']
  for (let round = 0; round < 400; round++) {
    const text = Array.from({ length: Math.floor(random() * 14) }, () => pieces[Math.floor(random() * pieces.length)]).join('')
    // cut anywhere, a CRLF included, with empty chunks among them
    const cuts = [...new Set(Array.from({ length: Math.floor(random() * 5) }, () => Math.floor(random() * (text.length + 1))))].sort((a, b) => a - b)
    const chunks = [0, ...cuts].map((from, i) => text.slice(from, [...cuts, text.length][i]))
    const expected = await collect(createInterface({ input: Readable.from(chunksOf(chunks)), crlfDelay: Infinity }))
    assert.deepEqual(await collect(linesOf(chunksOf(chunks))), expected, JSON.stringify(chunks))
  }
})
