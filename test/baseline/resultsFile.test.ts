import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync, writeFileSync } from 'node:fs'
import { gunzipSync } from 'node:zlib'
import { generate } from '../../bench/generate.ts'
import { writeResultsFile } from '../../src/baseline/resultsFile.ts'
import { readResults as loadResults } from '../cli/harness.ts'
import { NOT_A_RETRIEVAL_QUESTION } from '../../src/metrics/retrieval.ts'
import { plainResults } from '../../src/schemas/plainResults.ts'
import { ResultsFileSchema } from '../../src/schemas/resultsFile.ts'
import { cleanupTempDirs, makeTempDir, runCli } from '../cli/harness.ts'

after(cleanupTempDirs)

type Raw = { schema_version: number; score_columns: string[]; shared_notes: string[]; questions: Record<string, { scores: unknown[]; notes: Record<string, string | number> }> }

let t: ReturnType<typeof makeTempDir>
let raw: Raw
let text: string

before(async () => {
  t = makeTempDir()
  await generate(300, t.path('eval.csv'), t.path('v1.jsonl'), 0.85, 1)
  const r = await runCli(['run', '--config', t.config, '--eval-set', t.path('eval.csv'), '--eval-set-version', 'g', '--k', '5,10', '--predictions', t.path('v1.jsonl'), '--out', t.path('r.json')])
  assert.notEqual(r.code, 2, r.stderr)
  text = readFileSync(t.path('r.json'), 'utf8')
  raw = JSON.parse(text) as Raw
})

