import { updateBaselineCommand, type BaselineView } from '../../baseline/baseline.ts'
import { judgeHealth } from '../../compare/judgeHealth.ts'
import type { Candidate } from '../../candidates/candidate.ts'
import { missingOutput } from '../../candidates/outputs.ts'
import { withHistories } from '../../candidates/turns.ts'
import { compare, incomparability } from '../../compare/compare.ts'
import { gateStack, type GateLayer, type GateStack } from '../../baseline/gate.ts'
import { checkLatencyCanAct } from '../config/gateCanAct.ts'
import type { CandidateOutput } from '../../schemas/candidate.ts'
import type { Config } from '../../schemas/config.ts'
import { RESULTS_SCHEMA_VERSION, type GateSettings, type QuestionResult, type Results, type RunInfo, type Usage } from '../../schemas/results.ts'
import type { RunClock } from '../../io/clock.ts'
import { idRecord, previewIds } from '../../text/ids.ts'
import type { Logger } from '../../io/logger.ts'
import { misreadWarnings, misreadWarningsOf } from './misreadIds.ts'
import { NoteTexts, plannedMetrics, scoreQuestion, summarise } from './score.ts'
import type { Scorer, SetScores } from '../scorers/scorer.ts'
import { countOf } from '../../text/countOf.ts'
import { sameVendorNotes } from './sameVendor.ts'
import { EXIT, exitCodeFor } from './exit.ts'
import { checkSequentialCanAct, finishSequential, startSequential } from '../llmTier/sequentialRun.ts'
import { StreamScoring } from './streamScore.ts'
import type { RunEvalSet } from '../evalSet/runEvalSet.ts'
import { otherKindFromEvalSet } from '../evalSet/olderFingerprint.ts'

/** Where `run` writes results.json when no --out is given but the results are needed (an incomparable run's fix command names it). */
export const DEFAULT_RESULTS_PATH = 'results.json'

/** Everything a run is given rather than finds: made by prepareRun from the config, or by a test. */
export interface PipelineDeps {
  evalSet: RunEvalSet
  /** null: no baseline (or a shard, compared only after merge) */
  baseline: BaselineView | null
  candidate: Candidate
  scorer: Scorer
  logger: Logger
  clock: RunClock
  /** the gate's settings, each layer with where it was given: the baseline's, evalgate.yml's, the flags' or inputs' */
  gate: GateStack
  /** the label the base branch's baseline goes by (the Action: the PR's base branch); else the compared baseline's label */
  baseLabel?: string
}

/**
 * candidate → score → compare, with everything injected. Everything that can be wrong with the
 * inputs (the candidate's own settings) is checked before the candidate is called; a baseline
 * that is not comparable is said then too, and the run goes on to an incomparable comparison.
 * `config` supplies the run's settings: rules, k, gate, version, baseline path.
 */
export async function runPipeline(deps: PipelineDeps, config: Config, resultsPath: string | null = null): Promise<Results> {
  const { evalSet, baseline, candidate, scorer, clock } = deps
  const shard = evalSet.shard
  const notes: string[] = [...scorer.notes]
  const subset = evalSet.subset
  if (shard) notes.push(`shard ${shard.index}/${shard.count}: ${evalSet.rows.length} of ${countOf(shard.total_questions, 'question')}; merge the shards (evalgate merge) to gate`)
  // the command makes the baseline of the base branch, under its label, not this PR's
  const updateCommand = updateBaselineCommand(resultsPath ?? DEFAULT_RESULTS_PATH, config.baseline, deps.baseLabel ?? baseline?.version ?? config.version ?? null)
  warnIncomparable(deps)
  const gate = deps.gate.effective
  checkSequentialCanAct(config, baseline, evalSet, gate.settings)

  const { scored, judged, candidateMs, scoringMs } = await answerAndScore(deps, config, notes, gate.settings)
  const questionCount = evalSet.rows.length
  // the comparison and the files need only the scores: the rows go now (at 100,000 questions
  // ~90 MB), not when the caller lets go of deps
  evalSet.rows = []
  const sequential = scored.sequential
  const run = {
    eval_set_version: evalSet.version,
    eval_set_fingerprint: evalSet.fingerprint,
    recomputed_fingerprint: evalSet.recomputedFingerprint ?? null,
    judge: judged,
    metrics: scored.summary,
    questions: scored.questions,
    subset,
    sequential,
  }
  const comparison = shard ? null : compare(run, baseline, gate.settings, updateCommand, gate.sources)
  return {
    schema_version: RESULTS_SCHEMA_VERSION,
    run: {
      version: config.version ?? null,
      eval_set_version: evalSet.version,
      eval_set_fingerprint: evalSet.fingerprint,
      eval_set_path: evalSet.file,
      question_count: questionCount,
      candidate: candidate.label,
      judge: judged,
      judge_label: scored.label ?? scorer.label,
      k: config.k,
      shard,
      subset,
      started_at: clock.startedAt.toISOString(),
      timings_ms: { candidate: round(candidateMs), scoring: round(scoringMs), total: round(clock.elapsed()) },
      usage: scored.usage,
      judge_stability: scored.stability,
      notes,
      // written only when it happened: the results.json of every other run is unchanged
      ...(sequential ? { sequential } : {}),
      ...(scored.stopped ? { judge_stopped: scored.stopped } : {}),
    },
    metrics: scored.summary,
    questions: scored.questions,
    comparison,
    judge_health: scorer.usesModel ? judgeHealth(scored.questions, baseline, comparison) : null,
  }
}

