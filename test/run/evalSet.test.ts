import { describe, it, test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { GateError } from '../../src/io/errors.ts'
import { evalSetFromTable, loadEvalSet, type EvalSet } from '../../src/run/evalSet/evalSet.ts'
import { ambiguousCommas } from '../../src/run/evalSet/checks.ts'
import { combineFingerprints, fingerprintRows } from '../../src/baseline/fingerprint.ts'
import { shardRows } from '../../src/run/evalSet/shard.ts'
import { parseCsv, parseJsonl } from '../../src/io/tabular.ts'
import type { EvalRow } from '../../src/schemas/evalSet.ts'

const fixtures = fileURLToPath(new URL('../fixtures/evalset/', import.meta.url))
const csvFile = join(fixtures, 'hr.csv')
const jsonlFile = join(fixtures, 'hr.jsonl')

function rowById(set: EvalSet, id: string): EvalRow {
  const row = set.rows.find((r) => r.id === id)
  assert.ok(row, `no row ${id}; ids are ${set.rows.map((r) => r.id).join(', ')}`)
  return row
}

function tempFile(name: string, content: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'evalgate-evalset-'))
  const file = join(dir, name)
  writeFileSync(file, content)
  return file
}

/** Runs fn, asserts it throws a GateError and returns it. */
async function gateErrorFrom(fn: () => unknown): Promise<GateError> {
  try {
    await fn()
  } catch (error) {
    assert.ok(error instanceof GateError, `expected a GateError, got ${String(error)}`)
    return error
  }
  assert.fail('expected a GateError, but nothing was thrown')
}

const csvHeader = 'id,question,should_refuse'

function csvSet(body: string, file = 'eval.csv'): EvalSet {
  return evalSetFromTable(parseCsv(file, `${csvHeader}\n${body}`))
}

function jsonlSet(lines: object[], file = 'eval.jsonl'): EvalSet {
  return evalSetFromTable(parseJsonl(file, lines.map((l) => JSON.stringify(l)).join('\n')))
}

test('a CSV eval set with a UTF-8 BOM loads, and its first column is still "id"', async () => {
  const set = await loadEvalSet(csvFile)
  assert.deepEqual(
    set.rows.map((r) => r.id),
    ['hr-001', 'hr-002', 'hr-003', 'hr-004'],
  )
  for (const row of set.rows) assert.ok(!Object.keys(row.extra).some((k) => k.includes('id')), JSON.stringify(row.extra))
})

test('a BOM at the start of a JSONL eval set is tolerated too', async () => {
  const set = evalSetFromTable(parseJsonl('eval.jsonl', '\uFEFF{"id": "q1", "question": "年假几天？"}\n'))
  assert.equal(set.rows[0]?.id, 'q1')
})

test('quoted commas, doubled quotes and newlines inside a CSV field arrive in the row exactly', async () => {
  const row = rowById(await loadEvalSet(csvFile), 'hr-002')
  assert.equal(row.question, '他说 "能报", 真的吗？')
  assert.equal(row.ground_truth, '第一行\n第二行，含逗号, 和 "引号"')
  assert.equal(rowById(await loadEvalSet(csvFile), 'hr-001').ground_truth, '一线城市每晚不超过500元, 二线城市每晚不超过400元')
})

test('a line break inside a quoted field of a Windows (CRLF) file arrives as \\n, as it would from JSONL', async () => {
  const set = evalSetFromTable(parseCsv('eval.csv', `id,question,ground_truth\r\nq1,"年假\r\n几天？","第一行\r\n第二行"\r\n`))
  assert.equal(set.rows[0]?.question, '年假\n几天？')
  assert.equal(set.rows[0]?.ground_truth, '第一行\n第二行')
  const jsonl = jsonlSet([{ id: 'q1', question: '年假\n几天？', ground_truth: '第一行\n第二行' }])
  assert.equal(set.fingerprint, jsonl.fingerprint)
})

