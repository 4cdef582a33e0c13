/**
 * The Action's `lint-set` input, run the way the runner runs it (src/index.ts bundled, inputs
 * as INPUT_* variables): findings become annotations on the eval set's lines; they change the
 * check only with `lint-set: strict`.
 */
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { ACTION_ENTRY, cliCommand, type ProcessRun } from '../helpers/cli-process.ts'
import { pushPayload, runActionProcess } from '../helpers/action-process.ts'
import { cleanupTempDirs, fixture, makeTempDir, writeText } from '../cli/harness.ts'

const t = makeTempDir()
let action: string[]
after(cleanupTempDirs)

const evalSet = writeText(t.path('eval_set.csv'), readFileSync(fixture('eval_set.csv'), 'utf8') + 'q1dup,年假有几天呢？,入职满一年后每年有5天带薪年假。,5天;带薪年假,leave,false,D1\n')
const predictions = writeText(
  t.path('predictions.jsonl'),
  readFileSync(fixture('good.jsonl'), 'utf8') +
    JSON.stringify({ id: 'q1dup', answer: '入职满一年后每年有5天带薪年假[文档1]。', contexts: ['员工入职满一年后每年有5天带薪年假。'], retrieved_ids: ['D1'] }) +
    '\n',
)

function runAction(lintSet: string | undefined): Promise<ProcessRun> {
  const inputs: Record<string, string> = {
    config: t.config,
    'eval-set': evalSet,
    'eval-set-version': 'v1',
    predictions,
    'results-path': t.path('results.json'),
    'report-path': t.path('report.md'),
    comment: 'false',
    ...(lintSet === undefined ? {} : { 'lint-set': lintSet }),
  }
  return runActionProcess({ entry: action, dir: t.dir, inputs, eventName: 'push', payload: pushPayload(), env: { GITHUB_WORKSPACE: t.dir } })
}

const annotations = (run: ProcessRun) => run.stdout.split('\n').filter((l) => /^::(error|warning) title=evalgate lint-set/.test(l))

describe('the Action with lint-set', { timeout: 120_000 }, () => {
  before(async () => {
    action = await cliCommand(t.dir, ACTION_ENTRY)
  })

  it('true: puts each finding on the eval set lines (relative to the workspace), and passes the check', async () => {
    const run = await runAction('true')
    assert.equal(run.code, 0, run.stdout + run.stderr)
    const lines = annotations(run)
    const near = lines.filter((l) => l.startsWith('::error title=evalgate lint-set%3A near duplicate,'))
    assert.deepEqual(
      near.map((l) => /,file=eval_set\.csv,line=(\d+)::near-duplicate questions q1 \(line 2\) and q1dup \(line 9\)/.exec(l)?.[1]),
      ['2', '9'],
    )
    assert.ok(lines.some((l) => l.startsWith('::warning title=evalgate lint-set%3A boundary,file=eval_set.csv::no boundary question of the kind confusable')))
    assert.match(run.stdout, /evalgate: lint-set .*eval_set\.csv: 1 errors, \d+ warnings/)
  })

  it('strict: an error-level finding fails the check, after the run wrote its results', async () => {
    const run = await runAction('strict')
    assert.equal(run.code, 1)
    assert.match(run.stdout, /^::error::evalgate: lint-set found 1 error in .*eval_set\.csv \(lint-set: strict\): near-duplicate questions q1/m)
    assert.ok(readFileSync(t.path('results.json'), 'utf8').includes('"q1dup"'))
  })

  it('false (the default): no lint at all', async () => {
    const run = await runAction(undefined)
    assert.equal(run.code, 0, run.stdout + run.stderr)
    assert.deepEqual(annotations(run), [])
  })

  it('a bad value is a usage error naming the input', async () => {
    const run = await runAction('yes')
    assert.equal(run.code, 1)
    assert.match(run.stdout, /input "lint-set": expected one of true, strict, false, got "yes"/)
  })
})
