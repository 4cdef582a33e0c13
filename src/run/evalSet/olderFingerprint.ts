import { existsSync } from 'node:fs'
import type { BaselineView } from '../../baseline/baseline.ts'
import { fingerprintRows, isLegacyFingerprint, legacyFingerprint } from '../../baseline/fingerprint.ts'
import { GateError } from '../../io/errors.ts'
import type { Logger } from '../../io/logger.ts'
import type { EvalRow } from '../../schemas/evalSet.ts'
import type { RunInfo } from '../../schemas/results.ts'
import { loadEvalSet } from './evalSet.ts'

/**
 * Baselines (and results.json files) written before results schema 3 carry the eval-set
 * fingerprint of the older kind (baseline/fingerprint.ts). A run compared with one recomputes
 * that kind from the eval set, once, so that the same set is recognised as the same and an
 * edited one as edited: never an edited set for a fingerprint that only changed its kind.
 */

/** For a run that has every row: the older kind when the baseline's is of it, else null. */
export function olderKindOf(baseline: BaselineView | null, rows: readonly EvalRow[], logger: Pick<Logger, 'info'>): string | null {
  const theirs = baseline?.eval_set_fingerprint
  if (!theirs || !isLegacyFingerprint(theirs)) return null
  const recomputed = legacyFingerprint(rows)
  if (recomputed === theirs) logger.info(recognised(baseline.path))
  return recomputed
}

function recognised(path: string | null): string {
  return `${path ?? 'the baseline'}: its eval_set_fingerprint is of the kind written before results schema 3, and the eval set still hashes to it: the same set (evalgate baseline writes the new kind)`
}

/**
 * For a results.json compared with a baseline whose fingerprint is of the other kind (`compare`,
 * `merge --baseline`): the other kind, from the eval set the run scored; null when there is none.
 */
export async function otherKindFromEvalSet(run: Pick<RunInfo, 'eval_set_path' | 'eval_set_fingerprint'>, baseline: BaselineView | null): Promise<string | null> {
  const theirs = baseline?.eval_set_fingerprint
  if (!theirs || isLegacyFingerprint(theirs) === isLegacyFingerprint(run.eval_set_fingerprint)) return null
  return otherKindOfRunSet(run)
}

/**
 * The eval set a run scored (run.eval_set_path), read again and checked to be the one the run
 * scored: its fingerprint of the kind the run's is not. Null when it is not there or not that set.
 */
export async function otherKindOfRunSet(run: Pick<RunInfo, 'eval_set_path' | 'eval_set_fingerprint'>): Promise<string | null> {
  const path = run.eval_set_path
  if (!path || !existsSync(path)) return null
  let rows: EvalRow[]
  try {
    rows = (await loadEvalSet(path)).rows
  } catch (error) {
    // an eval set that no longer loads is not the one the run scored
    if (error instanceof GateError) return null
    throw error
  }
  const [own, other] = isLegacyFingerprint(run.eval_set_fingerprint) ? [legacyFingerprint(rows), fingerprintRows(rows)] : [fingerprintRows(rows), legacyFingerprint(rows)]
  return own === run.eval_set_fingerprint ? other : null
}
