/**
 * `mode: accept`: a reviewer accepts a pull request's new scores from the pull request itself,
 * with a `/evalgate accept` comment (optionally `/evalgate accept KEY` for one gate of several)
 * or the `accept-label` label. Only a user with write access to the repository may: the
 * commenter's (or labeller's) permission is asked of the API before anything runs. The pull
 * request's branch must be in this repository (a fork's branch cannot be written with the
 * workflow's token) and checked out at its head commit, so that the baseline committed is the
 * one of the code under review. The run is scored as in `mode: baseline`; the baseline file is
 * then committed to the pull request's branch through the contents API, under the base
 * branch's label, and the request is answered with a comment (the label is taken off).
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import * as github from '@actions/github'
import { baselineFromResults, loadBaseline, writeBaselineFile } from '../baseline/baseline.ts'
import { gitHubClient, type Octokit } from '../github/client.ts'
import { commitFile, permissionOf, pullHead, removeLabel, replyOn, type Repository } from '../github/accept.ts'
import { GateError } from '../io/errors.ts'
import type { Results } from '../schemas/results.ts'
import type { ActionInputs } from './inputs.ts'
import { log } from './log.ts'
import { setOutput } from './outputs.ts'

export const ACCEPT_COMMAND = '/evalgate accept'
const COMMAND_LINE = /^\/evalgate\s+accept(?:\s+(\S+))?\s*$/
/** Permissions that may write to the repository (GitHub's legacy field reports maintain as write). */
const WRITERS = new Set(['admin', 'maintain', 'write'])

export interface AcceptRequest {
  octokit: Octokit
  repository: Repository
  pullNumber: number
  login: string
  via: 'comment' | 'label'
  label: string
  branch: string
  sha: string
  /** the label of the baseline: the base branch's, as the printed update command gives it */
  baseLabel: string
}

/** The Action's GitHub client, from the github-token input. */
export function gitHubClientFor(inputs: ActionInputs): Octokit {
  if (!inputs.githubToken)
    throw new GateError('usage', 'mode: accept needs github-token', 'pass "github-token: ${{ github.token }}" (the default) with "permissions: contents: write, pull-requests: write"')
  return gitHubClient(inputs.githubToken)
}

/**
 * The request this event makes, checked: null (with the reason logged) when the event asks for
 * nothing; an answered refusal and a failed step when the user may not, or the branch cannot be
 * written; else what to commit where.
 */
export async function acceptRequest(inputs: ActionInputs, octokit: Octokit): Promise<AcceptRequest | null> {
  const asked = requestOf(github.context.eventName, github.context.payload, inputs)
  if (!asked) {
    log.info(`evalgate: mode accept: this ${github.context.eventName} event asks for nothing (a "${ACCEPT_COMMAND}" comment or the "${inputs.acceptLabel}" label does)`)
    return null
  }
  const repository = github.context.repo
  const refuse = async (why: string, fix: string) => {
    await replyOn(octokit, repository, asked.pullNumber, `evalgate: the baseline was not accepted: ${why}. ${fix}`)
    log.setFailed(`evalgate: mode accept: ${why}\n  fix: ${fix}`)
    return null
  }
  const permission = await permissionOf(octokit, repository, asked.login)
  if (!WRITERS.has(permission)) return refuse(`${asked.login} has ${permission} access; accepting a baseline needs write access`, 'ask someone with write access to the repository')
  const head = await pullHead(octokit, repository, asked.pullNumber)
  if (!head.sameRepository)
    return refuse("the pull request's branch is in a fork, which the workflow's token cannot write to", 'commit the baseline to the fork yourself (the report prints the command)')
  const checkedOut = checkedOutCommit()
  if (checkedOut !== head.sha) {
    return refuse(
      `the workflow checked out ${checkedOut ?? 'no git commit'}, not the pull request's head ${head.sha}`,
      `check out the head before this step: actions/checkout with "ref: refs/pull/${asked.pullNumber}/head", and ask again`,
    )
  }
  log.info(`evalgate: mode accept: ${asked.login} (${permission}) asked by ${asked.via}; scoring ${head.sha} for ${head.ref}`)
  return { ...asked, octokit, repository, branch: head.ref, sha: head.sha, baseLabel: head.base }
}

/** Writes the baseline from this run, commits it to the pull request's branch, and answers. */
export async function commitAcceptedBaseline(request: AcceptRequest, results: Results, path: string): Promise<void> {
  const baseline = baselineFromResults(results, await loadBaseline(path), request.baseLabel, new Date())
  writeBaselineFile(path, baseline)
  const text = readFileSync(path, 'utf8')
  const message = `evalgate: accept baseline from ${request.sha.slice(0, 7)} (asked by @${request.login})`
  const commit = await commitFile(request.octokit, request.repository, { path, branch: request.branch, text, message }, withoutCreatedAt)
  setOutput('baseline-path', path)
  setOutput('accepted-commit', commit ?? '')
  const answer = commit
    ? `evalgate: committed \`${path}\` from this run of ${request.sha.slice(0, 7)} to \`${request.branch}\` (${commit.slice(0, 7)}), as @${request.login} asked. A commit made with the workflow's token starts no workflow: push to the branch (or close and reopen the pull request) to gate against it.`
    : `evalgate: \`${path}\` on \`${request.branch}\` already holds this run's scores: nothing to commit.`
  await replyOn(request.octokit, request.repository, request.pullNumber, answer)
  if (request.via === 'label') await removeLabel(request.octokit, request.repository, request.pullNumber, request.label)
  log.info(answer)
}

type Payload = typeof github.context.payload

/** Who asks, on which pull request, and how; null when the event is not a request. */
export function requestOf(eventName: string, payload: Payload, inputs: Pick<ActionInputs, 'acceptLabel' | 'commentKey'>): Pick<AcceptRequest, 'pullNumber' | 'login' | 'via' | 'label'> | null {
  const label = inputs.acceptLabel
  if (eventName === 'issue_comment' && payload.action === 'created' && payload.issue?.pull_request) {
    const comment = payload.comment as { body?: string; user?: { login?: string } } | undefined
    const [first = ''] = (comment?.body ?? '').split('\n', 1)
    const line = COMMAND_LINE.exec(first.trim())
    // /evalgate accept KEY is for the gate with that comment-key only
    if (!line || (line[1] !== undefined && line[1] !== inputs.commentKey) || !comment?.user?.login) return null
    return { pullNumber: payload.issue.number, login: comment.user.login, via: 'comment', label }
  }
  if ((eventName === 'pull_request' || eventName === 'pull_request_target') && payload.action === 'labeled') {
    const named = (payload.label as { name?: string } | undefined)?.name
    const login = (payload.sender as { login?: string } | undefined)?.login
    if (named !== label || !login || !payload.pull_request) return null
    return { pullNumber: payload.pull_request.number, login, via: 'label', label }
  }
  return null
}

function checkedOutCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: process.env.GITHUB_WORKSPACE ?? process.cwd(), encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()
  } catch {
    return null
  }
}

/** created_at changes on every run: a baseline equal apart from it needs no commit. */
function withoutCreatedAt(text: string): string {
  return text.replace(/"created_at": "[^"]*"/, '"created_at": ""')
}
