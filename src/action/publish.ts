import * as core from '@actions/core'
import * as github from '@actions/github'
import { explainGitHubError, upsertStickyComment } from '../github/comments.ts'
import { VOLATILE } from '../report/markdown.ts'
import type { Results } from '../schemas/results.ts'
import type { ActionInputs } from './inputs.ts'

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
    core.info(`evalgate: no PR comment on a "${context.eventName}" event; the report is in the job summary`)
    return
  }
  if (!inputs.githubToken) {
    core.warning('evalgate: no github-token, so no PR comment. Fix: pass "github-token: ${{ github.token }}" (the default) and "permissions: pull-requests: write"')
    return
  }
  try {
    const octokit = github.getOctokit(inputs.githubToken)
    const marker = body.split('\n', 1)[0]!
    const result = await upsertStickyComment(octokit, { ...context.repo, issueNumber: context.pullNumber }, marker, body, VOLATILE)
    core.info(`evalgate: PR comment ${result.action}: ${result.url}`)
    core.setOutput('comment-url', result.url)
  } catch (error) {
    core.warning(`evalgate: could not write the PR comment: ${explainGitHubError(error)}`, { title: 'evalgate: PR comment not written' })
  }
}

/** One error annotation per failing metric or category floor. */
export function annotate(results: Results): void {
  const c = results.comparison
  if (!c) return
  for (const row of c.metrics) {
    for (const failure of row.failures) core.error(`${row.metric}: ${failure}`, { title: `evalgate: ${row.metric} failed the gate` })
  }
  for (const category of c.categories) {
    for (const floor of category.floors.filter((f) => !f.passed)) {
      core.error(`category ${category.category}: ${floor.metric} ${floor.value === null ? 'has no value' : floor.value.toFixed(3)} is below its floor ${floor.floor}`, { title: 'evalgate: category floor' })
    }
  }
}
