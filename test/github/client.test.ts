import assert from 'node:assert/strict'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, beforeEach, describe, it } from 'node:test'
import { GITHUB_RETRY, gitHubClient } from '../../src/github/client.ts'
import { commentMarker, explainGitHubError, upsertStickyComment } from '../../src/github/comments.ts'
import { FakeGitHub } from '../helpers/github-server.ts'

const TARGET = { owner: 'o', repo: 'r', issueNumber: 7 }
const MARKER = commentMarker('default')
const BODY = `${MARKER}\nthe report`
/** Short waits, so a test proves the bound without sitting in it. */
const FAST = { timeoutMs: 300, retry: { ...GITHUB_RETRY, maxRetries: 2, baseDelayMs: 10, maxDelayMs: 50, maxRetryAfterMs: 50 } }

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (error) {
    return error
  }
  assert.fail('expected the GitHub call to fail')
}

describe('the GitHub client: a timeout on every call, retries for transient failures', () => {
  let github: FakeGitHub
  before(async () => {
    github = await new FakeGitHub().start()
  })
  after(async () => {
    await github.stop()
  })
  beforeEach(() => {
    github.comments.length = 0
    github.requests.length = 0
    github.options = {}
  })

  it('gives up on an API that takes the connection and never answers, and says it timed out, not "HTTP 500"', async () => {
    for (let i = 0; i < 3; i++) github.script('hang')
    const started = performance.now()
    const error = await failure(upsertStickyComment(gitHubClient('token', { ...FAST, baseUrl: github.url }), TARGET, MARKER, BODY, '<!-- v -->'))
    const elapsed = performance.now() - started
    const warning = explainGitHubError(error)
    assert.match(warning, /^timed out after 300 ms waiting for GitHub to answer GET .*\/user \(3 attempts\)$/)
    assert.doesNotMatch(warning, /HTTP/)
    assert.equal(github.requests.length, 3, 'three attempts, then it stops')
    // bounds only the kill: 3 × 300 ms plus backoff, far below the 300 s the HTTP client would wait
    assert.ok(elapsed < 20_000, `gave up after ${Math.round(elapsed)} ms`)
  })

  it('writes the comment after a 502 on the first try', async () => {
    github.script(502, 'POST')
    const result = await upsertStickyComment(gitHubClient('token', { ...FAST, baseUrl: github.url }), TARGET, MARKER, BODY, '<!-- v -->')
    assert.equal(result.action, 'created')
    assert.deepEqual(
      github.comments.map((c) => c.body),
      [BODY],
    )
    assert.equal(github.writes().length, 2, 'the 502 and the retry')
  })

  it('names the status and the attempts when GitHub keeps answering 503', async () => {
    for (let i = 0; i < 3; i++) github.script(503, 'GET')
    const error = await failure(upsertStickyComment(gitHubClient('token', { ...FAST, baseUrl: github.url }), TARGET, MARKER, BODY, '<!-- v -->'))
    assert.match(explainGitHubError(error), /^HTTP 503 \(3 attempts\): scripted 503/)
  })

  it("does not retry a 403 (a fork PR's read-only token): one write, and the fix in the warning", async () => {
    github.options = { readOnly: true }
    const error = await failure(upsertStickyComment(gitHubClient('token', { ...FAST, baseUrl: github.url }), TARGET, MARKER, BODY, '<!-- v -->'))
    assert.equal(github.writes().length, 1)
    assert.match(explainGitHubError(error), /HTTP 403.*permissions: pull-requests: write/)
  })

  it('says "network error" when nothing listens, not "HTTP 500"', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const error = await failure(upsertStickyComment(gitHubClient('token', { ...FAST, baseUrl: `http://127.0.0.1:${port}` }), TARGET, MARKER, BODY, '<!-- v -->'))
    const warning = explainGitHubError(error)
    assert.match(warning, /^network error, no answer from GitHub \(3 attempts\): .*ECONNREFUSED/)
    assert.doesNotMatch(warning, /HTTP 500/)
  })
})
