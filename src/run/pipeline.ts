import { loadBaseline, type BaselineView } from '../baseline/baseline.ts'
import { runCommandCandidate } from '../candidates/command.ts'
import { httpCandidateLabel, planHttpCandidate, runHttpCandidate } from '../candidates/http.ts'
import { missingOutput } from '../candidates/outputs.ts'
import { loadPredictions } from '../candidates/predictions.ts'
import { compare, incomparability } from '../compare/compare.ts'
import { resolveGate } from '../baseline/gate.ts'
import type { CandidateOutput } from '../schemas/candidate.ts'
import type { Config } from '../schemas/config.ts'
import { RESULTS_SCHEMA_VERSION, type QuestionResult, type Results, type Usage } from '../schemas/results.ts'
import { GateError, IncomparableError } from '../io/errors.ts'
import type { Logger } from '../io/logger.ts'
import { checkBudget, describePlan, llmSettings, openAIJudgeFor, planLlm, runLlmTier } from './llmTier.ts'
import { loadEvalSet } from './evalSet.ts'
import { shardRows } from './shard.ts'
import { tokenCache } from '../metrics/tokens.ts'
import { judgeIdentity, judgeLabel, plannedMetrics, scoreQuestion, summarise } from './score.ts'

export interface PipelineDeps {
  logger: Logger
  /** where the judge key is read from (the variable named by judge.api_key_env) */
  env: Record<string, string | undefined>
  /** wall clock for timestamps */
  now: () => Date
  /** monotonic milliseconds for timings */
  elapsed: () => number
  /** a label that gives this run its own judge cache entries (calibrate-noise: every pass asks the judge afresh) */
  judgeVariant?: string
  cwd: string
}

