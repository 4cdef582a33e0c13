/**
 * A secret evalgate knows reaches none of the places it writes: the Action (bundled from
 * src/index.ts, run as the runner runs it, against a fake GitHub and a fake OpenAI-compatible
 * judge on 127.0.0.1) and the CLI, as real processes. Two leaks the issue found: a judge whose
 * 401 echoes the key (error rows in results.json, report.md, the summary and the comment), and
 * a candidate command that prints the key on stderr before failing (its stderr tail was quoted
 * in the "could not run the gate" comment; issue 28: it is never quoted there now, only logged).
 */
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { ACTION_ENTRY, cliCommand, runCliProcess, type ProcessRun } from '../helpers/cli-process.ts'
import { runActionProcess, type ActionProcessRun } from '../helpers/action-process.ts'
import { FakeGitHub } from '../helpers/github-server.ts'
import { FakeOpenAI } from '../../fakes/openai-server.ts'
import { cleanupTempDirs, fixture, makeTempDir, nodeCommand, writeText } from '../cli/harness.ts'

/** Punctuation on purpose: `_` and `-` are what a Markdown escaper would change. */
const KEY = 'sk-proj_EvalGate-4f9c2a7b_e1d8-SECRET'
const t = makeTempDir()
let action: string[]
let cli: string[]
let judge: FakeOpenAI
let github: FakeGitHub

/** The judge's 401 quotes the key it was sent, as some gateways do. The preflight passes: the key is refused once scoring starts (revoked mid-run). */
const unauthorized = {
  status: 401,
  body: { error: { message: `Incorrect API key provided: ${KEY}. You can find your API key at https://example.invalid`, type: 'invalid_request_error', code: 'invalid_api_key' } },
}

before(async () => {
  ;[action, cli] = await Promise.all([cliCommand(t.dir, ACTION_ENTRY), cliCommand(t.dir)])
  judge = await new FakeOpenAI()
    .onChat((call) => (call.promptId === 'preflight' ? '{"ok": true}' : unauthorized))
    .onEmbeddings((call) => (call.inputs.join() === 'evalgate preflight' ? [[1, 0]] : unauthorized))
    .start()
  github = await new FakeGitHub().start()
})

after(async () => {
  await Promise.all([judge.stop(), github.stop()])
  cleanupTempDirs()
})

function judgeConfig(name: string): string {
  return writeText(
    t.path(`${name}.yml`),
    ['judge:', '  provider: openai', `  base_url: ${judge.url}`, '  model: gpt-test', '  embeddings_model: emb-test', `  cache_dir: ${t.path(`${name}-cache`)}`, ''].join('\n'),
  )
}

/** A candidate that prints the key on stderr (as `set -x` would) and fails. */
function leakyCandidate(): string {
  const script = writeText(t.path('leaky.mjs'), 'process.stderr.write(`calling the model with key ${process.env.OPENAI_API_KEY}\\n`)\nprocess.exit(3)\n')
  return nodeCommand(script)
}

/** The Action on a pull_request event, with the job's env and the inputs as INPUT_*. */
const runAction = (name: string, inputs: Record<string, string>, jobEnv: Record<string, string> = {}): Promise<ActionProcessRun> =>
  runActionProcess({
    entry: action,
    dir: t.dir,
    inputs: { 'github-token': 'ghs_fake-token-for-tests', ...inputs },
    eventName: 'pull_request',
    payload: { number: 7, pull_request: { number: 7, head: { sha: 'abcdef1234567890' } }, repository: { name: 'r', owner: { login: 'o' } } },
    apiUrl: github.url,
    env: jobEnv,
  })

/** The runner's own `::add-mask::` command is the one line allowed to carry the secret: it is how the runner learns it. */
function assertNoKeyInLog(run: ProcessRun): void {
  const lines = `${run.stdout}\n${run.stderr}`.split('\n').filter((line) => line.includes(KEY) && !line.startsWith('::add-mask::'))
  assert.deepEqual(lines, [], 'the key reached the terminal')
}

function assertNoKey(where: string, text: string): void {
  assert.ok(!text.includes(KEY), `the key reached ${where}`)
  // nor any escaped form of it: the part between its punctuation is enough to find it
  assert.ok(!text.includes('4f9c2a7b'), `part of the key reached ${where}`)
}

function commentBodies(): string {
  return github
    .writes()
    .map((r) => (r.body as { body?: string } | null)?.body ?? '')
    .join('\n')
}

