import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { GateError } from '../../src/io/errors.ts'
import { idRecord } from '../../src/io/ids.ts'
import { knownAt, knownField, knownKey } from '../../src/io/known.ts'

/** A miss is a bug in evalgate: a plain Error (the shells' internal error, exit 3), never a GateError (bad input, exit 2). */
function assertInternal(read: () => unknown, message: RegExp): void {
  assert.throws(read, (error: unknown) => {
    assert.ok(error instanceof Error && !(error instanceof GateError), 'a plain Error')
    assert.match(error.message, message)
    return true
  })
}

describe('reads of what the code itself put in place (issue 30: non-null assertions replaced)', () => {
  it('gives the value that is there, null and 0 included', () => {
    assert.equal(knownKey(new Map([['q1', 0]]), 'q1', 'position of question'), 0)
    assert.equal(knownField(idRecord<string | null>([['q1', null]]), 'q1', 'answer of question'), null)
    assert.equal(knownAt(new Float64Array([0.5]), 0, 'score'), 0.5)
  })

  it('throws an internal error naming the missing key, quoted and escaped, where `!` carried undefined on', () => {
    assertInternal(() => knownKey(new Map<string, number>(), 'q\u202e1', 'position of question'), /^position of question: nothing for "q\\u202e1"$/)
    assertInternal(() => knownField(idRecord<number>(), 'constructor', 'question'), /^question: nothing for "constructor"$/)
    assertInternal(() => knownAt([1, 2], 2, 'score'), /^score: no item at index 2 of 2$/)
    assertInternal(() => knownAt(new Int32Array(1), -1, 'cluster'), /^cluster: no item at index -1 of 1$/)
  })
})
