import { spawn, type ChildProcess } from 'node:child_process'

/**
 * The process a candidate command is started from. evalgate's own process was started by the
 * runner with the Action's inputs in its environment (INPUT_JUDGE-API-KEY, INPUT_GITHUB-TOKEN)
 * and the runner's tokens (ACTIONS_RUNTIME_TOKEN, ACTIONS_ID_TOKEN_REQUEST_TOKEN), and
 * /proc/<pid>/environ keeps that first environment for as long as the process lives, whatever
 * evalgate deletes later. The candidate's parent, the first process it would look at, is
 * therefore not evalgate but this small launcher, started with the candidate's own scrubbed
 * environment: it never held a secret. It learns what to run over an IPC channel (not its
 * environment, not its argv), closes that channel, and runs the command in its own process
 * group, with the pipes it was given, then exits as the command did. (Any process of the same
 * user can still read evalgate's /proc/<pid>/environ: the README's threat model says so.)
 */
const LAUNCHER = `
process.once('message', ({ command, env }) => {
  const { spawn } = require('node:child_process')
  const child = spawn(command, { shell: true, env, stdio: 'inherit' })
  child.once('error', (error) => {
    process.send({ error: error.message }, () => process.exit(127))
  })
  child.once('spawn', () => process.disconnect())
  child.once('exit', (code, signal) => {
    if (signal) {
      process.removeAllListeners(signal)
      process.kill(process.pid, signal)
    }
    process.exitCode = code ?? 1
  })
})
`

export interface LaunchRequest {
  command: string
  cwd: string | undefined
  /** the candidate's environment, already scrubbed (command.ts candidateEnv) */
  env: Record<string, string>
}

/**
 * Starts the launcher in a process group of its own (the group evalgate kills as a whole) and
 * hands it the command. `onStartError` hears why the command could not start (a missing
 * working directory). Node's own start-up options are kept from the launcher (NODE_OPTIONS
 * set for the candidate's own Node), and given to the command.
 */
export function launch(request: LaunchRequest, onStartError: (message: string) => void): ChildProcess {
  const { NODE_OPTIONS: _nodeOptions, ...launcherEnv } = request.env
  const child = spawn(process.execPath, ['-e', LAUNCHER], { cwd: request.cwd, env: launcherEnv, stdio: ['pipe', 'pipe', 'pipe', 'ipc'], detached: true })
  child.on('message', (message: { error?: string }) => {
    if (typeof message.error === 'string') onStartError(message.error)
  })
  try {
    // a launcher that could not start or died at once has no channel: its 'error' or 'exit' says so
    child.send({ command: request.command, env: request.env }, () => undefined)
  } catch {
    // as above
  }
  return child
}
