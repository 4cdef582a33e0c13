/**
 * The metric registry: every metric a run can write has one definition, the lists the code
 * used to type out by hand are derived from the definitions (pinned here to what they were),
 * and a definition added to the list reaches every derived list by its properties alone.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { DIRECTIONS, METRIC_DEFINITIONS, PROVIDER_TIERS, type MetricDefinition } from '../../src/metrics/definitions.ts'
import { scoreDeterministic } from '../../src/metrics/deterministic.ts'
import type { Judge } from '../../src/metrics/judge.ts'
import { LEXICAL_METRICS, scoreLexical } from '../../src/metrics/lexical.ts'
import { LLM_METRICS, planQuestion, scoreWithJudge } from '../../src/metrics/llm.ts'
import { directedChange, isJudgedByModel, isKnownMetric, knownMetricNames, metricInfo, MetricRegistry, registry, sortMetrics } from '../../src/metrics/registry.ts'
import { metricsBeforeAnswers, plannedMetrics } from '../../src/run/pipeline/score.ts'
import { ConfigSchema, type Config } from '../../src/schemas/config.ts'
import { makeOutput, makeRow } from './factories.ts'

const config = (over: Record<string, unknown> = {}): Config => ConfigSchema.parse({ k: [1, 3, 10], ...over })

/** Every kind of question and output a run can have: answerable, should-refuse, JSON, with and without relevant docs and latency. */
const ROWS = [
  makeRow({ id: 'a', relevant_docs: [{ id: 'D1', grade: 1 }], reference_points: ['5天'], ground_truth: '5天' }),
  makeRow({ id: 'b', expect_json: true, required_keys: ['a'] }),
  makeRow({ id: 'c', should_refuse: true }),
  makeRow({ id: 'd', should_refuse: true, expect_json: true }),
]
const OUTPUTS = [
  makeOutput({ id: 'a', answer: '有5天[文档1]。', contexts: ['年假5天'], retrieved_ids: ['D1'], latency_ms: 12 }),
  makeOutput({ id: 'b', answer: '{"a": 1}' }),
  makeOutput({ id: 'c', answer: '不知道' }),
  makeOutput({ id: 'd', answer: '不知道' }),
]

const failingJudge: Judge = {
  identity: { provider: 'openai', model: 'm', embeddings_model: 'e', definitions_hash: 'x', rules_hash: 'y' },
  ask: () => Promise.resolve({ ok: false, error: 'judge down', raw: null }),
  embed: () => Promise.resolve({ ok: false, error: 'judge down', raw: null }),
  usageByFamily: () => ({}),
}

describe('every metric a run can write has a definition', () => {
  it('plans only defined metrics, with every provider, every k and every kind of question', () => {
    for (const metrics of [[], LEXICAL_METRICS, LLM_METRICS]) {
      const planned = plannedMetrics(ROWS, config({ rules: { require_citation: true } }), OUTPUTS, { metrics })
      for (const name of planned) assert.ok(isKnownMetric(name), `${name} has no definition`)
      assert.ok(planned.includes('ndcg@10') && planned.includes('latency_ms') && planned.includes('json_ok') && planned.includes('citation_ok'))
    }
  })

  it('the deterministic tier writes only defined metrics', () => {
    const settings = config({ rules: { require_citation: true } })
    const planned = plannedMetrics(ROWS, settings, OUTPUTS, { metrics: [] })
    const all = [...new Set(ROWS.flatMap((row, i) => Object.keys(scoreDeterministic({ row, output: OUTPUTS[i]!, config: settings }, planned))))]
    for (const name of all) assert.ok(isKnownMetric(name), `${name} has no definition`)
    assert.ok(all.includes('latency_ms') && all.includes('recall@10') && all.includes('json_ok'))
  })

  it('the lexical provider writes exactly its metrics, on answerable and should-refuse questions', () => {
    for (const [i, row] of ROWS.entries()) assert.deepEqual(Object.keys(scoreLexical(row, OUTPUTS[i]!, row.should_refuse).scores).sort(), [...LEXICAL_METRICS].sort())
  })

  it('the LLM tier writes only its metrics, every one of them when each judge call fails', async () => {
    const settings = { relevancyQuestions: 3, noncommittal: 'soft' as const, repeats: 1, embeddings: true, chunkLabel: '文档' as const }
    const row = makeRow({ reference_points: ['5天'], ground_truth: '5天' })
    const output = makeOutput({ answer: '有5天[文档1]。', contexts: ['年假5天'] })
    const answered = await scoreWithJudge(row, output, failingJudge, settings, planQuestion(row, output, settings))
    assert.deepEqual(Object.keys(answered.scores).sort(), [...LLM_METRICS].sort())
    const refusal = { ...row, should_refuse: true }
    const refused = await scoreWithJudge(refusal, output, failingJudge, settings, planQuestion(refusal, output, settings))
    assert.deepEqual(Object.keys(refused.scores).sort(), [...LLM_METRICS].sort())
  })

  it('knows every metric of the committed baselines and results fixtures', () => {
    // from the repository root, whatever the working folder of the lane this runs in
    const root = join(import.meta.dirname, '..', '..')
    const v1 = join(root, 'test/fixtures/results-v1')
    const files = [join(root, 'baselines/baseline.json'), ...readdirSync(v1).map((f) => join(v1, f))].filter((f) => f.endsWith('.json'))
    for (const file of files) {
      const data = JSON.parse(readFileSync(file, 'utf8')) as { metrics?: Record<string, unknown> }
      for (const name of Object.keys(data.metrics ?? {})) assert.ok(isKnownMetric(name), `${file}: ${name} has no definition`)
    }
  })
})

