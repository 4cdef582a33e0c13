import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { baselineFromResults, viewOfBaseline } from '../../src/baseline/baseline.ts'
import type { RunUnderTest } from '../../src/compare/columns.ts'
import { compare } from '../../src/compare/compare.ts'
import { conversationsOf } from '../../src/compare/conversations.ts'
import { renderReport } from '../../src/report/markdown.ts'
import { renderTerminal } from '../../src/report/terminal.ts'
import { gate, makeResults, makeRun } from '../helpers/factories.ts'

const UPDATE = 'evalgate baseline --results results.json'

/**
 * Three conversations of two turns (q1-q2 in "a", q3-q4 in "b|<x>", q5-q6 in "c") and a single
 * question q7, on accuracy_norm: in the candidate, only turn 2 of "b|<x>" drops (1 → 0); turn 1 of
 * "c" has no value.
 */
function runOf(accuracy: (number | null)[]): RunUnderTest {
  const run = makeRun(accuracy.map((v, i) => ({ accuracy_norm: v, ...(i % 2 === 1 && i < 6 ? { context_retention_norm: v } : {}) })))
  const ids = ['a', 'b|<x>', 'c']
  for (let i = 0; i < 6; i++) run.questions[`q${i + 1}`]!.conversation = { id: ids[Math.floor(i / 2)]!, turn: (i % 2) + 1 }
  return run
}

function results() {
  const base = runOf([1, 1, 1, 1, 1, 1, 1])
  const cand = runOf([1, 0.5, 1, 0, null, 1, 1])
  const baseline = viewOfBaseline(baselineFromResults(makeResults(base), null, 'v-base', new Date('2026-01-01T00:00:00Z')), 'baselines/baseline.json')
  return makeResults(cand, compare(cand, baseline, gate({ question_drop: 0.6 }), UPDATE))
}

describe('per-conversation view', () => {
  it('mean and worst turn per conversation; a conversation regressed when any of its turns did; worst first', () => {
    const view = conversationsOf(results())!
    assert.equal(view.metric, 'accuracy_norm')
    assert.equal(view.regressed, 1)
    assert.deepEqual(
      view.conversations.map((c) => [c.id, c.turns, c.mean, c.missing, c.worst && [c.worst.turn, c.worst.value], c.regressedTurns]),
      [
        ['b|<x>', 2, 0.5, 0, [2, 0], [2]],
        ['a', 2, 0.75, 0, [2, 0.5], []],
        ['c', 2, 1, 1, [2, 1], []],
      ],
    )
    assert.equal(view.conversations[1]!.retention, 0.5)
  })

  it('is in the report (escaped) and the terminal; a run without conversations has no such section', () => {
    const r = results()
    const md = renderReport(r)
    assert.match(md, /#### Conversations\n\n3 conversations, 1 regressed \(a conversation regresses when any of its turns did\); mean and worst turn on accuracy_norm\./)
    assert.match(md, /\| b\\\|&lt;x&gt; \| 2 \| 0\.500 \| turn 2 \(q4\): 0\.000 \| 0\.000 \| ❌ turn 2 \|/)
    assert.match(md, /\| c \| 2 \| 1\.000 \(1 turn without a value\) \| turn 2 \(q6\): 1\.000 \| 1\.000 \| — \|/)
    const terminal = renderTerminal(r, { color: false })
    assert.match(terminal, /3 conversations, 1 regressed/)
    assert.match(terminal, /b\|<x>\s+2 turns\s+mean 0\.500\s+worst turn 2 \(q4\): 0\.000\s+retention 0\.000\s+regressed: turn 2/)
    const single = makeResults(makeRun([{ accuracy_norm: 1 }]))
    assert.doesNotMatch(renderReport(single), /Conversations/)
    assert.doesNotMatch(renderTerminal(single, { color: false }), /conversation/)
  })
})
