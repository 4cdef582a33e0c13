/**
 * The Action (src/index.ts, bundled once as dist/ is) run the way the runner runs it: a
 * pull_request event, INPUT_* environment, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files, the
 * GitHub API on a fake on 127.0.0.1. For tests that need a real process: files, signals,
 * what the candidate can see.
 */
import { existsSync, lstatSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ACTION_ENTRY, cliCommand, runCliProcess, type ProcessRun } from './cli-process.ts'

let bundled: Promise<string[]> | null = null

/** The bundled Action's argv; built once per test file, in `dir`. */
export function actionCommand(dir: string): Promise<string[]> {
  bundled ??= cliCommand(dir, ACTION_ENTRY)
  return bundled
}

export interface ActionRun extends ProcessRun {
  outputs: Record<string, string>
  summary: string
}

export interface ActionRunOptions {
  dir: string
  inputs: Record<string, string>
  githubUrl: string
  /** more of the job's environment (secrets, GITHUB_OUTPUT / GITHUB_STEP_SUMMARY paths of the test's own) */
  env?: Record<string, string>
}

let runs = 0

export async function runAction(options: ActionRunOptions): Promise<ActionRun> {
  const n = (runs += 1)
  const event = join(options.dir, `event-${n}.json`)
  writeFileSync(event, JSON.stringify({ number: 7, pull_request: { number: 7, head: { sha: 'abcdef1234567890' } }, repository: { name: 'r', owner: { login: 'o' } } }))
  const output = options.env?.GITHUB_OUTPUT ?? join(options.dir, `output-${n}`)
  const summary = options.env?.GITHUB_STEP_SUMMARY ?? join(options.dir, `summary-${n}.md`)
  // created empty as the runner does, unless the test put something there (a link, a folder)
  for (const file of [output, summary]) {
    try {
      if (!present(file)) writeFileSync(file, '')
    } catch {
      // a path the test made unwritable on purpose (its folder is a file)
    }
  }
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? options.dir,
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: event,
    GITHUB_REPOSITORY: 'o/r',
    GITHUB_SHA: 'abcdef1234567890',
    GITHUB_API_URL: options.githubUrl,
    GITHUB_OUTPUT: output,
    GITHUB_STEP_SUMMARY: summary,
    RUNNER_TEMP: options.dir,
    ...options.env,
  }
  for (const [input, value] of Object.entries({ 'github-token': 'ghs_fake-token-for-tests', ...options.inputs })) env[`INPUT_${input.toUpperCase()}`] = value
  const run = await runCliProcess(await actionCommand(options.dir), [], undefined, env)
  return { ...run, outputs: parseOutputs(readRegular(output)), summary: readRegular(summary) }
}

function present(path: string): boolean {
  try {
    lstatSync(path)
    return true
  } catch {
    return false
  }
}

/** The text of a regular file; '' for anything else (a link the test planted is not followed). */
function readRegular(path: string): string {
  return existsSync(path) && lstatSync(path).isFile() ? readFileSync(path, 'utf8') : ''
}

/** GITHUB_OUTPUT's `name<<DELIMITER\nvalue\nDELIMITER` blocks. */
export function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {}
  for (const m of text.matchAll(/^(.+?)<<(.+)\n([\s\S]*?)\n\2$/gm)) outputs[m[1]!] = m[3]!
  return outputs
}

/** The `::error::` / `::warning::` lines of the Action's log. */
export function annotations(run: ProcessRun, kind: 'error' | 'warning'): string[] {
  return run.stdout.split('\n').filter((line) => line.startsWith(`::${kind}`))
}
