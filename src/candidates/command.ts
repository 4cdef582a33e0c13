import { Utf8StreamDecoder } from '../io/encoding.ts'
import { isRunnerSecretEnv } from '../io/envTemplate.ts'
import { GateError, locate } from '../io/errors.ts'
import { parseJsonlLine } from '../io/tabular.ts'
import type { CandidateOutput } from '../schemas/candidate.ts'
import type { EvalRow } from '../schemas/evalSet.ts'
import type { Candidate } from './candidate.ts'
import { OutputCollector } from './outputs.ts'
import { runProcess, type ProcessOutcome } from './process.ts'
import { countOf } from '../text/countOf.ts'
import { answerTurnByTurn, turnWaves } from './turns.ts'

export interface CommandCandidateOptions {
  command: string
  timeoutMs: number
  cwd?: string
  /** stdout above this many bytes stops the command (candidate.max_output_mb) */
  maxOutputBytes?: number
  /** the environment the command's own is made from, before scrubbing: the run's (RunEnvironment.env), never read from the process here */
  env: Readonly<Record<string, string | undefined>>
  /** names of scrubbed variables the command gets anyway (candidate.env_passthrough) */
  envPassthrough?: readonly string[]
  /** how long after the command exits a process it left behind may hold its output open */
  pipeGraceMs?: number
  warn?: (message: string) => void
  /** where the end of a failed command's stderr goes: the log (the terminal's stderr, the Action's log), never a message */
  log?: (message: string) => void
}

export const DEFAULT_MAX_OUTPUT_MB = 256
const STDERR_TAIL_BYTES = 64 * 1024
/** lines of a failed command's stderr shown in the log */
const STDERR_LINES = 20
const PIPE_GRACE_MS = 300
/** Far above any real answer line and far below the longest string V8 can hold. */
const MAX_LINE_CHARS = 64 * 1024 * 1024

const SOURCE = 'candidate command stdout'
/** A line on stdout that is not an answer is almost always a log line printed to the wrong stream. */
const STDOUT_HINT =
  'the command must print only its answers on stdout, one JSON object per line ({"id": "q1", "answer": "...", "contexts": [...]}); print logs and progress on stderr (Python: print(..., file=sys.stderr); logging writes to stderr by default)'

/**
 * The command's environment: evalgate's, without what the runner and the Action put there that
 * would let the PR's own code act as the workflow (io/envTemplate.ts: the runner's tokens for
 * artifacts, cache and OIDC, the Action's inputs, which hold the judge key and the GitHub
 * token, and the GitHub token itself), unless candidate.env_passthrough names it.
 */
export function candidateEnv(env: Readonly<Record<string, string | undefined>>, passthrough: readonly string[] = []): Record<string, string> {
  const kept: Record<string, string> = {}
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) continue
    if (isRunnerSecretEnv(name) && !passthrough.includes(name)) continue
    kept[name] = value
  }
  return kept
}

/**
 * Runs the system under test as one process for the whole set: JSONL `{id, question}` on
 * stdin, JSONL `{id, answer, contexts, retrieved_ids}` on stdout, read line by line as it
 * arrives. One process, not one per question, so a model or index loads once. A row with a
 * history (a conversation's turn, or a `history` cell) carries it as `history`: `{role, content}`
 * messages; a single question has no `history` key.
 */
export async function runCommandCandidate(rows: readonly EvalRow[], options: CommandCandidateOptions, take?: (output: CandidateOutput) => void): Promise<Map<string, CandidateOutput>> {
  const input = rows.map((row) => JSON.stringify({ ...row.extra, id: row.id, question: row.question, ...(row.history ? { history: row.history } : {}) })).join('\n') + '\n'
  const stdout = new StdoutReader(new OutputCollector(SOURCE, new Set(rows.map((r) => r.id)), null, take))
  const maxOutputBytes = options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_MB * 1024 * 1024
  const outcome = await runProcess({
    command: options.command,
    cwd: options.cwd,
    env: candidateEnv(options.env, options.envPassthrough),
    input,
    limits: { timeoutMs: options.timeoutMs, maxStdoutBytes: maxOutputBytes, stderrTailBytes: STDERR_TAIL_BYTES, pipeGraceMs: options.pipeGraceMs ?? PIPE_GRACE_MS },
    onStdout: (chunk) => stdout.push(chunk),
  })
  const failure = failureOf(outcome, options, maxOutputBytes, options.log ?? (() => undefined))
  if (failure) throw failure
  if (outcome.pipesHeld) {
    options.warn?.(
      `the candidate command exited, but a process it started outside its process group still held its output open; evalgate stopped reading ${options.pipeGraceMs ?? PIPE_GRACE_MS} ms later and did not stop that process`,
    )
  }
  return stdout.end()
}

/**
 * `candidate: {command: CMD}`: the command run once for the whole set (or shard); once per turn
 * when the set has conversations, turn k of every conversation in one run after turn k−1 was
 * answered, so each turn's history holds the command's own earlier answers.
 */
