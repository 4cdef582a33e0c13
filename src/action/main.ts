import { existsSync, readdirSync } from 'node:fs'
import { limitInputs } from '../io/input.ts'
import { readText } from '../io/tabular.ts'
import { basename, dirname, join } from 'node:path'
import * as github from '@actions/github'
import { baselineFromResults, loadBaseline, loadNamedBaseline, writeBaselineFile } from '../baseline/baseline.ts'
import { GateError, formatError } from '../io/errors.ts'
import { compareResults, planOnly, runPipeline } from '../run/pipeline/pipeline.ts'
import { committedLayer } from '../baseline/gate.ts'
import { defaultEnvironment, prepareRun, secretValues, type RunEnvironment } from '../run/pipeline/prepare.ts'
import { judgeKeyEnv } from '../run/scorers/factory.ts'
import { mergeShardFiles } from '../run/pipeline/merge.ts'
import { resolveRun, type ResolvedRun } from '../run/config/resolve.ts'
import { writeResultsFile } from '../baseline/resultsFile.ts'
import { checkOutputPaths, writeFileSafely } from '../io/safeWrite.ts'
import { appendHistory, parseHistoryCsv } from '../baseline/history.ts'
import { commentMarker } from '../github/comments.ts'
import { failureSentence } from '../report/failures.ts'
import { renderReport, type ReportOptions } from '../report/markdown.ts'
import { renderProblem } from '../report/problem.ts'
import { writtenSettingsText } from '../report/gateSettings.ts'
import type { Config, RunConfig } from '../schemas/config.ts'
import type { Results } from '../schemas/results.ts'
import { readInputs, type ActionInputs } from './inputs.ts'
import { log, maskSecret } from './log.ts'
import { setOutput, writeSummary } from './outputs.ts'
import { lintBeforeScoring } from './lintSet.ts'
import { annotate, publishComment, type PullRequestContext } from './publish.ts'
import { acceptRequest, commitAcceptedBaseline, gitHubClientFor } from './accept.ts'
import { countOf } from '../text/countOf.ts'
import { actionInvocation, useInvocation } from '../io/cliInvocation.ts'
import { questionsWorse } from '../compare/counts.ts'

/**
 * The Action: inputs → the same core as the CLI → job summary, sticky PR comment,
 * annotations, outputs, check status. Publishing can only warn: a GitHub API failure never
 * turns a passing gate into a failing check, and never hides a failing one.
 */
