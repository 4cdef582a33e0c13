import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { describe, it } from 'node:test'
import { gunzipSync } from 'node:zlib'
import { writeJson } from '../../src/io/jsonFile.ts'

/** writeJson's pieces, joined, and how many there were. */
function pieces(value: unknown, levels: number): { text: string; count: number } {
  const out: string[] = []
  writeJson((chunk) => void out.push(String(chunk)), value, levels)
  return { text: out.join(''), count: out.length }
}

const noPrototype = Object.assign(Object.create(null) as Record<string, unknown>, { b: 1, a: [2] })
// eslint-disable-next-line no-sparse-arrays -- a hole is what JSON.stringify writes as null
const holes = [1, , 3]

const VALUES: [string, unknown][] = [
  [
    'a comparison of a 1,000-question run',
    (
      JSON.parse(
        gunzipSync(readFileSync(new URL('../fixtures/byte-identity/gen-results.json.gz', import.meta.url)))
          .toString('utf8')
          .replace('{<timings>}', '{}'),
      ) as { comparison: unknown }
    ).comparison,
  ],
  ['nesting deeper than it splits', { a: { b: { c: { d: [1, { e: 'f' }] } } } }],
  ['members JSON leaves out', { a: undefined, b: () => 1, c: Symbol('s'), d: 1, e: [undefined, () => 1, Symbol('t')] }],
  ['only left-out members', { a: undefined }],
  ['holes, empty lists and records', { a: holes, b: [], c: {}, d: [[]] }],
  ['values with toJSON', { when: new Date(0), custom: { toJSON: () => ['x'] }, list: [new Date(1)] }],
  ['boxed values and class instances', { s: Object('text') as unknown, n: Object(2) as unknown, m: new Map([[1, 2]]), u: new URL('https://example.com/a') }],
  ['an object without a prototype', { noPrototype }],
  ['numbers JSON has no word for', { a: [Number.NaN, Infinity, -0, 1e21, 0.1 + 0.2] }],
  ['text to escape', { '"key"\n': 'a "quote", a \\ and \u2028, 中文 and 😀', list: ['\u0000', '\ud800'] }],
  ['a plain value', 'just text'],
  ['null', null],
]

describe('writeJson: JSON.stringify in pieces (a large member is never one string)', () => {
  for (const [name, value] of VALUES) {
    it(`writes what JSON.stringify writes for ${name}`, () => {
      for (const levels of [0, 1, 2, 3, 6]) assert.equal(pieces(value, levels).text, JSON.stringify(value), `${levels} levels`)
    })
  }

  it('splits a comparison into pieces of its changes', () => {
    const comparison = VALUES[0]![1]
    const { count } = pieces(comparison, 3)
    assert.ok(count > 100, `${count} pieces`)
    assert.ok(pieces(comparison, 3).text.length / count < 2_000)
  })
})
