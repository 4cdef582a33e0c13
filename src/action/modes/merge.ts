import { existsSync, readdirSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { loadBaseline, loadNamedBaseline } from '../../baseline/baseline.ts'
import { GateError } from '../../io/errors.ts'
import { mergeShardFiles } from '../../run/pipeline/merge.ts'
import { compareResults } from '../../run/pipeline/pipeline.ts'
import { countOf } from '../../text/countOf.ts'
import { log } from '../log.ts'
import { concludeGate } from './gate.ts'
import { baseBranch, type ActionMode } from './mode.ts'

/** mode: merge: the shards' results (paths or * patterns), joined, then compared with the baseline and gated. */
export const mergeMode: ActionMode = {
  scores: false,
  writesBaseline: false,
  start: async (context) => ({
    results: async () => {
      const { inputs, resolved } = context
      const files = inputs.shardResults.flatMap(expandPattern)
      const merged = await mergeShardFiles(files)
      log.info(`evalgate: merged ${countOf(files.length, 'shard')}, ${countOf(merged.run.question_count, 'question')}`)
      // a named baseline must exist; the default path may not yet (the first run)
      const baseline = resolved.config.baseline ? await loadNamedBaseline(resolved.config.baseline) : await loadBaseline(resolved.baselinePath)
      return await compareResults(merged, baseline, resolved.gateLayers, inputs.resultsPath, resolved.baselinePath, baseBranch())
    },
    conclude: (results, report) => concludeGate(results, report, context),
  }),
}

/** `dir/*.json` → the matching files, sorted; a plain path is itself. */
function expandPattern(pattern: string): string[] {
  if (!pattern.includes('*')) return [pattern]
  const dir = dirname(pattern)
  const name = new RegExp(
    `^${basename(pattern)
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')}$`,
  )
  const files = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => name.test(f))
        .sort()
        .map((f) => join(dir, f))
    : []
  if (files.length === 0)
    throw new GateError('bad_input', `shard-results: no file matches ${pattern}`, 'download the shard artifacts first (actions/download-artifact) and point shard-results at them')
  return files
}
