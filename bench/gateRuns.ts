/**
 * bench:gate's simulated runs as the gate reads them: a RunUnderTest (the candidate) and a
 * BaselineView (the baseline written from the other run), so every figure comes from compare()
 * itself, exactly as `evalgate run` gates.
 */
import type { BaselineView } from '../src/baseline/baseline.ts'
import type { RunUnderTest } from '../src/compare/columns.ts'
import type { QuestionResult } from '../src/schemas/results.ts'
import type { Project } from './gateModel.ts'

const JUDGE = { provider: 'openai', model: 'sim', embeddings_model: 'sim', definitions_hash: 'sim' }

/** Question ids that sort in question order (compare orders its columns by id). */
export function questionId(i: number): string {
  return `q${String(i).padStart(4, '0')}`
}

/** A run of the simulated eval set; `metrics` keeps only those (the one-metric gate); null scores stay null. */
export function runOf(project: Project, scores: readonly Record<string, number | null>[], metrics?: readonly string[]): RunUnderTest {
  const names = metrics ?? Object.keys(scores[0] ?? {})
  const questions: Record<string, QuestionResult> = {}
  scores.forEach((all, i) => {
    const kept = Object.fromEntries(names.map((m) => [m, all[m] ?? null]))
    const conversation = project.questions[i]!.conversation
    questions[questionId(i)] = {
      question: '',
      category: 'c',
      difficulty: null,
      should_refuse: false,
      answer: '',
      scores: kept,
      notes: {},
      errors: {},
      ...(conversation >= 0 ? { conversation: { id: `c${conversation}`, turn: (i % 4) + 1 } } : {}),
    }
  })
  const summaries: RunUnderTest['metrics'] = {}
  for (const m of names) {
    const values = scores.map((s) => s[m]).filter((v): v is number => v !== null && v !== undefined)
    summaries[m] = { mean: values.length ? values.reduce((a, b) => a + b, 0) / values.length : null, n: values.length, nan: scores.length - values.length, errors: 0 }
  }
  return { eval_set_version: 'sim', eval_set_fingerprint: 'sha256:sim', judge: JUDGE, metrics: summaries, questions }
}

/** The per-question baseline `evalgate baseline` would write from a run. */
export function baselineOf(run: RunUnderTest): BaselineView {
  return {
    path: null,
    kind: 'evalgate',
    version: 'base',
    eval_set_version: run.eval_set_version,
    eval_set_fingerprint: run.eval_set_fingerprint,
    judge: run.judge,
    metrics: Object.fromEntries(Object.entries(run.metrics).map(([m, v]) => [m, v.mean])),
    questions: Object.fromEntries(Object.entries(run.questions).map(([id, q]) => [id, { category: q.category, scores: q.scores }])),
    settings: {},
  }
}