export async function run(): Promise<void> {
  let inputs: ActionInputs | undefined
  const context = pullRequestContext()
  useInvocation(actionInvocation(process.argv[1] ?? '', process.env.GITHUB_WORKSPACE ?? process.cwd()))
  try {
    inputs = readInputs()
    limitInputs(inputs.overrides.max_input_mb as number | undefined)
    // merge mode scores nothing: it needs the settings, not a runnable config
    const runnable = inputs.mode === 'merge' ? null : await resolveRun(inputs, 'action')
    const resolved = runnable ?? (await resolveRun(inputs, 'action', 'settings'))
    const { config, baselinePath } = resolved
    checkActionOutputs(inputs, config, baselinePath)
    const environment = { ...defaultEnvironment({ info: log.info, warn: log.warning }), forkPullRequest: isForkPullRequest() }
    const keyEnv = judgeKeyEnv(config)
    if (inputs.judgeApiKey && keyEnv) environment.env = { ...process.env, [keyEnv]: inputs.judgeApiKey }
    maskEnvSecrets(config, environment)
    if (inputs.planOnly && !runnable) throw new GateError('usage', 'input "plan-only" is true but mode is merge, which calls no judge: there is no plan to print', 'drop plan-only from the merge step')
    if (inputs.planOnly && runnable) {
      await planOnly(await prepareRun(runnable.config, environment, runnable.source))
      return
    }
    // mode accept: who asked, with what right, for which commit: checked before the PR's code runs
    const accepting = inputs.mode === 'accept' ? await acceptRequest(inputs, gitHubClientFor(inputs)) : null
    if (inputs.mode === 'accept' && !accepting) return
    const lintFailure = runnable ? await lintBeforeScoring(inputs.lintSet, runnable.config) : null
    const results = runnable ? await scoreRun(runnable, inputs, environment) : await mergeAndCompare(inputs, resolved, baseBranch())
    writeResultsFile(inputs.resultsPath, results)
    const history = config.history && existsSync(config.history) ? parseHistoryCsv(await readText(config.history, 'history file'), config.history) : []
    const options = { ...reportOptions(inputs, context), history }
    const report = renderReport(results, options)
    writeFileSafely(inputs.reportPath, renderReport(results, { ...options, marker: undefined, maxChars: Infinity }))
    writeSummary(renderReport(results, { ...options, marker: undefined }))
    setRunOutputs(results, inputs)
    if (lintFailure) log.setFailed(`evalgate: ${lintFailure}`)
    const stopped = results.run.judge_stopped
    if (stopped) log.setFailed(`evalgate: the judge stopped: ${stopped.cause}\n  fix: ${stopped.fix}`)
    if (inputs.mode === 'baseline' || accepting) {
      // a run the judge scored only in part never becomes the baseline
      if (stopped) return
      if (accepting) return await commitAcceptedBaseline(accepting, results, baselinePath)
      await writeBaseline(results, baselinePath, config.version ?? null)
      if (config.history) log.info(`evalgate: appended ${appendHistory(config.history, results, results.run.started_at)} rows to ${config.history}`)
      return
    }
    if (results.run.shard) {
      log.info(`evalgate: shard ${results.run.shard.index}/${results.run.shard.count} scored; upload ${inputs.resultsPath} and gate in a job with mode: merge`)
      return
    }
    annotate(results)
    if (inputs.comment) await publishComment(inputs, context, report)
    const c = results.comparison
    if (!stopped && c?.verdict === 'fail') log.setFailed(`evalgate: gate failed\n- ${c.failures.map(failureSentence).join('\n- ')}`)
    if (!stopped && c?.verdict === 'subset') log.setFailed('evalgate: a subset run (--only / --failing-from) is not gated: run the whole eval set')
    if (c?.verdict === 'incomparable') {
      log.setFailed(`evalgate: baseline not comparable:\n  - ${c.reasons.join('\n  - ')}\n  fix: if the change is intended, write a new baseline: ${c.update_command}`)
    }
  } catch (error) {
    await fail(error, inputs, context)
  }
}

/**
 * Every file this step will write, checked before anything runs (io/safeWrite.ts): a link or a
 * FIFO committed at one of them stops the step now, not after the candidate ran, and the
 * baseline and history.csv are never read through a link. The job summary is left to its
 * write, where a failure is only a warning.
 */
function checkActionOutputs(inputs: ActionInputs, config: Config, baselinePath: string): void {
  const refresh = inputs.mode === 'baseline' || inputs.mode === 'accept'
  checkOutputPaths([inputs.resultsPath, inputs.reportPath, refresh ? baselinePath : null, refresh ? config.history : null, process.env.GITHUB_OUTPUT])
}

/** The step's outputs; a judge that stopped mid-run gave no verdict: the run is an error, as one that could not start. */
function setRunOutputs(results: Results, inputs: ActionInputs): void {
  setOutput('verdict', results.run.judge_stopped ? 'error' : (results.comparison?.verdict ?? 'no_baseline'))
  setOutput('regressions', String(results.comparison ? questionsWorse(results.comparison.change_counts) : 0))
  setOutput('results-path', inputs.resultsPath)
  setOutput('report-path', inputs.reportPath)
}

async function fail(error: unknown, inputs: ActionInputs | undefined, context: PullRequestContext): Promise<void> {
  try {
    setOutput('verdict', 'error')
  } catch (cause) {
    // the output file itself is what failed (a link at GITHUB_OUTPUT): the failed check says so
    log.warning(`evalgate: could not set the verdict output: ${formatError(cause)}`)
  }
  const options = inputs ? reportOptions(inputs, context) : {}
  try {
    writeSummary(renderProblem(formatError(error), { ...options, marker: undefined }))
    if (inputs?.comment) await publishComment(inputs, context, renderProblem(formatError(error), options))
  } finally {
    log.setFailed(`evalgate: ${formatError(error)}`)
  }
  if (!(error instanceof GateError)) log.debug(String((error as Error)?.stack))
}

/**
 * gate and baseline modes score this run. A baseline refresh replaces the baseline, so it is
 * not compared with it first; the baseline's settings still gate the run (under evalgate.yml's
 * and the inputs'), so the new baseline keeps them where nothing overrides them.
 */
