/**
 * runPipeline with everything injected: a fake candidate and a fake scorer, no process, no
 * HTTP, no files. What the pipeline does with what it is given, and in which order.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { BaselineView } from '../../src/baseline/baseline.ts'
import type { AnswerContext, Candidate } from '../../src/candidates/candidate.ts'
import type { RunClock } from '../../src/io/clock.ts'
import { gateStack } from '../../src/baseline/gate.ts'
import { runPipeline, type PipelineDeps } from '../../src/run/pipeline/pipeline.ts'
import type { RunEvalSet } from '../../src/run/evalSet/runEvalSet.ts'
import type { Scorer } from '../../src/run/scorers/scorer.ts'
import type { CandidateOutput } from '../../src/schemas/candidate.ts'
import { ConfigSchema, type ConfigInput } from '../../src/schemas/config.ts'
import type { EvalRow } from '../../src/schemas/evalSet.ts'
import type { QuestionResult } from '../../src/schemas/results.ts'
import { makeOutput, makeRow } from '../metrics/factories.ts'

const ROWS = [makeRow({ id: 'q1' }), makeRow({ id: 'q2' }), makeRow({ id: 'q3' })]

function evalSet(over: Partial<RunEvalSet> = {}): RunEvalSet {
  return { file: 'eval.csv', version: 'v1', rows: ROWS, fingerprint: 'sha256:feed', ids: new Set(ROWS.map((r) => r.id)), shard: null, subset: null, ...over }
}

/** A candidate that answers from a table and writes down what it was asked, in order. */
class FakeCandidate implements Candidate {
  readonly label = 'fake candidate v7'
  readonly source = 'the fake candidate'
  readonly calls: string[] = []
  context: AnswerContext | null = null
  constructor(private readonly answers: Record<string, string>) {}
  check(rows: readonly EvalRow[]): void {
    this.calls.push(`check ${rows.length}`)
  }
  async answer(rows: readonly EvalRow[], context: AnswerContext): Promise<Map<string, CandidateOutput>> {
    this.calls.push(`answer ${rows.map((r) => r.id).join(',')}`)
    this.context = context
    const outputs = new Map<string, CandidateOutput>()
    for (const row of rows) {
      const answer = this.answers[row.id]
      if (answer !== undefined) outputs.set(row.id, makeOutput({ id: row.id, answer }))
    }
    return outputs
  }
}

/** A scorer with one per-answer metric (answer length) and one set-level metric (its rank), no model. */
function fakeScorer(): Scorer & { setCalls: number } {
  const scorer = {
    identity: { provider: 'fake', model: 'fake-1', embeddings_model: null, definitions_hash: 'defs', rules_hash: 'rules' },
    label: 'fake scorer (counts characters)',
    notes: ['the fake scorer was used'],
    usesModel: false,
    metrics: ['faithfulness', 'context_recall'],
    setCalls: 0,
    scoreAnswer: (_row: EvalRow, output: CandidateOutput) => ({ scores: { faithfulness: { value: output.answer.length / 10 } } }),
    async scoreSet(rows: readonly EvalRow[], _outputs: ReadonlyMap<string, CandidateOutput>, questions: Record<string, QuestionResult>) {
      scorer.setCalls += 1
      rows.forEach((row, i) => {
        if (questions[row.id]!.errors.candidate === undefined) questions[row.id]!.scores.context_recall = i / 2
      })
      return {
        usage: { llm_calls: 4, embedding_calls: 0, prompt_tokens: 10, completion_tokens: 5, cache_hits: 0, retries: 0, cost_usd: null, by_family: {}, planned: null },
        stability: null,
        notes: ['set tier ran'],
      }
    },
  }
  return scorer
}

/** A clock that moves 5 ms every time it is read. */
function steppingClock(): RunClock {
  let t = 0
  return { startedAt: new Date('2026-03-04T05:06:07.000Z'), elapsed: () => (t += 5) }
}

const logs: string[] = []
const logger = { info: (m: string) => logs.push(`info: ${m}`), warn: (m: string) => logs.push(`warn: ${m}`) }

function deps(over: Partial<PipelineDeps> = {}): PipelineDeps & { candidate: FakeCandidate } {
  const gate = gateStack(over.baseline ?? null, [])
  return {
    evalSet: evalSet(),
    baseline: null,
    candidate: new FakeCandidate({ q1: '0123456789', q2: '01234' }),
    scorer: fakeScorer(),
    logger,
    clock: steppingClock(),
    gate,
    ...over,
  } as PipelineDeps & {
    candidate: FakeCandidate
  }
}

const config = (over: ConfigInput = {}) => ConfigSchema.parse({ eval_set: 'ignored.csv', eval_set_version: 'ignored', ...over })