/**
 * The candidate's answers (stored, or asked for now), scored. The answers and their contexts
 * live only in here: they are let go before the comparison, which needs only the scores.
 */
async function answerAndScore(deps: PipelineDeps, config: Config, notes: string[], gate: GateSettings) {
  const { evalSet, scorer, logger, clock } = deps
  const stored = await statePlan(deps)
  // a judge that cannot answer is found out before the candidate's own calls are paid for
  await scorer.preflight?.()
  if (!stored && !scorer.scoreSet) return streamAndScore(deps, config, notes)
  // stored answers were read for the plan already (a file read, not a run of the candidate)
  const candidateStarted = clock.elapsed()
  const outputs = stored ?? (await answer(deps))
  const candidateMs = clock.elapsed() - candidateStarted

  const scoringStarted = clock.elapsed()
  // the judge sees each turn with the history the candidate was given (its own earlier answers)
  const scored = await scoreAnswers({ ...deps, evalSet: { ...evalSet, rows: withHistories(evalSet.rows, outputs) } }, config, outputs, gate)
  notes.push(...scored.notes)
  const scoringMs = clock.elapsed() - scoringStarted

  // what the judge learned while it ran (the response format it ended with) joins its identity
  const judged = { ...scorer.identity, ...scored.judge }
  notes.push(...sameVendorNotes(config, modelsOf(outputs.values()), judged, scored.questions, logger))
  return { scored, judged, candidateMs, scoringMs }
}

/**
 * For a scorer with no tier over the whole set (lexical, none): each answer scored as the
 * candidate hands it over, and let go (streamScore.ts). The time the answers took to arrive
 * is the candidate's, less the time spent scoring them.
 */
async function streamAndScore(deps: PipelineDeps, config: Config, notes: string[]) {
  const { evalSet, candidate, scorer, logger, clock } = deps
  const started = clock.elapsed()
  // a stored candidate (a predictions file) reads no question: each row goes once its answer is scored
  const scoring = new StreamScoring(evalSet.rows, config, scorer, candidate.stored === true)
  await answer(deps, scoring.take)
  const streamed = scoring.finish(candidate.source)
  scorer.answersScored?.()
  for (const warning of misreadWarningsOf(streamed.misread)) logger.warn(warning)
  warnUnanswered(streamed.unanswered, logger)
  const scored: ScoredRun = { usage: noUsage(), stability: null, notes: [], questions: streamed.questions, summary: streamed.summary }
  const judged = { ...scorer.identity }
  notes.push(...sameVendorNotes(config, streamed.models, judged, scored.questions, logger))
  return { scored, judged, candidateMs: clock.elapsed() - started - streamed.scoringMs, scoringMs: streamed.scoringMs }
}

/** What scoring gives the run: the questions, their summary, and what a tier over the set reported. */
type ScoredRun = SetScores & { questions: Record<string, QuestionResult>; summary: Results['metrics']; sequential?: RunInfo['sequential'] }

function* modelsOf(outputs: Iterable<CandidateOutput>): Generator<string> {
  for (const output of outputs) if (output.model) yield output.model
}

/** Said before the candidate runs; the run goes on, so that its results.json can become the new baseline. */
function warnIncomparable({ evalSet, baseline, scorer, logger }: PipelineDeps): void {
  if (!baseline) return
  const reasons = incomparability(baseline, {
    eval_set_version: evalSet.version,
    eval_set_fingerprint: evalSet.fingerprint,
    recomputed_fingerprint: evalSet.recomputedFingerprint ?? null,
    judge: scorer.identity,
  })
  if (reasons.length > 0) logger.warn(`baseline not comparable: ${reasons.join('; ')}. Scoring anyway, so that this run's results can become the new baseline`)
}

/**
 * What the run will cost the judge, said before anything is paid: the candidate's settings
 * are checked, stored answers (a predictions file) are read, and the scorer states its plan
 * from them, or estimates it from the questions when the answers do not exist yet, stopping
 * when it is over budget. No request is sent. Returns the stored answers, if any.
 */
