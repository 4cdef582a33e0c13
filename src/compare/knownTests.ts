import type { BaselineView } from '../baseline/baseline.ts'
import type { GateSettings } from '../schemas/results.ts'
import { buildColumns, type RunUnderTest } from './columns.ts'
import { metricRow } from './rows.ts'
import { annotateNoise, type HolmTest } from './significance.ts'

/**
 * The Holm set's tests of `metrics` (those a run already has every value of: no judge scores
 * them) exactly as the full comparison will make them: each family's test depends on its own
 * members' values alone. A --sequential run ranks a judged metric's drop against them: every
 * one whose p is at least ALPHA raises the Holm multiplier that drop would need to beat
 * (run/llmTier/sequential.ts).
 */
export function holmTestsOf(run: Pick<RunUnderTest, 'metrics' | 'questions'>, baseline: BaselineView, gate: GateSettings, metrics: readonly string[]): HolmTest[] {
  if (!baseline.questions || metrics.length === 0) return []
  const columns = buildColumns(run.questions, baseline.questions, metrics)
  const count = Object.keys(run.questions).length
  const rows = metrics.map((name) => metricRow(name, run, baseline, columns, gate, count)).filter((row) => row.limit.kind !== 'latency_rise')
  return annotateNoise(rows, columns, { primary: gate.primary, recordedNoise: baseline.noise ?? null }).filter((test) => test.stage === 'holm')
}
