import { ResultsFileSchema } from '../../src/schemas/resultsFile.ts'
/**
 * Issue 28, point 3: secrets are redacted in the values before a file is serialised, never by
 * rewriting the written bytes. A registered value that is also JSON (`true`, `null`, digits,
 * punctuation) or one of evalgate's own words (`pass`, `rules_pass`) must leave every
 * results.json and baseline.json valid; the text that came from outside must not hold it.
 */
import { after, afterEach, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { z } from 'zod'
import { loadBaseline } from '../../src/baseline/baseline.ts'
import { loadResults, writeResultsFile } from '../../src/baseline/resultsFile.ts'
import { writeJsonFile } from '../../src/io/jsonFile.ts'
import { clearSecrets, registerSecret } from '../../src/text/redact.ts'
import { redactAt, type TextPaths } from '../../src/text/redactValues.ts'
import { BaselineSchema, BaselineQuestionSchema } from '../../src/schemas/baseline.ts'
import { BASELINE_OUTSIDE_TEXT, RESULTS_OUTSIDE_TEXT } from '../../src/schemas/outsideText.ts'
import { BaselineAnswerSchema, QuestionResultSchema, ResultsSchema, type Results } from '../../src/schemas/results.ts'
import { cleanupTempDirs, fixture, makeTempDir, readResults, runCli } from '../cli/harness.ts'

after(cleanupTempDirs)
afterEach(() => clearSecrets())

/**
 * The strings of results.json and baseline.json that are evalgate's own (see
 * src/schemas/outsideText.ts): ids, metric and category names, the eval set's label, the
 * judge's identity, dates and hashes. Enum and literal fields are its own by construction.
 */
const RESULTS_OWN: TextPaths = [
  ['run', 'eval_set_version'],
  ['run', 'eval_set_fingerprint'],
  ['run', 'judge', 'provider'],
  ['run', 'judge', 'model'],
  ['run', 'judge', 'embeddings_model'],
  ['run', 'judge', 'definitions_hash'],
  ['run', 'judge', 'rules_hash'],
  ['run', 'judge', 'endpoint'],
  ['run', 'judge', 'response_format'],
  ['run', 'started_at'],
  ['questions', '*', 'category'],
  ['questions', '*', 'difficulty'],
  ['questions', '*', 'judge_calls', '*', 'family'],
  ['questions', '*', 'conversation', 'id'],
  ['comparison', 'failures', '*', 'metric'],
  ['comparison', 'failures', '*', 'category'],
  ['comparison', 'failures', '*', 'metrics', '*'],
  ['comparison', 'baseline', 'eval_set_version'],
  ['comparison', 'added', '*'],
  ['comparison', 'removed', '*'],
  ['comparison', 'metrics', '*', 'metric'],
  ['comparison', 'categories', '*', 'category'],
  ['comparison', 'categories', '*', 'floors', '*', 'metric'],
  ['comparison', 'regressions', '*', 'id'],
  ['comparison', 'regressions', '*', 'category'],
  ['comparison', 'regressions', '*', 'metric'],
  ['comparison', 'improvements', '*', 'id'],
  ['comparison', 'improvements', '*', 'category'],
  ['comparison', 'improvements', '*', 'metric'],
  ['comparison', 'noise', 'tests', '*', 'family'],
  ['comparison', 'noise', 'tests', '*', 'metrics', '*'],
  ['judge_health', 'dimensions', '*', 'metric'],
  ['run', 'sequential', 'metrics', '*', 'metric'],
  ['questions', '*', 'inputs_hash'],
  ['comparison', 'determinism', 'ids', '*'],
  ['comparison', 'gate', 'primary', '*'],
]
const BASELINE_OWN: TextPaths = [
  ['eval_set_version'],
  ['eval_set_fingerprint'],
  ...RESULTS_OWN.filter((p) => p[0] === 'run' && p[1] === 'judge').map((p) => p.slice(1)),
  ['created_at'],
  ['questions', '*', 'category'],
  ['questions', '*', 'answer_sha256'],
  ['questions', '*', 'inputs_hash'],
  ['primary', '*'],
]

/** by_category: category → metric → floor, numbers only */
const FLOORS = z.record(z.string(), z.number())

type Def = { type: string; [key: string]: unknown }
const def = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def

/** Every path to a free string (not an enum or a literal) in a schema; `*` for a record's values and an array's items. */
function stringPaths(schema: unknown, path: string[], out: string[][], idRecords: Record<string, z.ZodType>): void {
  const d = def(schema)
  switch (d.type) {
    case 'string':
      out.push(path)
      return
    case 'object':
      for (const [key, child] of Object.entries(d.shape as Record<string, unknown>)) stringPaths(child, [...path, key], out, idRecords)
      return
    case 'record':
      return stringPaths(d.valueType, [...path, '*'], out, idRecords)
    case 'array':
      return stringPaths(d.element, [...path, '*'], out, idRecords)
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return stringPaths(d.innerType, path, out, idRecords)
    case 'union':
      for (const option of d.options as unknown[]) stringPaths(option, path, out, idRecords)
      return
    case 'pipe':
      // a preprocess (transform → schema) or a union → transform(String): what is written is the output
      return def(d.out).type === 'transform' ? stringPaths(d.in, path, out, idRecords) : stringPaths(d.out, path, out, idRecords)
    case 'custom': {
      // an id record (schemas/ids.ts): its value schema lives in a closure; the test names it
      const value = idRecords[path.join('.')]
      assert.ok(value, `an id record at ${path.join('.')} that the test does not know`)
      return stringPaths(value, [...path, '*'], out, idRecords)
    }
    default:
      return
  }
}

function classified(paths: TextPaths): Set<string> {
  return new Set(paths.map((p) => p.join('.')))
}

describe('every string field of results.json and baseline.json is classified: outside text (redacted) or evalgate’s own', () => {
  for (const [name, schema, outside, own, idRecords] of [
    ['results.json', ResultsSchema, RESULTS_OUTSIDE_TEXT, RESULTS_OWN, { questions: QuestionResultSchema, 'comparison.baseline_answers': BaselineAnswerSchema, 'comparison.gate.by_category': FLOORS }],
    ['baseline.json', BaselineSchema, BASELINE_OUTSIDE_TEXT, BASELINE_OWN, { questions: BaselineQuestionSchema, by_category: FLOORS }],
  ] as const) {
    it(name, () => {
      const found: string[][] = []
      stringPaths(schema, [], found, idRecords as Record<string, z.ZodType>)
      const known = new Set([...classified(outside), ...classified(own)])
      const unclassified = [...new Set(found.map((p) => p.join('.')))].filter((p) => !known.has(p))
      assert.deepEqual(unclassified, [], 'string fields named neither in src/schemas/outsideText.ts nor as evalgate’s own in this test')
      for (const p of classified(outside)) assert.ok(!classified(own).has(p), `${p} is on both lists`)
    })
  }
})

/** A small deterministic generator (mulberry32): the same secrets on every run. */
function random(seed: number): () => number {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Secrets that are also JSON or evalgate's own words, then random ones of every kind of character. */
const TRICKY = [
  'null',
  'true',
  'false',
  '1234',
  '0.25',
  '2026',
  '": {',
  '"},{"',
  '\\\\"\\\\',
  '[],[',
  'pass',
  'fail',
  'rules_pass',
  'sha256',
  'regression',
  'within',
  'v1-final',
  '"q1"',
  'mrr@5',
  '\u5e74\u5047\u4e94\u5929',
]
function secretsFor(trial: number, next: () => number): string[] {
  const alphabet = ' !"#$%&\'()*+,-./0123456789:;<=>?@ABCXYZ[\\]^_`abcxyz{|}~\u00e9\u5e74\u2028'
  const make = () => Array.from({ length: 4 + Math.floor(next() * 9) }, () => alphabet[Math.floor(next() * alphabet.length)]).join('')
  return trial < TRICKY.length ? [TRICKY[trial]!] : [make(), make()]
}

describe('redaction happens on values: every results.json and baseline.json evalgate writes parses and validates, whatever the secrets', () => {
  const t = makeTempDir()
  let real: Results

  before(async () => {
    const baseline = t.path('baseline.json')
    const first = t.path('first.json')
    assert.equal((await runCli(['run', '--config', t.config, '--eval-set', fixture('eval_set.csv'), '--eval-set-version', 'v1', '--predictions', fixture('good.jsonl'), '--out', first])).code, 0)
    assert.equal((await runCli(['baseline', '--results', first, '--out', baseline])).code, 0)
    const second = t.path('second.json')
    const run = await runCli([
      'run',
      '--config',
      t.config,
      '--eval-set',
      fixture('eval_set.csv'),
      '--eval-set-version',
      'v1',
      '--predictions',
      fixture('worse.jsonl'),
      '--baseline',
      baseline,
      '--out',
      second,
    ])
    assert.equal(run.code, 1, run.stderr)
    real = readResults(second)
    assert.ok(real.comparison && real.comparison.regressions.length > 0)
  })

  it('120 random and tricky secrets, each placed in the outside text and equal to the file’s own words where it can be', async () => {
    const next = random(28)
    for (let trial = 0; trial < 120; trial++) {
      clearSecrets()
      const secrets = secretsFor(trial, next)
      for (const s of secrets) registerSecret(s)
      const results = structuredClone(real)
      for (const [id, q] of Object.entries(results.questions)) {
        q.answer = `${q.answer} ${secrets[0]} said ${secrets.at(-1)}`
        q.errors = { ...q.errors, candidate: `failed: ${secrets[0]}` }
        q.notes = { ...q.notes, rules_pass: `note ${secrets.at(-1)} ${id}` }
      }
      results.run.version = `build-${secrets[0]}`
      results.run.notes = [`judge said ${secrets[0]}`]
      const file = t.path(`trial-${trial}.json`)
      writeResultsFile(file, results)
      const text = readFileSync(file, 'utf8')
      const parsed: unknown = JSON.parse(text)
      const checked = ResultsFileSchema.safeParse(parsed)
      assert.ok(checked.success, `trial ${trial}, secrets ${JSON.stringify(secrets)}: ${checked.success ? '' : checked.error.message}`)
      const loaded = await loadResults(file)
      assert.deepEqual(Object.keys(loaded.questions), Object.keys(real.questions), 'ids unchanged')
      assert.equal(loaded.comparison!.verdict, real.comparison!.verdict, 'the verdict unchanged')
      assert.deepEqual(loaded.metrics, real.metrics, 'every number unchanged')
      for (const q of Object.values(loaded.questions))
        for (const s of secrets) assert.ok(!q.answer.includes(s) && !q.errors.candidate!.includes(s), `trial ${trial}: ${JSON.stringify(s)} in an answer`)
      assert.ok(!secrets.some((s) => loaded.run.version!.includes(s)), `trial ${trial}: the version label`)
    }
  })

  it('a large file (one question per line) is redacted the same way, question by question', () => {
    registerSecret('true')
    const q = real.questions[Object.keys(real.questions)[0]!]!
    const questions = Object.fromEntries(Array.from({ length: 2_500 }, (_, i) => [`q${i}`, { ...q, answer: `true answer ${i}`, should_refuse: true }]))
    const file = t.path('large.json')
    writeJsonFile(file, { ...real, questions, comparison: null } as unknown as Record<string, unknown>, RESULTS_OUTSIDE_TEXT)
    const parsed = ResultsSchema.parse(JSON.parse(readFileSync(file, 'utf8')))
    assert.equal(parsed.questions.q2499!.answer, '*** answer 2499')
    assert.equal(parsed.questions.q2499!.should_refuse, true)
  })

  it('a baseline written from such a run loads', async () => {
    registerSecret('null')
    const file = t.path('null-baseline.json')
    const results = structuredClone(real)
    for (const q of Object.values(results.questions)) q.answer = `null ${q.answer}`
    writeResultsFile(t.path('null-results.json'), results)
    assert.equal((await runCli(['baseline', '--results', t.path('null-results.json'), '--out', file])).code, 0)
    assert.ok(BaselineSchema.safeParse(JSON.parse(readFileSync(file, 'utf8'))).success)
    assert.ok(await loadBaseline(file))
  })

  it('redactAt copies only what changes and keeps a `__proto__` id an id', () => {
    registerSecret('s3cret')
    const questions = Object.create(null) as Record<string, { answer: string }>
    Object.defineProperty(questions, '__proto__', { value: { answer: 'has s3cret' }, enumerable: true })
    questions.q2 = { answer: 'clean' }
    const data = { questions, other: { untouched: true } }
    const out = redactAt(data, [['questions', '*', 'answer']])
    assert.equal(Object.getPrototypeOf(out.questions), null)
    assert.ok(Object.hasOwn(out.questions, '__proto__'))
    assert.equal(out.questions['__proto__']!.answer, 'has ***')
    assert.equal(out.questions.q2, questions.q2, 'an unchanged question is the same object')
    assert.equal(out.other, data.other)
  })
})
