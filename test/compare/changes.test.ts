import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { questionChanges } from '../../src/compare/changes.ts'
import { buildColumns } from '../../src/compare/columns.ts'
import { baselineOf, gate, makeRun } from '../helpers/factories.ts'

/** 40 questions, scored before and after on two pass/fail metrics and a score: many ties in size, some not. */
function pairOfRuns() {
  const before = makeRun(Array.from({ length: 40 }, (_, i) => ({ hit: i % 3 === 0 ? 0 : 1, refuse_ok: 1, faithfulness: (i % 7) / 7 })))
  const after = makeRun(Array.from({ length: 40 }, (_, i) => ({ hit: i % 3 === 0 ? 1 : i % 2, refuse_ok: i % 5 === 0 ? 0 : 1, faithfulness: (i % 5) / 5 })))
  const names = ['hit', 'refuse_ok', 'faithfulness']
  return { after, columns: buildColumns(after.questions, baselineOf(before).questions, names) }
}

describe('questionChanges', () => {
  it('keeps the same rows, in the same order, whatever it keeps: the largest first, ties by id then metric', () => {
    const { after, columns } = pairOfRuns()
    const all = questionChanges(after.questions, columns, gate(), 1_000)
    assert.ok(all.regressions.length > 10 && all.improvements.length > 10)
    for (const keep of [1, 3, 7, 10, all.regressions.length - 1]) {
      const kept = questionChanges(after.questions, columns, gate(), keep)
      assert.deepEqual(kept.regressions, all.regressions.slice(0, keep))
      assert.deepEqual(kept.improvements, all.improvements.slice(0, keep))
      assert.deepEqual(kept.counts, all.counts, 'the counts are of every change, not the kept ones')
    }
    const order = all.regressions.map((r) => [Math.abs(r.change), r.id, r.metric] as const)
    const sorted = [...order].sort((a, b) => b[0] - a[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0) || (a[2] < b[2] ? -1 : 1))
    assert.deepEqual(order, sorted)
  })
})

describe('buildColumns', () => {
  it('orders question ids by UTF-16 code units, as `<` compares them, whatever order they came in', () => {
    const run = makeRun([{ hit: 1 }, { hit: 0 }, { hit: 1 }, { hit: 0 }, { hit: 1 }, { hit: 1 }, { hit: 0 }])
    const given = ['9', '10', '\uffff', '😀', 'a', 'B', 'q1']
    const questions = Object.fromEntries(given.map((id, i) => [id, run.questions[`q${i + 1}`]!]))
    const expected = [...given].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    assert.deepEqual(buildColumns(questions, null, ['hit']).ids, expected)
    assert.deepEqual(expected, ['10', '9', 'B', 'a', 'q1', '😀', '\uffff'])
  })
})