export const defaultDeps = (logger: Logger): PipelineDeps => ({
  logger,
  env: process.env,
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
  const chosen = (['predictions', 'command', 'http'] as const).filter((k) => config.candidate[k] !== undefined)
  if (chosen.length === 0) {
    throw new GateError('usage', 'no candidate given', 'pass --predictions FILE, --candidate-cmd "CMD" or --candidate-url URL (or candidate.predictions / .command / .http in evalgate.yml)')
  }
  if (chosen.length > 1) throw new GateError('usage', `more than one candidate given (${chosen.join(', ')})`, 'use exactly one of --predictions, --candidate-cmd and --candidate-url')
  const candidateKind = chosen[0]!

  const fullSet = loadEvalSet(config.eval_set)
  const evalSet = config.shard ? { ...fullSet, rows: shardRows(fullSet.rows, config.shard.index, config.shard.count) } : fullSet
  const shard = config.shard ? { ...config.shard, total_questions: fullSet.rows.length } : null
  const notes: string[] = []
  const provider = judgeProvider(config, deps, notes)
  const judge = judgeIdentity(config, provider)
  // a shard is compared after merge: alone it would look like a run that lost the other shards' questions
  const baseline = config.baseline && !shard ? loadBaseline(config.baseline) : null
  if (shard) notes.push(`shard ${shard.index}/${shard.count}: ${evalSet.rows.length} of ${shard.total_questions} questions; merge the shards (evalgate merge) to gate`)
  const updateCommand = `npx evalgate baseline --results ${resultsPath ?? 'results.json'} --out ${config.baseline ?? 'baselines/baseline.json'}`
  if (baseline) {
    const reasons = incomparability(baseline, { eval_set_version: config.eval_set_version, eval_set_fingerprint: evalSet.fingerprint, judge })
    if (reasons.length > 0) throw new IncomparableError(reasons, updateCommand)
  } else if (config.baseline && !shard) {
    deps.logger.warn(`no baseline at ${config.baseline}: scores are reported and absolute thresholds checked, nothing is compared`)
  }

  // an HTTP candidate's headers and templates are checked before anything is sent
  if (config.candidate.http) planHttpCandidate(evalSet.rows, config.candidate.http, deps.env)
  // predictions are checked against the whole eval set: a shard ignores the other shards' answers, it does not reject them
  const ids = new Set(fullSet.rows.map((r) => r.id))
  const shardIds = shard ? new Set(evalSet.rows.map((r) => r.id)) : null
  const candidateStarted = deps.elapsed()
  let outputs: Map<string, CandidateOutput>
  let candidateLabel: string
  if (candidateKind === 'predictions') {
    outputs = await loadPredictions(config.candidate.predictions!, ids, shardIds)
    candidateLabel = `predictions ${config.candidate.predictions}`
  } else if (candidateKind === 'http') {
    const http = config.candidate.http!
    deps.logger.info(`asking ${httpCandidateLabel(http)} for ${evalSet.rows.length} answers (concurrency ${http.concurrency})`)
    outputs = await runHttpCandidate(evalSet.rows, http, { env: deps.env })
    candidateLabel = httpCandidateLabel(http)
  } else {
    deps.logger.info(`running candidate on ${evalSet.rows.length} questions: ${config.candidate.command}`)
    outputs = await runCommandCandidate(evalSet.rows, { command: config.candidate.command!, timeoutMs: config.candidate.timeout_ms, cwd: deps.cwd })
    candidateLabel = `command ${config.candidate.command}`
  }
  const candidateMs = deps.elapsed() - candidateStarted

  const scoringStarted = deps.elapsed()
  const metrics = plannedMetrics(evalSet.rows, config, outputs.values(), provider)
  const questions: Record<string, QuestionResult> = {}
  const tokensOf = tokenCache()
  let unanswered = 0
  for (const row of evalSet.rows) {
    let output = outputs.get(row.id)
    if (!output) {
      unanswered += 1
      output = missingOutput(row.id, { predictions: 'the predictions file', command: 'the candidate command', http: 'the HTTP candidate' }[candidateKind])
    }
    questions[row.id] = scoreQuestion(row, output, config, metrics, tokensOf)
  }
  if (unanswered > 0) deps.logger.warn(`${unanswered} question(s) got no answer from the candidate: counted as errors`)
  let usage: Usage = { llm_calls: 0, embedding_calls: 0, prompt_tokens: 0, completion_tokens: 0, cache_hits: 0, retries: 0, cost_usd: null, by_family: {}, planned: null }
  let stability: Results['run']['judge_stability'] = null
  if (provider === 'openai') {
    const plan = planLlm(evalSet.rows, outputs, llmSettings(config))
    deps.logger.info(describePlan(plan, evalSet.rows.length, config))
    checkBudget(plan, config.budget)
    const apiKey = deps.env[config.judge.api_key_env]!
    const tier = await runLlmTier(evalSet.rows, outputs, questions, openAIJudgeFor(config, judge, apiKey, deps.cwd, deps.judgeVariant), config, plan, deps.logger)
    usage = tier.usage
    stability = tier.stability
    notes.push(...tier.notes)
  }
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
  const comparison = shard ? null : compare(run, baseline, gate, updateCommand)
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
      judge_label: judgeLabel(judge),
      k: config.k,
      shard,
      started_at: startedAt.toISOString(),
      timings_ms: { candidate: round(candidateMs), scoring: round(scoringMs), total: round(deps.elapsed() - started) },
      usage,
      judge_stability: stability,
      notes,
    },
    metrics: summary,
    questions,
    comparison,
  }
}

/**
 * The provider that will actually score: `openai` without its key (a fork PR gets no
 * secrets) falls back to the deterministic tier, and says so, rather than failing the check.
 */
function judgeProvider(config: Config, deps: PipelineDeps, notes: string[]): Config['judge']['provider'] {
  const j = config.judge
  if (j.provider !== 'openai') return j.provider
  if (!j.model) throw new GateError('bad_config', 'judge.provider is openai but no judge.model is set', 'set judge.model (flag --judge-model, Action input judge-model), e.g. gpt-4o-mini')
  if (!j.embeddings_model) throw new GateError('bad_config', 'judge.provider is openai but no judge.embeddings_model is set (answer_relevancy needs embeddings)', 'set judge.embeddings_model (flag --embeddings-model), e.g. text-embedding-3-small')
  if (deps.env[j.api_key_env]) return 'openai'
  const note = `LLM tier skipped: ${j.api_key_env} is not set (pull requests from forks get no secrets). The gate decides on rules, retrieval and citations; judge metrics are not computed.`
  notes.push(note)
  deps.logger.warn(note)
  return 'none'
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
