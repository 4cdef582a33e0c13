import { after, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { gradeOf, judgeHealth, lengthStrata, RUBRIC_METRICS, type SizedAnswer } from '../../src/compare/judgeHealth.ts'
import { mergeShardFiles } from '../../src/run/pipeline/merge.ts'
import { compareResults } from '../../src/run/pipeline/pipeline.ts'
import type { QuestionResult } from '../../src/schemas/results.ts'
import { cleanupTempDirs, makeTempDir, writeResults } from '../cli/harness.ts'
import { baselineOf, makeQuestion, makeResults, makeRun } from '../helpers/factories.ts'

after(cleanupTempDirs)

const sized = (chars: number, accuracy: number | null): SizedAnswer => ({ chars, scores: { accuracy_norm: accuracy } })

/** Questions q1..qN answering `answers[i]` with accuracy grade `grades[i]` (stored as grade / 4). */
function questions(grades: readonly (number | null)[], answers: readonly string[] = grades.map(() => '回答'), over: Partial<QuestionResult> = {}): Record<string, QuestionResult> {
  return Object.fromEntries(grades.map((g, i) => [`q${i + 1}`, makeQuestion({ accuracy_norm: g === null ? null : g / 4 }, { answer: answers[i]!, ...over })]))
}

describe('lengthStrata: short / medium / long by the baseline tertiles', () => {
  it('cuts at the baseline lengths of nearest rank 1/3 and 2/3 and gives each side its count and mean per band', async () => {
    const baseline = [10, 20, 30, 40, 50, 60].map((chars, i) => sized(chars, i < 3 ? 0.25 : 0.75))
    const candidate = [sized(15, 0.5), sized(40, 1), sized(45, 0.5), sized(80, 1), sized(120, null)]
    const strata = lengthStrata(baseline, candidate, ['accuracy_norm'])
    assert.deepEqual(
      strata.map((s) => [s.low, s.high, s.n_baseline, s.n_candidate, s.metrics.accuracy_norm]),
      [
        [null, 20, 2, 1, { baseline: 0.25, candidate: 0.5 }],
        // 40 is in the band that ends at 40; 45 is above it
        [20, 40, 2, 1, { baseline: 0.5, candidate: 1 }],
        // a null score is counted in n and left out of the mean
        [40, null, 2, 3, { baseline: 0.75, candidate: 0.75 }],
      ],
    )
  })

  it('merges bands whose cut points are equal, and has nothing for an empty baseline', async () => {
    const strata = lengthStrata(
      [5, 5, 5, 5, 5, 9].map((c) => sized(c, 1)),
      [sized(6, 0)],
      ['accuracy_norm'],
    )
    assert.deepEqual(
      strata.map((s) => [s.low, s.high, s.n_baseline, s.n_candidate]),
      [
        [null, 5, 5, 0],
        [5, null, 1, 1],
      ],
    )
    assert.equal(strata[0]!.metrics.accuracy_norm!.candidate, null)
    assert.deepEqual(lengthStrata([], [sized(6, 0)], ['accuracy_norm']), [])
  })
})

describe('judgeHealth: the grade histogram and its warnings', () => {
  it('reads every rubric dimension the LLM judge grades 0-4', async () => {
    assert.deepEqual(RUBRIC_METRICS, ['accuracy_norm', 'relevance_norm', 'completeness_norm', 'citation_norm', 'context_retention_norm'])
  })

  it('rounds the mean of several passes to the nearest grade', async () => {
    assert.deepEqual([0, 0.125, 0.3, 0.5, 0.625, 1].map(gradeOf), [0, 1, 1, 2, 3, 4])
  })

  it('counts the grades, warns above 60% on one grade (not at 60%) and only from 10 answers', async () => {
    const seven = judgeHealth(questions([3, 3, 3, 3, 3, 3, 3, 1, 2, 0]), null, null).dimensions[0]!
    assert.deepEqual([seven.metric, seven.n, seven.counts, seven.top_grade, seven.top_share, seven.collapsed], ['accuracy_norm', 10, [1, 1, 1, 7, 0], 3, 0.7, true])
    const six = judgeHealth(questions([3, 3, 3, 3, 3, 3, 1, 1, 2, 0]), null, null).dimensions[0]!
    assert.equal(six.collapsed, false)
    const few = judgeHealth(questions([4, 4, 4, 4, 4, 4, 4, 4, 4]), null, null).dimensions[0]!
    assert.deepEqual([few.top_share, few.collapsed], [1, false])
  })

  it('names the lowest grade on a tie', async () => {
    assert.equal(judgeHealth(questions([4, 4, 1, 1, 2]), null, null).dimensions[0]!.top_grade, 1)
  })

  it("leaves out should-refuse questions and the candidate's failures", async () => {
    const qs = questions([3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 0, 0, 0])
    qs.q12!.should_refuse = true
    qs.q13!.should_refuse = true
    qs.q14!.errors = { candidate: 'timeout' }
    const health = judgeHealth(qs, null, null)
    assert.equal(health.answers, 11)
    assert.deepEqual(health.dimensions[0]!.counts, [0, 0, 0, 11, 0])
  })

  it("gives Spearman's rho between answer length in code points and the grade, flagged above 0.3 from 10 answers", async () => {
    const grades = [0, 1, 1, 2, 2, 3, 3, 4, 4, 4]
    // the emoji count once each: lengths 1 … 10 in code points, 2 … 20 in UTF-16 units
    const lengths = grades.map((_, i) => '😀'.repeat(i + 1))
    const d = judgeHealth(questions(grades, lengths), null, null).dimensions[0]!
    assert.ok(d.length_rho! > 0.95, String(d.length_rho))
    assert.equal(d.length_biased, true)
    const reversed = judgeHealth(questions([...grades].reverse(), lengths), null, null).dimensions[0]!
    assert.ok(reversed.length_rho! < -0.95)
    assert.equal(reversed.length_biased, false, 'shorter answers scoring higher is not a bias towards length')
    assert.equal(judgeHealth(questions(grades), null, null).dimensions[0]!.length_rho, null, 'equal lengths: no correlation to compute')
  })
})

describe('judgeHealth: answer lengths against the baseline', () => {
  const grades = [2, 2, 2, 2, 2, 2]
  const baselineRun = () => {
    const run = makeRun(grades.map((g) => ({ accuracy_norm: g / 4 })))
    Object.values(run.questions).forEach((q, i) => (q.answer = 'a'.repeat(10 * (i + 1))))
    return run
  }
  const viewWith = (chars: (i: number) => Partial<{ answer: string; answer_truncated: boolean; answer_chars: number }>) => {
    const view = baselineOf(baselineRun())
    Object.values(view.questions!).forEach((q, i) => Object.assign(q, chars(i)))
    return view
  }
  const doubled = questions(
    grades,
    grades.map((_, i) => 'a'.repeat(20 * (i + 1))),
  )
  const pass = { verdict: 'pass' as const }

  it('compares medians over the common questions and stratifies when the candidate is more than 20% longer', async () => {
    const view = viewWith((i) => ({ answer_chars: 10 * (i + 1) }))
    const lengths = judgeHealth(doubled, view, pass).lengths!
    assert.deepEqual([lengths.n, lengths.median_baseline, lengths.median_candidate, lengths.longer], [6, 35, 70, true])
    assert.equal(lengths.strata!.length, 3)
    const same = judgeHealth(
      questions(
        grades,
        grades.map((_, i) => 'a'.repeat(11 * (i + 1))),
      ),
      view,
      pass,
    ).lengths!
    assert.deepEqual([same.median_candidate, same.longer, same.strata], [38.5, false, null], '+10% is not longer')
  })

  it("takes a baseline answer's length from the answer itself when it was kept whole (a baseline written before answer_chars), never from a cut one", async () => {
    const view = viewWith((i) => ({ answer: 'b'.repeat(10 * (i + 1)), answer_truncated: i === 5 }))
    const lengths = judgeHealth(doubled, view, pass).lengths!
    assert.deepEqual([lengths.n, lengths.median_baseline], [5, 30])
  })

  it('has no length comparison without a baseline, with a baseline that kept no answers, or with an incomparable one', async () => {
    assert.equal(judgeHealth(doubled, null, null).lengths, null)
    assert.equal(judgeHealth(doubled, baselineOf(baselineRun()), pass).lengths, null)
    assert.equal(
      judgeHealth(
        doubled,
        viewWith((i) => ({ answer_chars: 10 * (i + 1) })),
        { verdict: 'incomparable' },
      ).lengths,
      null,
    )
  })

  it('evalgate compare computes it again against the baseline it is given; a run without judge health keeps none', async () => {
    const view = viewWith((i) => ({ answer_chars: 10 * (i + 1) }))
    const run = makeRun(grades.map((g) => ({ accuracy_norm: g / 4 })))
    run.questions = doubled
    const judged = { ...makeResults(run), judge_health: judgeHealth(doubled, null, null) }
    assert.equal(judged.judge_health.lengths, null)
    const compared = await compareResults(judged, view, [], 'results.json', 'baseline.json')
    assert.equal(compared.judge_health!.lengths!.longer, true)
    assert.equal((await compareResults(makeResults(run), view, [], 'results.json', 'baseline.json')).judge_health, null)
  })
})

describe('judgeHealth: a run merged from shards', () => {
  it("is computed again over the whole run's questions; shards without judge health merge into a run without", async () => {
    const t = makeTempDir()
    const all = questions([3, 3, 3, 3, 3, 3, 3, 3, 1, 2, 0, 4])
    const ids = Object.keys(all)
    const shard = (index: number, judged: boolean) => {
      const own = Object.fromEntries(ids.filter((_, i) => i % 2 === index - 1).map((id) => [id, all[id]!]))
      const run = makeRun([])
      run.questions = own
      const results = makeResults(run)
      results.run.shard = { index, count: 2, total_questions: ids.length }
      results.run.question_count = ids.length / 2
      return writeResults(t.path(`shard-${index}-${judged}.json`), { ...results, judge_health: judged ? judgeHealth(own, null, null) : null })
    }
    const merged = await mergeShardFiles([shard(1, true), shard(2, true)])
    assert.equal(merged.judge_health!.answers, 12)
    assert.deepEqual(merged.judge_health!.dimensions[0]!.counts, [1, 1, 1, 8, 1])
    assert.equal(merged.judge_health!.dimensions[0]!.collapsed, true, '8 of 12: more than 60%, over enough answers (each shard alone has 6)')
    assert.equal((await mergeShardFiles([shard(1, false), shard(2, false)])).judge_health, null)
  })
})
