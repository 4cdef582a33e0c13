/**
 * A baseline that is named (flag, Action input, evalgate.yml) but does not exist is bad input:
 * a typo must never turn the gate into a first run that passes forever. Only a baseline nobody
 * configured means "no baseline yet". The Action (src/index.ts, bundled) and the CLI run as
 * real processes; `mode: baseline` and the README's first-run recipe keep working.
 */
import assert from 'node:assert/strict'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { after, before, describe, it } from 'node:test'
import { ACTION_ENTRY, cliCommand, runCliProcess, type ProcessRun } from '../helpers/cli-process.ts'
import { pushPayload, runActionProcess } from '../helpers/action-process.ts'
import { cleanupTempDirs, fixture, makeTempDir, readResults, runCli, writeText } from '../cli/harness.ts'

after(cleanupTempDirs)

const t = makeTempDir()
let action: string[]
let cli: string[]

/** The Action on a push event (no PR comment), with INPUT_* as the runner sets them. */
const runAction = (inputs: Record<string, string>) =>
  runActionProcess({ entry: action, dir: t.dir, inputs: { config: t.config, comment: 'false', ...inputs }, eventName: 'push', payload: pushPayload() })

const gateInputs = (over: Record<string, string> = {}): Record<string, string> => ({
  'eval-set': fixture('eval_set.csv'),
  'eval-set-version': 'v1',
  predictions: fixture('good.jsonl'),
  'results-path': t.path('results.json'),
  'report-path': t.path('report.md'),
  ...over,
})

function assertNamedMissing(run: ProcessRun, path: string): void {
  const text = run.stdout + run.stderr
  assert.ok(text.includes(`${path}: baseline not found`), text)
  assert.match(text, /fix: check the path/)
  assert.match(text, / baseline --results /)
  assert.doesNotMatch(text, /no baseline yet|NO BASELINE|internal error|\n\s+at /)
}

before(async () => {
  action = await cliCommand(t.dir, ACTION_ENTRY)
  cli = await cliCommand(t.dir)
})

describe('a named baseline that does not exist', () => {
  it('the Action input baseline: the check fails naming the file, verdict error', async () => {
    const missing = t.path('baselines/baseline-typo.json')
    const run = await runAction(gateInputs({ baseline: missing }))
    assert.equal(run.code, 1, run.stdout + run.stderr)
    assert.equal(run.outputs.verdict, 'error')
    assertNamedMissing(run, missing)
  })

  it('evalgate.yml baseline, read by the Action: the same', async () => {
    const missing = t.path('nope.json')
    const config = writeText(t.path('named.yml'), `baseline: ${missing}\n`)
    const run = await runAction(gateInputs({ config }))
    assert.equal(run.code, 1, run.stdout + run.stderr)
    assert.equal(run.outputs.verdict, 'error')
    assertNamedMissing(run, missing)
  })

  it('the CLI flag --baseline: exit 2 naming the file and the fix', async () => {
    const missing = t.path('baselines/nope.json')
    const run = await runCliProcess(cli, [
      'run',
      '--config',
      t.config,
      '--eval-set',
      fixture('eval_set.csv'),
      '--eval-set-version',
      'v1',
      '--predictions',
      fixture('good.jsonl'),
      '--baseline',
      missing,
    ])
    assert.equal(run.code, 2, run.stdout + run.stderr)
    assertNamedMissing(run, missing)
  })

  it('evalgate.yml baseline, read by the CLI: exit 2; --no-baseline runs it as a first run', async () => {
    const missing = t.path('nope.json')
    const config = writeText(t.path('named-cli.yml'), `baseline: ${missing}\n`)
    const args = ['run', '--config', config, '--eval-set', fixture('eval_set.csv'), '--eval-set-version', 'v1', '--predictions', fixture('good.jsonl')]
    const named = await runCli(args)
    assert.equal(named.code, 2, named.stdout + named.stderr)
    assertNamedMissing({ ...named, signal: null }, missing)
    const first = await runCli([...args, '--no-baseline', '--out', t.path('first.json')])
    assert.equal(first.code, 0, first.stderr)
    assert.equal(readResults(t.path('first.json')).comparison?.verdict ?? 'no_baseline', 'no_baseline')
  })
})

