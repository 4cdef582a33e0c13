/**
 * The Action as the runner starts it: `node <entry>` with INPUT_* variables, an event payload
 * at GITHUB_EVENT_PATH, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files, and GITHUB_API_URL at a
 * stand-in GitHub on 127.0.0.1. `entry` is the committed dist/index.js or a bundle of the
 * sources (cliCommand(dir, ACTION_ENTRY)). The one way every test starts the Action.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { runCliProcess, type ProcessRun } from './cli-process.ts'

export interface ActionProcessOptions {
  /** the argv that starts the Action: [node, bundle] */
  entry: readonly string[]
  /** a directory for the event, output and summary files */
  dir: string
  inputs: Record<string, string>
  eventName: string
  /** the event's payload: pullRequestPayload() or pushPayload() */
  payload: unknown
  apiUrl?: string
  /** more environment (GITHUB_WORKSPACE, GITHUB_BASE_REF, …) */
  env?: Record<string, string>
  cwd?: string
}

export interface ActionProcessRun extends ProcessRun {
  /** GITHUB_OUTPUT read back, by output name */
  outputs: Record<string, string>
  summary: string
}

let runs = 0

export async function runActionProcess(options: ActionProcessOptions): Promise<ActionProcessRun> {
  const n = ++runs
  const file = (name: string) => join(options.dir, `${name}-${process.pid}-${n}`)
  const eventPath = file('event.json')
  const outputFile = file('output')
  const summaryFile = file('summary')
  writeFileSync(eventPath, JSON.stringify(options.payload))
  writeFileSync(outputFile, '')
  writeFileSync(summaryFile, '')
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? options.dir,
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: options.eventName,
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_REPOSITORY: 'o/r',
    GITHUB_SHA: 'abcdef1234567890',
    GITHUB_RUN_ID: '4242',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_API_URL: options.apiUrl ?? 'http://127.0.0.1:9',
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    RUNNER_TEMP: options.dir,
    ...options.env,
  }
  for (const [name, value] of Object.entries(options.inputs)) env[`INPUT_${name.toUpperCase()}`] = value
  const run = await runCliProcess(options.entry, [], undefined, env, options.cwd)
  return { ...run, outputs: parseOutputs(readFileSync(outputFile, 'utf8')), summary: readFileSync(summaryFile, 'utf8') }
}

/** GITHUB_OUTPUT's `name<<DELIMITER\nvalue\nDELIMITER` blocks. */
export function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {}
  for (const m of text.matchAll(/^(.+?)<<(.+)\n([\s\S]*?)\n\2$/gm)) outputs[m[1]!] = m[3]!
  return outputs
}

/** A pull_request event's payload for PR 7 of o/r. */
export function pullRequestPayload(over: { base?: string; head?: string; headSha?: string; action?: string } = {}): unknown {
  return {
    action: over.action ?? 'synchronize',
    number: 7,
    pull_request: { number: 7, head: { sha: over.headSha ?? 'abcdef1234567890', ref: over.head ?? 'feature' }, base: { ref: over.base ?? 'main' } },
    repository: { name: 'r', owner: { login: 'o' } },
  }
}

/** A push event's payload for main of o/r. */
export function pushPayload(): unknown {
  return { ref: 'refs/heads/main', after: 'abcdef1234567890', repository: { name: 'r', owner: { login: 'o' } } }
}
