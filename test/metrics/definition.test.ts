import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { DIRECTIONS, METRIC_DEFINITIONS, PROVIDER_TIERS, SCALES, scaleWords, type MetricName } from '../../src/metrics/definitions.ts'
import { scoreDeterministic } from '../../src/metrics/deterministic.ts'
import type { JudgeReplies } from '../../src/metrics/judgedScores.ts'
import { analyseLexical, scoreLexical } from '../../src/metrics/lexical.ts'
import { LLM_METRICS } from '../../src/metrics/llm.ts'
import { registry } from '../../src/metrics/registry.ts'
import { Question, sharedWork } from '../../src/metrics/question.ts'
import { scoresOf, type ScoreSink } from '../../src/metrics/types.ts'
import { plannedMetrics, scoreQuestion, summarise } from '../../src/run/pipeline/score.ts'
import { ConfigSchema } from '../../src/schemas/config.ts'
import { makeOutput, makeRow } from './factories.ts'

const config = ConfigSchema.parse({ eval_set: 'ignored.csv', eval_set_version: 'ignored', k: [5] })

describe('a metric is one definition: its name is a type', () => {
  it('a misspelt name in a scoring function does not compile (tsc checks the expectations below)', () => {
    const written = scoresOf((sink: ScoreSink) => {
      sink('faithfulness', 1)
      sink('recall@5', 0.5)
      // @ts-expect-error: no metric is called faithfulnes
      sink('faithfulnes', 1)
      // @ts-expect-error: recall has cut-offs only: recall@K
      sink('recall', 1)
    })
    assert.deepEqual(Object.keys(written), ['faithfulness', 'recall@5', 'faithfulnes', 'recall'])
    const names: MetricName[] = ['mrr', 'ndcg@10', 'latency_ms']
    assert.equal(names.length, 3)
  })

  it('a name built at run time that no definition declares stops the run, never a column of nulls', () => {
    const row = makeRow({ id: 'q1' })
    const metrics = plannedMetrics([row], config, [], { metrics: ['faithfulness'] })
    const scorer = { scoreAnswer: () => ({ scores: JSON.parse('{"faithfulnes": {"value": 1}}') as Record<string, never> }) }
    assert.throws(() => scoreQuestion(row, makeOutput({ id: 'q1', answer: 'a' }), config, metrics, scorer), /a scorer wrote "faithfulnes", which no metric definition declares/)
  })
})

describe("a value outside its metric's scale is an error row, not a score", () => {
  const row = makeRow({ id: 'q1', relevant_docs: [{ id: 'D1', grade: 1 }] })
  const output = makeOutput({ id: 'q1', answer: 'an answer', retrieved_ids: ['D1'], latency_ms: 12 })

  it('a 0–1 score of 3.7, a NaN and a negative latency: null, an error naming the metric and its scale, counted as errors', () => {
    const metrics = plannedMetrics([row], config, [output], { metrics: ['faithfulness', 'context_recall'] })
    const scorer = { scoreAnswer: () => ({ scores: { faithfulness: { value: 3.7 }, context_recall: { value: Number.NaN } } }) }
    const negative = makeOutput({ ...output, latency_ms: -5 })
    const result = scoreQuestion(row, negative, config, metrics, scorer)
    assert.equal(result.scores.faithfulness, null)
    assert.match(result.errors.faithfulness ?? '', /faithfulness was scored 3\.7, outside its scale \(0–1: 0–1\)/)
    assert.equal(result.scores.context_recall, null)
    assert.match(result.errors.context_recall ?? '', /context_recall was scored NaN/)
    assert.equal(result.scores.latency_ms, null)
    assert.match(result.errors.latency_ms ?? '', /latency_ms was scored -5, outside its scale \(ms: at least 0\)/)
    const summary = summarise({ q1: result }, metrics)
    assert.deepEqual([summary.faithfulness!.errors, summary.context_recall!.errors, summary.latency_ms!.errors], [1, 1, 1])
    assert.equal(summary.faithfulness!.mean, null, 'never averaged in')
    // the scores on the scale are kept
    assert.equal(result.scores.mrr, 1)
  })

  it('values on the scale, its ends included, are scores', () => {
    const metrics = plannedMetrics([row], config, [output], { metrics: ['faithfulness', 'context_recall'] })
    const scorer = { scoreAnswer: () => ({ scores: { faithfulness: { value: 0 }, context_recall: { value: 1 } } }) }
    const result = scoreQuestion(row, output, config, metrics, scorer)
    assert.deepEqual([result.scores.faithfulness, result.scores.context_recall, result.scores.latency_ms], [0, 1, 12])
    assert.deepEqual(result.errors, {})
  })

  it('every definition has a scale, and says it in words with its direction', () => {
    for (const d of METRIC_DEFINITIONS) assert.ok(SCALES[d.unit], d.name)
    assert.equal(scaleWords({ unit: 'score', direction: DIRECTIONS.higher }), '0–1, higher is better')
    assert.equal(scaleWords({ unit: 'ms', direction: DIRECTIONS.lower }), 'ms, lower is better')
    assert.equal(scaleWords(METRIC_DEFINITIONS.find((d) => d.name === 'hallucination_rate')!), '0–1, lower is better')
  })
})

