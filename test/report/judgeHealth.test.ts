import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { renderReport } from '../../src/report/markdown.ts'
import { renderTerminal } from '../../src/report/terminal.ts'
import type { JudgeHealth } from '../../src/schemas/judgeHealth.ts'
import { makeResults, makeRun } from '../helpers/factories.ts'

/** A results.json read back from disk may say anything: its judge health's metric names are escaped like any other text. */
function withHealth(metric: string): ReturnType<typeof makeResults> {
  const health: JudgeHealth = {
    answers: 10,
    dimensions: [{ metric, n: 10, counts: [0, 0, 0, 10, 0], top_grade: 3, top_share: 1, collapsed: true, length_rho: 0.9, length_biased: true }],
    lengths: null,
  }
  return { ...makeResults(makeRun([{ accuracy_norm: 0.75 }])), judge_health: health }
}

describe('judge health rendering', () => {
  it('escapes a hostile metric name in the report and shows its control characters as codes in the terminal', () => {
    const results = withHealth('x|<img src=x>\u001b[31m_norm')
    const report = renderReport(results)
    assert.doesNotMatch(report, /<img/)
    assert.match(report, /\| x\\\|&lt;img src=x&gt;/)
    const terminal = renderTerminal(results, { color: false })
    assert.ok(!terminal.includes('\u001b'), 'no escape character reaches the terminal')
    assert.match(terminal, /the judge has stopped discriminating on x\|<img src=x>\\x1b\[31m: 100% of answers got 3/)
  })

  it('says nothing for a run without judge health', () => {
    const results = makeResults(makeRun([{ accuracy_norm: 0.75 }]))
    assert.doesNotMatch(renderReport(results), /judge health/i)
    assert.doesNotMatch(renderTerminal(results, { color: false }), /judge health/i)
  })
})