describe('a secret reaches no output', () => {
  it('Action: a judge 401 that echoes the key leaves it out of the log, results.json, report.md, the summary and the PR comment', async () => {
    github.requests.length = 0
    const results = t.path('a-results.json')
    const report = t.path('a-report.md')
    const run = await runAction('a', {
      config: judgeConfig('a'),
      'eval-set': fixture('eval_set.csv'),
      'eval-set-version': 'v1',
      predictions: fixture('good.jsonl'),
      'judge-api-key': KEY,
      'results-path': results,
      'report-path': report,
    })
    // the run went as far as the comment, and the judge's error is in its error rows
    assert.ok(judge.requests.length > 0, 'the judge was called')
    assert.ok(readFileSync(results, 'utf8').includes('HTTP 401'), run.stdout + run.stderr)
    assert.ok(commentBodies().includes('evalgate'), run.stdout)
    assertNoKeyInLog(run)
    assertNoKey('results.json', readFileSync(results, 'utf8'))
    assertNoKey('report.md', readFileSync(report, 'utf8'))
    assertNoKey('the job summary', run.summary)
    assertNoKey('the PR comment', commentBodies())
    assert.match(readFileSync(results, 'utf8'), /Incorrect API key provided: \*\*\*/)
  })

  it('Action: a candidate command printing the key on stderr leaves it out of the "could not run" comment, the summary and the log', async () => {
    github.requests.length = 0
    const run = await runAction(
      'b',
      {
        config: writeText(t.path('b.yml'), ''),
        'eval-set': fixture('eval_set.csv'),
        'eval-set-version': 'v1',
        'candidate-command': leakyCandidate(),
        'results-path': t.path('b-results.json'),
        'report-path': t.path('b-report.md'),
      },
      { OPENAI_API_KEY: KEY },
    )
    assert.equal(run.code, 1, run.stdout + run.stderr)
    assert.ok(commentBodies().includes('could not run the gate'), run.stdout)
    // the comment says where the stderr is; the log has it, the key masked
    assert.ok(commentBodies().includes('its stderr (last lines) is in the log above this error'), commentBodies())
    assert.ok(!commentBodies().includes('calling the model with key'), commentBodies())
    assert.match(run.stdout, /calling the model with key \*\*\*/)
    assertNoKeyInLog(run)
    assertNoKey('the job summary', run.summary)
    assertNoKey('the PR comment', commentBodies())
  })

  it('CLI: neither the judge 401 nor a label holding the key reach the terminal, results.json, report.md or history.csv', async () => {
    const results = t.path('c-results.json')
    const report = t.path('c-report.md')
    const history = t.path('c-history.csv')
    writeFileSync(history, '')
    const run = await runCliProcess(
      cli,
      [
        'run',
        '--config',
        judgeConfig('c'),
        '--eval-set',
        fixture('eval_set.csv'),
        '--eval-set-version',
        'v1',
        '--predictions',
        fixture('good.jsonl'),
        // a label that holds the key by mistake (a secret pasted into `version`)
        '--version',
        `build-${KEY}`,
        '--out',
        results,
        '--report',
        report,
        '--history',
        history,
      ],
      undefined,
      { ...process.env, OPENAI_API_KEY: KEY },
    )
    assert.ok(existsSync(results), run.stdout + run.stderr)
    assert.ok(readFileSync(results, 'utf8').includes('HTTP 401'), run.stderr)
    // the judge stopped (its key refused mid-run): such a run appends no history (issue 28, point 11)
    assert.equal(readFileSync(history, 'utf8'), '')
    assertNoKeyInLog(run)
    assertNoKey('results.json', readFileSync(results, 'utf8'))
    assertNoKey('report.md', readFileSync(report, 'utf8'))
    // a run that completes appends its rows, the label redacted as a value before the CSV is written
    const lexical = await runCliProcess(
      cli,
      ['run', '--config', t.config, '--eval-set', fixture('eval_set.csv'), '--eval-set-version', 'v1', '--predictions', fixture('good.jsonl'), '--version', `build-${KEY}`, '--history', history],
      undefined,
      { ...process.env, OPENAI_API_KEY: KEY },
    )
    assert.equal(lexical.code, 0, lexical.stderr)
    assert.ok(readFileSync(history, 'utf8').includes('build-***'), readFileSync(history, 'utf8'))
    assertNoKey('history.csv', readFileSync(history, 'utf8'))
  })

  it('CLI: a candidate command printing the key on stderr leaves it out of the terminal', async () => {
    const run = await runCliProcess(cli, ['run', '--config', t.config, '--eval-set', fixture('eval_set.csv'), '--eval-set-version', 'v1', '--candidate-cmd', leakyCandidate()], undefined, {
      ...process.env,
      OPENAI_API_KEY: KEY,
    })
    assert.equal(run.code, 2, run.stdout + run.stderr)
    assert.match(run.stderr, /calling the model with key \*\*\*/)
    assertNoKeyInLog(run)
  })
})