test('Chinese text in questions, labels and reference points is kept intact', async () => {
  for (const file of [csvFile, jsonlFile]) {
    const row = rowById(await loadEvalSet(file), 'hr-001')
    assert.equal(row.question, '一线城市出差住宿标准是多少？', file)
    assert.equal(row.category, '差旅', file)
    assert.equal(row.difficulty, '简单', file)
    assert.deepEqual(row.reference_points, ['一线500元', '二线400元'], file)
  }
})

test('reference_points are split on ";" in CSV and taken from an array in JSONL', async () => {
  assert.deepEqual(rowById(await loadEvalSet(csvFile), 'hr-004').reference_points, ['年假5天'])
  const csv = csvSet('q1,年假几天？,no').rows[0]
  assert.deepEqual(csv?.reference_points, [])
  const set = evalSetFromTable(parseCsv('eval.csv', 'id,question,reference_points\nq1,年假几天？, 入职满一年 ;5天;;带薪 \n'))
  assert.deepEqual(set.rows[0]?.reference_points, ['入职满一年', '5天', '带薪'])
  const jsonl = jsonlSet([{ id: 'q1', question: '年假几天？', reference_points: ['入职满一年', '5天;带薪'] }])
  assert.deepEqual(jsonl.rows[0]?.reference_points, ['入职满一年', '5天;带薪'])
})

test('relevant_doc_ids "D1|D2:3|D7:0" gives grades 1, 3 and 0, in CSV and in JSONL', async () => {
  const expected = [
    { id: 'D1', grade: 1 },
    { id: 'D2', grade: 3 },
    { id: 'D7', grade: 0 },
  ]
  assert.deepEqual(rowById(await loadEvalSet(csvFile), 'hr-001').relevant_docs, expected)
  assert.deepEqual(rowById(await loadEvalSet(jsonlFile), 'hr-001').relevant_docs, expected)
  assert.deepEqual(rowById(await loadEvalSet(csvFile), 'hr-004').relevant_docs, [{ id: 'doc_leave_001', grade: 2 }])
})

test('a relevance grade above 3 is rejected with the column named', async () => {
  const error = await gateErrorFrom(() => evalSetFromTable(parseCsv('eval.csv', 'id,question,relevant_doc_ids\nq1,年假几天？,D1|D2:4\n')))
  assert.match(error.message, /eval\.csv:2: column "relevant_doc_ids"/)
})

const truthTable: { cell: string; expected: boolean }[] = [
  { cell: 'true', expected: true },
  { cell: 'TRUE', expected: true },
  { cell: 'True', expected: true },
  { cell: '1', expected: true },
  { cell: 'yes', expected: true },
  { cell: 'YES', expected: true },
  { cell: 'false', expected: false },
  { cell: 'False', expected: false },
  { cell: '0', expected: false },
  { cell: 'no', expected: false },
  { cell: 'No', expected: false },
  { cell: '', expected: false },
]
for (const { cell, expected } of truthTable) {
  test(`should_refuse "${cell}" in CSV and JSONL reads as ${expected}`, async () => {
    assert.equal(csvSet(`q1,年假几天？,${cell}\n`).rows[0]?.should_refuse, expected)
    assert.equal(jsonlSet([{ id: 'q1', question: '年假几天？', should_refuse: cell }]).rows[0]?.should_refuse, expected)
  })
}

test('should_refuse accepts JSON booleans and 0/1 numbers in JSONL, and defaults to false when absent', async () => {
  const set = jsonlSet([
    { id: 'a', question: 'x', should_refuse: true },
    { id: 'b', question: 'x', should_refuse: false },
    { id: 'c', question: 'x', should_refuse: 1 },
    { id: 'd', question: 'x', should_refuse: 0 },
    { id: 'e', question: 'x' },
  ])
  assert.deepEqual(
    set.rows.map((r) => r.should_refuse),
    [true, false, true, false, false],
  )
  assert.deepEqual(
    (await loadEvalSet(csvFile)).rows.map((r) => r.should_refuse),
    [false, false, true, false],
  )
})

