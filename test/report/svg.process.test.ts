import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import type { HistoryRow } from '../../src/baseline/history.ts'
import { trendSvg } from '../../src/report/svg.ts'
import { escapeXml, niceRange } from '../../src/report/svgScale.ts'

function point(i: number, over: Partial<HistoryRow> = {}): HistoryRow {
  return { date: `2026-01-${String(i + 1).padStart(2, '0')}`, version: `v1.${i}`, eval_set_version: 'v1', metric: 'rules_pass', value: 0.7 + (i % 3) * 0.05, ...over }
}

/** `n` runs of two metrics; the eval set changes at each index in `changes`. */
function history(n: number, changes: number[] = []): HistoryRow[] {
  const rows: HistoryRow[] = []
  for (let i = 0; i < n; i++) {
    const evalSet = `v${1 + changes.filter((c) => i >= c).length}`
    rows.push(point(i, { eval_set_version: evalSet }), point(i, { eval_set_version: evalSet, metric: 'mrr', value: 0.5 }))
  }
  return rows
}

const XML_NAME = /^[A-Za-z_][\w.-]*$/
const TEXT_OK = /^(?:[^<>&]|&(?:amp|lt|gt|quot|apos);)*$/
const ATTR_OK = /^(?:[^<&"]|&(?:amp|lt|gt|quot|apos);)*$/

/**
 * A strict well-formedness check for what trendSvg writes: one prolog, every tag closed in
 * order, every attribute double-quoted and unique, and no entity but the five XML ones.
 */
function assertWellFormed(svg: string): void {
  let rest = svg
  assert.match(rest, /^<\?xml version="1\.0" encoding="UTF-8"\?>\n/)
  rest = rest.replace(/^<\?xml[^?]*\?>/, '')
  const stack: string[] = []
  let roots = 0
  const tag = /<(\/?)([^\s/>]+)((?:\s+[^\s=/>]+="[^"]*")*)\s*(\/?)>/y
  let i = 0
  while (i < rest.length) {
    const lt = rest.indexOf('<', i)
    const text = rest.slice(i, lt === -1 ? rest.length : lt)
    assert.match(text, TEXT_OK, `bad character data: ${JSON.stringify(text.slice(0, 80))}`)
    if (stack.length === 0) assert.equal(text.trim(), '', `text outside the root element: ${JSON.stringify(text.slice(0, 80))}`)
    if (lt === -1) break
    tag.lastIndex = lt
    const m = tag.exec(rest)
    assert.ok(m, `malformed tag at ${JSON.stringify(rest.slice(lt, lt + 80))}`)
    const [, closing, name, attrs, selfClosing] = m
    assert.match(name!, XML_NAME)
    if (closing) {
      assert.equal(attrs, '', `attributes on a closing tag </${name}>`)
      assert.equal(stack.pop(), name, `</${name}> closes the wrong element`)
    } else {
      const names = [...attrs!.matchAll(/\s+([^\s=]+)="([^"]*)"/g)].map(([, attr, value]) => {
        assert.match(attr!, /^[A-Za-z_:][\w.:-]*$/)
        assert.match(value!, ATTR_OK, `bad attribute value ${attr}="${value}"`)
        return attr
      })
      assert.equal(new Set(names).size, names.length, `an attribute repeated on <${name}>`)
      if (stack.length === 0) roots++
      if (!selfClosing) stack.push(name!)
    }
    i = tag.lastIndex
  }
  assert.deepEqual(stack, [], 'unclosed elements')
  assert.equal(roots, 1, 'exactly one root element')
}

const xmllint = spawnSync('which', ['xmllint']).status === 0

function assertXmllintAccepts(svg: string, t: { skip: (message: string) => void }): void {
  if (!xmllint) {
    t.skip('xmllint is not installed (apt-get install -y libxml2-utils); the strict checker above still ran')
    return
  }
  const run = spawnSync('xmllint', ['--noout', '-'], { input: svg, encoding: 'utf8' })
  assert.equal(run.status, 0, run.stderr)
}

const count = (svg: string, pattern: RegExp) => svg.match(new RegExp(pattern, 'g'))?.length ?? 0

describe('trendSvg', () => {
  it('writes well-formed XML, including for hostile version and eval set labels', (t) => {
    const rows = [...history(12, [6]), point(12, { version: '<v&"1">', eval_set_version: "it's <v3>" }), point(13, { version: 'bell\u0007 ]]> --', eval_set_version: "it's <v3>" })]
    for (const svg of [trendSvg(rows, { metric: 'rules_pass', threshold: 0.8, title: 'A & B <title>' }), trendSvg(rows, { metric: 'nothing' })]) {
      assertWellFormed(svg)
      assertXmllintAccepts(svg, t)
    }
  })

  it('draws exactly one point per history row of the metric, each with a tooltip', () => {
    const svg = trendSvg(history(12, [6]), { metric: 'rules_pass' })
    assert.equal(count(svg, /<circle class="point"/), 12)
    assert.equal(count(svg, /<circle class="point"[^>]*><title>[^<]+<\/title><\/circle>/), 12)
    assert.ok(svg.includes('<title>v1.4 · 2026-01-05 · 0.75</title>'), 'tooltip is version · date · value')
  })

  it('breaks the line and marks each change of eval set version, one marker per change', () => {
    const rows = history(12, [4, 8])
    // v1 → v2 → v3, and a return to v1 is a change too
    rows.push(point(12, { eval_set_version: 'v1' }))
    const svg = trendSvg(rows, { metric: 'rules_pass' })
    assert.equal(count(svg, /<line class="eval-set-change"/), 3)
    assert.equal(count(svg, /<polyline /), 4)
    assert.ok(svg.includes('>eval set v2</text>'))
    assert.ok(svg.includes('>eval set v3</text>'))
    assert.equal(count(trendSvg(history(5), { metric: 'rules_pass' }), /eval-set-change/), 0)
  })

  it('draws the threshold line exactly when a threshold is given', () => {
    const rows = history(6)
    const withThreshold = trendSvg(rows, { metric: 'rules_pass', threshold: 0.8 })
    assert.equal(count(withThreshold, /<line class="threshold"[^>]*stroke="#dc2626"[^>]*stroke-dasharray/), 1)
    assert.ok(withThreshold.includes('>threshold</text>'))
    assert.ok(withThreshold.includes('>0.8</text>'))
    for (const threshold of [undefined, null]) {
      const svg = trendSvg(rows, { metric: 'rules_pass', threshold })
      assert.equal(count(svg, /class="threshold"/), 0)
      assert.ok(!svg.includes('>threshold</text>'))
    }
  })

  it('escapes a version named <v&"1"> in the axis label and the tooltip', () => {
    const svg = trendSvg([point(0, { version: '<v&"1">' })], { metric: 'rules_pass' })
    assert.ok(!svg.includes('<v&'))
    assert.ok(svg.includes('>&lt;v&amp;&quot;1&quot;&gt;</text>'))
    assert.ok(svg.includes('<title>&lt;v&amp;&quot;1&quot;&gt; · 2026-01-01 · 0.7</title>'))
  })

  it('labels the y axis 0 to 1 in six ticks for a score', () => {
    const svg = trendSvg(history(3), { metric: 'rules_pass' })
    const ticks = [...svg.matchAll(/text-anchor="end" font-size="11" fill="#374151">([^<]+)<\/text>/g)].map((m) => m[1])
    assert.deepEqual(ticks, ['0.0', '0.2', '0.4', '0.6', '0.8', '1.0'])
  })

  it('chooses a nice range with 5 or 6 ticks for latency_ms, and includes the threshold', () => {
    const rows = [820, 1210, 990].map((value, i) => point(i, { metric: 'latency_ms', value }))
    const svg = trendSvg(rows, { metric: 'latency_ms', threshold: 1500 })
    const ticks = [...svg.matchAll(/text-anchor="end" font-size="11" fill="#374151">([^<]+)<\/text>/g)].map((m) => m[1])
    assert.deepEqual(ticks, ['600', '800', '1,000', '1,200', '1,400', '1,600'])
    assert.ok(svg.includes('>1,500 ms</text>'))
  })

  it('places points in date order at equal spacing, whatever the file order', () => {
    const rows = history(5)
    const shuffled = [rows[6]!, rows[0]!, rows[8]!, rows[2]!, rows[4]!, ...rows.filter((_, i) => i % 2 === 1)]
    const svg = trendSvg(shuffled, { metric: 'rules_pass' })
    assert.equal(svg, trendSvg(rows, { metric: 'rules_pass' }), 'same history, same bytes')
    const xs = [...svg.matchAll(/<circle class="point" cx="([\d.]+)"/g)].map((m) => Number(m[1]))
    const gaps = xs.slice(1).map((x, i) => x - xs[i]!)
    assert.ok(
      gaps.every((g) => Math.abs(g - gaps[0]!) < 0.02 && g > 0),
      `gaps ${gaps.join(', ')}`,
    )
    const versions = [...svg.matchAll(/<title>(v1\.\d) · /g)].map((m) => m[1])
    assert.deepEqual(versions, ['v1.0', 'v1.1', 'v1.2', 'v1.3', 'v1.4'])
  })

  it('rotates and shortens the labels of a crowded axis to 14 characters', () => {
    const rows = Array.from({ length: 40 }, (_, i) => point(i, { date: new Date(Date.UTC(2026, 1, 1, i)).toISOString(), version: `release-candidate-${1000 + i}` }))
    const svg = trendSvg(rows, { metric: 'rules_pass' })
    assert.equal(count(svg, /<circle class="point"/), 40)
    const labels = [...svg.matchAll(/transform="rotate\(-35 [^"]+\)"[^>]*>([^<]+)<\/text>/g)].map((m) => m[1]!)
    assert.ok(labels.length >= 10, `rotated labels: ${labels.length}`)
    assert.ok(
      labels.every((l) => [...l].length <= 14 && l.includes('…')),
      labels.join(' '),
    )
    assert.ok(labels.includes('rele…date-1039'), 'the newest point is always labelled, with the end of its version kept')
  })

  it('says "no history" instead of throwing when the metric has no rows', () => {
    const svg = trendSvg(history(3), { metric: 'faithfulness' })
    assert.ok(svg.includes('>no history for faithfulness</text>'))
    assert.equal(count(svg, /<circle/), 0)
    assertWellFormed(svg)
  })

  it('is a standalone SVG 1.1 file on a white background, with a title and both axis titles', () => {
    const svg = trendSvg(history(3), { metric: 'rules_pass', title: 'rules over time' })
    assert.match(svg, /<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" version="1\.1" width="800" height="420" viewBox="0 0 800 420"/)
    assert.match(svg, /<rect class="background"[^>]*fill="#ffffff"/)
    assert.ok(svg.includes('>rules over time</text>'))
    assert.ok(svg.includes('class="axis-title"'))
    assert.ok(svg.includes('>version</text>'))
    assert.match(svg, /rotate\(-90\)"[^>]*>rules_pass<\/text>/)
    assert.ok(!/NaN|Infinity|undefined/.test(svg))
  })
})

describe('niceRange', () => {
  const cases: [number, number, { min: number; max: number; step: number }][] = [
    [820, 1500, { min: 800, max: 1600, step: 200 }],
    [0, 7, { min: 0, max: 8, step: 2 }],
    [1200, 1200, { min: 1000, max: 1400, step: 100 }],
    [0, 0, { min: -1, max: 1, step: 0.5 }],
    [-3, 12, { min: -5, max: 15, step: 5 }],
  ]
  for (const [lo, hi, expected] of cases) {
    it(`covers [${lo}, ${hi}] with 5 or 6 ticks of a 1-2-2.5-5 step`, () => {
      const range = niceRange(lo, hi)
      assert.deepEqual(range, expected)
      const ticks = Math.round((range.max - range.min) / range.step) + 1
      assert.ok(ticks >= 5 && ticks <= 6, `${ticks} ticks`)
    })
  }
})

describe('escapeXml', () => {
  it('uses only the five XML entities and drops characters XML forbids', () => {
    assert.equal(escapeXml(`<a href="x">Tom & Jerry's</a>\u0001`), '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;')
  })
})
