/**
 * Deciding early (--sequential): the LLM tier takes the questions in a seeded random order and
 * stops once every judged metric's anytime-valid confidence sequence settles the verdict of
 * gate_mode significant; the run records what it judged and saved, and the comparison decides
 * with it. Through the real client path against a fake OpenAI-compatible server (simulated judge).
 */
import { after, afterEach, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SequentialSchedule } from '../../src/run/llmTier/sequential.ts'
import type { QuestionResult, Results } from '../../src/schemas/results.ts'
import { runCli, readResults } from '../cli/harness.ts'
import { FakeOpenAI } from '../../fakes/openai-server.ts'
import { installSimulatedJudge } from '../../fakes/sim-judge.ts'

const N = 60
const EVAL_SET = [
  'id,question,ground_truth,reference_points,category,should_refuse,relevant_doc_ids',
  ...Array.from({ length: N }, (_, i) => `q${i + 1},问题${i + 1}是什么？,答案是要点${i + 1}。,要点${i + 1},类别,false,D${i + 1}`),
].join('\n')

/** Every answer states its reference point (accuracy 4) or none of them (accuracy 0). */
function predictions(good: (i: number) => boolean): string {
  return Array.from({ length: N }, (_, i) =>
    JSON.stringify({ id: `q${i + 1}`, answer: good(i) ? `答案是要点${i + 1}[文档1]。` : '我不清楚这个问题[文档1]。', contexts: [`资料：答案是要点${i + 1}。`], retrieved_ids: [`D${i + 1}`] }),
  ).join('\n')
}

let fake: FakeOpenAI
let dir: string
let common: string[]

// one all-good baseline for every test: each test runs only its candidate
before(async () => {
  fake = installSimulatedJudge(await new FakeOpenAI().start())
  dir = mkdtempSync(join(tmpdir(), 'evalgate-sequential-'))
  writeFileSync(join(dir, 'eval.csv'), EVAL_SET + '\n')
  writeFileSync(join(dir, 'base.jsonl'), predictions(() => true) + '\n')
  writeFileSync(join(dir, 'evalgate.yml'), `judge:\n  provider: openai\n  base_url: ${fake.url}\n  model: judge-model\n  embeddings_model: embed-model\n  cache_dir: ${join(dir, 'cache')}\n`)
  common = ['--config', join(dir, 'evalgate.yml'), '--eval-set', join(dir, 'eval.csv'), '--eval-set-version', 'v1']
  assert.equal((await runCli(['run', ...common, '--predictions', join(dir, 'base.jsonl'), '--no-baseline', '--out', join(dir, 'base.json')])).code, 0)
  assert.equal((await runCli(['baseline', '--results', join(dir, 'base.json'), '--out', join(dir, 'baseline.json')])).code, 0)
  writeFileSync(join(dir, 'minimal.json'), JSON.stringify({ version: 'v0', eval_set_version: 'v1', metrics: { accuracy_norm: 1 } }))
})
after(async () => {
  await fake.stop()
  rmSync(dir, { recursive: true, force: true })
})
afterEach(() => fake.reset())

let runs = 0

/** The candidate's run against the baseline (MINIMAL among the flags: the seed's aggregate-only form), with `more` flags. */
async function gated(candidateGood: (i: number) => boolean, ...more: string[]) {
  const name = `cand-${++runs}`
  writeFileSync(join(dir, `${name}.jsonl`), predictions(candidateGood) + '\n')
  const baseline = join(dir, more.includes('MINIMAL') ? 'minimal.json' : 'baseline.json')
  const flags = more.filter((f) => f !== 'MINIMAL')
  fake.reset()
  const out = join(dir, `${name}.json`)
  const report = join(dir, `${name}.md`)
  const r = await runCli(['run', ...common, '--predictions', join(dir, `${name}.jsonl`), '--baseline', baseline, '--out', out, '--report', report, ...flags])
  const rubricCalls = fake.counts().byPrompt['rubric@2'] ?? 0
  if (r.code === 2) return { r, results: null as unknown as Results, report: '', rubricCalls }
  return { r, results: readResults(out), report: readFileSync(report, 'utf8'), rubricCalls }
}