test('should_refuse "maybe" is rejected with an error naming the file, the line and column "should_refuse"', async () => {
  const file = tempFile('eval_set_v1.csv', `${csvHeader}\nq1,年假几天？,no\nq2,病假怎么算？,yes\nq3,股票涨了吗？,maybe\n`)
  const error = await gateErrorFrom(() => loadEvalSet(file))
  assert.equal(error.code, 'bad_input')
  assert.ok(error.message.includes(`${file}:4: column "should_refuse"`), error.message)
  assert.match(error.message, /maybe/)
  assert.match(error.hint ?? '', /true or false/)
})

test('should_refuse "maybe" in JSONL names the JSONL line', async () => {
  const text = ['{"id": "q1", "question": "年假几天？"}', '', '{"id": "q2", "question": "股票涨了吗？", "should_refuse": "maybe"}'].join('\n')
  const error = await gateErrorFrom(() => evalSetFromTable(parseJsonl('eval.jsonl', text)))
  assert.ok(error.message.includes('eval.jsonl:3: column "should_refuse"'), error.message)
})

test('a bad cell after a field with a quoted newline is reported on the line its row starts on', async () => {
  const error = await gateErrorFrom(() => csvSet('q1,"第一行\n第二行",no\nq2,股票涨了吗？,maybe\n'))
  assert.ok(error.message.includes('eval.csv:4: column "should_refuse"'), error.message)
})

test('a bad cell after a blank line is reported on the line its row is on, not the blank line', async () => {
  // line 1 header, line 2 q1, line 3 blank, line 4 q2
  const error = await gateErrorFrom(() => csvSet('q1,年假几天？,no\n\nq2,股票涨了吗？,maybe\n'))
  assert.ok(error.message.includes('eval.csv:4: column "should_refuse"'), error.message)
})

test('a bad cell in a Windows (CRLF) file after a quoted line break is reported on its own line', async () => {
  // line 1 header, lines 2-3 q1 (quoted line break), line 4 q2, line 5 q3
  const text = `${csvHeader}\r\nq1,"第一行\r\n第二行",no\r\nq2,病假怎么算？,no\r\nq3,股票涨了吗？,maybe\r\n`
  const error = await gateErrorFrom(() => evalSetFromTable(parseCsv('eval.csv', text)))
  assert.ok(error.message.includes('eval.csv:5: column "should_refuse"'), error.message)
})

test('unknown columns are kept in extra, in CSV and in JSONL', async () => {
  assert.deepEqual(rowById(await loadEvalSet(csvFile), 'hr-001').extra, { owner: '张三' })
  assert.deepEqual(rowById(await loadEvalSet(jsonlFile), 'hr-003').extra, { owner: '李四' })
  assert.deepEqual(rowById(await loadEvalSet(jsonlFile), 'hr-002').extra, {})
})

test('expect_json and required_keys are read from "a;b" in CSV and from an array in JSONL', async () => {
  for (const file of [csvFile, jsonlFile]) {
    const row = rowById(await loadEvalSet(file), 'hr-004')
    assert.equal(row.expect_json, true, file)
    assert.deepEqual(row.required_keys, ['days', 'unit'], file)
    assert.equal(rowById(await loadEvalSet(file), 'hr-001').expect_json, false, file)
  }
})

test('a duplicate id is rejected, naming the line of the first use', async () => {
  const error = await gateErrorFrom(() => csvSet('q1,年假几天？,no\nq2,病假？,no\nq1,婚假？,no\n'))
  assert.match(error.message, /eval\.csv:4: column "id": duplicate id "q1" \(first used on line 2\)/)
})

