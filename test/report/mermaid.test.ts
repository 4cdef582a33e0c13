import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { flipChart, MAX_TREND_POINTS, PALETTE, sanitise, trendChart } from '../../src/report/mermaid.ts'

const NUMBER = String.raw`[+-]?(?:\d+(?:\.\d+)?|\.\d+)`
const QUOTED = String.raw`"(?:[^"\[\]\n%\x60;<>&]|%(?!%))+"`

/**
 * The statements of an xychart-beta block, checked against Mermaid's grammar (xychart.jison):
 * a quoted string ends at the next `"`, numbers have no exponent, `%%` lines are comments.
 * The first line is the block's own `%%{init}%%` directive (JSON). Returns the x-axis labels,
 * the data series and the directive so a test can count and compare them.
 */
interface Init {
  xyChart: { width: number; height: number; titleFontSize: number; xAxis: { labelFontSize: number } }
  themeVariables: { xyChart: { plotColorPalette: string } }
}
function parseBlock(block: string): {
  title: string
  labels: string[]
  y: [number, number]
  yTitle: string
  horizontal: boolean
  init: Init
  palette: string[]
  series: { kind: string; values: number[] }[]
} {
  const lines = block.split('\n')
  assert.equal(lines[0], '```mermaid')
  const directive = /^%%\{init: (.*)\}%%$/.exec(lines[1]!)
  assert.ok(directive, `the block opens with an init directive: ${lines[1]}`)
  assert.ok(!directive[1]!.includes('}%%'), 'nothing inside the directive can end it early')
  const init = JSON.parse(directive[1]!) as Init
  assert.match(lines[2]!, /^xychart-beta( horizontal)?$/)
  const horizontal = lines[2] === 'xychart-beta horizontal'
  assert.equal(lines.at(-2), '```')
  assert.equal(lines.at(-1), '')
  let title = ''
  let labels: string[] = []
  let y: [number, number] = [NaN, NaN]
  let yTitle = ''
  const series: { kind: string; values: number[] }[] = []
  for (const line of lines.slice(3, -2)) {
    let m: RegExpExecArray | null
    if ((m = new RegExp(`^  title (${QUOTED})$`).exec(line))) title = m[1]!.slice(1, -1)
    else if ((m = new RegExp(`^  x-axis \\[(${QUOTED}(?:, ${QUOTED})*)\\]$`).exec(line))) labels = [...m[1]!.matchAll(/"([^"]*)"/g)].map((x) => x[1]!)
    else if ((m = new RegExp(`^  y-axis (${QUOTED}) (${NUMBER}) --> (${NUMBER})$`).exec(line))) {
      yTitle = m[1]!.slice(1, -1)
      y = [Number(m[2]), Number(m[3])]
    } else if ((m = new RegExp(`^  (line|bar) \\[(${NUMBER}(?:, ${NUMBER})*)\\]$`).exec(line))) series.push({ kind: m[1]!, values: m[2]!.split(', ').map(Number) })
    else assert.match(line, /^ {2}%% [^\n{]*$/, `not an xychart-beta statement: ${JSON.stringify(line)}`)
  }
  for (const s of series) assert.equal(s.values.length, labels.length, 'one value per x-axis label')
  const palette = init.themeVariables.xyChart.plotColorPalette.split(',').map((c) => c.trim())
  assert.equal(palette.length, series.length, 'one colour per series')
  for (const c of palette) assert.match(c, /^#[0-9A-F]{6}$/)
  return { title, labels, y, yTitle, horizontal, init, palette, series }
}

const DIRECTIVE = (height: number, palette: string) =>
  `%%{init: {"xyChart":{"width":900,"height":${height},"titleFontSize":16,"xAxis":{"labelFontSize":12}},"themeVariables":{"xyChart":{"plotColorPalette":"${palette}"}}}}%%`

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
        DIRECTIVE(500, '#0072B2, #E69F00'),
        'xychart-beta',
        '  title "rules_pass (blue), recall@5 (orange) · last 2 baselines + this PR"',
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

  it('keeps the last 20 baselines and this run, writing every other label (from the newest) so they stay legible', () => {
    assert.equal(MAX_TREND_POINTS, 21)
    const labels = Array.from({ length: 25 }, (_, i) => `b${i + 1}`)
    const values = labels.map((_, i) => (i + 1) / 100)
    const chart = parseBlock(trendChart({ labels, lines: [{ metric: 'mrr', values }] }))
    const kept = labels.slice(-MAX_TREND_POINTS)
    assert.equal(chart.labels.length, 21)
    assert.equal(new Set(chart.labels).size, 21, 'every point keeps its own slot')
    chart.labels.forEach((label, i) => {
      if ((20 - i) % 2 === 0) assert.equal(label, kept[i], `label ${i} is written`)
      else assert.match(label, /^\u200b+$/, `label ${i} is blank`)
    })
    assert.deepEqual(chart.series, [{ kind: 'line', values: values.slice(-MAX_TREND_POINTS) }])
    assert.equal(chart.title, 'mrr (blue)')
  })

  it('writes every label up to 12 points', () => {
    const labels = Array.from({ length: 12 }, (_, i) => `v${i + 1}`)
    const chart = parseBlock(trendChart({ labels, lines: [{ metric: 'mrr', values: labels.map(() => 0.5) }] }))
    assert.deepEqual(chart.labels, labels)
  })

  it("names each line's colour in the title, in the order of the palette, since Mermaid draws no legend", () => {
    const metrics = ['a', 'b', 'c', 'd', 'e', 'f', 'g']
    const chart = parseBlock(trendChart({ labels: ['v1', 'v2'], lines: metrics.map((metric, i) => ({ metric, values: [i / 10, i / 10 + 0.01] })) }))
    assert.equal(chart.title, 'a (blue), b (orange), c (green), d (pink), e (light blue), f (red), g (blue)')
    assert.deepEqual(chart.palette, [...PALETTE.map((p) => p.colour), PALETTE[0]!.colour])
    // never Mermaid's default first colour, #ECECFF, which is barely visible on white
    assert.ok(!chart.palette.includes('#ECECFF'))
  })

  it('draws identical lines once, named after all of them, so no line hides another', () => {
    const chart = parseBlock(
      trendChart({
        labels: ['v1', 'v2', 'PR'],
        lines: [
          { metric: 'rules_pass', values: [1, 1, 1] },
          { metric: 'faithfulness', values: [1, 1, 1] },
          { metric: 'completeness_norm', values: [0.57, 0.65, 0.57] },
          { metric: 'mrr', values: [0.57, 0.65, 0.5] },
        ],
      }),
    )
    assert.equal(chart.title, 'rules_pass = faithfulness (blue), completeness_norm (orange), mrr (green)')
    assert.deepEqual(
      chart.series.map((s) => s.values),
      [
        [1, 1, 1],
        [0.57, 0.65, 0.57],
        [0.57, 0.65, 0.5],
      ],
    )
  })

  it('shortens labels to fit their slot, keeping the end where versions differ, and keeps them apart', () => {
    const labels = [...Array.from({ length: 11 }, (_, i) => `release-candidate-${String(i).padStart(2, '0')}`), 'this PR']
    const chart = parseBlock(trendChart({ labels, lines: [{ metric: 'mrr', values: labels.map(() => 0.5) }] }))
    assert.equal(chart.labels[0], 're…te-00')
    assert.equal(chart.labels.at(-1), 'this PR', 'the last point keeps its whole name')
    assert.equal(new Set(chart.labels).size, labels.length)
    // 12 labels of at most 8 characters fit the 800px Mermaid gives the axis at 12px
    for (const l of chart.labels) assert.ok([...l].length <= 8, l)
    // few points: whole labels up to 24 characters
    const few = parseBlock(trendChart({ labels: ['fixed500-k3', 'heading-k5', 'this PR'], lines: [{ metric: 'mrr', values: [0.8, 0.82, 0.81] }] }))
    assert.deepEqual(few.labels, ['fixed500-k3', 'heading-k5', 'this PR'])
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

  it('renders the exact block: horizontal bars of the size of each change, the direction in the label, from the largest drop to the largest gain', () => {
    assert.equal(
      flipChart(changes),
      [
        '```mermaid',
        DIRECTIVE(250, '#0072B2'),
        'xychart-beta horizontal',
        '  title "per-question change (candidate − baseline)"',
        '  x-axis ["▼ q1", "▼ q5", "▼ q3", "▲ q2", "▲ q4"]',
        '  y-axis "size of change (▼ fell: worse, ▲ rose: better)" 0 --> 1',
        '  bar [1, 0.5, 0.05, 0.25, 1]',
        '```',
        '',
      ].join('\n'),
    )
  })

  it('never draws a negative bar: Mermaid grows bars from the axis minimum, so the largest drop would look smallest', () => {
    const chart = parseBlock(
      flipChart([
        { id: 'worst', baseline: 1, candidate: 0 },
        { id: 'mild', baseline: 1, candidate: 0.667 },
        { id: 'gain', baseline: 0.5, candidate: 0.833 },
      ]),
    )
    assert.equal(chart.y[0], 0, 'the value axis starts at zero, where every bar starts')
    assert.deepEqual(chart.series[0]!.values, [1, 0.333, 0.333])
    assert.deepEqual(chart.labels, ['▼ worst', '▼ mild', '▲ gain'])
    assert.ok(chart.series[0]!.values.every((v) => v >= 0))
  })

  it('keeps the `max` largest changes, then sorts them by change, and says how many were left out', () => {
    const block = flipChart(changes, { max: 3, title: 'rules_pass' })
    const chart = parseBlock(block)
    assert.deepEqual(chart.labels, ['▼ q1', '▼ q5', '▲ q4'])
    assert.deepEqual(chart.series[0]!.values, [1, 0.5, 1])
    assert.equal(chart.title, 'rules_pass, largest 3 of 5')
    assert.ok(block.includes('  %% 2 smaller changes not drawn\n'))
  })

  it('draws at most 40 bars by default, one 22px row each', () => {
    const many = Array.from({ length: 55 }, (_, i) => ({ id: `q${i}`, baseline: 0, candidate: (i - 27) / 30 }))
    const chart = parseBlock(flipChart(many))
    assert.equal(chart.labels.length, 40)
    assert.ok(chart.horizontal)
    assert.equal(chart.init.xyChart.height, 110 + 22 * 40)
    // drops first (largest first), then gains (largest last)
    const signed = chart.labels.map((l, i) => (l.startsWith('▼') ? -1 : 1) * chart.series[0]!.values[i]!)
    assert.deepEqual(
      signed,
      [...signed].sort((a, b) => a - b),
    )
    // the 15 smallest |changes| (q20..q34) are the ones left out
    assert.ok(!chart.labels.includes('▼ q27') && chart.labels.includes('▼ q0') && chart.labels.includes('▲ q54'))
    assert.equal(parseBlock(flipChart(changes.slice(0, 1))).init.xyChart.height, 250, 'a minimum height for one bar')
  })

  const ranges: [string, number[], [number, number]][] = [
    ['0 to 1 when every |Δ| ≤ 1', [0.1, -0.3], [0, 1]],
    ['rounded out to 0.25 steps beyond that', [1.1, -2.3], [0, 2.5]],
    ['the same for gains larger than 1', [1.6, 3.1], [0, 3.25]],
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
    assert.ok(chart.labels.includes("▲ a')b"))
    assert.ok(chart.labels.includes('▲ ‹x›'))
    assert.ok(chart.labels.includes('▲ a, b'))
    assert.equal(block.split('\n').filter((l) => l.includes('%%{')).length, 1, "an id cannot add a directive: only the block's own")
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
