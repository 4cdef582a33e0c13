import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { viewOfBaseline, viewOfResults } from '../../src/baseline/baseline.ts'
import { compare } from '../../src/compare/compare.ts'
import { idRecord, ownValue, previewIds, quoteId } from '../../src/text/ids.ts'
import { BaselineSchema } from '../../src/schemas/baseline.ts'
import { GateSettingsSchema } from '../../src/schemas/gate.ts'
import { ResultsSchema } from '../../src/schemas/results.ts'
import { baselineOf, gate, makeQuestion, makeResults, makeRun } from '../helpers/factories.ts'

const HOSTILE = ['__proto__', 'constructor', 'toString', 'hasOwnProperty']

describe('records keyed by ids', () => {
  it('stores __proto__ as an ordinary key and inherits nothing', () => {
    const record = idRecord<number>(HOSTILE.map((id, i) => [id, i]))
    assert.deepEqual(Object.keys(record), HOSTILE)
    assert.equal(ownValue(record, '__proto__'), 0)
    assert.equal(ownValue(idRecord<number>(), 'toString'), undefined)
    assert.equal(ownValue({} as Record<string, number>, 'constructor'), undefined, 'a plain object inherits nothing through ownValue either')
    assert.equal(JSON.stringify(record), '{"__proto__":0,"constructor":1,"toString":2,"hasOwnProperty":3}')
  })

  it('keeps __proto__ through JSON.parse and the results.json and baseline.json schemas, which z.record would drop', () => {
    const run = makeRun(HOSTILE.map(() => ({ rules_pass: 1 })))
    const questions = idRecord(Object.values(run.questions).map((q, i) => [HOSTILE[i]!, q]))
    const text = JSON.stringify(makeResults({ ...run, questions }))
    const results = ResultsSchema.parse(JSON.parse(text))
    assert.deepEqual(Object.keys(results.questions), HOSTILE)
    assert.equal(Object.getPrototypeOf(results.questions), null)
    assert.deepEqual(Object.keys(viewOfResults(results, null).questions!), HOSTILE)
    const baseline = BaselineSchema.parse(JSON.parse(`{"version": "a", "eval_set_version": "v1", "metrics": {}, "questions": ${JSON.stringify(questions)}}`))
    assert.deepEqual(Object.keys(baseline.questions!), HOSTILE)
    assert.deepEqual(Object.keys(viewOfBaseline(baseline, null).questions!), HOSTILE)
  })

  it('NFC-normalises the keys of a baseline, and refuses two keys that normalise alike', () => {
    const q = { category: null, scores: { rules_pass: 1 } }
    const parsed = BaselineSchema.parse({ version: 'a', eval_set_version: 'v1', metrics: {}, questions: { 'cafe\u0301': q } })
    assert.deepEqual(Object.keys(parsed.questions!), ['caf\u00e9'])
    const twice = BaselineSchema.safeParse({ version: 'a', eval_set_version: 'v1', metrics: {}, questions: { 'cafe\u0301': q, 'caf\u00e9': q } })
    assert.equal(twice.success, false)
    assert.match(twice.error!.issues[0]!.message, /listed twice/)
    assert.deepEqual(twice.error!.issues[0]!.path, ['questions', 'caf\u00e9'])
  })

  it('reports a bad value inside a keyed record with its full path', () => {
    const bad = BaselineSchema.safeParse(JSON.parse('{"version": "a", "eval_set_version": "v1", "metrics": {}, "questions": {"__proto__": {"category": null, "scores": {"rules_pass": "high"}}}}'))
    assert.equal(bad.success, false)
    assert.deepEqual(bad.error!.issues[0]!.path, ['questions', '__proto__', 'scores', 'rules_pass'])
  })
})

describe('category labels that are names of Object.prototype members', () => {
  it('checks a by_category floor on category __proto__ and constructor, and ignores none', () => {
    const settings = GateSettingsSchema.parse(JSON.parse('{"by_category": {"__proto__": {"rules_pass": 0.9}, "constructor": {"rules_pass": 0.9}}}'))
    assert.deepEqual(Object.keys(settings.by_category), ['__proto__', 'constructor'])
    const run = makeRun([{ rules_pass: 0 }, { rules_pass: 1 }, { rules_pass: 1 }], { categories: ['__proto__', 'constructor', 'toString'] })
    const c = compare(run, baselineOf(run), gate({ by_category: settings.by_category }), 'update')
    assert.equal(c.verdict, 'fail')
    assert.deepEqual(
      c.failures.map((f) => (f.kind === 'category_floor' ? f.category : f.kind)),
      ['__proto__'],
    )
    assert.deepEqual(c.categories.find((r) => r.category === 'toString')!.floors, [], 'no floor is inherited from Object.prototype')
  })

  it('compares a question named constructor that the baseline does not have as added, not as common', () => {
    const base = makeRun([{ rules_pass: 1 }])
    const cand = makeRun([{ rules_pass: 1 }])
    cand.questions = idRecord([
      ['q1', cand.questions.q1!],
      ['constructor', makeQuestion({ rules_pass: 0 })],
    ])
    const c = compare(cand, baselineOf(base), gate(), 'update')
    assert.deepEqual(c.added, ['constructor'])
    assert.equal(c.common, 1)
    const removedBase = baselineOf(makeRun([{ rules_pass: 1 }]))
    removedBase.questions = idRecord([['toString', { category: null, scores: { rules_pass: 1 } }]])
    assert.deepEqual(compare(base, removedBase, gate(), 'update').removed, ['toString'])
  })
})

describe('ids in terminal text', () => {
  it('quotes ids and writes control, bidi and invisible characters as escapes', () => {
    assert.equal(quoteId('q1'), '"q1"')
    assert.equal(quoteId('a\u001b[31mb\u202ec\u200bd"\n'), '"a\\u001b[31mb\\u202ec\\u200bd\\"\\u000a"')
    assert.equal(previewIds(Array.from({ length: 12 }, (_, i) => `q${i}`)), '"q0", "q1", "q2", "q3", "q4", "q5", "q6", "q7", "q8", "q9" … (+2 more)')
  })
})
