import { acceptRequest, commitAcceptedBaseline, gitHubClientFor } from '../accept.ts'
import { scoreForBaseline } from './baseline.ts'
import type { ActionMode } from './mode.ts'

/**
 * mode: accept: a maintainer's label or comment asks for this PR's scores to become the baseline.
 * Who asked, with what right, for which commit is checked before the PR's code runs.
 */
export const acceptMode: ActionMode = {
  scores: true,
  writesBaseline: true,
  start: async (context) => {
    const accepting = await acceptRequest(context.inputs, gitHubClientFor(context.inputs))
    if (!accepting) return null
    return {
      results: () => scoreForBaseline(context),
      conclude: async (results) => {
        // a run the judge scored only in part never becomes the baseline
        if (results.run.judge_stopped) return
        await commitAcceptedBaseline(accepting, results, context.resolved.baselinePath)
      },
    }
  },
}
