/**
 * calibrate-noise --write edits baseline.json through the baseline's schema: unknown fields
 * and the key order survive, and a baseline it could not write is refused before the judge
 * is asked anything.
 */
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { FakeOpenAI } from '../../fakes/openai-server.ts'
import { installSimulatedJudge, simulatedReply } from '../../fakes/sim-judge.ts'
import { cleanupTempDirs, fixture, makeTempDir, nodeCommand, readBaseline, runCli, writeJson, writeText } from './harness.ts'

let fake: FakeOpenAI
before(async () => {
  fake = installSimulatedJudge(await new FakeOpenAI().start())
  process.env.EVALGATE_NOISE_TEST_KEY = 'sk-test-not-a-real-key'
})
after(async () => {
  await fake.stop()
  delete process.env.EVALGATE_NOISE_TEST_KEY
  cleanupTempDirs()
})

function setup() {
  const t = makeTempDir()
  const config = writeText(
    t.path('evalgate.yml'),
    `judge:\n  provider: openai\n  base_url: ${fake.url}\n  model: judge-model\n  embeddings_model: embed-model\n  api_key_env: EVALGATE_NOISE_TEST_KEY\n  cache_dir: ${t.path('cache')}\n`,
  )
  const run = ['--config', config, '--eval-set', fixture('eval_set.csv'), '--eval-set-version', 'v1', '--predictions', fixture('good.jsonl')]
  return { ...t, run, noise: (baseline: string) => runCli(['calibrate-noise', ...run, '--baseline', baseline, '--runs', '2', '--write']) }
}

describe('calibrate-noise --write', () => {
  it('writes the proposals through the schema, keeping unknown fields and the key order', async () => {
    const s = setup()
    assert.equal((await runCli(['run', ...s.run, '--out', s.path('results.json')])).code, 0)
    const file = s.path('baseline.json')
    assert.equal((await runCli(['baseline', '--results', s.path('results.json'), '--out', file])).code, 0)
    const written = readBaseline(file)
    writeJson(file, { owner: 'team-rag', ...written, max_drop_overrides: { rules_pass: 0.2 }, review: { by: 'ana', on: '2026-01-02' } })
    const keysBefore = Object.keys(JSON.parse(readFileSync(file, 'utf8')))

    // a judge that scores accuracy two steps lower every second time it is asked
    fake.onChat((call) => {
      const reply = simulatedReply(call)
      if (call.promptId !== 'rubric@2' || call.attempt % 2 === 1) return reply
      const parsed = JSON.parse(reply as string)
      return JSON.stringify({ ...parsed, accuracy: Math.max(0, parsed.accuracy - 2) })
    })
    const r = await s.noise(file)
    installSimulatedJudge(fake)
    assert.equal(r.code, 0, r.stderr)
    const after = readBaseline(file)
    assert.deepEqual(Object.keys(after), [...keysBefore, 'noise'], 'the same keys in the same order, then the per-question noise')
    assert.ok((after.noise as Record<string, number>).accuracy_norm! > 0, 'the noise of the metric that moved is recorded')
    assert.equal(after.owner, 'team-rag')
    assert.deepEqual(after.review, { by: 'ana', on: '2026-01-02' })
    assert.equal(after.max_drop_overrides?.rules_pass, 0.2, 'a metric without a proposal keeps its override')
    assert.ok(after.max_drop_overrides?.accuracy_norm !== undefined, 'the proposals are in')
    assert.deepEqual(after.questions, written.questions)
    assert.match(r.stdout, new RegExp(`wrote max_drop_overrides for \\d+ metrics and their per-question noise \\(noise\\) into ${file}`))
  })

  for (const [name, content, message] of [
    ['fails its schema', { version: 'v1', eval_set_version: 'v1', metrics: {}, max_drop_overrides: { faithfulness: -0.1 } }, /not a valid baseline: field "max_drop_overrides\.faithfulness"/],
    ['is not valid JSON', '{"version": "v1", "metr', /the baseline is not valid JSON/],
    ['is a results.json', 'results', /this is a results\.json, not a baseline\.json/],
    ['does not exist', null, /no baseline to write the proposals into/],
  ] as const) {
    it(`refuses a baseline that ${name} with exit 2, naming the file, before any judge call`, async () => {
      const s = setup()
      const file = s.path('baseline.json')
      if (content === 'results') {
        assert.equal((await runCli(['run', ...s.run, '--out', file])).code, 0)
      } else if (typeof content === 'string') {
        writeText(file, content)
      } else if (content) {
        writeJson(file, content)
      }
      const before = content === 'results' ? readFileSync(file, 'utf8') : null
      fake.reset()
      const r = await s.noise(file)
      assert.equal(r.code, 2, r.stderr)
      assert.ok(r.stderr.startsWith(`evalgate calibrate-noise: ${file}`), r.stderr)
      assert.match(r.stderr, message)
      assert.match(r.stderr, /\n {2}fix: /)
      assert.equal(fake.requests.length, 0, 'no judge call was made')
      if (before !== null) assert.equal(readFileSync(file, 'utf8'), before, 'the results.json is left alone')
    })
  }
})