describe('the derived lists are the lists that were typed out by hand', () => {
  it('LLM_METRICS, in the order the judge calls write them', () => {
    assert.deepEqual(LLM_METRICS, [
      'accuracy_norm',
      'relevance_norm',
      'completeness_norm',
      'citation_norm',
      'context_retention_norm',
      'faithfulness',
      'hallucination_rate',
      'contradicted',
      'context_precision',
      'context_recall',
      'answer_relevancy',
    ])
  })

  it('LEXICAL_METRICS', () => {
    assert.deepEqual([...LEXICAL_METRICS].sort(), ['completeness_norm', 'context_precision', 'context_recall', 'context_retention_norm', 'faithfulness', 'hallucination_rate'])
  })

  it('the headline metrics, the trend chart and the by-category columns of the report', () => {
    assert.deepEqual([...registry.headline()].sort(), ['accuracy_norm', 'completeness_norm', 'faithfulness', 'rules_pass'])
    assert.deepEqual(registry.trend([5, 10]), ['accuracy_norm', 'rules_pass', 'faithfulness', 'completeness_norm', 'mrr', 'recall@5'])
    assert.deepEqual(registry.trend([]), ['accuracy_norm', 'rules_pass', 'faithfulness', 'completeness_norm', 'mrr'])
    assert.deepEqual(registry.categoryColumns([3]), ['rules_pass', 'refuse_ok', 'recall@3', 'mrr', 'accuracy_norm', 'completeness_norm', 'faithfulness', 'context_recall'])
  })

  it('the metrics calibrate-noise proposes a max_drop for: the judge, rag and hallucination families', () => {
    const judged = registry.definitions.map((d) => d.name).filter(isJudgedByModel)
    assert.deepEqual(
      judged,
      registry.definitions.filter((d) => ['judge', 'rag', 'hallucination'].includes(d.family)).map((d) => d.name),
    )
    assert.equal(isJudgedByModel('recall@5'), false)
    assert.equal(isJudgedByModel('not_a_metric'), false)
  })

  it('plans the deterministic metrics as plannedMetrics did, per kind of eval set', () => {
    const cases: [string, Parameters<typeof plannedMetrics>[0], Record<string, unknown>, string[]][] = [
      ['answerable only, no citation rule', [makeRow()], { k: [5], rules: { require_citation: false } }, ['length_ok', 'no_forbidden', 'no_over_refusal', 'rules_pass', 'citation_valid']],
      ['should-refuse only', [makeRow({ should_refuse: true, expect_json: true })], { k: [5], rules: { require_citation: true } }, ['refuse_ok', 'rules_pass', 'citation_valid']],
      [
        'everything',
        ROWS,
        { k: [5, 1], rules: { require_citation: true } },
        [
          ...['length_ok', 'citation_ok', 'no_forbidden', 'json_ok', 'refuse_ok', 'no_over_refusal', 'rules_pass'],
          ...['precision@1', 'precision@5', 'recall@1', 'recall@5', 'hit@1', 'hit@5', 'ndcg@1', 'ndcg@5', 'mrr'],
          ...['citation_valid', 'latency_ms'],
        ],
      ],
    ]
    for (const [name, rows, over, expected] of cases) {
      const outputs = expected.includes('latency_ms') ? OUTPUTS : OUTPUTS.map((o) => ({ ...o, latency_ms: null }))
      assert.deepEqual(plannedMetrics(rows, config(over), outputs, { metrics: [] }), expected, name)
      assert.deepEqual(
        sortMetrics(metricsBeforeAnswers(rows, config(over), { metrics: [] })),
        expected.filter((m) => m !== 'latency_ms'),
        `${name}, before the answers`,
      )
    }
  })

  it('sorts in the report order of the old registry, whatever order the names come in', () => {
    const order = [
      ...['length_ok', 'citation_ok', 'no_forbidden', 'json_ok', 'refuse_ok', 'no_over_refusal', 'rules_pass'],
      ...['precision@3', 'precision@10', 'recall@3', 'recall@10', 'hit@3', 'hit@10', 'ndcg@3', 'ndcg@10', 'mrr'],
      ...['citation_valid', 'accuracy_norm', 'relevance_norm', 'completeness_norm', 'citation_norm', 'context_retention_norm'],
      ...['faithfulness', 'answer_relevancy', 'context_precision', 'context_recall', 'hallucination_rate', 'contradicted', 'latency_ms'],
      ...['custom_a', 'custom_b10', 'custom_b9'].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })),
    ]
    assert.deepEqual(sortMetrics([...order].reverse()), order)
  })

  it('keeps each metric’s direction, unit, pass/fail kind and gate', () => {
    const lowerIsBetter = registry.definitions.filter((d) => d.direction === DIRECTIONS.lower).map((d) => d.name)
    assert.deepEqual(lowerIsBetter, ['hallucination_rate', 'contradicted', 'latency_ms'])
    assert.deepEqual(
      registry.definitions.filter((d) => d.binary).map((d) => d.name),
      ['length_ok', 'citation_ok', 'no_forbidden', 'json_ok', 'refuse_ok', 'no_over_refusal', 'rules_pass', 'hit@K', 'contradicted'],
    )
    assert.deepEqual(
      registry.definitions.filter((d) => d.unit === 'ms' || d.gate === 'latency_rise').map((d) => [d.name, d.unit, d.gate]),
      [['latency_ms', 'ms', 'latency_rise']],
    )
    assert.deepEqual(metricInfo('ndcg@10'), { ...metricInfo('ndcg@10'), name: 'ndcg@10', pattern: 'ndcg@K', k: 10, family: 'retrieval', description: 'ndcg over the top 10 retrieved ids' })
  })

  it('names every metric a setting may use, fixed names first, however many @k names were looked up', () => {
    metricInfo('recall@7')
    const expected = [
      ...['length_ok', 'citation_ok', 'no_forbidden', 'json_ok', 'refuse_ok', 'no_over_refusal', 'rules_pass', 'mrr', 'citation_valid'],
      ...['accuracy_norm', 'relevance_norm', 'completeness_norm', 'citation_norm', 'context_retention_norm', 'faithfulness', 'answer_relevancy', 'context_precision', 'context_recall'],
      ...['hallucination_rate', 'contradicted', 'latency_ms', 'precision@K', 'recall@K', 'hit@K', 'ndcg@K'],
    ]
    assert.deepEqual(knownMetricNames(), expected)
  })
})

