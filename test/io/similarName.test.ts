import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { editDistance, similarName } from '../../src/text/similarName.ts'

const KNOWN = ['id', 'answer', 'contexts', 'retrieved_ids', 'latency_ms', 'error']
const ALIASES = { answer: ['response', 'output', 'text'] }

describe('similarName finds the known name an unknown one was meant to be', () => {
  const cases: [string, string | null][] = [
    ['response', 'answer'],
    ['Output', 'answer'],
    ['anwser', 'answer'],
    ['context', 'contexts'],
    ['retrieved-IDs', 'retrieved_ids'],
    ['retreived_ids', 'retrieved_ids'],
    ['latency', 'latency_ms'],
    ['ID', 'id'],
    ['ix', null],
    ['score', null],
    ['owner', null],
    ['', null],
  ]
  for (const [name, expected] of cases) {
    it(`${JSON.stringify(name)} → ${expected ?? 'nothing'}`, () => assert.equal(similarName(name, KNOWN, ALIASES), expected))
  }
})

describe('editDistance', () => {
  it('counts an adjacent transposition as one edit', () => assert.equal(editDistance('anwser', 'answer', 2), 1))
  it('stops at limit + 1', () => assert.equal(editDistance('abcdef', 'uvwxyz', 2), 3))
  it('is 0 for equal strings', () => assert.equal(editDistance('recall', 'recall', 0), 0))
})
