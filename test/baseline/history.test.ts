import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { GateError } from '../../src/io/errors.ts'
import { parseCsv } from '../../src/io/tabular.ts'
import { appendHistory, formatHistoryCsv, historyRowsFromResults, parseHistoryCsv, seriesFor, type HistoryRow } from '../../src/baseline/history.ts'
import { makeResults, makeRun } from '../helpers/factories.ts'

const HEADER = 'date,version,eval_set_version,metric,value'

function row(over: Partial<HistoryRow> = {}): HistoryRow {
  return { date: '2026-01-01', version: 'v1', eval_set_version: 'es1', metric: 'rules_pass', value: 0.5, ...over }
}

function results(scores: Record<string, number | null>[], version: string | null = 'v-cand') {
  const r = makeResults(makeRun(scores))
  r.run.version = version
  return r
}

/** The raw cells of CSV text, as a spreadsheet would see them before evaluating formulas. */
function parseCsvCells(text: string): string[][] {
  return parseCsv('h.csv', `a,b,c,d,e\n${text}`).records.map((r) => ['a', 'b', 'c', 'd', 'e'].map((c) => String(r.data[c])))
}

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'evalgate-history-'))
}

function parseError(text: string): GateError {
  try {
    parseHistoryCsv(text, 'baselines/history.csv')
  } catch (error) {
    assert.ok(error instanceof GateError, `expected a GateError, got ${String(error)}`)
    return error
  }
  assert.fail('expected the history to be refused')
}

describe('historyRowsFromResults', () => {
  it('writes one row per metric that has a mean, sorted by metric name, and skips metrics nobody could score', () => {
    const r = results([
      { rules_pass: 1, 'recall@5': 0.5, faithfulness: null },
      { rules_pass: 0, 'recall@5': 1, faithfulness: null },
    ])
    assert.deepEqual(historyRowsFromResults(r, '2026-02-03'), [
      { date: '2026-02-03', version: 'v-cand', eval_set_version: 'v1', metric: 'recall@5', value: 0.75 },
      { date: '2026-02-03', version: 'v-cand', eval_set_version: 'v1', metric: 'rules_pass', value: 0.5 },
    ])
  })

  it('labels a run without a version "unversioned"', () => {
    const rows = historyRowsFromResults(results([{ rules_pass: 1 }], null), '2026-02-03')
    assert.equal(rows[0]!.version, 'unversioned')
  })
})

