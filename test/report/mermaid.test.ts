import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { flipChart, sanitise, trendChart } from '../../src/report/mermaid.ts'

const NUMBER = String.raw`[+-]?(?:\d+(?:\.\d+)?|\.\d+)`
const QUOTED = String.raw`"(?:[^"\[\]\n%\x60;<>&]|%(?!%))+"`

/**
 * The statements of an xychart-beta block, checked against Mermaid's grammar (xychart.jison):
 * a quoted string ends at the next `"`, numbers have no exponent, `%%` lines are comments.
 * Returns the x-axis labels and the data series so a test can count them.
 */
function parseBlock(block: string): { title: string; labels: string[]; y: [number, number]; series: { kind: string; values: number[] }[] } {
  const lines = block.split('\n')
  assert.equal(lines[0], '```mermaid')
  assert.equal(lines[1], 'xychart-beta')
  assert.equal(lines.at(-2), '```')
  assert.equal(lines.at(-1), '')
  let title = ''
  let labels: string[] = []
  let y: [number, number] = [NaN, NaN]
  const series: { kind: string; values: number[] }[] = []
  for (const line of lines.slice(2, -2)) {
    let m: RegExpExecArray | null
    if ((m = new RegExp(`^  title (${QUOTED})$`).exec(line))) title = m[1]!.slice(1, -1)
    else if ((m = new RegExp(`^  x-axis \\[(${QUOTED}(?:, ${QUOTED})*)\\]$`).exec(line))) labels = [...m[1]!.matchAll(/"([^"]*)"/g)].map((x) => x[1]!)
    else if ((m = new RegExp(`^  y-axis "(?:score|Δ)" (${NUMBER}) --> (${NUMBER})$`).exec(line))) y = [Number(m[1]), Number(m[2])]
    else if ((m = new RegExp(`^  (line|bar) \\[(${NUMBER}(?:, ${NUMBER})*)\\]$`).exec(line))) series.push({ kind: m[1]!, values: m[2]!.split(', ').map(Number) })
    else assert.match(line, /^ {2}%% [^\n{]*$/, `not an xychart-beta statement: ${JSON.stringify(line)}`)
  }
  for (const s of series) assert.equal(s.values.length, labels.length, 'one value per x-axis label')
  return { title, labels, y, series }
}

describe('trendChart', () => {
  it('renders the exact xychart-beta block, carrying missing values and saying so', () => {
    const block = trendChart(
      {
        labels: ['v1.0', 'v1.1', 'PR #12'],
        lines: [
          { metric: 'rules_pass', values: [0.8, 0.81234, 0.85] },
          { metric: 'recall@5', values: [null, 0.5, null] },
        ],
      },
      { title: 'last 2 baselines + this PR' },
    )
    assert.equal(
      block,
      [
        '```mermaid',
        'xychart-beta',
        '  title "rules_pass, recall@5 (last 2 baselines + this PR)"',
        '  x-axis ["v1.0", "v1.1", "PR #12"]',
        '  y-axis "score" 0 --> 1',
        '  line [0.8, 0.812, 0.85]',
        '  line [0, 0.5, 0.5]',
        '  %% recall@5: 1 missing value carried forward from the previous point; 1 missing value before the first one drawn as 0',
        '```',
        '',
      ].join('\n'),
    )
    parseBlock(block)
  })

  it('keeps the last 20 points when given more', () => {
    const labels = Array.from({ length: 25 }, (_, i) => `b${i + 1}`)
    const values = labels.map((_, i) => (i + 1) / 100)
    const chart = parseBlock(trendChart({ labels, lines: [{ metric: 'mrr', values }] }))
    assert.deepEqual(chart.labels, labels.slice(5))
    assert.deepEqual(chart.series, [{ kind: 'line', values: values.slice(5) }])
    assert.equal(chart.title, 'mrr')
  })

  it('takes the y range from the options and widens it to hold every value', () => {
    assert.deepEqual(parseBlock(trendChart({ labels: ['a', 'b'], lines: [{ metric: 'mrr', values: [0.5, 0.6] }] }, { yMin: 0.4, yMax: 0.8 })).y, [0.4, 0.8])
    assert.deepEqual(parseBlock(trendChart({ labels: ['a', 'b'], lines: [{ metric: 'latency_ms', values: [900, 1200] }] })).y, [0, 1200])
  })

  it('numbers repeated labels, because the x axis would merge them into one slot', () => {
    const chart = parseBlock(trendChart({ labels: ['v1', 'v1', 'v2', 'v1'], lines: [{ metric: 'mrr', values: [0.1, 0.2, 0.3, 0.4] }] }))
    assert.deepEqual(chart.labels, ['v1', 'v1 (2)', 'v2', 'v1 (3)'])
  })

  it('gives nothing to draw as an empty string', () => {
    assert.equal(trendChart({ labels: [], lines: [{ metric: 'mrr', values: [] }] }), '')
    assert.equal(trendChart({ labels: ['a'], lines: [] }), '')
  })
})

describe('flipChart', () => {
  const changes = [
    { id: 'q1', baseline: 1, candidate: 0 },
    { id: 'q2', baseline: 0.5, candidate: 0.75 },
    { id: 'q3', baseline: 0.25, candidate: 0.2 },
    { id: 'q4', baseline: 0, candidate: 1 },
    { id: 'q5', baseline: 0.5, candidate: 0 },
  ]

  it('renders the exact block, from the largest drop to the largest gain', () => {
    assert.equal(
      flipChart(changes),
      [
        '```mermaid',
        'xychart-beta',
        '  title "per-question change (candidate − baseline)"',
        '  x-axis ["q1", "q5", "q3", "q2", "q4"]',
        '  y-axis "Δ" -1 --> 1',
        '  bar [-1, -0.5, -0.05, 0.25, 1]',
        '```',
        '',
      ].join('\n'),
    )
  })

  it('keeps the `max` largest changes, then sorts them by change, and says how many were left out', () => {
    const block = flipChart(changes, { max: 3, title: 'rules_pass' })
    const chart = parseBlock(block)
    assert.deepEqual(chart.labels, ['q1', 'q5', 'q4'])
    assert.deepEqual(chart.series[0]!.values, [-1, -0.5, 1])
    assert.equal(chart.title, 'rules_pass, largest 3 of 5')
    assert.ok(block.includes('  %% 2 smaller changes not drawn\n'))
  })

  it('draws at most 40 bars by default', () => {
    const many = Array.from({ length: 55 }, (_, i) => ({ id: `q${i}`, baseline: 0, candidate: (i - 27) / 30 }))
    const chart = parseBlock(flipChart(many))
    assert.equal(chart.labels.length, 40)
    const values = chart.series[0]!.values
    assert.deepEqual(values, [...values].sort((a, b) => a - b))
    // the 15 smallest |changes| (q20..q34) are the ones left out
    assert.ok(!chart.labels.includes('q27') && chart.labels.includes('q0') && chart.labels.includes('q54'))
  })

  const ranges: [string, number[], [number, number]][] = [
    ['at least −1 to 1 when every |Δ| ≤ 1', [0.1, -0.3], [-1, 1]],
    ['rounded out to 0.25 steps beyond that', [1.1, -2.3], [-2.5, 1.25]],
    ['including zero when every change is a gain larger than 1', [1.6, 3.1], [0, 3.25]],
  ]
  for (const [what, deltas, expected] of ranges) {
    it(`sets the y range ${what}`, () => {
      const chart = parseBlock(flipChart(deltas.map((d, i) => ({ id: `q${i}`, baseline: 0, candidate: d }))))
      assert.deepEqual(chart.y, expected)
    })
  }

  it('keeps hostile ids from breaking the syntax', () => {
    const hostile = ['a"]b', '<x>', 'line\nbar [1]', '%%{init: {"theme":"dark"}}%%', '`md`"', 'x;#amp;', '', 'a, b', 'a"]b']
    const block = flipChart(hostile.map((id, i) => ({ id, baseline: 0, candidate: (i + 1) / 10 })))
    const chart = parseBlock(block)
    assert.equal(chart.labels.length, hostile.length)
    assert.equal(new Set(chart.labels).size, hostile.length, 'ids that sanitise alike still get their own bar')
    assert.ok(chart.labels.includes("a')b"))
    assert.ok(chart.labels.includes('‹x›'))
    assert.ok(chart.labels.includes('a, b'))
    assert.equal(block.split('\n').filter((l) => /^\s*(bar|line) /.test(l)).length, 1, 'a newline in an id cannot start a statement')
  })

  it('gives nothing to draw as an empty string', () => {
    assert.equal(flipChart([]), '')
  })
})

describe('sanitise', () => {
  it('shortens to the limit with an ellipsis and never returns an empty label', () => {
    assert.equal(sanitise('abcdefghij', 5), 'abcd…')
    assert.equal(sanitise('  \n ', 5), '-')
  })
})
