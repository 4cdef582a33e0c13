/**
 * The run's top error causes, computed once (errorCauses) and shown by both renderers: counted
 * by cause, most frequent first, with numbers and ids not splitting one cause in two, redacted,
 * and escaped for each medium.
 */
import { afterEach, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { clearSecrets, registerSecret } from '../../src/text/redact.ts'
import { causeKey, errorCauses, firstErrored } from '../../src/report/errorCauses.ts'
import { renderReport } from '../../src/report/markdown.ts'
import { renderTerminal } from '../../src/report/terminal.ts'
import type { QuestionResult } from '../../src/schemas/results.ts'
import { makeQuestion, makeResults, makeRun } from '../helpers/factories.ts'

// the unit files share a process: a hook at the top would run after every test of every file

function questionsWith(errors: Record<string, string>[]): Record<string, QuestionResult> {
  return Object.fromEntries(errors.map((e, i) => [`q${i + 1}`, makeQuestion({ rules_pass: 1 }, { errors: e })]))
}

describe('errorCauses', () => {
  afterEach(() => clearSecrets())

  it('counts error rows by cause, most frequent first, and says how many causes there are beyond the top 3', () => {
    const questions = questionsWith([
      { rubric: 'HTTP 401 after 1 attempt: 401 bad key', claims: 'HTTP 401 after 1 attempt: 401 bad key' },
      { rubric: 'HTTP 401 after 1 attempt: 401 bad key', candidate: 'exit code 3' },
      { rubric: 'budget spent (budget.calls 10)', claims: 'HTTP 500 after 5 attempts: 500 oops' },
      { recall: 'HTTP 500 after 5 attempts: 500 oops', usefulness: 'invalid JSON from the judge after one repair: not JSON' },
      {},
    ])
    const causes = errorCauses(questions)
    assert.equal(causes.total, 8)
    assert.equal(causes.questions, 4)
    assert.equal(causes.distinct, 5)
    assert.deepEqual(
      causes.top.map((c) => [c.count, c.message]),
      [
        [3, 'HTTP 401 after 1 attempt: 401 bad key'],
        [2, 'HTTP 500 after 5 attempts: 500 oops'],
        // equal counts: the cause seen first
        [1, 'exit code 3'],
      ],
    )
  })

  it('one cause whatever the attempt count, port, request id or position; the HTTP status and model names stay apart', () => {
    assert.equal(causeKey('HTTP 429 after 1 attempt: 429 slow down (req_8f3a2)'), causeKey('HTTP 429 after 5 attempts: 429 slow down (req_77b1c)'))
    assert.equal(
      causeKey('network error after 5 attempts: Connection error. (connect ECONNREFUSED 127.0.0.1:4123)'),
      causeKey('network error after 2 attempts: Connection error. (connect ECONNREFUSED 127.0.0.1:80)'),
    )
    assert.equal(causeKey('claims: not JSON (Unexpected token } at position 17)'), causeKey('claims: not JSON (Unexpected token } at position 4)'))
    assert.notEqual(causeKey('HTTP 401 after 1 attempt: 401 bad key'), causeKey('HTTP 403 after 1 attempt: 403 bad key'))
    assert.notEqual(causeKey('127.0.0.1:8000 has no model gpt-4o'), causeKey('127.0.0.1:8000 has no model gpt-5'))
    const causes = errorCauses(questionsWith([{ a: 'HTTP 429 after 1 attempt: 429 slow' }, { a: 'HTTP 429 after 2 attempts: 429 slow' }, { a: 'HTTP 429 after 2 attempts: 429 slow' }]))
    assert.deepEqual(causes.top, [{ message: 'HTTP 429 after 2 attempts: 429 slow', count: 3, variants: 2 }])
  })

  it('redacts secrets and cuts long messages', () => {
    registerSecret('sk-live-secret-key')
    const causes = errorCauses(questionsWith([{ a: `HTTP 401 after 1 attempt: key sk-live-secret-key refused ${'x'.repeat(400)}` }]))
    assert.ok(causes.top[0]!.message.startsWith('HTTP 401 after 1 attempt: key *** refused'))
    assert.ok([...causes.top[0]!.message].length <= 160 && causes.top[0]!.message.endsWith('…'))
  })

  it('both renderers show the same causes with their counts; the report escapes them', () => {
    const run = makeRun([{ rules_pass: 1 }, { rules_pass: 1 }, { rules_pass: 1 }])
    run.questions.q1!.errors = { rubric: 'HTTP 404 after 1 attempt: <b>@octocat</b> | not here', claims: 'HTTP 404 after 1 attempt: <b>@octocat</b> | not here' }
    run.questions.q2!.errors = { rubric: 'HTTP 404 after 1 attempt: <b>@octocat</b> | not here' }
    run.questions.q3!.errors = { candidate: 'exit code 1' }
    const results = makeResults(run)
    const terminal = renderTerminal(results, { color: false })
    assert.match(terminal, /4 errors on 3 questions:\n {4}3 × HTTP 404 after 1 attempt: <b>@octocat<\/b> \| not here\n {4}1 × exit code 1/)
    const report = renderReport(results)
    assert.ok(report.includes('**4 errors on 3 questions**:\n\n- 3 × HTTP 404 after 1 attempt: &lt;b&gt;@\u2060octocat&lt;/b&gt; \\| not here\n- 1 × exit code 1\n'), report)
  })

  it('a run without errors shows no error causes', () => {
    const results = makeResults(makeRun([{ rules_pass: 1 }]))
    assert.doesNotMatch(renderTerminal(results, { color: false }), /errors? on/)
    assert.doesNotMatch(renderReport(results), /errors? on/)
  })
})

describe('firstErrored', () => {
  afterEach(() => clearSecrets())

  it('gives the first questions with an error in the questions’ order, at most `limit`, and errorCauses counts them all', () => {
    const questions = questionsWith([{}, { a: 'x 1' }, {}, { b: 'y 2', c: 'y 3' }, { a: 'x 4' }, {}])
    assert.deepEqual(
      firstErrored(questions, 2).map(([id]) => id),
      ['q2', 'q4'],
    )
    assert.deepEqual(
      firstErrored(questions, 300).map(([id]) => id),
      ['q2', 'q4', 'q5'],
    )
    assert.equal(firstErrored(questions, 0).length, 0)
    const causes = errorCauses(questions)
    assert.equal(causes.questions, 3)
    assert.equal(causes.total, 4)
    // asked again (the terminal, then report.md): the same answer
    assert.deepEqual(errorCauses(questions), causes)
  })
})