describe('formatHistoryCsv and parseHistoryCsv', () => {
  it('round-trips a version holding a comma and a quote, and keeps every digit of the value', () => {
    const rows = [row({ version: 'v2, "beta"', value: 0.123456789 }), row({ date: '2026-01-02T10:00:00Z', metric: 'latency_ms', value: 1234.5 })]
    const text = formatHistoryCsv(rows, true)
    assert.equal(text, `${HEADER}\n2026-01-01,"v2, ""beta""",es1,rules_pass,0.123456789\n2026-01-02T10:00:00Z,v1,es1,latency_ms,1234.5\n`)
    assert.deepEqual(parseHistoryCsv(text, 'h.csv'), rows)
  })

  it('neutralises label cells a spreadsheet would run as a formula, keeps negative values as numbers, and reads the labels back unchanged', () => {
    const rows = [
      row({ version: '=HYPERLINK("https://evil.example","click")', eval_set_version: '+1', metric: '@SUM(A1)', value: -0.05 }),
      row({ version: '\rv2', eval_set_version: '\tes1', metric: '-latency', value: -12 }),
      row({ version: "'=already quoted", eval_set_version: "'plain", metric: 'rules_pass', value: 0.5 }),
    ]
    const text = formatHistoryCsv(rows, false)
    const cells = parseCsvCells(text)
    for (const line of cells) {
      for (const label of line.slice(1, 4)) assert.doesNotMatch(label, /^[=+\-@\t\r]/, `label cell ${JSON.stringify(label)} would be a formula`)
    }
    assert.deepEqual(
      cells.map((line) => line[4]),
      ['-0.05', '-12', '0.5'],
      'value cells stay plain numbers',
    )
    assert.equal(cells[0]![1], `'=HYPERLINK("https://evil.example","click")`)
    assert.equal(cells[2]![1], `''=already quoted`)
    assert.equal(cells[2]![2], `'plain`, 'a quote before a harmless character is left alone')
    assert.deepEqual(parseHistoryCsv(`${HEADER}\n${text}`, 'h.csv'), rows)
  })

  it('writes no header when asked not to, and nothing for no rows', () => {
    assert.equal(formatHistoryCsv([row()], false), '2026-01-01,v1,es1,rules_pass,0.5\n')
    assert.equal(formatHistoryCsv([], false), '')
  })

  it('reads a file with a BOM and CRLF line ends', () => {
    const text = `\uFEFF${HEADER}\r\n2026-01-01,v1,es1,rules_pass,0.5\r\n2026-01-02,v2,es1,rules_pass,0.75\r\n`
    assert.deepEqual(parseHistoryCsv(text, 'h.csv'), [row(), row({ date: '2026-01-02', version: 'v2', value: 0.75 })])
  })

  it('reads an empty file, or one with only the header, as an empty history', () => {
    assert.deepEqual(parseHistoryCsv('', 'h.csv'), [])
    assert.deepEqual(parseHistoryCsv(`${HEADER}\n`, 'h.csv'), [])
  })

  it('names the file, line and column of a value that is not a number', () => {
    const error = parseError(`${HEADER}\n2026-01-01,v1,es1,rules_pass,0.5\n2026-01-02,v2,es1,rules_pass,x\n`)
    assert.equal(error.code, 'bad_input')
    assert.equal(error.message, 'baselines/history.csv:3: column "value": expected a number, got "x"')
    assert.match(error.hint ?? '', /date,version,eval_set_version,metric,value/)
  })

  it('counts lines inside a quoted multi-line field when it locates a bad row', () => {
    const error = parseError(`${HEADER}\n2026-01-01,"v1\nsecond line",es1,rules_pass,0.5\n2026-01-02,v2,es1,rules_pass,NaN\n`)
    assert.equal(error.message, 'baselines/history.csv:4: column "value": expected a number, got "NaN"')
  })

  const badRows: [string, string, string][] = [
    ['an empty value', '2026-01-01,v1,es1,rules_pass,', ':2: column "value": expected a number, got ""'],
    ['an infinite value', '2026-01-01,v1,es1,rules_pass,Infinity', ':2: column "value": expected a number, got "Infinity"'],
    ['a date that is not ISO', '01/02/2026,v1,es1,rules_pass,0.5', ':2: column "date": expected an ISO date'],
    ['an empty metric', '2026-01-01,v1,es1,,0.5', ':2: column "metric": expected a metric name, got ""'],
    ['an empty eval set version', '2026-01-01,v1,,rules_pass,0.5', ':2: column "eval_set_version": expected an eval set version label'],
  ]
  for (const [what, line, message] of badRows) {
    it(`refuses ${what}, naming the line and column`, () => {
      assert.ok(parseError(`${HEADER}\n${line}\n`).message.includes(message))
    })
  }

  it('refuses a header without one of the five columns, naming it', () => {
    const error = parseError('date,version,metric,value\n2026-01-01,v1,rules_pass,0.5\n')
    assert.match(error.message, /^baselines\/history\.csv:1: column "eval_set_version": missing from the header/)
    assert.match(error.hint ?? '', /date,version,eval_set_version,metric,value/)
  })

  it('refuses a header with a column history.csv does not have', () => {
    assert.match(parseError(`${HEADER},note\n2026-01-01,v1,es1,rules_pass,0.5,hi\n`).message, /:1: column "note": not a history column/)
  })

  it('refuses a row with the wrong number of fields, naming the line', () => {
    assert.match(parseError(`${HEADER}\n2026-01-01,v1,es1,rules_pass\n`).message, /^baselines\/history\.csv:2: not valid CSV/)
  })
})

