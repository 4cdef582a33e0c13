import { baselineFromResults, loadBaseline, writeBaselineFile } from '../../baseline/baseline.ts'
import { committedLayer } from '../../baseline/gate.ts'
import { appendHistory } from '../../baseline/history.ts'
import { writtenSettingsText } from '../../report/gateSettings.ts'
import { runPipeline } from '../../run/pipeline/pipeline.ts'
import { prepareRun } from '../../run/pipeline/prepare.ts'
import type { Results } from '../../schemas/results.ts'
import { GateError } from '../../io/errors.ts'
import { log } from '../log.ts'
import { setOutput } from '../outputs.ts'
import { runnableOf } from './gate.ts'
import type { ActionMode, ModeContext } from './mode.ts'

/** mode: baseline: score this run and write it as the baseline (the workflow commits it). */
export const baselineMode: ActionMode = {
  scores: true,
  writesBaseline: true,
  start: async (context) => ({
    results: () => scoreForBaseline(context),
    conclude: async (results) => {
      // a run the judge scored only in part never becomes the baseline
      if (results.run.judge_stopped) return
      const { config, baselinePath } = runnableOf(context)
      await writeBaseline(results, baselinePath, config.version ?? null)
      if (config.history) log.info(`evalgate: appended ${appendHistory(config.history, results, results.run.started_at)} rows to ${config.history}`)
    },
  }),
}

/**
 * A run that will replace the baseline is not compared with it first; the baseline's settings
 * still gate the run (under evalgate.yml's and the inputs'), so the new baseline keeps them where
 * nothing overrides them.
 */
export async function scoreForBaseline(context: ModeContext): Promise<Results> {
  const { config, source, gateLayers, baselinePath } = runnableOf(context)
  // refused before anything is scored: a shard's results cannot become the baseline (baseline/eligible.ts)
  if (config.shard) {
    throw new GateError(
      'usage',
      `mode: ${context.inputs.mode} writes the baseline from the whole eval set: input shard (${config.shard.index}/${config.shard.count}) cannot be combined with it`,
      'drop shard; or score the shards with mode: gate, join them with mode: merge, and write the baseline from the merged results.json (evalgate baseline --results merged.json)',
    )
  }
  const runConfig = { ...config, baseline: undefined }
  const committed = await loadBaseline(baselinePath)
  const layers = committed ? [committedLayer(committed), ...gateLayers] : gateLayers
  return runPipeline(await prepareRun(runConfig, context.environment, source, layers), runConfig, context.inputs.resultsPath)
}

async function writeBaseline(results: Results, path: string, version: string | null): Promise<void> {
  const baseline = baselineFromResults(results, await loadBaseline(path), version, new Date())
  writeBaselineFile(path, baseline)
  setOutput('baseline-path', path)
  log.info(`evalgate: wrote ${path} (version ${baseline.version}, eval set ${baseline.eval_set_version}); commit it or open a PR with it`)
  if (results.comparison) log.info(`evalgate: ${writtenSettingsText(results.comparison, baseline, 'this run').join('\n')}`)
}
