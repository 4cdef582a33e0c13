import { loadBaseline, type BaselineView } from '../baseline/baseline.ts'
import { runCommandCandidate } from '../candidates/command.ts'
import { missingOutput } from '../candidates/outputs.ts'
import { loadPredictions } from '../candidates/predictions.ts'
import { compare, incomparability } from '../compare/compare.ts'
import { resolveGate } from '../compare/gate.ts'
import type { CandidateOutput } from '../schemas/candidate.ts'
import type { Config } from '../schemas/config.ts'
import { RESULTS_SCHEMA_VERSION, type QuestionResult, type Results } from '../schemas/results.ts'
import { GateError, IncomparableError } from './errors.ts'
import { loadEvalSet } from './evalSet.ts'
import { tokenCache } from '../metrics/tokens.ts'
import { judgeIdentity, judgeLabel, plannedMetrics, scoreQuestion, summarise } from './score.ts'

export interface Logger {
  info(message: string): void
  warn(message: string): void
}

export interface PipelineDeps {
  logger: Logger
  /** wall clock for timestamps */
  now: () => Date
  /** monotonic milliseconds for timings */
  elapsed: () => number
  cwd: string
}

export const defaultDeps = (logger: Logger): PipelineDeps => ({
  logger,
  now: () => new Date(),
  elapsed: () => performance.now(),
  cwd: process.cwd(),
})

/**
 * config → load → candidate → score → compare. Everything that can be wrong with the
 * inputs (eval set, baseline, comparability) is checked before the candidate is called.
 */
export async function runPipeline(config: Config, deps: PipelineDeps, resultsPath: string | null = null): Promise<Results> {
  const started = deps.elapsed()
  const startedAt = deps.now()
  if (!config.eval_set) throw new GateError('usage', 'no eval set given', 'pass --eval-set FILE or set eval_set in evalgate.yml')
  if (!config.eval_set_version) throw new GateError('usage', 'no eval_set_version given', 'pass --eval-set-version V (e.g. v1) or set eval_set_version in evalgate.yml: it labels which version of the questions the scores belong to')
  const candidateKind = config.candidate.predictions ? 'predictions' : config.candidate.command ? 'command' : null
  if (!candidateKind) throw new GateError('usage', 'no candidate given', 'pass --predictions FILE or --candidate-cmd "CMD" (or candidate.predictions / candidate.command in evalgate.yml)')
  if (config.candidate.predictions && config.candidate.command) {
    throw new GateError('usage', 'both a predictions file and a candidate command are given', 'use one of --predictions and --candidate-cmd')
  }

  const evalSet = loadEvalSet(config.eval_set)
  const judge = judgeIdentity(config)
  const baseline = config.baseline ? loadBaseline(config.baseline) : null
  const updateCommand = `npx evalgate baseline --results ${resultsPath ?? 'results.json'} --out ${config.baseline ?? 'baselines/baseline.json'}`
  if (baseline) {
    const reasons = incomparability(baseline, { eval_set_version: config.eval_set_version, eval_set_fingerprint: evalSet.fingerprint, judge })
    if (reasons.length > 0) throw new IncomparableError(reasons, updateCommand)
  } else if (config.baseline) {
    deps.logger.warn(`no baseline at ${config.baseline}: scores are reported and absolute thresholds checked, nothing is compared`)
  }

  const ids = new Set(evalSet.rows.map((r) => r.id))
  const candidateStarted = deps.elapsed()
  let outputs: Map<string, CandidateOutput>
  let candidateLabel: string
  if (config.candidate.predictions) {
    outputs = loadPredictions(config.candidate.predictions, ids)
    candidateLabel = `predictions ${config.candidate.predictions}`
  } else {
    deps.logger.info(`running candidate on ${evalSet.rows.length} questions: ${config.candidate.command}`)
    outputs = await runCommandCandidate(evalSet.rows, { command: config.candidate.command!, timeoutMs: config.candidate.timeout_ms, cwd: deps.cwd })
    candidateLabel = `command ${config.candidate.command}`
  }
  const candidateMs = deps.elapsed() - candidateStarted

  const scoringStarted = deps.elapsed()
  const metrics = plannedMetrics(evalSet.rows, config, outputs.values())
  const questions: Record<string, QuestionResult> = {}
  const tokensOf = tokenCache()
  let unanswered = 0
  for (const row of evalSet.rows) {
    let output = outputs.get(row.id)
    if (!output) {
      unanswered += 1
      output = missingOutput(row.id, candidateKind === 'predictions' ? 'the predictions file' : 'the candidate command')
    }
    questions[row.id] = scoreQuestion(row, output, config, metrics, tokensOf)
  }
  if (unanswered > 0) deps.logger.warn(`${unanswered} question(s) got no answer from the candidate: counted as errors`)
  const summary = summarise(questions, metrics)
  const scoringMs = deps.elapsed() - scoringStarted

  const run = {
    eval_set_version: config.eval_set_version,
    eval_set_fingerprint: evalSet.fingerprint,
    judge,
    metrics: summary,
    questions,
  }
  const gate = resolveGate(baseline?.settings, config.gate)
  const comparison = compare(run, baseline, gate, updateCommand)
  return {
    schema_version: RESULTS_SCHEMA_VERSION,
    run: {
      version: config.version ?? null,
      eval_set_version: config.eval_set_version,
      eval_set_fingerprint: evalSet.fingerprint,
      eval_set_path: config.eval_set,
      question_count: evalSet.rows.length,
      candidate: candidateLabel,
      judge,
      judge_label: judgeLabel(config),
      k: config.k,
      shard: null,
      started_at: startedAt.toISOString(),
      timings_ms: { candidate: round(candidateMs), scoring: round(scoringMs), total: round(deps.elapsed() - started) },
      usage: { llm_calls: 0, embedding_calls: 0, prompt_tokens: 0, completion_tokens: 0, cache_hits: 0, cost_usd: null },
    },
    metrics: summary,
    questions,
    comparison,
  }
}

/** `compare` on its own: a results.json against a baseline or another results.json. */
export function compareResults(results: Results, baseline: BaselineView | null, gateOverrides: Config['gate'], resultsPath: string, baselinePath: string): Results {
  const gate = resolveGate(baseline?.settings, gateOverrides)
  const updateCommand = `npx evalgate baseline --results ${resultsPath} --out ${baselinePath}`
  if (baseline) {
    const reasons = incomparability(baseline, results.run)
    if (reasons.length > 0) throw new IncomparableError(reasons, updateCommand)
  }
  const comparison = compare({ ...results.run, metrics: results.metrics, questions: results.questions }, baseline, gate, updateCommand)
  return { ...results, comparison }
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10
}

export const EXIT = { pass: 0, fail: 1, usage: 2 } as const

export function exitCodeFor(results: Results): number {
  const verdict = results.comparison?.verdict ?? 'no_baseline'
  if (verdict === 'fail') return EXIT.fail
  if (verdict === 'incomparable') return EXIT.usage
  return EXIT.pass
}
