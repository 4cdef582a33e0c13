/* eslint-disable no-control-regex -- these tests look for control characters on purpose */
import { after, afterEach, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { compare } from '../../src/compare/compare.ts'
import { clearSecrets, registerSecret } from '../../src/text/redact.ts'
import { terminalSafe } from '../../src/text/visible.ts'
import { renderTerminal } from '../../src/report/terminal.ts'
import { baselineOf, gate, makeResults, makeRun } from '../helpers/factories.ts'
import { cleanupTempDirs, fixture, makeTempDir, runCli } from '../cli/harness.ts'

/** What the Actions runner would obey: `::command::` at a line's start (after blanks), `##[command]` anywhere. */
const WORKFLOW_COMMAND = /^\s*::|##\[/m

// the unit files share a process: a hook at the top would run after every test of every file
after(cleanupTempDirs)

function hostileResults() {
  const base = makeRun([{ rules_pass: 1 }])
  const cand = makeRun([{ rules_pass: 0 }])
  cand.questions.q1!.question = '\u001b]8;;x\u0007x\n::stop-commands::tok\n  ::warning title=forged::pwned'
  const results = makeResults(cand, compare(cand, baselineOf(base), gate(), 'npx evalgate baseline'))
  results.run.version = '::error::forged'
  return results
}

describe('terminal output', () => {
  afterEach(() => clearSecrets())

  it('shows control characters in outside text as codes, so a question can neither break a line nor send an escape sequence', () => {
    const out = renderTerminal(hostileResults(), { color: true })
    const question = out.split('\n').find((line) => line.includes('stop-commands'))!
    assert.ok(question.includes('\\x1b]8;;x\\x07x\\x0a::stop-commands::tok\\x0a'), question)
    // the only raw ESC left is our own colour codes
    assert.doesNotMatch(out.replace(/\u001b\[[0-9;]*m/g, ''), /\u001b/)
  })

  it('never lets a line start with a workflow command, and redacts secrets, in what reaches the terminal', () => {
    registerSecret('tok-secret-123')
    const text = '::stop-commands::x\n   ::warning::y\nfine ##[error]z\n\u001b[31mred\u001b[0m tok-secret-123'
    const safe = terminalSafe(text)
    assert.doesNotMatch(safe, WORKFLOW_COMMAND)
    assert.doesNotMatch(safe, /\u001b/)
    assert.ok(safe.includes('\\x3a:stop-commands::x') && safe.includes('***'), safe)
    assert.ok(terminalSafe(text, true).includes('\u001b[31mred\u001b[0m'), 'colour codes pass when colour is on')
  })

  it('the CLI prints no workflow command and no raw escape sequence from a hostile label', async () => {
    const t = makeTempDir()
    const run = await runCli([
      'run',
      '--config',
      t.config,
      '--eval-set',
      fixture('eval_set.csv'),
      '--eval-set-version',
      'v1',
      '--predictions',
      fixture('good.jsonl'),
      '--version',
      'v\n::stop-commands::tok\n##[error]forged \u001b]0;owned\u0007',
    ])
    assert.equal(run.code, 0, run.stderr)
    assert.ok(run.stdout.includes('\\x0a'), run.stdout)
    assert.doesNotMatch(run.stdout + run.stderr, WORKFLOW_COMMAND)
    assert.doesNotMatch(run.stdout + run.stderr, /[\u0000-\u0008\u000B-\u001F\u007F]/)
  })
})

describe('terminal wording', () => {
  afterEach(() => clearSecrets())

  it('says every metric status in plain words, never the raw enum', () => {
    const base = makeRun([{ rules_pass: 1 }, { rules_pass: 1 }])
    const cand = makeRun([{ rules_pass: 1 }, { rules_pass: 0 }])
    const c = compare(cand, baselineOf(base), gate({ gate_mode: 'significant' }), 'npx evalgate baseline')
    for (const m of c.metrics) m.status = 'regression_within_noise'
    c.failures = []
    const out = renderTerminal(makeResults(cand, c), { color: false })
    assert.match(out, /regression within noise/)
    assert.doesNotMatch(out, /within_noise|not_computed|no_baseline|not_gated/)
  })

  it('writes "1 question", not "1 questions"', () => {
    const base = makeRun([{ rules_pass: 1 }])
    const cand = makeRun([{ rules_pass: 0 }])
    const out = renderTerminal(makeResults(cand, compare(cand, baselineOf(base), gate(), 'npx evalgate baseline')), { color: false })
    assert.match(out, /\(1 question\)/)
    assert.match(out, /1 question compared/)
    assert.match(out, /1 question worse, 0 better \(1 row got worse, worst first\)/)
    assert.doesNotMatch(out, /\b1 questions\b|\b1 rows\b/)
  })

  it('a shard (compared only after merge) shows its own scores, not an empty table, and says it is a shard', () => {
    const results = makeResults(makeRun([{ rules_pass: 1 }, { rules_pass: 0 }, { rules_pass: null }]), null)
    results.run.shard = { index: 1, count: 2, total_questions: 6 }
    const out = renderTerminal(results, { color: false })
    assert.match(out, /^SHARD 1\/2 /)
    assert.match(out, /not gated: merge the 2 shards/)
    assert.match(out, /metric +value +n\n +rules_pass +0\.500 +2 \(1 null\)/)
    assert.doesNotMatch(out, /NO BASELINE|baseline +candidate|—/)
  })
})
