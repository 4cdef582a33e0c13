import { commandLine } from '../io/cliInvocation.ts'
import { GateError } from '../io/errors.ts'
import type { Results } from '../schemas/results.ts'
import { countOf } from '../text/countOf.ts'

/**
 * Why a run's results cannot become the baseline, as the error naming `source` (its
 * results.json); null when they can. A baseline stands for the whole eval set judged: not a
 * shard (a slice of the questions, and a fingerprint of its rows alone), not a subset run, not a
 * run the judge stopped (its scores are errors).
 */
export function notABaseline(results: Results, source: string): GateError | null {
  const { shard, subset, judge_stopped: stopped } = results.run
  if (shard) {
    return new GateError(
      'bad_input',
      `${source}: shard ${shard.index}/${shard.count} (${results.run.question_count} of ${countOf(shard.total_questions, 'question')}) cannot become the baseline`,
      `merge the shards first (${commandLine('merge --out merged.json shard-*.json')}; in the Action, mode: merge) and write the baseline from the merged results.json`,
    )
  }
  if (subset) {
    return new GateError(
      'bad_input',
      `${source}: a subset run (${subset.by}: ${subset.questions} of ${countOf(subset.total_questions, 'question')}) cannot become the baseline`,
      'write the baseline from a run of the whole eval set (evalgate run without --only / --failing-from)',
    )
  }
  if (stopped) {
    return new GateError(
      'bad_input',
      `${source}: the judge stopped during that run (${stopped.cause}), so its scores are errors, not answers judged: it cannot become the baseline`,
      `fix the judge (${stopped.fix}), run again, and write the baseline from that run`,
    )
  }
  return null
}