describe('appendHistory', () => {
  it('writes the header once over two appends, creates the folder and returns the rows written', () => {
    const path = join(tempDir(), 'nested', 'dir', 'history.csv')
    assert.equal(appendHistory(path, results([{ rules_pass: 1, mrr: 0.5 }], 'v1'), '2026-01-01'), 2)
    assert.equal(appendHistory(path, results([{ rules_pass: 0, mrr: 1 }], 'v2'), '2026-01-02'), 2)
    const text = readFileSync(path, 'utf8')
    assert.equal(text.split('\n').filter((l) => l === HEADER).length, 1)
    assert.deepEqual(
      parseHistoryCsv(text, path).map((r) => `${r.date} ${r.version} ${r.metric} ${r.value}`),
      ['2026-01-01 v1 mrr 0.5', '2026-01-01 v1 rules_pass 1', '2026-01-02 v2 mrr 1', '2026-01-02 v2 rules_pass 0'],
    )
  })

  it('writes the header into an existing empty file', () => {
    const path = join(tempDir(), 'history.csv')
    writeFileSync(path, '')
    appendHistory(path, results([{ rules_pass: 1 }]), '2026-01-01')
    assert.ok(readFileSync(path, 'utf8').startsWith(`${HEADER}\n`))
  })

  it('starts a new line when the file does not end with one', () => {
    const path = join(tempDir(), 'history.csv')
    writeFileSync(path, `${HEADER}\n2026-01-01,v0,v1,rules_pass,0.25`)
    appendHistory(path, results([{ rules_pass: 1 }]), '2026-01-02')
    assert.deepEqual(
      parseHistoryCsv(readFileSync(path, 'utf8'), path).map((r) => r.value),
      [0.25, 1],
    )
  })

  it('keeps every old byte (a BOM, CRLF, bytes that are not UTF-8) and adds exactly the new rows after them', () => {
    const path = join(tempDir(), 'history.csv')
    const old = Buffer.concat([Buffer.from(`\uFEFF${HEADER}\r\n2026-01-01,v`), Buffer.from([0xe9]), Buffer.from(',v1,rules_pass,0.25\r\n')])
    writeFileSync(path, old)
    appendHistory(path, results([{ rules_pass: 1 }], 'v2'), '2026-01-02')
    assert.deepEqual(readFileSync(path), Buffer.concat([old, Buffer.from(formatHistoryCsv([row({ date: '2026-01-02', version: 'v2', eval_set_version: 'v1', value: 1 })], false))]))
  })

  it('refuses to append under a header that is not history.csv', () => {
    const path = join(tempDir(), 'history.csv')
    writeFileSync(path, 'id,question\nq1,hi\n')
    assert.throws(
      () => appendHistory(path, results([{ rules_pass: 1 }]), '2026-01-02'),
      (e: unknown) => e instanceof GateError && /:1: not a history file/.test(e.message),
    )
    assert.equal(readFileSync(path, 'utf8'), 'id,question\nq1,hi\n')
  })

  it('writes nothing, not even a file, when no metric has a mean', () => {
    const path = join(tempDir(), 'history.csv')
    assert.equal(appendHistory(path, results([{ faithfulness: null }]), '2026-01-01'), 0)
    assert.equal(existsSync(path), false)
  })
})

describe('seriesFor', () => {
  const rows = [
    row({ date: '2026-01-03', version: 'c', eval_set_version: 'es1', value: 0.3 }),
    row({ date: '2026-01-01', version: 'a', eval_set_version: 'es1', value: 0.1 }),
    row({ date: '2026-01-02', version: 'b', eval_set_version: 'es2', value: 0.2 }),
    row({ date: '2026-01-02', version: 'b', eval_set_version: 'es2', metric: 'mrr', value: 0.9 }),
    row({ date: '2026-01-04', version: 'd1', eval_set_version: 'es2', value: 0.4 }),
    row({ date: '2026-01-04', version: 'd2', eval_set_version: 'es2', value: 0.5 }),
  ]

  it('never joins two eval set versions into one series, and orders series by their first date', () => {
    const series = seriesFor(rows, 'rules_pass')
    assert.deepEqual(
      series.map((s) => [s.eval_set_version, s.points.map((p) => p.version)]),
      [
        ['es1', ['a', 'c']],
        ['es2', ['b', 'd1', 'd2']],
      ],
    )
  })

  it('keeps the file order of points with the same date, and only the asked metric', () => {
    const es2 = seriesFor(rows, 'rules_pass')[1]!
    assert.deepEqual(es2.points, [
      { date: '2026-01-02', version: 'b', value: 0.2 },
      { date: '2026-01-04', version: 'd1', value: 0.4 },
      { date: '2026-01-04', version: 'd2', value: 0.5 },
    ])
    assert.deepEqual(seriesFor(rows, 'mrr'), [{ eval_set_version: 'es2', points: [{ date: '2026-01-02', version: 'b', value: 0.9 }] }])
    assert.deepEqual(seriesFor(rows, 'ndcg@5'), [])
  })
})