export async function statePlan(deps: PipelineDeps): Promise<ReadonlyMap<string, CandidateOutput> | null> {
  const { evalSet, candidate, scorer } = deps
  // e.g. an HTTP candidate's headers and templates are checked before anything is sent
  candidate.check?.(evalSet.rows)
  // read now only for a plan to be made from them; otherwise they are read as they are scored
  const stored = candidate.stored && scorer.plan ? await answer(deps) : null
  await scorer.plan?.(stored ? withHistories(evalSet.rows, stored) : evalSet.rows, stored)
  return stored
}

/** --plan-only: the plan, said as a run would say it, and nothing else: no candidate run, no judge request (no preflight either). */
export async function planOnly(deps: PipelineDeps): Promise<void> {
  await statePlan(deps)
  if (!deps.scorer.plan) deps.logger.info(`judge plan: no judge calls (judge ${deps.scorer.label})`)
}

function answer({ evalSet, candidate, logger }: PipelineDeps, take?: (output: CandidateOutput) => void): Promise<Map<string, CandidateOutput>> {
  const wanted = evalSet.shard || evalSet.subset ? new Set(evalSet.rows.map((r) => r.id)) : null
  return candidate.answer(evalSet.rows, { evalIds: evalSet.ids, wanted, logger, ...(take ? { take } : {}) })
}

function noUsage(): Usage {
  return { llm_calls: 0, embedding_calls: 0, prompt_tokens: 0, completion_tokens: 0, cache_hits: 0, retries: 0, cost_usd: null, by_family: {}, planned: null }
}

function warnUnanswered(unanswered: readonly string[], logger: Logger): void {
  if (unanswered.length === 0) return
  logger.warn(`${unanswered.length} question(s) got no answer from the candidate: counted as errors and as failing in the comparison: ${previewIds(unanswered)}`)
}

/** The deterministic tier (and the scorer's per-answer metrics) for every question, then the scorer's tier over the set. */
async function scoreAnswers({ evalSet, candidate, scorer, logger, baseline }: PipelineDeps, config: Config, outputs: ReadonlyMap<string, CandidateOutput>, gate: GateSettings): Promise<ScoredRun> {
  const metrics = plannedMetrics(evalSet.rows, config, outputs.values(), scorer)
  for (const warning of misreadWarnings(evalSet.rows, outputs)) logger.warn(warning)
  const questions = idRecord<QuestionResult>()
  const unanswered: string[] = []
  const texts = new NoteTexts()
  for (const row of evalSet.rows) {
    let output = outputs.get(row.id)
    if (!output) {
      unanswered.push(row.id)
      output = missingOutput(row.id, candidate.source)
    }
    questions[row.id] = scoreQuestion(row, output, config, metrics, scorer, texts)
  }
  warnUnanswered(unanswered, logger)
  scorer.answersScored?.()
  const schedule = startSequential(config, scorer.usesModel && scorer.scoreSet !== undefined, baseline, gate, metrics, evalSet.rows, questions, evalSet.fingerprint)
  const tier = scorer.scoreSet ? await scorer.scoreSet(evalSet.rows, outputs, questions, schedule) : { usage: noUsage(), stability: null, notes: [] }
  const sequential = schedule && finishSequential(schedule, evalSet.rows, outputs, questions, config, scorer.metrics)
  if (sequential) logger.info(sequentialLine(sequential))
  return { ...tier, questions, summary: summarise(questions, metrics), ...(sequential ? { sequential } : {}) }
}

/**
 * `compare` on its own: a results.json against a baseline or another results.json.
 * `gateLayers` are the settings above the baseline's (resolveRun's gateLayers).
 * `resultsPath` is the file the caller writes these results to: the update command names it.
 */
export async function compareResults(
  results: Results,
  baseline: BaselineView | null,
  gateLayers: readonly GateLayer[],
  resultsPath: string,
  baselinePath: string,
  baseLabel?: string,
): Promise<Results> {
  const stack = gateStack(baseline, gateLayers)
  checkLatencyCanAct(stack)
  const gate = stack.effective
  const updateCommand = updateBaselineCommand(resultsPath, baselinePath, baseLabel ?? baseline?.version ?? results.run.version)
  const recomputed_fingerprint = await otherKindFromEvalSet(results.run, baseline)
  const comparison = compare({ ...results.run, recomputed_fingerprint, metrics: results.metrics, questions: results.questions }, baseline, gate.settings, updateCommand, gate.sources)
  // the answer lengths are compared with this baseline; a run without judge health (lexical, rules only) still has none
  return { ...results, comparison, judge_health: results.judge_health && judgeHealth(results.questions, baseline, comparison) }
}

/** What a --sequential run settled and saved, for the log. */
function sequentialLine(s: NonNullable<RunInfo['sequential']>): string {
  const settled = s.settled ? `settled ${s.settled}` : 'not settled early (the full run decides)'
  return `sequential: ${settled} after judging ${s.questions_judged} of ${countOf(s.questions_total, 'question')}; ${s.questions_total - s.questions_judged} questions and ${s.calls_saved} judge calls saved`
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10
}

export { EXIT, exitCodeFor }
