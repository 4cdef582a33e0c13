import type { BaselineView } from '../../src/baseline/baseline.ts'
import type { RunUnderTest } from '../../src/compare/columns.ts'
import { DEFAULT_GATE } from '../../src/schemas/gate.ts'
import { RESULTS_SCHEMA_VERSION, type GateSettings, type QuestionResult, type Results } from '../../src/schemas/results.ts'

export const JUDGE = { provider: 'lexical', model: 'lexical-v1', embeddings_model: null, definitions_hash: 'abc', rules_hash: 'r1' }

export type Scores = Record<string, number | null>

export function makeQuestion(scores: Scores, over: Partial<QuestionResult> = {}): QuestionResult {
  return { question: '问题', category: '报销政策', difficulty: '简单', should_refuse: false, answer: '回答', scores, notes: {}, errors: {}, ...over }
}

/** A run whose questions are `q1..qN` with the given per-question scores. */
export function makeRun(perQuestion: Scores[], over: { categories?: string[]; errors?: Record<number, string> } = {}): RunUnderTest {
  const questions: Record<string, QuestionResult> = {}
  perQuestion.forEach((scores, i) => {
    const errors: Record<string, string> = over.errors?.[i] ? { candidate: over.errors[i]! } : {}
    questions[`q${i + 1}`] = makeQuestion(scores, { category: over.categories?.[i] ?? '报销政策', errors })
  })
  const metrics: RunUnderTest['metrics'] = {}
  const names = new Set(perQuestion.flatMap((s) => Object.keys(s)))
  for (const m of names) {
    const values = Object.values(questions).map((q) => q.scores[m])
    const present = values.filter((v): v is number => v !== null && v !== undefined)
    const errors = Object.values(questions).filter((q) => (q.scores[m] === null || q.scores[m] === undefined) && q.errors.candidate).length
    metrics[m] = { mean: present.length ? present.reduce((a, b) => a + b, 0) / present.length : null, n: present.length, nan: values.length - present.length, errors }
  }
  return { eval_set_version: 'v1', eval_set_fingerprint: 'sha256:f', judge: JUDGE, metrics, questions }
}

/** A per-question baseline made from a run (what `evalgate baseline` writes). */
export function baselineOf(run: RunUnderTest, over: Partial<BaselineView> = {}): BaselineView {
  return {
    path: 'baselines/baseline.json',
    kind: 'evalgate',
    version: 'v-base',
    eval_set_version: run.eval_set_version,
    eval_set_fingerprint: run.eval_set_fingerprint,
    judge: run.judge,
    metrics: Object.fromEntries(Object.entries(run.metrics).map(([m, s]) => [m, s.mean])),
    questions: Object.fromEntries(Object.entries(run.questions).map(([id, q]) => [id, { category: q.category, question: q.question, scores: q.scores }])),
    settings: {},
    ...over,
  }
}

export function gate(over: Partial<GateSettings> = {}): GateSettings {
  return { ...structuredClone(DEFAULT_GATE), ...over }
}

export function makeResults(run: RunUnderTest, comparison: Results['comparison'] = null): Results {
  return {
    schema_version: RESULTS_SCHEMA_VERSION,
    run: {
      version: 'v-cand',
      eval_set_version: run.eval_set_version,
      eval_set_fingerprint: run.eval_set_fingerprint,
      eval_set_path: 'eval.csv',
      question_count: Object.keys(run.questions).length,
      candidate: 'predictions p.jsonl',
      judge: run.judge,
      judge_label: 'lexical v1',
      k: [5],
      shard: null,
      subset: null,
      started_at: '2026-11-29T00:00:00.000Z',
      timings_ms: { candidate: 1, scoring: 1, total: 2 },
      usage: { llm_calls: 0, embedding_calls: 0, prompt_tokens: 0, completion_tokens: 0, cache_hits: 0, retries: 0, cost_usd: null, by_family: {}, planned: null },
      judge_stability: null,
      notes: [],
    },
    metrics: run.metrics,
    questions: run.questions,
    comparison,
    judge_health: null,
  }
}

/** n questions where the first `passing` score 1 on `metric` and the rest 0. */
export function passes(metric: string, n: number, passing: number): Scores[] {
  return Array.from({ length: n }, (_, i) => ({ [metric]: i < passing ? 1 : 0 }))
}
