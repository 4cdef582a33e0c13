import { redactSecrets } from '../text/redact.ts'
import type { Octokit } from './client.ts'

/** owner/repo of the repository the workflow runs in. */
export interface Repository {
  owner: string
  repo: string
}

/** The pull request a baseline is accepted into: its branch and commit, and whether the branch is in this repository (a fork's is not writable). */
export interface PullHead {
  ref: string
  sha: string
  base: string
  sameRepository: boolean
}

/** The user's permission on the repository, as GitHub's legacy field gives it: admin, write (maintain included), read or none. */
export async function permissionOf(octokit: Octokit, repository: Repository, login: string): Promise<string> {
  const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({ ...repository, username: login })
  return data.permission
}

export async function pullHead(octokit: Octokit, repository: Repository, pullNumber: number): Promise<PullHead> {
  const { data } = await octokit.rest.pulls.get({ ...repository, pull_number: pullNumber })
  return { ref: data.head.ref, sha: data.head.sha, base: data.base.ref, sameRepository: data.head.repo?.full_name === data.base.repo.full_name }
}

/**
 * Commits one file to a branch through the contents API (no clone, no push credentials in git):
 * nothing when the branch already holds the same text apart from the lines `sameApartFrom`
 * ignores. The commit's SHA, or null when nothing changed.
 */
export async function commitFile(
  octokit: Octokit,
  repository: Repository,
  file: { path: string; branch: string; text: string; message: string },
  sameApartFrom: (text: string) => string,
): Promise<string | null> {
  let current: { sha: string; text: string } | null = null
  try {
    const { data } = await octokit.rest.repos.getContent({ ...repository, path: file.path, ref: file.branch })
    if (!Array.isArray(data) && data.type === 'file') current = { sha: data.sha, text: Buffer.from(data.content, 'base64').toString('utf8') }
  } catch (error) {
    if ((error as { status?: number }).status !== 404) throw error
  }
  if (current && sameApartFrom(current.text) === sameApartFrom(file.text)) return null
  const { data } = await octokit.rest.repos.createOrUpdateFileContents({
    ...repository,
    path: file.path,
    branch: file.branch,
    message: file.message,
    content: Buffer.from(file.text, 'utf8').toString('base64'),
    ...(current ? { sha: current.sha } : {}),
  })
  return data.commit.sha ?? null
}

/** A plain comment on the pull request (not the sticky report): the answer to a request. */
export async function replyOn(octokit: Octokit, repository: Repository, pullNumber: number, body: string): Promise<void> {
  await octokit.rest.issues.createComment({ ...repository, issue_number: pullNumber, body: redactSecrets(body) })
}

/** Takes the request label off, so that it can be set again; a label already gone is no error. */
export async function removeLabel(octokit: Octokit, repository: Repository, pullNumber: number, name: string): Promise<void> {
  try {
    await octokit.rest.issues.removeLabel({ ...repository, issue_number: pullNumber, name })
  } catch (error) {
    if ((error as { status?: number }).status !== 404) throw error
  }
}