describe('runPipeline with an injected candidate and scorer', () => {
  it('scores what the injected candidate answers with the injected scorer, and records both', async () => {
    const d = deps()
    const results = await runPipeline(d, config())
    assert.deepEqual(d.candidate.calls, ['check 3', 'answer q1,q2,q3'], 'checked before it answered, once each')
    assert.equal(results.run.candidate, 'fake candidate v7')
    assert.deepEqual(results.run.judge, d.scorer.identity)
    assert.equal(results.run.judge_label, 'fake scorer (counts characters)')
    assert.equal(results.questions.q1!.scores.faithfulness, 1)
    assert.equal(results.questions.q2!.scores.faithfulness, 0.5)
    assert.equal(results.questions.q2!.scores.context_recall, 0.5, 'the set tier wrote its metric')
    assert.ok('rules_pass' in results.metrics, 'the deterministic tier runs whatever the scorer')
    assert.ok('faithfulness' in results.metrics && 'context_recall' in results.metrics, 'the scorer names its own metrics')
    assert.equal(results.run.usage.llm_calls, 4)
    assert.deepEqual(results.run.notes, ['the fake scorer was used', 'set tier ran'])
  })

  it('turns a question the candidate did not answer into an error row naming the candidate', async () => {
    const results = await runPipeline(deps(), config())
    assert.equal(results.questions.q3!.errors.candidate, 'no output from the fake candidate for this question')
    assert.equal(results.questions.q3!.scores.faithfulness, null)
    assert.equal(results.metrics.rules_pass!.errors, 1)
    assert.ok(logs.some((l) => l.includes('1 question(s) got no answer from the candidate')))
  })

  it('takes its timestamps and timings from the injected clock', async () => {
    const results = await runPipeline(deps(), config())
    assert.equal(results.run.started_at, '2026-03-04T05:06:07.000Z')
    assert.deepEqual(results.run.timings_ms, { candidate: 5, scoring: 5, total: 25 })
  })

  it('uses the eval set it is given: its version, fingerprint and file, not the config', async () => {
    const results = await runPipeline(deps(), config())
    assert.equal(results.run.eval_set_version, 'v1')
    assert.equal(results.run.eval_set_fingerprint, 'sha256:feed')
    assert.equal(results.run.eval_set_path, 'eval.csv')
    assert.equal(results.run.question_count, 3)
  })

  it('tells a shard candidate every id of the set and the ids it scores, and does not compare', async () => {
    const d = deps({ evalSet: evalSet({ rows: [ROWS[1]!], shard: { index: 2, count: 3, total_questions: 3 } }) })
    const results = await runPipeline(d, config())
    assert.deepEqual([...d.candidate.context!.evalIds], ['q1', 'q2', 'q3'])
    assert.deepEqual([...d.candidate.context!.wanted!], ['q2'])
    assert.equal(results.comparison, null)
    assert.match(results.run.notes.join('\n'), /shard 2\/3: 1 of 3 questions/)
  })

  it('says an incomparable baseline before the candidate is called, then scores the run and returns the incomparable comparison', async () => {
    const baseline: BaselineView = { path: 'b.json', kind: 'minimal', version: 'old', eval_set_version: 'v0', eval_set_fingerprint: null, judge: null, metrics: {}, questions: null, settings: {} }
    const d = deps({ baseline })
    logs.length = 0
    let warnedFirst = false
    const answer = d.candidate.answer.bind(d.candidate)
    d.candidate.answer = (rows, context) => {
      warnedFirst = logs.some((l) => l.startsWith('warn: baseline not comparable: b.json was written for eval_set_version "v0"'))
      return answer(rows, context)
    }
    const results = await runPipeline(d, config({ version: 'pr 7' }), 'out/results.json')
    assert.ok(warnedFirst, logs.join('\n'))
    assert.deepEqual(d.candidate.calls, ['check 3', 'answer q1,q2,q3'])
    const c = results.comparison!
    assert.equal(c.verdict, 'incomparable')
    assert.match(c.reasons[0]!, /eval_set_version "v0", this run uses "v1"/)
    // spelled as this process was started (in-process: evalgate), with the baseline's label, not the run's ('pr 7')
    assert.match(c.update_command, /^evalgate baseline --results out\/results\.json --out baselines\/baseline\.json --version /)
    assert.doesNotMatch(c.update_command, /pr 7/)
    assert.equal(results.questions.q1!.scores.faithfulness, 1, 'scored, so that the results can become the new baseline')
  })

  it('compares with a baseline scored by the same scorer', async () => {
    const first = await runPipeline(deps(), config())
    const baseline: BaselineView = {
      path: 'b.json',
      kind: 'results',
      version: 'old',
      eval_set_version: 'v1',
      eval_set_fingerprint: 'sha256:feed',
      judge: first.run.judge,
      metrics: Object.fromEntries(Object.entries(first.metrics).map(([m, s]) => [m, s.mean])),
      questions: Object.fromEntries(Object.entries(first.questions).map(([id, q]) => [id, { category: q.category, scores: q.scores }])),
      settings: {},
    }
    const again = await runPipeline(deps({ baseline }), config())
    assert.notEqual(again.comparison, null)
    assert.equal(again.comparison!.change_counts.questions_worse, 0)
  })
})