test('every duplicate id names the line of its first use, whether that id came before the first duplicate or after it', async () => {
  const error = await gateErrorFrom(() => csvSet('q1,年假几天？,no\nq2,病假？,no\nq1,婚假？,no\nq3,产假？,no\nq3,丧假？,no\nq2,事假？,no\n'))
  const shown = error.message.split('\n').filter((line) => line.includes('duplicate id'))
  assert.equal(shown.length, 3, error.message)
  assert.match(shown[0]!, /eval\.csv:4: column "id": duplicate id "q1" \(first used on line 2\)/)
  assert.match(shown[1]!, /eval\.csv:6: column "id": duplicate id "q3" \(first used on line 5\)/)
  assert.match(shown[2]!, /eval\.csv:7: column "id": duplicate id "q2" \(first used on line 3\)/)
})

test('the same eval set written as CSV and as JSONL has the same fingerprint and the same rows', async () => {
  const csv = await loadEvalSet(csvFile)
  const jsonl = await loadEvalSet(jsonlFile)
  assert.match(csv.fingerprint, /^sha256-sum:[0-9a-f]{64}$/)
  assert.equal(csv.fingerprint, jsonl.fingerprint)
  const withoutExtra = (set: EvalSet) => set.rows.map(({ extra: _extra, ...rest }) => rest)
  assert.deepEqual(withoutExtra(csv), withoutExtra(jsonl))
})

test('reordering the rows keeps the fingerprint', async () => {
  const set = await loadEvalSet(csvFile)
  assert.equal(fingerprintRows([...set.rows].reverse()), set.fingerprint)
  const rotated = [...set.rows.slice(2), ...set.rows.slice(0, 2)]
  assert.equal(fingerprintRows(rotated), set.fingerprint)
})

test('editing one ground_truth, grade or should_refuse label changes the fingerprint', async () => {
  const set = await loadEvalSet(csvFile)
  const edit = (id: string, change: Partial<EvalRow>) => set.rows.map((r) => (r.id === id ? { ...r, ...change } : r))
  const edits: [string, EvalRow[]][] = [
    ['ground_truth', edit('hr-001', { ground_truth: '一线城市每晚不超过600元, 二线城市每晚不超过400元' })],
    [
      'grade',
      edit('hr-001', {
        relevant_docs: [
          { id: 'D1', grade: 2 },
          { id: 'D2', grade: 3 },
          { id: 'D7', grade: 0 },
        ],
      }),
    ],
    ['should_refuse', edit('hr-002', { should_refuse: true })],
  ]
  for (const [what, rows] of edits) assert.notEqual(fingerprintRows(rows), set.fingerprint, what)
})

test('a pass-through column does not change the fingerprint: it changes no score', async () => {
  const set = await loadEvalSet(csvFile)
  const rows = set.rows.map((r) => ({ ...r, extra: { ...r.extra, owner: '王五' } }))
  assert.equal(fingerprintRows(rows), set.fingerprint)
})

test('an eval set without an id or question column is rejected, naming the missing column', async () => {
  const error = await gateErrorFrom(() => evalSetFromTable(parseCsv('eval.csv', 'id,ground_truth\nq1,5天\n')))
  assert.match(error.message, /eval\.csv:1: missing required column "question"/)
})

test('a JSONL line that is not valid JSON is rejected with its line number', async () => {
  const error = await gateErrorFrom(() => parseJsonl('eval.jsonl', '{"id": "q1", "question": "x"}\n{"id": "q2", "question": \n'))
  assert.match(error.message, /^eval\.jsonl:2: not valid JSON/)
})

test('a bad eval set lists every bad row at once, each with its line and column', async () => {
  const lines = ['id,question,should_refuse', 'q1,ok?,false', 'q2,bad flag?,maybe', 'q3,,false', 'q1,dup?,false', 'q5,also bad?,perhaps']
  const error = await gateErrorFrom(() => loadEvalSet(tempFile('eval.csv', lines.join('\n') + '\n')))
  const shown = error.message.split('\n')
  assert.equal(shown.length, 4, error.message)
  assert.match(shown[0]!, /eval\.csv:3: column "should_refuse"/)
  assert.match(shown[1]!, /eval\.csv:4: column "question"/)
  assert.match(shown[2]!, /eval\.csv:5: column "id": duplicate id "q1" \(first used on line 2\)/)
  assert.match(shown[3]!, /eval\.csv:6: column "should_refuse"/)
})

