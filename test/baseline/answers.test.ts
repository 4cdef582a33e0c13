import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { after, describe, it } from 'node:test'
import { loadBaseline } from '../../src/baseline/baseline.ts'
import { compare } from '../../src/compare/compare.ts'
import { GateError } from '../../src/io/errors.ts'
import { renderReport } from '../../src/report/markdown.ts'
import { BASELINE_SCHEMA_VERSION } from '../../src/schemas/baseline.ts'
import { cleanupTempDirs, makeTempDir, readBaseline, runCli, writeJson, writeResults } from '../cli/harness.ts'
import { gate, makeResults, makeRun } from '../helpers/factories.ts'

after(cleanupTempDirs)

const UPDATE = 'evalgate baseline --results results.json'
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

/** 600 code points, 498 letters then emoji: a cut after 499 code points lands on an emoji, whose two UTF-16 units must stay together. */
const LONG = 'a'.repeat(498) + '😀'.repeat(102)

/** Two questions: q1 answers LONG, q2 a short answer; both score 1 on accuracy_norm. */
function goodRun() {
  const run = makeRun([{ accuracy_norm: 1 }, { accuracy_norm: 1 }])
  run.questions.q1!.answer = LONG
  run.questions.q2!.answer = 'Refunds take 5 days.'
  return run
}

async function writeBaselineOf(run: ReturnType<typeof goodRun>): Promise<string> {
  const t = makeTempDir()
  const results = writeResults(t.path('results.json'), makeResults(run))
  const out = t.path('baseline.json')
  const written = await runCli(['baseline', '--results', results, '--out', out])
  assert.equal(written.code, 0, written.stderr)
  return out
}

async function errorOf(fn: () => unknown): Promise<GateError> {
  try {
    await fn()
  } catch (error) {
    assert.ok(error instanceof GateError, String(error))
    return error
  }
  assert.fail('expected a GateError')
}

describe('evalgate baseline keeps each answer, capped, and its hash', () => {
  it('stores a 600-code-point answer as 499 code points and …, never splitting the emoji at the cut, with the hash of the whole answer', async () => {
    const file = await writeBaselineOf(goodRun())
    const written = readBaseline(file)
    assert.equal(written.schema_version, BASELINE_SCHEMA_VERSION)
    assert.equal(BASELINE_SCHEMA_VERSION, 3)
    const q1 = written.questions!.q1!
    assert.equal([...q1.answer!].length, 500)
    assert.equal(q1.answer, 'a'.repeat(498) + '😀…')
    assert.doesNotMatch(q1.answer!, /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/, 'no lone surrogate')
    assert.equal(q1.answer_truncated, true)
    assert.equal(q1.answer_sha256, sha256(LONG))
    const q2 = written.questions!.q2!
    assert.deepEqual([q2.answer, q2.answer_truncated, q2.answer_sha256], ['Refunds take 5 days.', false, sha256('Refunds take 5 days.')])
    // the whole answer's length in code points (the emoji count once), cut or not
    assert.equal(q1.answer_chars, 600)
    assert.equal(q2.answer_chars, 20)
    // the answer fields follow the scores, in a fixed order: a refreshed baseline diffs only where an answer changed
    assert.deepEqual(Object.keys(q1), ['category', 'question', 'scores', 'answer', 'answer_truncated', 'answer_sha256', 'answer_chars'])
  })

  it('reads its own baseline back and compares: an unchanged answer whose score fell says so, a changed one keeps the text from before', async () => {
    const file = await writeBaselineOf(goodRun())
    const baseline = (await loadBaseline(file))!
    assert.equal(baseline.questions!.q1!.answer_sha256, sha256(LONG))
    const worse = makeRun([{ accuracy_norm: 0 }, { accuracy_norm: 0 }])
    worse.questions.q1!.answer = LONG
    worse.questions.q2!.answer = 'Refunds take 30 days.'
    const c = compare(worse, baseline, gate(), UPDATE)
    assert.equal(c.verdict, 'fail')
    assert.deepEqual(Object.keys(c.baseline_answers).sort(), ['q1', 'q2'])
    assert.deepEqual(c.baseline_answers.q1, { answer: 'a'.repeat(498) + '😀…', answer_truncated: true, unchanged: true })
    assert.deepEqual(c.baseline_answers.q2, { answer: 'Refunds take 5 days.', answer_truncated: false, unchanged: false })
  })

  it('refuses a schema 2 baseline whose question lacks an answer field or has a malformed one, naming the field', async () => {
    const t = makeTempDir()
    const q = { category: null, scores: { accuracy_norm: 1 }, answer: 'ok', answer_truncated: false, answer_sha256: sha256('ok') }
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['no hash', { ...q, answer_sha256: undefined }, /field "questions\.q1\.answer_sha256": required in a baseline of schema_version 2/],
      ['no answer', { ...q, answer: undefined }, /field "questions\.q1\.answer": required/],
      ['a hash that is not hex SHA-256', { ...q, answer_sha256: 'abc' }, /field "questions\.q1\.answer_sha256": the hex SHA-256/],
      ['an answer over 500 code points', { ...q, answer: 'x'.repeat(501) }, /field "questions\.q1\.answer": at most 500 characters/],
      ['a cut answer that does not end at the cap', { ...q, answer: 'short…', answer_truncated: true }, /field "questions\.q1\.answer": a cut answer .* is 500 characters ending with …/],
      ["a length that is not the answer's", { ...q, answer_chars: 3 }, /field "questions\.q1\.answer_chars": expected 2, the answer's length in code points, got 3/],
      ['a cut answer no longer than the cap', { ...q, answer: 'x'.repeat(499) + '…', answer_truncated: true, answer_chars: 500 }, /field "questions\.q1\.answer_chars": expected more than 500/],
      ['a negative length', { ...q, answer_chars: -1 }, /field "questions\.q1\.answer_chars"/],
    ]
    for (const [name, question, pattern] of cases) {
      const file = writeJson(t.path(`${name}.json`), { schema_version: 2, version: 'v', eval_set_version: 'v1', metrics: { accuracy_norm: 1 }, questions: { q1: question } })
      assert.match((await errorOf(() => loadBaseline(file))).message, pattern, name)
    }
  })

  it('loads a schema 2 baseline written before answer_chars was kept', async () => {
    const t = makeTempDir()
    const q = { category: null, scores: { accuracy_norm: 1 }, answer: 'ok', answer_truncated: false, answer_sha256: sha256('ok') }
    const file = writeJson(t.path('baseline.json'), { schema_version: 2, version: 'v', eval_set_version: 'v1', metrics: { accuracy_norm: 1 }, questions: { q1: q } })
    assert.equal((await loadBaseline(file))!.questions!.q1!.answer_chars, undefined)
  })
})