describe('--sequential', () => {
  it('stops judging a clear failure early, saves the calls, and fails the gate', async () => {
    const { r, results, report, rubricCalls } = await gated(() => false, '--sequential', '--gate-mode', 'significant')
    assert.equal(r.code, 1, r.stderr)
    const s = results.run.sequential!
    assert.equal(s.settled, 'fail')
    assert.ok(s.questions_judged < N * 0.6, `judged ${s.questions_judged}`)
    assert.equal(rubricCalls, s.questions_judged, 'one rubric call per judged question, none for the rest')
    assert.ok(s.calls_saved >= (N - s.questions_judged) * 4, `saved ${s.calls_saved}`)
    const settled = s.metrics.find((m) => m.verdict === 'fail')!
    assert.ok(settled.p_drop < s.alpha_fail && settled.mean! < -0.02, `${settled.metric}: p ${settled.p_drop}, mean ${settled.mean}`)
    const row = results.comparison!.metrics.find((m) => m.metric === settled.metric)!
    assert.equal(row.status, 'regression')
    assert.equal(row.n_baseline, s.questions_judged)
    const unjudged = Object.values(results.questions).filter((q: QuestionResult) => q.scores.accuracy_norm === null)
    assert.equal(unjudged.length, N - s.questions_judged)
    assert.match(unjudged[0]!.notes.accuracy_norm!, /^not judged: --sequential settled the verdict \(fail\) after \d+ of 60 questions$/)
    assert.match(report, new RegExp(`\\*\\*Decided early\\*\\* \\(\`--sequential\`\\): the judge scored ${s.questions_judged} of 60 questions in a seeded random order`))
    assert.match(report, new RegExp(`${N - s.questions_judged} questions and ${s.calls_saved} judge calls saved`))
  })

  it('stops judging a clear pass early once the full run cannot fail any judged metric, saves the calls, and passes the gate', async () => {
    // a baseline that answered every other question well, against a candidate that answers them all well; no embeddings
    // (the simulated judge's answer_relevancy barely tells the two answers apart, so the full run's own test would decide it)
    const config = join(dir, 'no-embeddings.yml')
    writeFileSync(config, readFileSync(join(dir, 'evalgate.yml'), 'utf8').replace('embeddings_model: embed-model', 'embeddings_model: none'))
    const flags = ['--config', config, ...common.slice(2)]
    writeFileSync(join(dir, 'half.jsonl'), predictions((i) => i % 2 === 0) + '\n')
    writeFileSync(join(dir, 'all.jsonl'), predictions(() => true) + '\n')
    assert.equal((await runCli(['run', ...flags, '--predictions', join(dir, 'half.jsonl'), '--no-baseline', '--out', join(dir, 'half.json')])).code, 0)
    assert.equal((await runCli(['baseline', '--results', join(dir, 'half.json'), '--out', join(dir, 'half-baseline.json')])).code, 0)
    const out = join(dir, 'all.json')
    const reportPath = join(dir, 'all.md')
    const r = await runCli([
      'run',
      ...flags,
      '--predictions',
      join(dir, 'all.jsonl'),
      '--baseline',
      join(dir, 'half-baseline.json'),
      '--out',
      out,
      '--report',
      reportPath,
      '--sequential',
      '--gate-mode',
      'significant',
    ])
    assert.equal(r.code, 0, r.stderr)
    const results = readResults(out)
    const s = results.run.sequential!
    assert.equal(s.settled, 'pass')
    // half the questions did not change on any judged metric here: those settle only once too few unseen ones can have dropped
    assert.ok(s.questions_judged <= 50 && s.calls_saved >= (N - s.questions_judged) * 4, `judged ${s.questions_judged}, saved ${s.calls_saved}`)
    for (const m of s.metrics) assert.ok(m.verdict === 'pass' && m.p_within <= s.alpha_pass, `${m.metric}: ${m.verdict}, p ${m.p_within}`)
    assert.equal(results.comparison!.verdict, 'pass')
    assert.match(
      readFileSync(reportPath, 'utf8'),
      /and stopped once every judged metric settled \*\*pass\*\*: the questions judged, a random draw from this eval set, showed that the full run could not fail it/,
    )
  })

  it('judges every question when nothing settles early, and then decides as the full run does', async () => {
    const full = await gated((i) => i % 10 !== 0, '--gate-mode', 'significant')
    const sequential = await gated((i) => i % 10 !== 0, '--sequential', '--gate-mode', 'significant')
    const s = sequential.results.run.sequential!
    assert.equal(s.settled, null)
    assert.equal(s.questions_judged, N)
    assert.equal(s.calls_saved, 0)
    assert.equal(sequential.results.comparison!.verdict, full.results.comparison!.verdict)
    assert.deepEqual(
      sequential.results.comparison!.metrics.map((m) => [m.metric, m.status, m.p]),
      full.results.comparison!.metrics.map((m) => [m.metric, m.status, m.p]),
    )
    assert.match(sequential.report, /\*\*Not decided early\*\*/)
  })

  for (const [name, flags, message] of [
    ['with gate_mode strict', ['--sequential'], /--sequential \(sequential in evalgate\.yml\): it settles the verdict of gate_mode significant/],
    ['against a baseline without per-question scores', ['--sequential', '--gate-mode', 'significant', 'MINIMAL'], /it needs a per-question baseline/],
    ['with the lexical judge', ['--sequential', '--gate-mode', 'significant', '--judge', 'lexical'], /judge\.provider is lexical, which makes no judge calls to save/],
  ] as const) {
    it(`is an error (exit 2) ${name}: a setting that cannot act`, async () => {
      const { r, rubricCalls } = await gated(() => true, ...flags)
      assert.equal(r.code, 2, r.stderr)
      assert.match(r.stderr, message)
      assert.equal(rubricCalls, 0, 'refused before any judge call')
    })
  }
})