test('a bad eval set with very many bad rows shows the first 20 and counts the rest', async () => {
  const lines = ['id,question,should_refuse', ...Array.from({ length: 45 }, (_, i) => `q${i},question ${i}?,maybe`)]
  const error = await gateErrorFrom(() => loadEvalSet(tempFile('eval.csv', lines.join('\n') + '\n')))
  const shown = error.message.split('\n')
  assert.equal(shown.length, 21)
  assert.equal(shown[20], '… and 25 more (45 problems in all)')
})

describe('an unknown column that looks like a known one is an error with "did you mean"', () => {
  const cases: [string, () => EvalSet, RegExp][] = [
    [
      'relevant_docs in a CSV header',
      () => evalSetFromTable(parseCsv('eval.csv', 'id,question,relevant_docs\nq1,年假几天？,D1|D2\n')),
      /^eval\.csv:1: column "relevant_docs": unknown column; did you mean "relevant_doc_ids"\?/,
    ],
    ['Reference_Point in a CSV header', () => evalSetFromTable(parseCsv('eval.csv', 'id,question,Reference_Point\nq1,年假几天？,5天\n')), /column "Reference_Point".*did you mean "reference_points"/],
    ['query instead of question (before "missing required column")', () => evalSetFromTable(parseCsv('eval.csv', 'id,query\nq1,年假几天？\n')), /column "query".*did you mean "question"/],
    [
      'a JSONL key, naming its line',
      () =>
        jsonlSet([
          { id: 'q1', question: '年假几天？' },
          { id: 'q2', question: '病假？', shoud_refuse: true },
        ]),
      /^eval\.jsonl:2: column "shoud_refuse".*did you mean "should_refuse"/,
    ],
  ]
  for (const [name, load, pattern] of cases) {
    it(name, async () => {
      const error = await gateErrorFrom(load)
      assert.match(error.message, pattern)
      assert.match(error.hint ?? '', /^rename the column to /)
    })
  }

  it('keeps an unknown column that looks like no known one (passed through, as before)', async () => {
    const set = evalSetFromTable(parseCsv('eval.csv', 'id,question,owner,notes\nq1,年假几天？,张三,x\n'))
    assert.deepEqual(set.rows[0]!.extra, { owner: '张三', notes: 'x' })
  })

  it('keeps a look-alike column when the known one is there too', async () => {
    const set = evalSetFromTable(parseCsv('eval.csv', 'id,question,relevant_doc_ids,relevant_docs\nq1,年假几天？,D1,D1 and D2\n'))
    assert.deepEqual(set.rows[0]!.extra, { relevant_docs: 'D1 and D2' })
  })
})

