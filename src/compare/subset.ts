import type { Comparison } from '../schemas/results.ts'

/**
 * A subset run (--only, --failing-from) is compared with the baseline on its own questions,
 * and never gated: the verdict is `subset` (exit 2, like an incomparable baseline, so that no
 * check passes or fails on part of the eval set), with no gate failures, and no command to make
 * it the baseline; the baseline's other questions are not "removed". An incomparable baseline
 * stays incomparable.
 */
export function notGated(c: Comparison): Comparison {
  if (c.verdict === 'incomparable') return { ...c, update_command: '' }
  // the baseline's other questions were left out on purpose, not lost
  return { ...c, verdict: 'subset', failures: [], verdicts_by_mode: null, update_command: '', removed: [] }
}
