/**
 * --sequential in a run: whether it can act (checked before the candidate runs), the schedule
 * the LLM tier takes (sequential.ts), and what the run records once the tier stopped.
 */
import type { BaselineView } from '../../baseline/baseline.ts'
import { GateError } from '../../io/errors.ts'
import { knownField } from '../../io/known.ts'
import { planQuestion } from '../../metrics/llm.ts'
import type { CandidateOutput } from '../../schemas/candidate.ts'
import type { Config } from '../../schemas/config.ts'
import type { EvalRow } from '../../schemas/evalSet.ts'
import type { GateSettings, QuestionResult, RunInfo } from '../../schemas/results.ts'
import { seedFrom } from '../../stats/bootstrap.ts'
import { llmSettings } from './settings.ts'
import type { RunEvalSet } from '../evalSet/runEvalSet.ts'
import { judgedByModel } from '../scorers/factory.ts'
import { monitoredMetrics, SequentialSchedule } from './sequential.ts'

/**
 * --sequential settles gate_mode significant's verdict early by judging fewer questions: without
 * an LLM judge there are no judge calls to save, without a per-question baseline nothing to test,
 * strict mode fails on any drop past max_drop whatever the tests say, and a shard or a subset is
 * not gated. Each is an error: a setting that cannot act must not read as if it did.
 */
export function checkSequentialCanAct(config: Config, baseline: BaselineView | null, evalSet: Pick<RunEvalSet, 'shard' | 'subset'>, gate: GateSettings): void {
  if (!config.sequential) return
  const fail = (message: string, hint: string) => {
    throw new GateError('bad_config', `--sequential (sequential in evalgate.yml): ${message}`, hint)
  }
  if (!judgedByModel(config)) fail(`judge.provider is ${config.judge.provider}, which makes no judge calls to save`, 'use it with --judge openai or azure, or drop --sequential')
  if (!baseline?.questions) fail('it needs a per-question baseline to test each judged metric against', 'name a baseline written by evalgate baseline (--baseline FILE), or drop --sequential')
  if (gate.gate_mode !== 'significant')
    fail(
      'it settles the verdict of gate_mode significant; with strict, every drop past max_drop fails whatever the tests say',
      'set gate_mode: significant (--gate-mode significant), or drop --sequential',
    )
  if (evalSet.shard || evalSet.subset) fail('a shard or a subset run is not gated, so there is no verdict to settle', 'run the whole eval set, or drop --sequential')
}

/** The schedule of a --sequential run whose LLM tier runs now; undefined for any other run (or one whose tier was skipped). */
export function startSequential(
  config: Config,
  usesModel: boolean,
  baseline: BaselineView | null,
  gate: GateSettings,
  planned: readonly string[],
  rows: readonly EvalRow[],
  questions: Readonly<Record<string, QuestionResult>>,
  fingerprint: string,
): SequentialSchedule | undefined {
  if (!config.sequential || !usesModel || !baseline?.questions) return undefined
  // the order is fixed per eval set, so a re-run takes the same questions (and hits the same cache entries)
  return new SequentialSchedule(rows, questions, baseline.questions, monitoredMetrics(planned, baseline, gate, questions), seedFrom(`sequential:${fingerprint}`))
}

/**
 * What the run records once the tier stopped: the questions it never judged get a note on every
 * judged metric (their values stay null, which the comparison leaves out pairwise), and the
 * calls their plans held are counted as saved.
 */
export function finishSequential(
  schedule: SequentialSchedule,
  rows: readonly EvalRow[],
  outputs: ReadonlyMap<string, CandidateOutput>,
  questions: Record<string, QuestionResult>,
  config: Config,
  llmMetrics: readonly string[],
): NonNullable<RunInfo['sequential']> {
  const summary = schedule.summary()
  const settings = llmSettings(config, rows)
  const note = `not judged: --sequential settled the verdict (${summary.settled ?? 'none'}) after ${summary.questions_judged} of ${summary.questions_total} questions`
  let saved = 0
  rows.forEach((row, i) => {
    if (schedule.completed.has(i)) return
    const planned = planQuestion(row, outputs.get(row.id), settings).wellFormed()
    saved += planned.chat + planned.embeddings
    const q = knownField(questions, row.id, 'result of question')
    if (q.errors.candidate !== undefined) return
    for (const metric of llmMetrics) if (Object.hasOwn(q.scores, metric)) q.notes[metric] = note
  })
  return { ...summary, calls_saved: saved }
}