describe('the sequential schedule', () => {
  const rows = Array.from({ length: 12 }, (_, i) => ({ id: `q${i}`, conversation: i < 6 ? { id: `c${Math.floor(i / 3)}`, turn: (i % 3) + 1 } : undefined }))

  it('takes a seeded random order in which a conversation comes whole, turn by turn', () => {
    const a = new SequentialSchedule(rows, {}, {}, [], 42)
    const b = new SequentialSchedule(rows, {}, {}, [], 42)
    assert.deepEqual(a.order, b.order)
    assert.notDeepEqual(a.order, new SequentialSchedule(rows, {}, {}, [], 43).order)
    assert.deepEqual(
      [...a.order].sort((x, y) => x - y),
      rows.map((_, i) => i),
    )
    for (const start of [0, 3]) {
      const at = a.order.indexOf(start)
      assert.deepEqual(a.order.slice(at, at + 3), [start, start + 1, start + 2])
    }
  })

  it('feeds only the judged front of the order: a question judged out of turn waits for those before it', () => {
    const questions: Record<string, QuestionResult> = {}
    const baseline: Record<string, { category: null; scores: Record<string, number> }> = {}
    const many = Array.from({ length: 40 }, (_, i) => ({ id: `q${i}`, conversation: undefined }))
    for (const { id } of many) {
      questions[id] = { question: '', category: null, difficulty: null, should_refuse: false, answer: '', scores: { accuracy_norm: 0 }, notes: {}, errors: {} }
      baseline[id] = { category: null, scores: { accuracy_norm: 1 } }
    }
    const s = new SequentialSchedule(many, questions, baseline, [{ metric: 'accuracy_norm', limit: 0.02, variance: 0.05, z: 1.96 }], 1)
    // everything but the first of the order: nothing is fed yet
    for (const i of s.order.slice(1)) s.completed.add(i)
    assert.equal(s.settled(), false)
    assert.equal(s.summary().metrics[0]!.n, 0)
    s.completed.add(s.order[0]!)
    assert.equal(s.settled(), true)
    assert.equal(s.summary().settled, 'fail')
  })
})
