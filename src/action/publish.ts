import { gitHubClient } from '../github/client.ts'
import { explainGitHubError, upsertStickyComment } from '../github/comments.ts'
import { failureDetail, failureSentence, failuresOf } from '../report/failures.ts'
import { VOLATILE } from '../report/markdown.ts'
import type { GateFailure } from '../schemas/failures.ts'
import type { Results } from '../schemas/results.ts'
import type { ActionInputs } from './inputs.ts'
import { log } from './log.ts'
import { setOutput } from './outputs.ts'

export interface PullRequestContext {
  eventName: string
  repo: { owner: string; repo: string } | undefined
  pullNumber: number | undefined
  sha: string | undefined
  runUrl: string | undefined
}

/** The sticky PR comment; any failure is a warning with the reason and the fix, never a failed check. */
export async function publishComment(inputs: ActionInputs, context: PullRequestContext, body: string): Promise<void> {
  if (context.pullNumber === undefined || !context.repo) {
    log.info(`evalgate: no PR comment on a "${context.eventName}" event; the report is in the job summary`)
    return
  }
  if (!inputs.githubToken) {
    log.warning('evalgate: no github-token, so no PR comment. Fix: pass "github-token: ${{ github.token }}" (the default) and "permissions: pull-requests: write"')
    return
  }
  let url: string | undefined
  try {
    const octokit = gitHubClient(inputs.githubToken)
    const [marker = ''] = body.split('\n', 1)
    const result = await upsertStickyComment(octokit, { ...context.repo, issueNumber: context.pullNumber }, marker, body, VOLATILE)
    if (result.url) log.info(`evalgate: PR comment ${result.action}: ${result.url}`)
    else log.info(`evalgate: PR comment ${result.action} (comment id ${result.id}; the API gave no link to it)`)
    url = result.url ?? undefined
  } catch (error) {
    log.warning(`evalgate: could not write the PR comment: ${explainGitHubError(error)}`, { title: 'evalgate: PR comment not written' })
    return
  }
  if (url) setOutput('comment-url', url)
}

/** One error annotation per failing metric or category floor; a warning when the baseline is not comparable. */
export function annotate(results: Results): void {
  const c = results.comparison
  if (!c) return
  if (c.verdict === 'incomparable') log.warning(`evalgate: baseline not comparable: ${c.reasons.join('; ')}`, { title: 'evalgate: baseline not comparable' })
  const failures = [...c.metrics.flatMap((row) => failuresOf(c, row.metric)), ...c.failures.filter((f) => f.kind === 'category_floor')]
  for (const failure of failures) {
    const { message, title } = annotation(failure)
    log.error(message, { title })
  }
}

/** The words of an annotation: the check's line in the diff view names the metric or the category. */
export function annotation(f: GateFailure): { message: string; title: string } {
  switch (f.kind) {
    case 'category_floor':
      return { message: failureSentence(f), title: 'evalgate: category floor' }
    case 'category_missing':
      return { message: failureSentence(f), title: 'evalgate: category floor' }
    default:
      return { message: `${f.metric}: ${failureDetail(f)}`, title: `evalgate: ${f.metric} failed the gate` }
  }
}