describe('calibrate-noise --rerun-candidate', () => {
  /** A lexical run of the flaky candidate (a command): each pass answers afresh. */
  function flaky() {
    const t = makeTempDir()
    const cmd = nodeCommand(fixture('flaky-candidate.mjs'), '--state', t.path('runs'))
    return { ...t, run: ['--config', t.config, '--eval-set', fixture('eval_set.csv'), '--eval-set-version', 'v1', '--candidate-cmd', cmd] }
  }

  it('re-runs the candidate each pass and proposes limits that keep the whole gate under 5%, stating the bound', async () => {
    const s = flaky()
    assert.equal((await runCli(['run', ...s.run, '--no-baseline', '--out', s.path('results.json')])).code, 0)
    assert.equal((await runCli(['baseline', '--results', s.path('results.json'), '--out', s.path('baseline.json')])).code, 0)
    const r = await runCli(['calibrate-noise', ...s.run, '--baseline', s.path('baseline.json'), '--rerun-candidate', '4', '--write'])
    assert.equal(r.code, 0, r.stderr)
    assert.match(r.stdout, /calibrate-noise: 4 passes; the candidate answered and the judge scored afresh each pass/)
    // the answers move, so the answer rules move too: not only what a model judges gets a limit
    const rules = /rules_pass\s+([\d. ]+?)\s+(\d\.\d{4})\s+(\d\.\d{3})/.exec(r.stdout)
    assert.ok(rules, r.stdout)
    assert.match(r.stdout, /Bound: max over the \d+ metrics that moved\. In 4,000 simulated comparisons of two of these passes/)
    const fa = /the whole gate fails (\d+\.\d)% of the simulated unchanged comparisons \(target at most 5%\)/.exec(r.stdout)
    assert.ok(fa && Number(fa[1]) <= 5, r.stdout)
    const written = readBaseline(s.path('baseline.json'))
    assert.equal(written.max_drop_overrides?.rules_pass, Number(rules[3]))
    assert.ok((written.noise as Record<string, number>).rules_pass! > 0, 'the per-question noise of rules_pass is recorded')
    assert.equal(readFileSync(s.path('runs'), 'utf8'), '5', 'the candidate ran once for the baseline and once per pass')
  })

  it('refuses --runs with --rerun-candidate, and a predictions file that cannot answer afresh (exit 2)', async () => {
    const s = flaky()
    const both = await runCli(['calibrate-noise', ...s.run, '--runs', '3', '--rerun-candidate', '3'])
    assert.equal(both.code, 2)
    assert.match(both.stderr, /--runs and --rerun-candidate both set the number of passes/)
    const stored = await runCli([
      'calibrate-noise',
      '--config',
      s.config,
      '--eval-set',
      fixture('eval_set.csv'),
      '--eval-set-version',
      'v1',
      '--predictions',
      fixture('good.jsonl'),
      '--rerun-candidate',
      '3',
    ])
    assert.equal(stored.code, 2)
    assert.match(stored.stderr, /--rerun-candidate re-runs the candidate, but predictions .* gives the same stored answers every pass/)
  })
})