describe('no baseline configured, and writing the first one', () => {
  it('the Action without a baseline: no_baseline, the check passes', async () => {
    const run = await runAction(gateInputs())
    assert.equal(run.code, 0, run.stdout + run.stderr)
    assert.equal(run.outputs.verdict, 'no_baseline')
  })

  it('mode: baseline writes the named baseline that does not exist yet', async () => {
    const target = t.path('baselines/first.json')
    const run = await runAction(gateInputs({ baseline: target, mode: 'baseline', version: 'main' }))
    assert.equal(run.code, 0, run.stdout + run.stderr)
    assert.equal(run.outputs['baseline-path'], target)
    assert.ok(existsSync(target))
    const gated = await runAction(gateInputs({ baseline: target }))
    assert.equal(gated.code, 0, gated.stdout + gated.stderr)
    assert.equal(gated.outputs.verdict, 'pass')
  })

  it('mode: baseline with input shard is refused before anything is scored: a shard cannot become the baseline', async () => {
    const target = t.path('baselines/from-shard.json')
    const run = await runAction(gateInputs({ baseline: target, mode: 'baseline', shard: '1/2', 'results-path': t.path('shard-results.json') }))
    assert.equal(run.code, 1, run.stdout + run.stderr)
    assert.equal(run.outputs.verdict, 'error')
    const text = run.stdout + run.stderr
    assert.match(text, /mode: baseline writes the baseline from the whole eval set: input shard \(1\/2\) cannot be combined with it/)
    assert.match(text, /fix: drop shard; or score the shards with mode: gate, join them with mode: merge/)
    assert.equal(existsSync(target), false)
    assert.equal(existsSync(t.path('shard-results.json')), false, 'nothing was scored')
  })

  it("mode: baseline keeps the replaced baseline's settings under evalgate.yml's and the inputs'", async () => {
    const results = t.path('refresh/results.json')
    const target = t.path('refresh/baseline.json')
    const args = ['run', '--config', t.config, '--eval-set', fixture('eval_set.csv'), '--eval-set-version', 'v1', '--predictions', fixture('good.jsonl')]
    assert.equal((await runCli([...args, '--out', results])).code, 0)
    assert.equal((await runCli(['baseline', '--results', results, '--out', target, '--version', 'old'])).code, 0)
    const { max_error_rate: _unset, ...old } = JSON.parse(readFileSync(target, 'utf8')) as Record<string, unknown>
    writeFileSync(target, JSON.stringify({ ...old, max_drop: 0.2, question_drop: 0.3 }))
    const config = writeText(t.path('refresh/evalgate.yml'), 'gate:\n  max_drop: 0.05\n')
    const run = await runAction(gateInputs({ config, baseline: target, mode: 'baseline', version: 'main', 'gate-mode': 'significant' }))
    assert.equal(run.code, 0, run.stdout + run.stderr)
    const written = JSON.parse(readFileSync(target, 'utf8')) as Record<string, unknown>
    assert.equal(written.version, 'main')
    assert.equal(written.max_drop, 0.05, "evalgate.yml's, not the replaced baseline's")
    assert.equal(written.question_drop, 0.3, "the replaced baseline's, which nothing overrides")
    assert.equal(written.gate_mode, 'significant', "the input's")
    assert.equal(written.max_error_rate, 0.1, 'the default that gated the run is written too')
    assert.ok((run.stdout + run.stderr).includes(`  question_drop 0.3 (${target})`), run.stdout + run.stderr)
    const sources = readResults(t.path('results.json')).comparison?.gate_sources
    assert.deepEqual([sources?.max_drop, sources?.question_drop, sources?.gate_mode, sources?.max_error_rate], [config, target, 'action inputs', 'default'])
  })

  it("the README's first-run recipe: run without a baseline, write it, gate with it", async () => {
    const results = t.path('recipe/results.json')
    const baseline = t.path('recipe/baselines/baseline.json')
    const args = ['run', '--config', t.config, '--eval-set', fixture('eval_set.csv'), '--eval-set-version', 'v1', '--predictions', fixture('good.jsonl')]
    assert.equal((await runCli([...args, '--out', results])).code, 0)
    assert.equal((await runCli(['baseline', '--results', results, '--out', baseline, '--version', 'main'])).code, 0)
    const gated = await runCli([...args, '--baseline', baseline])
    assert.equal(gated.code, 0, gated.stderr)
    assert.match(gated.stdout, /PASS/)
  })
})
