import type { ChildProcessWithoutNullStreams } from 'node:child_process'
import { launch } from './launcher.ts'
import { GateError } from '../io/errors.ts'

/**
 * One run of the candidate command, bounded whatever it does. It is started by a launcher
 * whose environment never held a secret (launcher.ts), in a process group of its own,
 * and that whole group is killed when the command exits (its background children too), when
 * the timeout ends (a wall-clock limit from start to finish), when stdout passes its cap, and
 * when evalgate itself is stopped by SIGINT or SIGTERM. A process that left the group (setsid)
 * and still holds the pipes cannot keep evalgate waiting: once the command has exited, its
 * pipes are closed after a short grace period.
 */
export interface ProcessLimits {
  timeoutMs: number
  maxStdoutBytes: number
  /** only the end of stderr is kept, for error messages */
  stderrTailBytes: number
  /** how long after the command exits its pipes may stay open before they are closed */
  pipeGraceMs: number
}

export interface ProcessRun {
  command: string
  cwd: string | undefined
  env: Record<string, string>
  input: string
  limits: ProcessLimits
  /** each chunk of stdout as it arrives, up to the cap */
  onStdout: (chunk: Buffer) => void
}

export interface ProcessOutcome {
  /** `exited` on its own; otherwise why evalgate killed it */
  ending: 'exited' | 'timed_out' | 'stdout_cap' | 'interrupted'
  code: number | null
  signal: NodeJS.Signals | null
  /** the last `stderrTailBytes` of stderr, and whether anything before them was dropped */
  stderr: { text: string; cut: boolean }
  /** a process outside the group still held the pipes when the grace period ended */
  pipesHeld: boolean
}

/** After a kill, at most this long for the command to be reaped before evalgate goes on anyway. */
const REAP_WAIT_MS = 1_000

export function runProcess(run: ProcessRun): Promise<ProcessOutcome> {
  return new Promise((resolve, reject) => new CandidateProcess(run, resolve, reject).start())
}

class CandidateProcess {
  private readonly run: ProcessRun
  private readonly resolve: (outcome: ProcessOutcome) => void
  private readonly reject: (error: GateError) => void
  private child: ChildProcessWithoutNullStreams | undefined
  private readonly stderr: TailBuffer
  private ending: ProcessOutcome['ending'] = 'exited'
  private exit: { code: number | null; signal: NodeJS.Signals | null } = { code: null, signal: null }
  private stdoutBytes = 0
  private settled = false
  private readonly timers: NodeJS.Timeout[] = []
  private signals: { remove: () => void } | undefined

  constructor(run: ProcessRun, resolve: (outcome: ProcessOutcome) => void, reject: (error: GateError) => void) {
    this.run = run
    this.resolve = resolve
    this.reject = reject
    this.stderr = new TailBuffer(run.limits.stderrTailBytes)
  }

  start(): void {
    // installed before the spawn, so no signal can come between the command starting and evalgate listening
    this.signals = onTermination((signal) => this.interrupted(signal))
    const onStartError = (message: string) => {
      if (this.settle()) this.reject(new GateError('candidate_failed', `candidate command could not start: ${message}`, 'check the command and its working directory'))
    }
    const child = launch({ command: this.run.command, cwd: this.run.cwd, env: this.run.env }, onStartError) as ChildProcessWithoutNullStreams
    this.child = child
    this.later(this.run.limits.timeoutMs, () => this.stop('timed_out'))
    child.stdout.on('data', (chunk: Buffer) => this.stdout(chunk))
    child.stderr.on('data', (chunk: Buffer) => this.stderr.push(chunk))
    // A candidate that exits without reading its input is reported by its exit status, not by EPIPE.
    child.stdin.on('error', () => undefined)
    child.on('error', (error) => {
      if (this.settle()) this.reject(new GateError('candidate_failed', `candidate command could not start: ${error.message}`, 'check the command and its working directory'))
    })
    child.on('exit', (code, signal) => {
      this.exit = { code, signal }
      // the command is done: whatever it left running in its group goes with it
      this.killGroup()
      if (this.ending !== 'exited') this.finish(false)
      else this.later(this.run.limits.pipeGraceMs, () => this.finish(true))
    })
    // every pipe closed and the command gone: the normal end, before any grace period
    child.on('close', () => this.finish(false))
    child.stdin.end(this.run.input)
  }

  private stdout(chunk: Buffer): void {
    if (this.ending !== 'exited') return
    this.stdoutBytes += chunk.length
    if (this.stdoutBytes > this.run.limits.maxStdoutBytes) this.stop('stdout_cap')
    else this.run.onStdout(chunk)
  }

  private interrupted(signal: NodeJS.Signals): void {
    this.killGroup()
    this.signals?.remove()
    // Dying by the same signal is what a shell or CI runner expects (exit status 130 / 143);
    // only when someone else handles it too does the run end with an error instead.
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal)
    else this.stop('interrupted')
  }

  private stop(why: Exclude<ProcessOutcome['ending'], 'exited'>): void {
    if (this.settled || this.ending !== 'exited') return
    this.ending = why
    this.killGroup()
    this.later(REAP_WAIT_MS, () => this.finish(false))
  }

  private finish(pipesHeld: boolean): void {
    if (!this.settle()) return
    // a process outside the group may hold the other ends open forever: stop reading
    this.child?.stdout.destroy()
    this.child?.stderr.destroy()
    this.child?.stdin.destroy()
    this.resolve({ ending: this.ending, ...this.exit, stderr: this.stderr.text(), pipesHeld })
  }

  /** True the first time: clears the timers and the signal handlers. */
  private settle(): boolean {
    if (this.settled) return false
    this.settled = true
    for (const timer of this.timers) clearTimeout(timer)
    this.signals?.remove()
    return true
  }

  private later(ms: number, fn: () => void): void {
    this.timers.push(setTimeout(fn, ms))
  }

  private killGroup(): void {
    if (this.child?.pid === undefined) return
    try {
      process.kill(-this.child.pid, 'SIGKILL')
    } catch {
      // ESRCH: nothing is left in the group
    }
  }
}

/** SIGINT and SIGTERM handlers that exist only while the command runs. */
function onTermination(handler: (signal: NodeJS.Signals) => void): { remove: () => void } {
  const onInt = () => handler('SIGINT')
  const onTerm = () => handler('SIGTERM')
  process.on('SIGINT', onInt)
  process.on('SIGTERM', onTerm)
  return {
    remove: () => {
      process.off('SIGINT', onInt)
      process.off('SIGTERM', onTerm)
    },
  }
}

/** The last `limit` bytes of a stream, however much passes through. */
class TailBuffer {
  private chunks: Buffer[] = []
  private size = 0
  private cut = false
  private readonly limit: number

  constructor(limit: number) {
    this.limit = limit
  }

  push(chunk: Buffer): void {
    this.chunks.push(chunk)
    this.size += chunk.length
    if (this.size > 2 * this.limit) this.trim()
  }

  text(): { text: string; cut: boolean } {
    this.trim()
    // a character cut at the front of the tail decodes to U+FFFD: drop it
    const text = Buffer.concat(this.chunks).toString('utf8')
    return { text: this.cut ? text.replace(/^\uFFFD{1,3}/, '') : text, cut: this.cut }
  }

  private trim(): void {
    if (this.size <= this.limit) return
    const all = Buffer.concat(this.chunks)
    this.chunks = [all.subarray(all.length - this.limit)]
    this.size = this.limit
    this.cut = true
  }
}