describe('a "," inside reference_points or relevant_doc_ids is a warning naming file and row', () => {
  it('warns for comma-separated items in CSV, naming the lines and the separator to use', async () => {
    const set = evalSetFromTable(parseCsv('eval.csv', 'id,question,reference_points,relevant_doc_ids\nq1,年假几天？,"5天,带薪",D1\nq2,病假？,诊断证明,"D2,D3"\nq3,婚假？,3天;带薪,D4|D5\n'))
    assert.deepEqual(set.warnings, [
      'eval.csv:2: column "reference_points" has commas between parts that each read as a point of their own, but the cell is one point; if they are several, separate them with ;',
      'eval.csv:3: column "relevant_doc_ids" has "," inside a cell, which is read as part of one item; separate items with |',
    ])
    assert.deepEqual(set.rows[1]!.relevant_docs, [{ id: 'D2,D3', grade: 1 }], 'still loaded as written')
  })

  it('warns on reference_points only where the split is ambiguous: every comma-separated part reads as a point of its own', () => {
    const cells: [cell: string, ambiguous: boolean][] = [
      ['5天,带薪', true],
      ['Refunds within 30 days, renewals within 7 days', true],
      ['一线城市500元,二线城市400元', true],
      ['Yes, within 30 days of the first payment', false],
      ['accepts Visa, Mastercard and American Express', false],
      ['retries the card after 3, 5 and 7 days', false],
      ['within 30 days, but not after renewal', false],
      ['Refunds, if approved, take 10 days', false],
      ['100,000 rows', false],
      ['能,须事先审批', false],
    ]
    const rows = cells.map(([cell], i) => `q${i + 1},年假几天？,"${cell}"`).join('\n')
    const [warning] = evalSetFromTable(parseCsv('eval.csv', `id,question,reference_points\n${rows}\n`)).warnings
    const flagged = cells.flatMap(([, ambiguous], i) => (ambiguous ? [`eval.csv:${i + 2}`] : []))
    assert.ok(warning?.startsWith(`${flagged.join(', ')}: column "reference_points"`), warning)
    for (const [cell, ambiguous] of cells) assert.equal(ambiguousCommas(cell), ambiguous, cell)
  })

  it('trusts a reference point with a comma in a cell already split by ";", and JSONL arrays of sentences', async () => {
    const csv = evalSetFromTable(parseCsv('eval.csv', 'id,question,reference_points\nq1,年假几天？,"满一年, 5天;带薪"\n'))
    const jsonl = jsonlSet([{ id: 'q1', question: '年假几天？', reference_points: ['满一年, 5天', '带薪'] }])
    assert.deepEqual([...csv.warnings, ...jsonl.warnings], [])
  })

  it('warns for a JSONL id list item with a comma, and names five rows then counts the rest', async () => {
    const lines = Array.from({ length: 7 }, (_, i) => ({ id: `q${i + 1}`, question: '年假几天？', relevant_doc_ids: ['D1,D2'] }))
    assert.deepEqual(jsonlSet(lines).warnings, [
      'eval.jsonl:1, eval.jsonl:2, eval.jsonl:3, eval.jsonl:4, eval.jsonl:5 and 2 more row(s): column "relevant_doc_ids" has "," inside a cell, which is read as part of one item; give the items as a JSON array',
    ])
  })
})

describe('conversations and history', () => {
  const csv = (text: string) => evalSetFromTable(parseCsv('conv.csv', text))
  const jsonl = (text: string) => evalSetFromTable(parseJsonl('conv.jsonl', text))

  it('reads conversation_id and turn the same from CSV and JSONL, and they enter the fingerprint', async () => {
    const fromCsv = csv('id,conversation_id,turn,question\na1,c1,1,Hi?\na2,c1,2,And then?\n')
    const fromJsonl = jsonl('{"id":"a1","conversation_id":"c1","turn":1,"question":"Hi?"}\n{"id":"a2","conversation_id":"c1","turn":2,"question":"And then?"}\n')
    assert.deepEqual(rowById(fromCsv, 'a2').conversation, { id: 'c1', turn: 2 })
    assert.deepEqual(rowById(fromJsonl, 'a2').conversation, { id: 'c1', turn: 2 })
    assert.equal(fromCsv.fingerprint, fromJsonl.fingerprint)
    const plain = csv('id,question\na1,Hi?\na2,And then?\n')
    assert.notEqual(plain.fingerprint, fromCsv.fingerprint, 'turning rows into a conversation changes what is asked')
    assert.equal(rowById(plain, 'a1').conversation, undefined)
  })

  it('reads a history cell as messages and keeps a set without one at its old fingerprint', async () => {
    const withHistory = jsonl('{"id":"h1","question":"And then?","history":[{"role":"user","content":"Hi"},{"role":"assistant","content":"Hello"}]}\n')
    assert.deepEqual(rowById(withHistory, 'h1').history, [
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello' },
    ])
    const without = jsonl('{"id":"h1","question":"And then?"}\n')
    assert.notEqual(without.fingerprint, withHistory.fingerprint)
    assert.equal(without.fingerprint, fingerprintRows(without.rows.map(({ history: _, ...row }) => row)))
  })
})

