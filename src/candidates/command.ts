import { spawn } from 'node:child_process'
import { GateError } from '../io/errors.ts'
import { parseJsonl } from '../io/tabular.ts'
import type { CandidateOutput } from '../schemas/candidate.ts'
import type { EvalRow } from '../schemas/evalSet.ts'
import type { Candidate } from './candidate.ts'
import { collectOutputs } from './outputs.ts'

export interface CommandCandidateOptions {
  command: string
  timeoutMs: number
  cwd?: string
}

const SOURCE = 'candidate command stdout'

/**
 * Runs the system under test as one process for the whole set: JSONL `{id, question}` on
 * stdin, JSONL `{id, answer, contexts, retrieved_ids}` on stdout. One process, not one per
 * question, so a model or index loads once.
 */
export async function runCommandCandidate(rows: readonly EvalRow[], options: CommandCandidateOptions): Promise<Map<string, CandidateOutput>> {
  const input = rows.map((row) => JSON.stringify({ ...row.extra, id: row.id, question: row.question })).join('\n') + '\n'
  const { stdout, stderr, code, signal, timedOut } = await spawnWithInput(options, input)
  const stderrTail = tail(stderr, 20)
  if (timedOut) {
    throw new GateError(
      'candidate_failed',
      `candidate command timed out after ${options.timeoutMs} ms: ${options.command}${stderrTail ? `\n--- its stderr (last lines) ---\n${stderrTail}` : ''}`,
      'raise candidate.timeout_ms, or make the command faster',
    )
  }
  if (code !== 0) {
    throw new GateError(
      'candidate_failed',
      `candidate command failed (${signal ? `signal ${signal}` : `exit code ${code}`}): ${options.command}${stderrTail ? `\n--- its stderr (last lines) ---\n${stderrTail}` : ' (it wrote nothing to stderr)'}`,
      'run the command by hand with one JSONL line on stdin, e.g. echo \'{"id":"q1","question":"..."}\' | <command>',
    )
  }
  const table = parseJsonl(SOURCE, stdout)
  return collectOutputs(table.records, SOURCE, new Set(rows.map((r) => r.id)))
}

/** `candidate: {command: CMD}`: the command run once for the whole set (or shard). */
export function commandCandidate(options: CommandCandidateOptions): Candidate {
  return {
    label: `command ${options.command}`,
    source: 'the candidate command',
    answer: (rows, { logger }) => {
      logger.info(`running candidate on ${rows.length} questions: ${options.command}`)
      return runCommandCandidate(rows, options)
    },
  }
}

interface SpawnResult {
  stdout: string
  stderr: string
  code: number | null
  signal: NodeJS.Signals | null
  timedOut: boolean
}

function spawnWithInput(options: CommandCandidateOptions, input: string): Promise<SpawnResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(options.command, {
      shell: true,
      cwd: options.cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
      // its own process group, so a timeout also stops whatever the shell started
      detached: true,
    })
    const out: Buffer[] = []
    const err: Buffer[] = []
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      try {
        process.kill(-child.pid!, 'SIGKILL')
      } catch {
        child.kill('SIGKILL')
      }
    }, options.timeoutMs)
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk))
    // A candidate that exits without reading its input is reported by its exit status, not by EPIPE.
    child.stdin.on('error', () => undefined)
    child.on('error', (error) => {
      clearTimeout(timer)
      reject(new GateError('candidate_failed', `candidate command could not start: ${error.message}`, 'check the command and its working directory'))
    })
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      resolve({ stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), code, signal, timedOut })
    })
    child.stdin.end(input)
  })
}

function tail(text: string, lines: number): string {
  return text.trimEnd().split('\n').slice(-lines).join('\n')
}
