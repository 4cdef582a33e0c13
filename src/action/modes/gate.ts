import { failureSentence } from '../../report/failures.ts'
import { runPipeline } from '../../run/pipeline/pipeline.ts'
import { prepareRun } from '../../run/pipeline/prepare.ts'
import type { Results } from '../../schemas/results.ts'
import { log } from '../log.ts'
import { annotate, publishComment } from '../publish.ts'
import { baseBranch, type ActionMode, type ModeContext } from './mode.ts'

/** mode: gate: score this run, compare it with the baseline, and say so on the pull request. */
export const gateMode: ActionMode = {
  scores: true,
  writesBaseline: false,
  start: async (context) => {
    const { config, source, gateLayers } = runnableOf(context)
    return {
      results: async () => runPipeline({ ...(await prepareRun(config, context.environment, source, gateLayers)), baseLabel: baseBranch() }, config, context.inputs.resultsPath),
      conclude: async (results, report) => concludeGate(results, report, context),
    }
  },
}

/** The settings of a mode that scores: resolved as a runnable config before the mode starts. */
export function runnableOf({ runnable }: ModeContext): NonNullable<ModeContext['runnable']> {
  if (!runnable) throw new Error('a scoring mode started without a runnable config')
  return runnable
}

/**
 * A comparison on the pull request: annotations, the sticky comment, and the check failed for a
 * failing gate, a subset run or an incomparable baseline. A shard only says where its results go.
 */
export async function concludeGate(results: Results, report: string, { inputs, pullRequest }: ModeContext): Promise<void> {
  if (results.run.shard) {
    log.info(`evalgate: shard ${results.run.shard.index}/${results.run.shard.count} scored; upload ${inputs.resultsPath} and gate in a job with mode: merge`)
    return
  }
  annotate(results)
  if (inputs.comment) await publishComment(inputs, pullRequest, report)
  const stopped = results.run.judge_stopped
  const c = results.comparison
  if (!stopped && c?.verdict === 'fail') log.setFailed(`evalgate: gate failed\n- ${c.failures.map(failureSentence).join('\n- ')}`)
  if (!stopped && c?.verdict === 'subset') log.setFailed('evalgate: a subset run (--only / --failing-from) is not gated: run the whole eval set')
  if (c?.verdict === 'incomparable') {
    log.setFailed(`evalgate: baseline not comparable:\n  - ${c.reasons.join('\n  - ')}\n  fix: if the change is intended, write a new baseline: ${c.update_command}`)
  }
}