describe('a definition added to the list reaches every derived list', () => {
  const wordCount: MetricDefinition = {
    name: 'answer_words_ok',
    displayName: 'Answer word count',
    description: 'answer has at most max_words words',
    family: 'rules',
    tiers: ['rules'],
    direction: DIRECTIONS.higher,
    binary: true,
    unit: 'score',
    gate: 'max_drop',
    planned: (run) => run.rows.some((r) => !r.should_refuse),
    askedOf: (row) => !row.should_refuse,
    nullWhen: 'never: 0 or 1',
    headline: true,
    trendRank: 2.5,
    categoryRank: 0,
  }
  const f1: MetricDefinition = {
    ...wordCount,
    name: 'f1@K',
    displayName: 'F1@{k}',
    description: 'f1 over the top {k}',
    family: 'retrieval',
    tiers: ['retrieval', 'lexical'],
    binary: false,
    headline: false,
    trendRank: undefined,
    categoryRank: undefined,
  }
  const afterRules = METRIC_DEFINITIONS.findIndex((d) => d.name === 'rules_pass') + 1
  const extended = new MetricRegistry([...METRIC_DEFINITIONS.slice(0, afterRules), wordCount, ...METRIC_DEFINITIONS.slice(afterRules), f1])

  it('is looked up by name, a @K one for every k', () => {
    assert.equal(extended.info('answer_words_ok')?.binary, true)
    assert.equal(extended.info('f1@4')?.description, 'f1 over the top 4')
    assert.equal(extended.info('f1@4')?.displayName, 'F1@4')
    assert.equal(extended.info('f1@0'), undefined)
    assert.equal(metricInfo('answer_words_ok'), undefined, 'evalgate’s own registry is left alone')
  })

  it('takes its place in the report order: its family, then where it stands in the list', () => {
    assert.deepEqual(extended.sort(['mrr', 'f1@2', 'answer_words_ok', 'rules_pass', 'length_ok', 'ndcg@2']), ['length_ok', 'rules_pass', 'answer_words_ok', 'ndcg@2', 'mrr', 'f1@2'])
  })

  it('is planned when its rule says so, at every k, and listed for the tiers that compute it', () => {
    const planned = extended.plannedDeterministic({ rows: ROWS, config: config({ k: [2, 4] }), outputs: OUTPUTS })
    assert.ok(planned.includes('answer_words_ok'))
    assert.ok(planned.includes('f1@2') && planned.includes('f1@4'))
    assert.equal(extended.plannedDeterministic({ rows: [makeRow({ should_refuse: true })], config: config(), outputs: [] }).includes('answer_words_ok'), false)
    assert.deepEqual(extended.computedBy('lexical'), [...LEXICAL_METRICS, 'f1@K'])
    assert.ok(extended.knownNames().includes('answer_words_ok') && extended.knownNames().at(-1) === 'f1@K')
  })

  it('joins the headline metrics, the trend chart and the by-category columns by its properties', () => {
    assert.ok(extended.headline().has('answer_words_ok'))
    assert.deepEqual(extended.trend([5]).slice(0, 3), ['accuracy_norm', 'rules_pass', 'answer_words_ok'])
    assert.equal(extended.categoryColumns([5])[0], 'answer_words_ok')
  })

  it("is left to its scoring provider when its tiers are providers' (PROVIDER_TIERS): the deterministic tier never plans it, even with a planned rule", () => {
    const own = PROVIDER_TIERS.map((tier): MetricDefinition => ({ ...wordCount, name: `own_${tier}`, tiers: [tier], score: undefined, planned: () => true }))
    const withOwn = new MetricRegistry([...METRIC_DEFINITIONS, ...own])
    const planned = withOwn.plannedDeterministic({ rows: ROWS, config: config(), outputs: OUTPUTS })
    for (const tier of PROVIDER_TIERS) {
      assert.equal(planned.includes(`own_${tier}`), false, tier)
      assert.ok(withOwn.computedBy(tier).includes(`own_${tier}`), tier)
    }
  })
})

describe('directedChange of latency (issue 12.2)', () => {
  it('is finite from a baseline of 0 ms: a baseline under 1 ms counts as 1 ms', () => {
    const info = metricInfo('latency_ms')
    assert.equal(directedChange(info, 0, 0), 0)
    assert.ok(Math.abs(directedChange(info, 0, 0.09) - -0.09) < 1e-12)
    assert.equal(directedChange(info, 0, 30), -30)
    assert.equal(directedChange(info, 200, 100), 0.5)
    assert.equal(directedChange(info, 100, 0), 1)
  })
})