describe("a deterministic metric's definition carries its scoring function", () => {
  const deterministic = (tiers: readonly string[]) => tiers.some((t) => !(PROVIDER_TIERS as readonly string[]).includes(t))
  const settings = ConfigSchema.parse({ k: [1, 3], rules: { require_citation: true, forbidden: ['保证'] } })
  const questions = [
    [
      makeRow({
        id: 'a',
        relevant_docs: [
          { id: 'D1', grade: 1 },
          { id: 'D2', grade: 2 },
        ],
      }),
      makeOutput({ id: 'a', answer: '有5天[文档1][文档4]。', contexts: ['年假5天'], retrieved_ids: ['D9', 'D1'], latency_ms: 12 }),
    ],
    [makeRow({ id: 'b', expect_json: true, required_keys: ['a'] }), makeOutput({ id: 'b', answer: '{"b": 1} 保证' })],
    [makeRow({ id: 'c', should_refuse: true }), makeOutput({ id: 'c', answer: '不知道' })],
    [makeRow({ id: 'd', should_refuse: true, relevant_docs: [{ id: 'D1', grade: 1 }] }), makeOutput({ id: 'd', answer: '今天会涨', retrieved_ids: ['D1'] })],
    [makeRow({ id: 'e' }), makeOutput({ id: 'e', answer: '抱歉，我不知道' })],
  ] as const
  const planned = plannedMetrics(
    questions.map(([row]) => row),
    settings,
    questions.map(([, output]) => output),
    { metrics: [] },
  )

  it('every definition of a deterministic tier has one, and no provider metric has one', () => {
    for (const d of registry.definitions) assert.equal(typeof d.score === 'function', deterministic(d.tiers), d.name)
  })

  it('scores its own metric only: planned alone, each metric writes itself or nothing, and the value it gets with all the others', () => {
    // every deterministic definition is planned for these questions, at each k
    for (const d of registry.definitions.filter((d) => deterministic(d.tiers)))
      assert.ok(
        planned.some((name) => registry.info(name)?.pattern === d.name),
        d.name,
      )
    for (const [row, output] of questions) {
      const all = scoreDeterministic({ row, output, config: settings }, planned)
      for (const name of planned) {
        const alone = scoreDeterministic({ row, output, config: settings }, [name])
        assert.deepEqual(Object.keys(alone), name in all ? [name] : [], `${row.id}: ${name}`)
        assert.deepEqual(alone[name as MetricName], all[name as MetricName], `${row.id}: ${name}`)
      }
    }
  })

  it('what several metrics share is worked out once per question, by the first that asks', () => {
    let computed = 0
    const work = sharedWork((q) => {
      computed += 1
      return q.row.id.length > 100 ? null : undefined
    })
    const q = new Question({ row: makeRow(), output: makeOutput(), config: settings })
    assert.deepEqual([q.shared(work), q.shared(work), q.shared(work)], [undefined, undefined, undefined])
    assert.equal(computed, 1, 'an undefined result is remembered too')
    new Question({ row: makeRow(), output: makeOutput(), config: settings }).shared(work)
    assert.equal(computed, 2, 'per question')
  })
})