async function scoreRun({ config, source, gateLayers, baselinePath }: ResolvedRun<RunConfig>, inputs: ActionInputs, environment: RunEnvironment): Promise<Results> {
  if (inputs.mode !== 'baseline' && inputs.mode !== 'accept')
    return runPipeline({ ...(await prepareRun(config, environment, source, gateLayers)), baseLabel: baseBranch() }, config, inputs.resultsPath)
  const runConfig = { ...config, baseline: undefined }
  const baseline = await loadBaseline(baselinePath)
  const layers = baseline ? [committedLayer(baseline), ...gateLayers] : gateLayers
  return runPipeline(await prepareRun(runConfig, environment, source, layers), runConfig, inputs.resultsPath)
}

/** Values that reach the run from the environment (judge key, HTTP candidate headers) never reach a log. */
function maskEnvSecrets(config: Config, environment: RunEnvironment): void {
  for (const secret of secretValues(config, environment)) maskSecret(secret)
}

/** mode: merge: the shards' results (paths or * patterns), joined, then compared with the baseline. */
async function mergeAndCompare(inputs: ActionInputs, { config, baselinePath, gateLayers }: ResolvedRun, baseLabel: string | undefined): Promise<Results> {
  const files = inputs.shardResults.flatMap(expandPattern)
  const merged = await mergeShardFiles(files)
  log.info(`evalgate: merged ${countOf(files.length, 'shard')}, ${countOf(merged.run.question_count, 'question')}`)
  // a named baseline must exist; the default path may not yet (the first run)
  const baseline = config.baseline ? await loadNamedBaseline(config.baseline) : await loadBaseline(baselinePath)
  return await compareResults(merged, baseline, gateLayers, inputs.resultsPath, baselinePath, baseLabel)
}

/** `dir/*.json` → the matching files, sorted; a plain path is itself. */
function expandPattern(pattern: string): string[] {
  if (!pattern.includes('*')) return [pattern]
  const dir = dirname(pattern)
  const name = new RegExp(
    `^${basename(pattern)
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')}$`,
  )
  const files = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => name.test(f))
        .sort()
        .map((f) => join(dir, f))
    : []
  if (files.length === 0)
    throw new GateError('bad_input', `shard-results: no file matches ${pattern}`, 'download the shard artifacts first (actions/download-artifact) and point shard-results at them')
  return files
}

function reportOptions(inputs: ActionInputs, context: PullRequestContext): ReportOptions {
  return { marker: commentMarker(inputs.commentKey), runUrl: context.runUrl, sha: context.sha }
}

/** The branch a pull request goes into: its baseline's label in the printed update command (undefined outside a pull request). */
function baseBranch(): string | undefined {
  return process.env.GITHUB_BASE_REF || undefined
}

/** A pull request from a fork: its workflow gets no secrets, which is then why the judge key is missing (pull_request_target runs with them). */
function isForkPullRequest(): boolean {
  const ctx = github.context
  const pr = ctx.payload.pull_request as { head?: { repo?: { full_name?: string } | null }; base?: { repo?: { full_name?: string } } } | undefined
  if (ctx.eventName !== 'pull_request' || !pr) return false
  return pr.head?.repo?.full_name !== pr.base?.repo?.full_name
}

function pullRequestContext(): PullRequestContext {
  const ctx = github.context
  const pr = ctx.payload.pull_request as { number: number; head?: { sha?: string } } | undefined
  const runUrl = ctx.runId ? `${ctx.serverUrl}/${process.env.GITHUB_REPOSITORY ?? ''}/actions/runs/${ctx.runId}` : undefined
  return {
    eventName: ctx.eventName,
    repo: process.env.GITHUB_REPOSITORY ? ctx.repo : undefined,
    pullNumber: pr?.number,
    sha: pr?.head?.sha ?? ctx.sha,
    runUrl,
  }
}

async function writeBaseline(results: Results, path: string, version: string | null): Promise<void> {
  const baseline = baselineFromResults(results, await loadBaseline(path), version, new Date())
  writeBaselineFile(path, baseline)
  setOutput('baseline-path', path)
  log.info(`evalgate: wrote ${path} (version ${baseline.version}, eval set ${baseline.eval_set_version}); commit it or open a PR with it`)
  if (results.comparison) log.info(`evalgate: ${writtenSettingsText(results.comparison, baseline, 'this run').join('\n')}`)
}
