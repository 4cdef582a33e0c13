import { existsSync } from 'node:fs'
import { appendHistory, parseHistoryCsv, type HistoryRow } from '../baseline/history.ts'
import { writeResultsFile } from '../baseline/resultsFile.ts'
import { writeFileSafely } from '../io/safeWrite.ts'
import { readText } from '../io/tabular.ts'
import { gateSettingsText } from '../report/gateSettings.ts'
import { renderReport } from '../report/markdown.ts'
import { renderTerminal } from '../report/terminal.ts'
import { exitCodeFor } from '../run/pipeline/pipeline.ts'
import type { Logger } from '../io/logger.ts'
import type { RunRequest } from '../run/config/resolve.ts'
import type { Results } from '../schemas/results.ts'

export interface CliIO {
  stdout: (text: string) => void
  stderr: (text: string) => void
  color: boolean
  now?: () => Date
  /** how this evalgate was started (io/cliInvocation.ts): the start of every command it prints; default `evalgate` */
  invocation?: string
  /** the environment a run reads (the judge key, `${VAR}`, the candidate's own): bin.ts gives the process's; a test its own, without touching process.env */
  env?: Readonly<Record<string, string | undefined>>
}

/** What every command gets: its flags, parsed by the option table, and where to write. */
export interface CommandContext {
  /** every flag given (or defaulted), parsed, by flag name */
  flags: Record<string, unknown>
  /** what resolveRun takes: --config and the settings the flags give */
  request: RunRequest
  positionals: string[]
  io: CliIO
  logger: Logger
}

/**
 * results.json, report.md, then history.csv (`appendTo`: only once the run's own files are
 * written, so a run that could not write them leaves no trace in the history either), the
 * terminal view (--verbose: with the gate settings and their sources); the exit code the
 * verdict gives.
 */
export function finish(results: Results, out: string | undefined, report: string | undefined, io: CliIO, history: readonly HistoryRow[] = [], verbose = false, appendTo?: string): number {
  if (out) writeResultsFile(out, results)
  if (report) writeFileSafely(report, renderReport(results, { maxChars: Infinity, history }))
  if (appendTo) recordHistory(appendTo, results, io)
  io.stdout(renderTerminal(results, { color: io.color }) + '\n')
  if (verbose && results.comparison) io.stdout(`\n${gateSettingsText(results.comparison).join('\n')}\n`)
  const written = [out && `results: ${out}`, report && `report: ${report}`].filter(Boolean).join(', ')
  if (written) io.stdout(`\n${written}\n`)
  return exitCodeFor(results)
}

export async function readHistory(path: string | undefined): Promise<HistoryRow[]> {
  return path && existsSync(path) ? parseHistoryCsv(await readText(path, 'history file'), path) : []
}

function recordHistory(path: string, results: Results, io: CliIO): void {
  if (results.run.judge_stopped) {
    io.stderr(`history: not written for a run whose judge stopped (its scores are errors, not answers judged)\n`)
    return
  }
  if (results.run.shard) {
    io.stderr(`history: not written for a single shard; append it after evalgate merge\n`)
    return
  }
  if (results.run.subset) {
    io.stderr(`history: not written for a subset run (${results.run.subset.by})\n`)
    return
  }
  if (results.comparison?.verdict === 'incomparable') {
    io.stderr(`history: not written for a run that is not comparable with its baseline\n`)
    return
  }
  const rows = appendHistory(path, results, results.run.started_at)
  io.stderr(`history: appended ${rows} rows to ${path}\n`)
}