export function commandCandidate(options: CommandCandidateOptions): Candidate {
  return {
    label: `command ${options.command}`,
    source: 'the candidate command',
    answer: (rows, { logger, take }) => {
      const turns = turnWaves(rows).length
      const runs = turns > 1 ? ` (once per turn: ${countOf(turns, 'run')}, each turn after the answers to the one before)` : ''
      logger.info(`running candidate on ${countOf(rows.length, 'question')}${runs}: ${options.command}`)
      return answerTurnByTurn(rows, (wave, waveTake) => runCommandCandidate(wave, { ...options, warn: (message) => logger.warn(message), log: (message) => logger.info(message) }, waveTake), take)
    },
  }
}

/**
 * Why the run failed, from how the process ended (a timeout or a crash wins over what it
 * printed). The message says how it failed and where its stderr is, never what it said: the
 * message reaches the PR comment and the job summary, where the runner masks no secret, and a
 * failing program's stderr is where a token it was given ends up (`set -x`, a traceback of
 * its environment). The end of stderr goes to the log (`log`), which the runner masks.
 */
function failureOf(outcome: ProcessOutcome, options: CommandCandidateOptions, maxOutputBytes: number, log: (message: string) => void): GateError | null {
  const failed = outcome.ending !== 'exited' || outcome.code !== 0
  if (!failed) return null
  const stderrTail = tail(outcome.stderr.text, STDERR_LINES)
  if (stderrTail) log(`the candidate command's stderr (its last ${STDERR_LINES} lines at most):\n${stderrTail}`)
  const where = stderrTail ? `; its stderr (last lines) is in the log above this error` : ' (it wrote nothing to stderr)'
  switch (outcome.ending) {
    case 'timed_out':
      return new GateError('candidate_failed', `candidate command timed out after ${options.timeoutMs} ms: ${options.command}${where}`, 'raise candidate.timeout_ms, or make the command faster')
    case 'stdout_cap':
      return new GateError(
        'candidate_failed',
        `candidate command wrote more than ${formatMb(maxOutputBytes)} to stdout (candidate.max_output_mb), so it was stopped: ${options.command}${where}`,
        'make the command print only its JSONL answers (logs go to stderr), or raise candidate.max_output_mb in evalgate.yml',
      )
    case 'interrupted':
      return new GateError('candidate_failed', `evalgate was interrupted; the candidate command and everything it started were stopped: ${options.command}`, 'run it again')
    case 'exited':
      return new GateError(
        'candidate_failed',
        `candidate command failed (${outcome.signal ? `signal ${outcome.signal}` : `exit code ${outcome.code}`}): ${options.command}${where}`,
        'run the command by hand with one JSONL line on stdin, e.g. echo \'{"id":"q1","question":"..."}\' | <command>',
      )
  }
}

/**
 * stdout as JSONL, line by line as the chunks arrive: never one string of the whole output.
 * The first problem (bad UTF-8, a line that is not JSON, an unknown id) is kept and the rest
 * of the output ignored; it is reported only if the command itself succeeded.
 */
class StdoutReader {
  private readonly collector: OutputCollector
  private readonly decoder = new Utf8StreamDecoder(SOURCE, 'make the command write UTF-8 (for Python: PYTHONIOENCODING=utf-8)')
  private partial = ''
  private line = 0
  private problem: unknown = null

  constructor(collector: OutputCollector) {
    this.collector = collector
  }

  push(chunk: Buffer): void {
    this.guard(() => this.take(this.decoder.push(chunk)))
  }

  end(): Map<string, CandidateOutput> {
    this.guard(() => {
      this.take(this.decoder.end())
      this.record(this.partial)
    })
    if (this.problem) throw this.problem
    return this.collector.outputs
  }

  private guard(step: () => void): void {
    if (this.problem) return
    try {
      step()
    } catch (error) {
      this.problem = error
    }
  }

  private take(text: string): void {
    let start = 0
    for (let newline = text.indexOf('\n'); newline !== -1; newline = text.indexOf('\n', start)) {
      this.record(this.partial + text.slice(start, newline))
      this.partial = ''
      start = newline + 1
    }
    this.partial += text.slice(start)
    if (this.partial.length > MAX_LINE_CHARS) {
      throw new GateError('bad_input', `${locate(SOURCE, this.line + 1)}: a line longer than ${MAX_LINE_CHARS} characters`, 'write one JSON object per line, each ending with a newline')
    }
  }

  private record(raw: string): void {
    this.line += 1
    const record = parseJsonlLine(SOURCE, this.line === 1 ? raw.replace(/^\uFEFF/, '') : raw, this.line, STDOUT_HINT)
    if (record) this.collector.add(record)
  }
}

function formatMb(bytes: number): string {
  return `${Number((bytes / 1024 / 1024).toFixed(3))} MB`
}

function tail(text: string, lines: number): string {
  return text
    .trimEnd()
    .split(/\r\n|\n|\r/)
    .slice(-lines)
    .join('\n')
}
