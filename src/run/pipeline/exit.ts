import type { Results } from '../../schemas/results.ts'

/**
 * The exit codes of the CLI (the Action's check status follows the same verdicts). `internal`:
 * evalgate itself failed (a bug, not the input): a script can tell it from bad input (2) and
 * report it rather than fix its settings.
 */
export const EXIT = { pass: 0, fail: 1, usage: 2, internal: 3 } as const

/** The exit code a run's results give: its verdict, or `usage` when it gave none. */
export function exitCodeFor(results: Results): number {
  // a judge that stopped scored only part of the run: no verdict on quality, a setting to fix
  if (results.run.judge_stopped) return EXIT.usage
  const verdict = results.comparison?.verdict ?? 'no_baseline'
  if (verdict === 'fail') return EXIT.fail
  // not gated: neither a pass nor a fail, so that no check goes green (or red) on a run that was not the whole set
  if (verdict === 'incomparable' || verdict === 'subset') return EXIT.usage
  return EXIT.pass
}
