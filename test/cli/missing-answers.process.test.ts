/**
 * A question the candidate did not answer is an error and is scored as failing in the
 * comparison, on the same questions on both sides: leaving out the worst answers can never
 * raise a mean, turn a regression into an improvement, or pass a threshold. Real processes.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { cliCommand, runCliProcess } from '../helpers/cli-process.ts'
import { cleanupTempDirs, makeTempDir, readResults, writeText } from './harness.ts'

after(cleanupTempDirs)

const N = 30
const t = makeTempDir()
// the second question's id carries a bidi override: the terminal must show it escaped
const ids = Array.from({ length: N }, (_, i) => (i === 1 ? 'q\u202e02' : `q${String(i + 1).padStart(2, '0')}`))

const evalSet = writeText(
  t.path('eval.csv'),
  ['id,question,ground_truth,reference_points,category,should_refuse,relevant_doc_ids', ...ids.map((id, i) => `${id},问题${i + 1}是什么？,答案${i + 1}。,答案${i + 1},c${i % 3},false,D${i + 1}`)].join(
    '\n',
  ) + '\n',
)

/** Every answer alike; the retrieval is wrong on the questions in `misses`. */
function predictions(name: string, misses: ReadonlySet<number>, dropped: ReadonlySet<number> = new Set()): string {
  const lines = ids.flatMap((id, i) =>
    dropped.has(i) ? [] : [JSON.stringify({ id, answer: `答案${i + 1}。[文档1]`, contexts: [`答案${i + 1}。`], retrieved_ids: [misses.has(i) ? 'D999' : `D${i + 1}`] })],
  )
  return writeText(t.path(name), lines.join('\n') + '\n')
}

// baseline: 27 of 30 hits (0.900); candidate: 26 of 30 (0.867), a drop beyond max_drop 0.02
const baselineMisses = new Set([27, 28, 29])
const candidateMisses = new Set([0, 1, 2, 3])
const args = (file: string, ...extra: string[]) => ['run', '--config', t.config, '--eval-set', evalSet, '--eval-set-version', 'v1', '--predictions', file, ...extra]

describe('missing answers', () => {
  let cli: string[]
  const baseline = t.path('baseline.json')

  before(async () => {
    cli = await cliCommand(t.dir)
    const first = await runCliProcess(cli, args(predictions('base.jsonl', baselineMisses), '--out', t.path('base.json')))
    assert.equal(first.code, 0, first.stderr)
    const written = await runCliProcess(cli, ['baseline', '--results', t.path('base.json'), '--out', baseline])
    assert.equal(written.code, 0, written.stderr)
  })

  it('with every answer given, the drop fails the gate', async () => {
    const run = await runCliProcess(cli, args(predictions('all.jsonl', candidateMisses), '--baseline', baseline, '--out', t.path('all.json')))
    assert.equal(run.code, 1, run.stdout + run.stderr)
    const row = readResults(t.path('all.json')).comparison!.metrics.find((m) => m.metric === 'hit@5')!
    assert.equal(row.status, 'regression_within_noise')
    assert.ok(Math.abs(row.candidate! - 26 / 30) < 1e-9)
  })

  it('with the two worst answers dropped, it still fails: they count as failing, on the same questions on both sides', async () => {
    const out = t.path('dropped.json')
    const run = await runCliProcess(cli, args(predictions('dropped.jsonl', candidateMisses, new Set([0, 1])), '--baseline', baseline, '--out', out))
    assert.equal(run.code, 1, run.stdout + run.stderr)
    const results = readResults(out)
    assert.equal(results.comparison!.verdict, 'fail')
    const row = results.comparison!.metrics.find((m) => m.metric === 'hit@5')!
    assert.notEqual(row.status, 'improvement')
    assert.ok(row.change! < -0.02, `hit@5 change ${row.change}`)
    assert.ok(Math.abs(row.candidate! - 26 / 30) < 1e-9, `candidate mean ${row.candidate}`)
    assert.equal(row.n_candidate, row.n_baseline)
    for (const metric of results.comparison!.metrics) {
      if (metric.baseline === null || metric.candidate === null || metric.metric === 'latency_ms') continue
      assert.ok(metric.change! <= 1e-9, `${metric.metric} rose from ${metric.baseline} to ${metric.candidate} by leaving answers out`)
    }
    // the unanswered questions are errors in results.json, and listed as per-question regressions with the reason
    assert.equal(results.questions.q01!.errors.candidate, 'no output from the predictions file for this question')
    assert.equal(results.metrics['hit@5']!.errors, 2)
    const q01 = results.comparison!.regressions.find((r) => r.id === 'q01' && r.metric === 'hit@5')
    assert.equal(q01?.candidate, 0)
    assert.match(q01?.reason ?? '', /no output/)
  })

  it('names the unanswered ids on the terminal, escaped', async () => {
    const run = await runCliProcess(cli, args(predictions('dropped2.jsonl', candidateMisses, new Set([0, 1])), '--baseline', baseline))
    const line = run.stderr.split('\n').find((l) => l.includes('got no answer')) ?? ''
    assert.match(line, /2 question\(s\) got no answer from the candidate: counted as errors and as failing in the comparison: "q01", "q\\u202e02"$/)
    assert.ok(!run.stderr.includes('\u202e'), 'no raw bidi override reaches the terminal')
  })

  it('a threshold is not passed by leaving out the answers below it', async () => {
    const config = writeText(t.path('threshold.yml'), 'gate:\n  thresholds:\n    hit@5: 0.88\n')
    const full = await runCliProcess(cli, ['run', '--config', config, '--eval-set', evalSet, '--eval-set-version', 'v1', '--predictions', predictions('t-all.jsonl', candidateMisses)])
    assert.equal(full.code, 1, full.stdout + full.stderr)
    const dropped = await runCliProcess(cli, [
      'run',
      '--config',
      config,
      '--eval-set',
      evalSet,
      '--eval-set-version',
      'v1',
      '--predictions',
      predictions('t-dropped.jsonl', candidateMisses, new Set([0, 1])),
    ])
    assert.equal(dropped.code, 1, dropped.stdout + dropped.stderr)
    assert.match(dropped.stdout + dropped.stderr, /hit@5/)
  })
})
