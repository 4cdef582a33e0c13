/**
 * Judge health in an LLM-judged run, against a fake judge over HTTP on 127.0.0.1: a judge that
 * gives most answers one grade is said to have stopped discriminating, a judge that grades by
 * length is caught by Spearman's rho, and a candidate whose answers doubled in length against
 * the baseline gets the rubric within length bands. A lexical run has no judge health.
 */
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { FakeOpenAI, type ChatCall } from '../../fakes/openai-server.ts'
import { between, simulatedReply } from '../../fakes/sim-judge.ts'
import { cleanupTempDirs, fixture, makeTempDir, readResults, runCli, writeText } from './harness.ts'

const KEY_ENV = 'EVALGATE_JUDGE_HEALTH_TEST_KEY'
const QUESTIONS = 20

let fake: FakeOpenAI
before(async () => {
  fake = await new FakeOpenAI().start()
  process.env[KEY_ENV] = 'sk-judge-health-not-a-real-key'
})
after(async () => {
  await fake.stop()
  delete process.env[KEY_ENV]
  cleanupTempDirs()
})

type Grades = { accuracy: number; relevance: number; completeness: number; citation: number }

/** The fake judge: the rubric graded by `grade` from the answer text, every other prompt by the simulated judge. */
function judgeWith(grade: (answer: string) => Grades): void {
  fake.reset().onChat((call: ChatCall) => {
    if (call.promptId !== 'rubric@2') return simulatedReply(call)
    const user = call.messages.filter((m) => m.role === 'user').map((m) => String(m.content))
    const answer = between(user.join('\n'), 'answer')
    return JSON.stringify({ ...grade(answer), context_retention: null, reason: 'graded by the test' })
  })
}

/** The number in an answer "答案N：…" (which question it answers). */
const indexOf = (answer: string) => Number(/答案(\d+)/.exec(answer)?.[1] ?? '0')

