import { existsSync } from 'node:fs'
import * as github from '@actions/github'
import { parseHistoryCsv } from '../baseline/history.ts'
import { writeResultsFile } from '../baseline/resultsFile.ts'
import { questionsWorse } from '../compare/counts.ts'
import { commentMarker } from '../github/comments.ts'
import { actionInvocation, useInvocation } from '../io/cliInvocation.ts'
import { GateError, formatError } from '../io/errors.ts'
import { limitInputs } from '../io/input.ts'
import { checkOutputPaths, writeFileSafely } from '../io/safeWrite.ts'
import { readText } from '../io/tabular.ts'
import { renderReport, type ReportOptions } from '../report/markdown.ts'
import { renderProblem } from '../report/problem.ts'
import { resolveRun } from '../run/config/resolve.ts'
import { planOnly } from '../run/pipeline/pipeline.ts'
import { defaultEnvironment, prepareRun, secretValues, type RunEnvironment } from '../run/pipeline/prepare.ts'
import { judgeKeyEnv } from '../run/scorers/factory.ts'
import type { Config } from '../schemas/config.ts'
import type { Results } from '../schemas/results.ts'
import { readInputs, type ActionInputs } from './inputs.ts'
import { lintBeforeScoring } from './lintSet.ts'
import { log, maskSecret } from './log.ts'
import { acceptMode } from './modes/accept.ts'
import { baselineMode } from './modes/baseline.ts'
import { gateMode } from './modes/gate.ts'
import type { ActionMode } from './modes/mode.ts'
import { mergeMode } from './modes/merge.ts'
import { setOutput, writeSummary } from './outputs.ts'
import { publishComment, type PullRequestContext } from './publish.ts'

/** The Action's modes, one module each (action/modes/). */
const MODES: Record<ActionInputs['mode'], ActionMode> = { gate: gateMode, baseline: baselineMode, accept: acceptMode, merge: mergeMode }

/**
 * The Action: inputs → the same core as the CLI → job summary, sticky PR comment,
 * annotations, outputs, check status. Publishing can only warn: a GitHub API failure never
 * turns a passing gate into a failing check, and never hides a failing one.
 */
export async function run(): Promise<void> {
  let inputs: ActionInputs | undefined
  const pullRequest = pullRequestContext()
  useInvocation(actionInvocation(process.argv[1] ?? '', process.env.GITHUB_WORKSPACE ?? process.cwd()))
  try {
    inputs = readInputs()
    limitInputs(inputs.overrides.max_input_mb as number | undefined)
    const mode = MODES[inputs.mode]
    // a mode that scores nothing (merge) needs the settings, not a runnable config
    const runnable = mode.scores ? await resolveRun(inputs, 'action') : null
    const resolved = runnable ?? (await resolveRun(inputs, 'action', 'settings'))
    checkActionOutputs(inputs, mode, resolved.config, resolved.baselinePath)
    const environment = runEnvironment(inputs, resolved.config)
    if (inputs.planOnly) {
      if (!runnable)
        throw new GateError('usage', `input "plan-only" is true but mode is ${inputs.mode}, which calls no judge: there is no plan to print`, `drop plan-only from the ${inputs.mode} step`)
      return await planOnly(await prepareRun(runnable.config, environment, runnable.source))
    }
    const started = await mode.start({ inputs, resolved, runnable, environment, pullRequest })
    if (!started) return
    const lintFailure = runnable ? await lintBeforeScoring(inputs.lintSet, runnable.config) : null
    const results = await started.results()
    const report = await writeRunFiles(results, inputs, resolved.config, pullRequest)
    if (lintFailure) log.setFailed(`evalgate: ${lintFailure}`)
    const stopped = results.run.judge_stopped
    if (stopped) log.setFailed(`evalgate: the judge stopped: ${stopped.cause}\n  fix: ${stopped.fix}`)
    await started.conclude(results, report)
  } catch (error) {
    await fail(error, inputs, pullRequest)
  }
}

/** Where the run happens, its judge key from the input when one is given, every secret it can send masked in the log. */
function runEnvironment(inputs: ActionInputs, config: Config): RunEnvironment {
  const environment = { ...defaultEnvironment({ info: log.info, warn: log.warning }), forkPullRequest: isForkPullRequest() }
  const keyEnv = judgeKeyEnv(config)
  if (inputs.judgeApiKey && keyEnv) environment.env = { ...process.env, [keyEnv]: inputs.judgeApiKey }
  // values that reach the run from the environment (judge key, HTTP candidate headers) never reach a log
  for (const secret of secretValues(config, environment)) maskSecret(secret)
  return environment
}

/** results.json, report.md, the job summary and the step's outputs, whatever the mode; returns the comment's text. */
async function writeRunFiles(results: Results, inputs: ActionInputs, config: Config, pullRequest: PullRequestContext): Promise<string> {
  writeResultsFile(inputs.resultsPath, results)
  const history = config.history && existsSync(config.history) ? parseHistoryCsv(await readText(config.history, 'history file'), config.history) : []
  const options = { ...reportOptions(inputs, pullRequest), history }
  writeFileSafely(inputs.reportPath, renderReport(results, { ...options, marker: undefined, maxChars: Infinity }))
  writeSummary(renderReport(results, { ...options, marker: undefined }))
  setRunOutputs(results, inputs)
  return renderReport(results, options)
}

/**
 * Every file this step will write, checked before anything runs (io/safeWrite.ts): a link or a
 * FIFO committed at one of them stops the step now, not after the candidate ran, and the
 * baseline and history.csv are never read through a link. The job summary is left to its
 * write, where a failure is only a warning.
 */
function checkActionOutputs(inputs: ActionInputs, mode: ActionMode, config: Config, baselinePath: string): void {
  const refresh = mode.writesBaseline
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

function reportOptions(inputs: ActionInputs, context: PullRequestContext): ReportOptions {
  return { marker: commentMarker(inputs.commentKey), runUrl: context.runUrl, sha: context.sha }
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