describe('a baseline of schema 1 (no answers) still loads and compares', () => {
  const v1 = {
    schema_version: 1,
    version: 'old',
    eval_set_version: 'v1',
    eval_set_fingerprint: 'sha256:f',
    metrics: { accuracy_norm: 1 },
    questions: { q1: { category: '报销政策', question: '问题', scores: { accuracy_norm: 1 } }, q2: { category: '报销政策', question: '问题', scores: { accuracy_norm: 1 } } },
  }

  it('gates against it, with no before text in the report', async () => {
    const t = makeTempDir()
    const baseline = (await loadBaseline(writeJson(t.path('baseline.json'), v1)))!
    assert.equal(baseline.kind, 'evalgate')
    assert.equal(baseline.questions!.q1!.answer, undefined)
    const worse = makeRun([{ accuracy_norm: 0 }, { accuracy_norm: 1 }])
    const c = compare(worse, baseline, gate(), UPDATE)
    assert.equal(c.verdict, 'fail')
    assert.deepEqual(
      c.regressions.map((r) => r.id),
      ['q1'],
    )
    assert.deepEqual(Object.keys(c.baseline_answers), [])
    const md = renderReport(makeResults(worse, c))
    assert.ok(!md.includes('**Before**'), 'no before text without answers in the baseline')
    assert.match(md, /No answers to compare: the baseline keeps none/)
  })

  it('does not read answer fields copied into it by hand (they are not schema 1)', async () => {
    const t = makeTempDir()
    const copied = structuredClone(v1) as typeof v1 & { questions: { q1: Record<string, unknown> } }
    copied.questions.q1.answer = 'x'.repeat(900)
    copied.questions.q1.answer_sha256 = 'not a hash'
    const baseline = (await loadBaseline(writeJson(t.path('baseline.json'), copied)))!
    assert.equal(baseline.questions!.q1!.answer, undefined)
    assert.equal(baseline.questions!.q1!.answer_sha256, undefined)
  })

  it('is rewritten as the current schema, with answers, by evalgate baseline', async () => {
    const t = makeTempDir()
    const out = writeJson(t.path('baseline.json'), v1)
    const results = writeResults(t.path('results.json'), makeResults(goodRun()))
    const written = await runCli(['baseline', '--results', results, '--out', out])
    assert.equal(written.code, 0, written.stderr)
    const text = readFileSync(out, 'utf8')
    assert.match(text, /"schema_version": 3/)
    assert.equal(readBaseline(out).questions!.q2!.answer, 'Refunds take 5 days.')
  })
})