describe("a lexical metric's definition carries the function from the provider's analysis to its score", () => {
  const cases = [
    [
      makeRow({ reference_points: ['一线500元', '提前三天'], ground_truth: '一线城市每晚500元' }),
      makeOutput({ answer: '一线城市住宿每晚不超过500元[文档1]，二线400元', contexts: ['一线城市每晚500元', '停车费另计'] }),
      false,
    ],
    [makeRow({ should_refuse: true }), makeOutput({ answer: '不知道' }), true],
    [makeRow({ reference_points: ['5天'] }), makeOutput({ answer: '抱歉，我不知道', contexts: ['年假5天'] }), true],
    [makeRow(), makeOutput({ answer: '', contexts: [] }), false],
  ] as const

  it('the provider writes exactly the definitions that have one, each with what its function gives', () => {
    const lexical = registry.definitions.filter((d) => d.tiers.includes('lexical'))
    for (const d of registry.definitions) assert.equal(typeof d.fromLexical === 'function', d.tiers.includes('lexical'), d.name)
    for (const [row, output, refused] of cases) {
      const { scores } = scoreLexical(row, output, refused)
      assert.deepEqual(
        Object.keys(scores),
        lexical.map((d) => d.name),
      )
      const analysis = analyseLexical(row, output, refused)
      for (const d of lexical) assert.deepEqual(scores[d.name as MetricName], d.fromLexical?.(analysis), `${row.id} ${d.name}`)
    }
  })
})

describe("an LLM metric's definition carries the function from the judge's replies to its score", () => {
  const pass = (grade: number) => ({ accuracy: grade, relevance: 4, completeness: 2, citation: 0, context_retention: null, reason: `graded ${grade}` })
  const replies: JudgeReplies = {
    row: makeRow(),
    calls: {
      rubric: { kind: 'replied', value: [pass(3), pass(4)] },
      claims: { kind: 'failed', error: 'the judge replied with no JSON' },
      usefulness: { kind: 'settled', score: { value: 0, reason: 'no contexts were retrieved' } },
      recall: {
        kind: 'replied',
        value: [
          { statement: '5天', attributable: true },
          { statement: '提前三天', attributable: false },
        ],
      },
      questions: { kind: 'replied', value: { similarities: [0.9, 0.7], noncommittal: [false, true], mode: 'any' } },
    },
  }
  const scored = Object.fromEntries(registry.definitions.filter((d) => d.fromJudge).map((d) => [d.name, d.fromJudge!(replies)]))

  it('every definition the LLM tier computes has one', () => {
    for (const d of registry.definitions) assert.equal(typeof d.fromJudge === 'function', d.tiers.includes('llm'), d.name)
    assert.deepEqual(Object.keys(scored).sort(), [...LLM_METRICS].sort())
  })

  it('scores its reply: a rubric dimension averaged over the passes, context recall from the statements, relevancy with its penalty', () => {
    assert.deepEqual(scored.accuracy_norm, { value: 3.5 / 4, reason: 'graded 3' })
    assert.deepEqual(scored.citation_norm, { value: 0, reason: 'graded 3' })
    assert.deepEqual(scored.context_retention_norm, { value: null, reason: 'single question: no earlier turns' })
    assert.deepEqual(scored.context_recall, { value: 0.5, reason: 'not in the contexts: 「提前三天」' })
    assert.deepEqual(scored.answer_relevancy, { value: 0, reason: '1 of 2 generated questions marked noncommittal (any penalty)' })
  })

  it('a failed call is an error of each metric drawn from it, and only of those; a call not made gives each its settled score', () => {
    for (const name of ['faithfulness', 'hallucination_rate', 'contradicted']) assert.deepEqual(scored[name], { error: 'the judge replied with no JSON' }, name)
    assert.equal(Object.values(scored).filter((s) => 'error' in s).length, 3)
    assert.deepEqual(scored.context_precision, { value: 0, reason: 'no contexts were retrieved' })
  })
})