/** An eval set of QUESTIONS answerable questions and predictions whose answer to question i is `answer(i)`. */
function workspace(answer: (i: number) => string) {
  const t = makeTempDir()
  const ids = Array.from({ length: QUESTIONS }, (_, i) => i + 1)
  const evalSet = writeText(
    t.path('eval_set.csv'),
    ['id,question,ground_truth,reference_points,category,should_refuse,relevant_doc_ids', ...ids.map((i) => `q${i},问题${i}？,答案${i}。,答案${i},general,false,D${i}`)].join('\n') + '\n',
  )
  const predictions = (name: string, text: (i: number) => string) =>
    writeText(t.path(name), ids.map((i) => JSON.stringify({ id: `q${i}`, answer: text(i), contexts: [], retrieved_ids: [] })).join('\n') + '\n')
  const config = writeText(
    t.path('evalgate.yml'),
    `judge:\n  provider: openai\n  base_url: ${fake.url}\n  model: judge-model\n  embeddings_model: none\n  api_key_env: ${KEY_ENV}\n  cache: false\n  concurrency: 4\n`,
  )
  const run = async (name: string, text: (i: number) => string, extra: string[] = []) => {
    const out = t.path(`${name}.json`)
    const report = t.path(`${name}.md`)
    const argv = ['run', '--config', config, '--eval-set', evalSet, '--eval-set-version', 'v1', '--predictions', predictions(`${name}.jsonl`, text), '--out', out, '--report', report, ...extra]
    const result = await runCli(argv)
    assert.ok(result.code === 0 || result.code === 1, `${name}: exit ${result.code}\n${result.stderr}`)
    return { ...result, results: readResults(out), report: readFileSync(report, 'utf8').replace(/\\([_*[\]`|~\\])/g, '$1') }
  }
  return { t, run, first: () => run('run', answer, ['--no-baseline']) }
}

const count = (text: string, piece: string) => text.split(piece).length - 1

describe('judge health: the grade distribution per rubric dimension', () => {
  it('gives the histogram and one warning when the judge gives 80% of the answers a 3 on accuracy', async () => {
    // every answer as long as the others: no length effect to report
    judgeWith((answer) => {
      const i = indexOf(answer)
      return { accuracy: i <= 16 ? 3 : 1, relevance: i % 5, completeness: (i + 1) % 5, citation: (i + 2) % 5 }
    })
    const { first } = workspace((i) => `答案${String(i).padStart(2, '0')}：内容相同长度。`)
    const { stdout, report, results } = await first()

    const accuracy = results.judge_health!.dimensions.find((d) => d.metric === 'accuracy_norm')!
    assert.deepEqual(accuracy.counts, [0, 4, 0, 16, 0])
    assert.deepEqual([accuracy.top_grade, accuracy.top_share, accuracy.collapsed], [3, 0.8, true])
    assert.deepEqual(
      results.judge_health!.dimensions.map((d) => [d.metric, d.collapsed]),
      [
        ['accuracy_norm', true],
        ['relevance_norm', false],
        ['completeness_norm', false],
        ['citation_norm', false],
      ],
    )

    const warning = 'the judge has stopped discriminating on accuracy: 80% of answers got 3'
    assert.equal(count(stdout, warning), 1, stdout)
    assert.match(stdout, /judge health: rubric grades 0→4 over 20 answerable questions/)
    assert.match(stdout, /accuracy\s+·▂·█·\s+0 4 0 16 0/)
    assert.match(stdout, /relevance\s+█████\s+4 4 4 4 4/)
    assert.equal(count(report, warning), 1, report)
    assert.match(report, /<details><summary>Judge health: rubric grades over 20 answerable questions<\/summary>/)
    assert.match(report, /\| accuracy \| 20 \| 0 \| 4 \| 0 \| \*\*16\*\* \(80%\) \| 0 \| — \|/)
    assert.doesNotMatch(report, /discriminating on relevance|on relevance:/)
  })
})

describe('judge health: length bias', () => {
  it("warns with Spearman's rho and n when the judge grades by answer length", async () => {
    judgeWith((answer) => {
      const grade = Math.min(4, Math.floor([...answer].length / 10))
      return { accuracy: grade, relevance: 4 - (indexOf(answer) % 2), completeness: indexOf(answer) % 5, citation: (indexOf(answer) * 3) % 5 }
    })
    // question i's answer is 2i + 5 characters long: 7 … 45
    const { first } = workspace((i) => `答案${String(i).padStart(2, '0')}：${'长'.repeat(2 * i)}`)
    const { stdout, report, results } = await first()
    const accuracy = results.judge_health!.dimensions.find((d) => d.metric === 'accuracy_norm')!
    assert.ok(accuracy.length_rho! > 0.9, `rho ${accuracy.length_rho}`)
    assert.equal(accuracy.length_biased, true)
    const warning = /the judge's grades rise with answer length: Spearman rho accuracy 0\.\d\d[^\n]*\(n = 20\), above 0\.3/
    assert.match(stdout, warning)
    assert.match(report, warning)
    assert.equal(count(stdout, "the judge's grades rise with answer length"), 1)
    // no baseline: nothing to say about answers getting longer
    assert.equal(results.judge_health!.lengths, null)
    assert.doesNotMatch(report, /length bands/)
  })
})

describe('judge health: answers longer than the baseline', () => {
  it('shows the rubric within length bands when the candidate doubled its answers, so "longer" is told from "better"', async () => {
    // a judge that rewards length: within a band, baseline and candidate answers get the same grades
    judgeWith((answer) => {
      const grade = Math.min(4, Math.floor([...answer].length / 12))
      return { accuracy: grade, relevance: grade, completeness: grade, citation: 4 }
    })
    const short = (i: number) => `答案${String(i).padStart(2, '0')}：${'长'.repeat(i)}`
    const ws = workspace(short)
    await ws.first()
    const baseline = ws.t.path('baseline.json')
    const written = await runCli(['baseline', '--results', ws.t.path('run.json'), '--out', baseline])
    assert.equal(written.code, 0, written.stderr)

    const longer = await ws.run('longer', (i) => short(i) + short(i), ['--baseline', baseline])
    const lengths = longer.results.judge_health!.lengths!
    // baseline answers are 5 + i characters (6 … 25), cut at 12 and 19; the candidate's twice that (12 … 50)
    assert.deepEqual([lengths.n, lengths.median_baseline, lengths.median_candidate, lengths.longer], [20, 15.5, 31, true])
    assert.deepEqual(
      lengths.strata!.map((s) => [s.low, s.high, s.n_baseline, s.n_candidate]),
      [
        [null, 12, 7, 1],
        [12, 19, 7, 3],
        [19, null, 6, 16],
      ],
    )
    const long = lengths.strata![2]!.metrics.accuracy_norm!
    assert.ok(long.baseline !== null && long.candidate !== null)

    assert.match(longer.stdout, /the answers got longer than the baseline's: median 16 → 31 characters \(\+100%\) over 20 questions/)
    assert.match(longer.stdout, /short ≤ 12\s+7\/1/)
    assert.match(longer.stdout, /long > 19\s+6\/16/)
    assert.match(longer.report, /\*\*Rubric within answer-length bands\*\*/)
    assert.match(longer.report, /\| short \(≤ 12\) \| 7 \| 1 \| 0\.\d\d → \d\.\d\d \|/)
    assert.match(longer.report, /\| medium \(13–19\) \| 7 \| 3 \|/)
    assert.match(longer.report, /\| long \(> 19\) \| 6 \| 16 \| \d\.\d\d → \d\.\d\d \|/)
    assert.equal(count(longer.report, "the answers got longer than the baseline's"), 1)
  })
})

describe('judge health: a run without an LLM judge', () => {
  it('has none: null in results.json, nothing in the terminal or the report', async () => {
    const t = makeTempDir()
    const out = t.path('results.json')
    const report = t.path('report.md')
    const config = writeText(t.path('evalgate.yml'), 'judge:\n  provider: lexical\n')
    const result = await runCli([
      'run',
      '--config',
      config,
      '--eval-set',
      fixture('eval_set.csv'),
      '--eval-set-version',
      'v1',
      '--predictions',
      fixture('good.jsonl'),
      '--out',
      out,
      '--report',
      report,
      '--no-baseline',
    ])
    assert.equal(result.code, 0, result.stderr)
    const raw = JSON.parse(readFileSync(out, 'utf8')) as Record<string, unknown>
    assert.equal(raw.judge_health, null)
    assert.doesNotMatch(result.stdout, /judge health/i)
    assert.doesNotMatch(readFileSync(report, 'utf8'), /judge health/i)
  })
})
