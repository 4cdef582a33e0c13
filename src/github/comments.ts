import { GitHubCallError, type Octokit } from './client.ts'

export type { Octokit }

export interface CommentTarget {
  owner: string
  repo: string
  issueNumber: number
}

export interface UpsertResult {
  action: 'created' | 'updated' | 'unchanged'
  id: number
  /** the comment's link; null when the API answered without one (a GitHub Enterprise proxy, a stand-in) */
  url: string | null
}

/** The author GITHUB_TOKEN comments as; a personal token comments as its user. */
const ACTIONS_BOT = 'github-actions[bot]'

/**
 * `<!-- evalgate:KEY -->`: the hidden first line that makes one comment per gate sticky. Two
 * keys share a comment only when they are the same key: letters, digits and `_ . : / -` are
 * written as they are (so the markers of such keys never change), every other character as
 * `%XX` of its UTF-8 bytes (`%` itself too), and a `-` before another `-` as `%2D`, since `--`
 * may not appear inside an HTML comment. `faq v2` and `faq_v2` are then two comments.
 */
export function commentMarker(key: string): string {
  const encoded = [...key].map((ch, i, all) => (/^[A-Za-z0-9_.:/]$/.test(ch) || (ch === '-' && all[i + 1] !== '-') ? ch : percentEncoded(ch))).join('')
  return `<!-- evalgate:${encoded} -->`
}

function percentEncoded(ch: string): string {
  return [...Buffer.from(ch, 'utf8')].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('')
}

/**
 * One comment per PR and key, updated in place: every page of comments is searched for one
 * whose first line is exactly our marker (`<!-- evalgate:default -->x` is not ours), written
 * by our own author (another user quoting the marker is not us), and the update is skipped
 * when the body is already what we would write, apart from lines holding `volatileMarker`
 * (timings, which change on every run of the same results). The body comes redacted: every
 * untrusted value in it went through the escaper (report/escape.ts), which redacts it.
 */
export async function upsertStickyComment(octokit: Octokit, target: CommentTarget, marker: string, body: string, volatileMarker: string): Promise<UpsertResult> {
  const author = await ownLogin(octokit)
  const comments = await octokit.paginate(octokit.rest.issues.listComments, {
    owner: target.owner,
    repo: target.repo,
    issue_number: target.issueNumber,
    per_page: 100,
  })
  const ours = comments.find((c) => firstLine(c.body ?? '') === marker && c.user?.login === author)
  if (ours) {
    if (stable(ours.body ?? '', volatileMarker) === stable(body, volatileMarker)) return { action: 'unchanged', id: ours.id, url: ours.html_url ?? null }
    const updated = await octokit.rest.issues.updateComment({ owner: target.owner, repo: target.repo, comment_id: ours.id, body })
    return { action: 'updated', id: updated.data.id, url: updated.data.html_url ?? null }
  }
  const created = await octokit.rest.issues.createComment({ owner: target.owner, repo: target.repo, issue_number: target.issueNumber, body })
  return { action: 'created', id: created.data.id, url: created.data.html_url ?? null }
}

/** A body's marker line; a comment edited on github.com comes back with CRLF. */
function firstLine(body: string): string {
  const [line = ''] = body.split('\n', 1)
  return line.replace(/\r$/, '')
}

function stable(body: string, volatileMarker: string): string {
  return body
    .split('\n')
    .filter((line) => !line.includes(volatileMarker))
    .join('\n')
}

/** Our own login: a user token can ask; the Actions token cannot (403) and is the Actions bot. */
async function ownLogin(octokit: Octokit): Promise<string> {
  try {
    const { data } = await octokit.rest.users.getAuthenticated()
    return data.login
  } catch (error) {
    const status = (error as { status?: number }).status
    if (status === 401 || status === 403 || status === 404) return ACTIONS_BOT
    throw error
  }
}

/**
 * Why a GitHub API call failed, and what to do about it, in one line for a warning: a
 * timeout or a connection that failed is said as such, never as the "HTTP 500" Octokit
 * gives every request that got no answer.
 */
export function explainGitHubError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  const attempts = error instanceof GitHubCallError ? error.attempts : 1
  const tried = attempts > 1 ? ` (${attempts} attempts)` : ''
  const status = error instanceof GitHubCallError ? error.status : (error as { status?: number } | null)?.status
  if (error instanceof GitHubCallError && error.timedOut) return `${message}${tried}`
  if (status === undefined) return `network error, no answer from GitHub${tried}: ${message}`
  if (status === 403 || status === 401) {
    return `the token cannot write PR comments (HTTP ${status}: ${message}). Fix: give the job "permissions: pull-requests: write"; pull requests from forks only get a read-only token, so there the report is in the job summary instead`
  }
  if (status === 404) return `the pull request or repository was not found (HTTP 404: ${message}); check the github-token input and the repository`
  return `HTTP ${status}${tried}: ${message}`
}
