/**
 * The gate as bench:gate runs it, mode by mode, through the product's own code: compare() for
 * every verdict, wholeGateLimits() for calibrate-noise --rerun-candidate's proposals, and the
 * SequentialSchedule the LLM tier takes with --sequential.
 */
import { compare } from '../src/compare/compare.ts'
import { isJudgedByModel, metricInfo } from '../src/metrics/registry.ts'
import { monitoredMetrics, SequentialSchedule } from '../src/run/llmTier/sequential.ts'
import { DEFAULT_GATE } from '../src/schemas/gate.ts'
import type { Comparison, GateSettings } from '../src/schemas/results.ts'
import { wholeGateLimits } from '../src/stats/nullLimits.ts'
import { drawRun, NO_CHANGE, SIMULATED_METRICS, type Project, type Random } from './gateModel.ts'
import { baselineOf, questionId, runOf } from './gateRuns.ts'

export const MAX_DROP = 0.02
/** calibrate-noise --rerun-candidate N as the README recommends it */
export const RERUNS = 5
export const PRIMARY = 'accuracy_norm'

export type Scores = Record<string, number>[]

export const gate = (over: Partial<GateSettings> = {}): GateSettings => ({ ...structuredClone(DEFAULT_GATE), max_drop: MAX_DROP, ...over })

export function comparePair(
  project: Project,
  baseline: readonly Record<string, number | null>[],
  candidate: readonly Record<string, number | null>[],
  settings: GateSettings,
  metrics?: readonly string[],
): Comparison {
  return compare(runOf(project, candidate, metrics), baselineOf(runOf(project, baseline, metrics)), settings, '')
}

/** calibrate-noise --rerun-candidate RERUNS on this eval set: RERUNS fresh runs of the unchanged system, the whole-gate limits from them. */
export function calibratedLimits(project: Project, random: Random): Record<string, number> {
  const runs = Array.from({ length: RERUNS }, () => drawRun(project, NO_CHANGE, random))
  const metrics = SIMULATED_METRICS.map((name) => ({
    name,
    higherIsBetter: metricInfo(name)?.higherIsBetter ?? true,
    passes: runs.map((scores) => Float64Array.from(scores, (q) => q[name]!)),
  }))
  const clusters = project.questions.some((q) => q.conversation >= 0) ? project.questions.map((q, i) => (q.conversation >= 0 ? 1e6 + q.conversation : i)) : null
  const { limits } = wholeGateLimits(metrics, clusters, { seed: 20_261_129 })
  return Object.fromEntries(limits.filter((l) => l.limit !== null).map((l) => [l.metric, l.limit!]))
}

export interface SequentialOutcome {
  fails: boolean
  /** share of the questions the judge scored */
  judged: number
}

/**
 * --sequential on one pair: the LLM tier takes the schedule's order one question at a time (no
 * concurrency), asking settled() before each; the judged metrics of the questions it never took
 * stay null, and compare() decides with the run's sequential record, as `evalgate run` does. A
 * run that never settled judged everything: `fullRun` gives its (the full run's) verdict.
 */
export function sequentialRun(project: Project, baseline: Scores, candidate: Scores, settings: GateSettings, fullRun: () => boolean): SequentialOutcome {
  const rows = project.questions.map((q, i) => ({ id: questionId(i), conversation: q.conversation >= 0 ? { id: `c${q.conversation}`, turn: (i % 4) + 1 } : undefined }))
  const llm = SIMULATED_METRICS.filter(isJudgedByModel)
  // what the tier writes as it goes: judged metrics null until a question is judged
  const revealed = candidate.map((q) => ({ ...q, ...Object.fromEntries(llm.map((m) => [m, null])) })) as Record<string, number | null>[]
  const candidateRun = runOf(project, revealed)
  const baselineView = baselineOf(runOf(project, baseline))
  const schedule = new SequentialSchedule(rows, candidateRun.questions, baselineView.questions!, monitoredMetrics(SIMULATED_METRICS, baselineView, settings, candidateRun.questions), 7)
  for (const index of schedule.order) {
    if (schedule.settled()) break
    const scores = candidateRun.questions[questionId(index)]!.scores
    for (const m of llm) scores[m] = candidate[index]![m]!
    schedule.completed.add(index)
  }
  schedule.settled()
  const summary = schedule.summary()
  const judged = schedule.completed.size
  // nothing settled early: every question was judged, and the run is the full run (its comparison already made)
  if (summary.settled === null) return { fails: fullRun(), judged: 1 }
  const run = runOf(
    project,
    candidate.map((q, i) => (schedule.completed.has(i) ? q : { ...q, ...Object.fromEntries(llm.map((m) => [m, null])) })),
  )
  const comparison = compare({ ...run, sequential: { ...summary, calls_saved: 0 } }, baselineView, settings, '')
  return { fails: comparison.verdict === 'fail', judged: judged / project.questions.length }
}
