import { randomUUID } from 'node:crypto'
import * as core from '@actions/core'
import { formatError } from '../io/errors.ts'
import { updateFileSafely } from '../io/safeWrite.ts'
import { log } from './log.ts'

/**
 * The step's outputs and its job summary. The runner names two files for them
 * (GITHUB_OUTPUT, GITHUB_STEP_SUMMARY); they are appended to through evalgate's one writer,
 * as every other output, so a link or a FIFO found there is refused by name, never written
 * through (@actions/core appends with fs.appendFileSync, which follows both).
 */
export function setOutput(name: string, value: string): void {
  const file = process.env.GITHUB_OUTPUT
  // no file: an old runner, or a local run; core falls back to the `set-output` command
  if (!file) return core.setOutput(name, value)
  updateFileSafely(file, (before) => Buffer.concat([before ?? Buffer.alloc(0), Buffer.from(outputBlock(name, value), 'utf8')]))
}

/** `name<<DELIMITER`, the value, `DELIMITER`: the runner's multi-line form, with a delimiter the value cannot contain. */
function outputBlock(name: string, value: string): string {
  const delimiter = `ghadelimiter_${randomUUID()}`
  return `${name}<<${delimiter}\n${value}\n${delimiter}\n`
}

/**
 * Adds the report to the job summary. A summary that cannot be written (a read-only file,
 * a link, a full disk) is a warning, never the verdict: the gate has decided already, and
 * the PR comment still carries the report.
 */
export function writeSummary(markdown: string): void {
  const file = process.env.GITHUB_STEP_SUMMARY
  if (!file) {
    log.info(markdown)
    return
  }
  try {
    updateFileSafely(file, (before) => Buffer.concat([before ?? Buffer.alloc(0), Buffer.from(markdown, 'utf8')]))
  } catch (error) {
    log.warning(`evalgate: could not write the job summary: ${formatError(error)}`, { title: 'evalgate: job summary not written' })
  }
}