describe('a shard reads every row’s id, and only its own rows in full (issue 32)', () => {
  const lines = ['id,question,should_refuse,conversation_id,turn', ...Array.from({ length: 12 }, (_, i) => `q${String(i).padStart(2, '0')},问题${i}？,false,,`)]
  // q05 is a turn of a conversation with q10: the two go to q05's shard together
  lines[6] = 'q05,问题5？,false,c1,1'
  lines[11] = 'q10,问题10？,false,c1,2'

  it('reads its own rows, knows every id of the set, and fingerprints its own rows', async () => {
    const file = tempFile('eval.csv', lines.join('\n') + '\n')
    const whole = await loadEvalSet(file)
    const shards = await Promise.all([1, 2, 3].map((i) => loadEvalSet(file, { index: i, count: 3 })))
    for (const [i, shard] of shards.entries()) {
      assert.deepEqual(shard.rows, shardRows(whole.rows, i + 1, 3), `shard ${i + 1}`)
      assert.deepEqual(shard.ids, whole.ids)
      assert.equal(shard.total, 12)
      assert.equal(shard.fingerprint, fingerprintRows(shard.rows))
    }
    assert.equal(combineFingerprints(shards.map((s) => s.fingerprint)), whole.fingerprint)
  })

  it('leaves a bad cell in another shard’s row to that shard; a duplicate id anywhere is every shard’s error', async () => {
    const bad = [...lines]
    bad[4] = 'q03,问题3？,maybe,,'
    const file = tempFile('eval.csv', bad.join('\n') + '\n')
    const results = await Promise.all([1, 2, 3].map((i) => loadEvalSetOrError(file, i)))
    const owner = [1, 2, 3].find((i) => results[i - 1] instanceof GateError)!
    assert.match(String(results[owner - 1]), /eval\.csv:5: column "should_refuse"/)
    for (const other of [1, 2, 3].filter((i) => i !== owner)) assert.ok(!(results[other - 1] instanceof GateError), `shard ${other} does not read q03`)
    const twice = tempFile('eval.csv', [...lines, 'q04,又一个？,false,,'].join('\n') + '\n')
    for (const i of [1, 2, 3]) assert.match(String(await loadEvalSetOrError(twice, i)), /eval\.csv:14: column "id": duplicate id "q04" \(first used on line 6\)/)
  })
})

async function loadEvalSetOrError(file: string, index: number): Promise<unknown> {
  try {
    return await loadEvalSet(file, { index, count: 3 })
  } catch (error) {
    return error
  }
}

describe('a CSV written with another separator is named as such, not as missing or unknown columns', () => {
  const cases: [string, string, RegExp][] = [
    ['";" (a spreadsheet export in many locales)', 'id;question;ground_truth\nq1;年假几天？;5天\n', /separated by ";", not commas/],
    ['";" with a comma inside a cell (the rows then split unevenly)', 'id;question;ground_truth\nq1;What is A, really?;A is 1\n', /separated by ";", not commas/],
    ['tabs (a TSV)', 'id\tquestion\nq1\t年假几天？\n', /"id\\tquestion": this file's columns are separated by tabs, not commas/],
    ['"|"', 'id|question\nq1|年假几天？\n', /separated by "\|", not commas/],
  ]
  for (const [what, text, message] of cases) {
    it(`${what}: from a file and from text`, async () => {
      for (const error of [await gateErrorFrom(() => loadEvalSet(tempFile('eval.csv', text))), await gateErrorFrom(() => evalSetFromTable(parseCsv('eval.csv', text)))]) {
        assert.match(error.message, /eval\.csv:1: the header is one column, /)
        assert.match(error.message, message)
        assert.match(error.hint ?? '', /save it as comma-separated CSV/)
      }
    })
  }

  it('leaves a comma-separated header whose column names hold ";" alone', async () => {
    const set = await loadEvalSet(tempFile('eval.csv', 'id,question,notes;extra\nq1,年假几天？,a\n'))
    assert.equal(set.rows.length, 1)
  })
})
