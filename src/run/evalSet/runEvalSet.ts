import type { Config } from '../../schemas/config.ts'
import type { EvalRow } from '../../schemas/evalSet.ts'
import type { Subset } from '../../schemas/results.ts'
import type { EvalSet } from './evalSet.ts'
import { selectSubset, type SubsetRequest } from './subset.ts'

/** The questions a run scores: the whole eval set, one shard of it, or a subset (--only, --failing-from). */
export interface RunEvalSet {
  file: string
  /** eval_set_version: which version of the questions the scores belong to */
  version: string
  /** the questions this run scores (a shard's share, or all); runPipeline empties it once they are scored */
  rows: EvalRow[]
  /** of the rows this run scores' eval set: the whole set's, or a shard's own rows' (merge adds the shards' up) */
  fingerprint: string
  /** the whole set's fingerprint of the kind the baseline has, when that is the kind written before results schema 3 */
  recomputedFingerprint?: string | null
  /** every id of the whole set: an answer for another id is an error; a shard ignores the other shards' answers */
  ids: ReadonlySet<string>
  shard: { index: number; count: number; total_questions: number } | null
  /** a subset run: compared on its questions only, never gated */
  subset: Subset | null
}

/** The eval set as a run takes it: the loaded set, or this shard of it, or a subset (--only, --failing-from). */
export async function runEvalSet(full: EvalSet, version: string, shard: Config['shard'], select: SubsetRequest, warn: (message: string) => void): Promise<RunEvalSet> {
  const subset = await selectSubset(full.rows, select, warn)
  return {
    file: full.file,
    version,
    rows: subset?.rows ?? full.rows,
    // a shard's covers its own rows: merge adds the shards' up to the whole set's
    fingerprint: full.fingerprint,
    recomputedFingerprint: null,
    ids: full.ids,
    shard: shard ? { ...shard, total_questions: full.total } : null,
    subset: subset?.subset ?? null,
  }
}