/** A results.json the code before schema 3 wrote (test/fixtures/byte-identity), its masked fields filled in. */
function schema2(name: string): unknown {
  const bytes = readFileSync(new URL(`../fixtures/byte-identity/${name}`, import.meta.url))
  return JSON.parse((name.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8').replace('{<timings>}', '{"candidate": 1, "scoring": 2.5, "total": 3}'))
}

describe('results.json schema 3 (issue 32)', () => {
  it('writes each score in the place score_columns gives it', () => {
    assert.equal(raw.schema_version, 3)
    const read = loadResults(t.path('r.json'))
    for (const [id, q] of Object.entries(raw.questions)) {
      assert.equal(q.scores.length, raw.score_columns.length)
      raw.score_columns.forEach((metric, i) => assert.equal(read.questions[id]!.scores[metric], q.scores[i], `${id} ${metric}`))
    }
  })

  it('writes a question’s retrieval note once for all the metrics of its cut-off, not once per metric', () => {
    let grouped = 0
    for (const [id, q] of Object.entries(raw.questions)) {
      const values = Object.values(q.notes)
      assert.equal(new Set(values).size, values.length, `${id}: a note written twice`)
      for (const key of Object.keys(q.notes)) if (/^precision@5 recall@5 (hit@5 )?ndcg@5$/.test(named(key))) grouped++
    }
    assert.ok(grouped > 100, `${grouped} questions with the @5 note written once`)
  })

  it('writes a note that more than one question carries once, in shared_notes, and refers to it by its place', () => {
    assert.equal(text.split(NOT_A_RETRIEVAL_QUESTION).length - 1, 1, 'the should-refuse note appears once in the whole file')
    const place = raw.shared_notes.indexOf(NOT_A_RETRIEVAL_QUESTION)
    const refusing = Object.values(raw.questions).filter((q) => Object.values(q.notes).includes(place))
    assert.equal(refusing.length, 12, 'every 25th of 300 questions should refuse')
    const uses = new Map<string | number, number>()
    for (const q of Object.values(raw.questions)) for (const v of Object.values(q.notes)) uses.set(v, (uses.get(v) ?? 0) + 1)
    for (const [value, count] of uses) if (typeof value === 'string') assert.equal(count, 1, `"${value}" is carried by ${count} questions but not shared`)
  })

  it('names the metrics of a note’s key by their places in score_columns', () => {
    let keys = 0
    for (const q of Object.values(raw.questions)) {
      for (const key of Object.keys(q.notes)) {
        for (const word of key.split(' ')) assert.ok(/^[0-9]+$/.test(word) && Number(word) < raw.score_columns.length, `key "${key}"`)
        keys++
      }
    }
    assert.ok(keys > 300, `${keys} note keys`)
  })

  it('reads a file whose note keys name the metrics, as written before, into the same results', () => {
    const byName = JSON.parse(text) as Raw
    for (const q of Object.values(byName.questions)) q.notes = Object.fromEntries(Object.entries(q.notes).map(([key, value]) => [named(key), value]))
    const expected = JSON.stringify(loadResults(t.path('r.json')))
    assert.equal(JSON.stringify(loadResults(writeJsonText(t.path('by-name.json'), byName))), expected, 'through the fast path')
    const parsed = ResultsFileSchema.safeParse(byName)
    assert.ok(parsed.success)
    assert.equal(JSON.stringify(parsed.data), expected, 'through the schema')
  })

  it('names the metrics in note keys when a score column’s name is digits alone, which a key would read as a place', () => {
    const results = loadResults(t.path('r.json'))
    const [id, q] = Object.entries(results.questions)[0]!
    for (const other of Object.values(results.questions)) other.scores['7'] = null
    q.notes['7'] = 'seven'
    writeResultsFile(t.path('digits.json'), results)
    const written = JSON.parse(readFileSync(t.path('digits.json'), 'utf8')) as Raw
    assert.ok(written.score_columns.includes('7'))
    assert.equal(written.questions[id]!.notes['7'], 'seven')
    assert.ok(
      Object.keys(written.questions[id]!.notes).some((key) => key.startsWith('precision@5')),
      'the other keys name their metrics too',
    )
    assert.equal(JSON.stringify(loadResults(t.path('digits.json'))), JSON.stringify(results))
  })

  it('refuses to write a note for a metric without a score column whose name is digits alone', () => {
    const results = loadResults(t.path('r.json'))
    Object.values(results.questions)[0]!.notes['12'] = 'twelve'
    assert.throws(() => writeResultsFile(t.path('refused.json'), results), /metric "12" has notes but no scores/)
  })

  it('reads back exactly the results it was written from, as the schema-2 files of the code before held them', () => {
    for (const name of ['example-results.json', 'gen-results.json.gz', 'gen-none-results.json.gz']) {
      const before = loadResults(writeJsonText(t.path('old.json'), schema2(name)))
      writeResultsFile(t.path('new.json'), before)
      const after = loadResults(t.path('new.json'))
      assert.equal(JSON.stringify(after), JSON.stringify(before), name)
    }
  })
})

/** A note's key with each place replaced by the name of its score column. */
function named(key: string): string {
  return key
    .split(' ')
    .map((word) => raw.score_columns[Number(word)] ?? word)
    .join(' ')
}

function writeJsonText(path: string, value: unknown): string {
  writeFileSync(path, JSON.stringify(value, null, 2))
  return path
}

/** A small schema-3 file with one field changed by `edit`. */
function edited(edit: (file: Raw & Record<string, unknown>) => void): unknown {
  const file = JSON.parse(text) as Raw & Record<string, unknown>
  file.questions = Object.fromEntries(Object.entries(file.questions).slice(0, 3))
  edit(file)
  return file
}

const first = (file: Raw) => Object.values(file.questions)[0]!

describe('plainResults on schema 3 agrees with the schema, and leaves odd files to it', () => {
  // one score per planned metric: the count is the run's, so a metric added to the definitions leaves this test alone
  const columns = () => raw.score_columns.length
  const cases: [string, (file: Raw & Record<string, unknown>) => void, RegExp | (() => RegExp) | null][] = [
    ['a well-formed file', () => {}, null],
    ['one score too few', (f) => first(f).scores.pop(), () => new RegExp(`questions\\.q000001\\.scores: expected ${columns()} scores, one per score_columns entry, got ${columns() - 1}`)],
    ['a shared note that does not exist', (f) => (first(f).notes.mrr = 99), /shared note 99 does not exist/],
    ['a metric with two notes', (f) => (first(f).notes = { 'mrr mrr': 'x' }), /metric mrr has two notes/],
    ['a metric with two notes, by place and by name', (f) => (first(f).notes = { [String(f.score_columns.indexOf('mrr'))]: 'x', mrr: 'y' }), /metric mrr has two notes/],
    ['a place past the last column', (f) => (first(f).notes = { [String(f.score_columns.length)]: 'x' }), () => new RegExp(`column ${columns()} does not exist \\(score_columns has ${columns()}\\)`)],
    ['a note keyed by places and names', (f) => (first(f).notes = { [`${f.score_columns.indexOf('mrr')} hit@5`]: 'x' }), null],
    ['a key with two spaces', (f) => (first(f).notes = { 'mrr  hit@5': 'x' }), /notes\.mrr {2}hit@5: Invalid key in record/],
    ['a negative note place', (f) => (first(f).notes = { mrr: -1 }), /notes/],
    ['a column with a space', (f) => (f.score_columns[0] = 'length ok'), /score_columns\.0/],
    ['a column twice', (f) => (f.score_columns[1] = f.score_columns[0]!), /a metric is listed twice/],
    ['no shared_notes', (f) => delete (f as Record<string, unknown>).shared_notes, /shared_notes/],
    ['a string score', (f) => (first(f).scores[0] = '1'), /scores\.0/],
  ]
  for (const [name, edit, error] of cases) {
    it(`${error ? 'refuses' : 'reads'} ${name}`, () => {
      const file = edited(edit)
      const plain = plainResults(JSON.parse(JSON.stringify(file)))
      const parsed = ResultsFileSchema.safeParse(JSON.parse(JSON.stringify(file)))
      if (error) {
        assert.equal(plain, null)
        assert.ok(!parsed.success)
        assert.match(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'), typeof error === 'function' ? error() : error)
        return
      }
      assert.ok(parsed.success && plain)
      assert.equal(JSON.stringify(plain), JSON.stringify(parsed.data))
    })
  }
})
