/**
 * Issue 28, points 10, 11, 12 and 15: what a pull request's evalgate.yml, eval set or
 * comment key can do, and may not.
 */
import { after, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { cliCommand, runCliProcess } from '../helpers/cli-process.ts'
import { FakeOpenAI } from '../../fakes/openai-server.ts'
import { cleanupTempDirs, fixture, makeTempDir, runCli, writeText } from './harness.ts'

after(cleanupTempDirs)

const t = makeTempDir()
const RUN = ['run', '--eval-set', fixture('eval_set.csv'), '--eval-set-version', 'v1', '--predictions', fixture('good.jsonl')]

describe('credentials in a URL setting are never shown (point 10)', () => {
  it('a user name and password in judge.base_url: refused when the settings are read, the URL shown without them', async () => {
    const config = writeText(t.path('userinfo.yml'), 'judge:\n  provider: openai\n  model: m\n  embeddings_model: none\n  base_url: https://evalgate:hunter2-pass@gateway.example/v1\n')
    const run = await runCli([...RUN, '--config', config])
    assert.equal(run.code, 2)
    assert.match(run.stderr, /judge\.base_url https:\/\/\*\*\*@gateway\.example\/v1 carries a user name or password/)
    assert.ok(!run.stderr.includes('hunter2'), run.stderr)
  })

  it('the same for candidate.http.url', async () => {
    const config = writeText(t.path('cand-userinfo.yml'), 'candidate:\n  http:\n    url: http://bot:s3cr3t-pw@127.0.0.1:9/ask\n')
    const run = await runCli(['run', '--config', config, '--eval-set', fixture('eval_set.csv'), '--eval-set-version', 'v1'])
    assert.equal(run.code, 2)
    assert.match(run.stderr, /candidate\.http\.url http:\/\/\*\*\*@127\.0\.0\.1:9\/ask carries a user name or password/)
    assert.ok(!run.stderr.includes('s3cr3t'), run.stderr)
  })

  it('a key in the query of judge.base_url: the judge gets it, no terminal line, file or report shows it, even when the server quotes the URL', async () => {
    const KEY = 'qk-7f3e9a1c5b'
    const judge = await new FakeOpenAI()
      .onChat((call) =>
        call.promptId === 'preflight'
          ? '{"ok": true}'
          : { status: 401, body: { error: { message: `bad key for https://gw.example/v1?key=${KEY}`, type: 'invalid_request_error', code: 'invalid_api_key' } } },
      )
      .onEmbeddings(() => [[1, 0]])
      .start()
    try {
      const config = writeText(t.path('query-key.yml'), `judge:\n  provider: openai\n  model: m\n  embeddings_model: none\n  base_url: ${judge.url}?key=${KEY}\n  cache: false\n`)
      const cli = await cliCommand(t.dir)
      const out = t.path('query-key.json')
      const report = t.path('query-key.md')
      const run = await runCliProcess(cli, [...RUN, '--config', config, '--out', out, '--report', report], undefined, { ...process.env, OPENAI_API_KEY: 'sk-test-judge' })
      assert.ok(existsSync(out), run.stderr)
      for (const [where, text] of [
        ['the terminal', run.stdout + run.stderr],
        ['results.json', readFileSync(out, 'utf8')],
        ['report.md', readFileSync(report, 'utf8')],
      ] as const)
        assert.ok(!text.includes(KEY), `the key reached ${where}`)
      assert.match(readFileSync(out, 'utf8'), /bad key for https:\/\/gw\.example\/v1\?key=\*\*\*/)
    } finally {
      await judge.stop()
    }
  })
})

describe('history.csv is appended last, and only for a run with a verdict (point 11)', () => {
  it('a run whose results.json cannot be written appends nothing', async () => {
    const history = t.path('h1.csv')
    const victim = t.path('h1-victim.json')
    writeFileSync(victim, 'x')
    symlinkSync(victim, t.path('h1-out.json'))
    const run = await runCli([...RUN, '--config', t.config, '--history', history, '--out', t.path('h1-out.json')])
    assert.equal(run.code, 2)
    assert.equal(existsSync(history), false, 'history was appended before the run’s own files were written')
  })

  it('a run whose report cannot be written appends nothing', async () => {
    const history = t.path('h2.csv')
    mkdirSync(t.path('h2-report.md'))
    const run = await runCli([...RUN, '--config', t.config, '--history', history, '--out', t.path('h2.json'), '--report', t.path('h2-report.md')])
    assert.equal(run.code, 2)
    assert.equal(existsSync(history), false)
  })

  it('a run whose judge stopped appends nothing, and says so', async () => {
    const judge = await new FakeOpenAI()
      .onChat((call) => (call.promptId === 'preflight' ? '{"ok": true}' : { status: 401, body: { error: { message: 'key revoked', type: 'invalid_request_error', code: 'invalid_api_key' } } }))
      .onEmbeddings(() => [[1, 0]])
      .start()
    try {
      const history = writeText(t.path('h3.csv'), '')
      const config = writeText(t.path('stops.yml'), `judge:\n  provider: openai\n  model: m\n  embeddings_model: none\n  base_url: ${judge.url}\n  cache: false\n`)
      const cli = await cliCommand(t.dir)
      const run = await runCliProcess(cli, [...RUN, '--config', config, '--history', history, '--out', t.path('h3.json')], undefined, { ...process.env, OPENAI_API_KEY: 'sk-test' })
      assert.equal(run.code, 2, run.stderr)
      assert.equal(readFileSync(history, 'utf8'), '')
      assert.match(run.stderr, /history: not written for a run whose judge stopped/)
    } finally {
      await judge.stop()
    }
  })

  it('a run that completes appends after writing its files', async () => {
    const history = t.path('h4.csv')
    const run = await runCli([...RUN, '--config', t.config, '--history', history, '--out', t.path('h4.json'), '--report', t.path('h4.md')])
    assert.equal(run.code, 0, run.stderr)
    assert.match(readFileSync(history, 'utf8'), /^date,version,eval_set_version,metric,value\n/)
  })
})

describe('inputs that used to crash (point 12)', () => {
  it('an extra eval-set column nested 20,000 levels deep is refused at its line and column, not a stack overflow in the candidate', async () => {
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`
    const set = writeText(t.path('deep.jsonl'), `{"id":"q1","question":"hi"}\n{"id":"q2","question":"hi","meta":${deep}}\n`)
    const run = await runCli(['run', '--config', t.config, '--eval-set', set, '--eval-set-version', 'v1', '--candidate-cmd', 'cat >/dev/null'])
    assert.equal(run.code, 2)
    assert.match(run.stderr, /deep\.jsonl:2: column "meta": nested more than 64 levels deep/)
    assert.doesNotMatch(run.stderr, /internal error|RangeError|\bat \w+ \(/)
  })

  it('a history cell nested that deep in a CSV is refused the same way', async () => {
    const set = writeText(t.path('deep.csv'), `id,question,history\nq1,hi,"${'['.repeat(5_000)}${']'.repeat(5_000)}"\n`)
    const run = await runCli(['run', '--config', t.config, '--eval-set', set, '--eval-set-version', 'v1', '--predictions', fixture('good.jsonl')])
    assert.equal(run.code, 2)
    assert.match(run.stderr, /deep\.csv:2: column "history": is nested more than 64 levels deep/)
  })

  it('a baseline path that is a folder: exit 2 naming it, no stack trace', async () => {
    mkdirSync(t.path('baselines-folder'))
    for (const argv of [
      [...RUN, '--config', t.config, '--baseline', t.path('baselines-folder')],
      ['compare', '--config', t.config, '--baseline', t.path('baselines-folder'), '--candidate', t.path('h4.json')],
    ]) {
      const run = await runCli(argv)
      assert.equal(run.code, 2)
      assert.ok(run.stderr.includes(`${t.path('baselines-folder')}: cannot read the baseline: it is a folder, not a file`), run.stderr)
      assert.doesNotMatch(run.stderr, /internal error|EISDIR|\bat \w+ \(/)
    }
  })
})

describe('__proto__ is a name like any other (point 15)', () => {
  it('a top-level __proto__: in evalgate.yml is an unknown setting, and none of what it holds applies', async () => {
    const config = writeText(t.path('proto.yml'), '__proto__:\n  candidate:\n    command: "touch SHOULD-NOT-RUN"\n  judge:\n    provider: none\n')
    const run = await runCli([...RUN, '--config', config])
    assert.equal(run.code, 2)
    assert.match(run.stderr, /setting "__proto__": unknown setting/)
    assert.equal(existsSync('SHOULD-NOT-RUN'), false)
  })

  it('a nested __proto__: (under gate:) is refused the same way', async () => {
    const config = writeText(t.path('proto-gate.yml'), 'gate:\n  __proto__:\n    max_drop: 0.9\n')
    const run = await runCli([...RUN, '--config', config])
    assert.equal(run.code, 2)
    assert.match(run.stderr, /__proto__/)
  })

  it('lint-set counts a category and a difficulty named __proto__ (and constructor) like any other', async () => {
    const set = writeText(t.path('proto-set.csv'), ['id,question,category,difficulty', 'q1,a,__proto__,__proto__', 'q2,b,__proto__,constructor', 'q3,c,constructor,easy', ''].join('\n'))
    const run = await runCli(['lint-set', '--config', t.config, set, '--json'])
    assert.equal(run.code, 0, run.stderr)
    const { summary } = JSON.parse(run.stdout) as { summary: { categories: { [label: string]: { n: number } }; difficulties: { [label: string]: number } } }
    assert.ok(Object.hasOwn(summary.categories, '__proto__') && Object.hasOwn(summary.categories, 'constructor'), run.stdout)
    assert.equal(summary.categories['__proto__']!.n, 2)
    assert.equal(summary.categories['constructor']!.n, 1)
    assert.deepEqual(Object.keys(summary.difficulties).sort(), ['__proto__', 'constructor', 'easy'])
    assert.equal(summary.difficulties['__proto__'], 1)
  })

  it('--difficulty-mix with __proto__ and constructor labels', async () => {
    const set = writeText(t.path('proto-mix.csv'), ['id,question,difficulty', 'q1,a,__proto__', 'q2,b,constructor', ''].join('\n'))
    const run = await runCli(['lint-set', '--config', t.config, set, '--difficulty-mix', '__proto__=50,constructor=50'])
    assert.equal(run.code, 0, run.stderr)
    assert.doesNotMatch(run.stdout + run.stderr, /internal error|is none of/)
  })
})
