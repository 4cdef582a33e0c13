import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { getOctokit } from '@actions/github'
import { commentMarker, upsertStickyComment } from '../../src/github/comments.ts'
import { FakeGitHub } from '../helpers/github-server.ts'

const TARGET = { owner: 'o', repo: 'r', issueNumber: 7 }
const VOLATILE = '<!-- volatile -->'

describe('upsertStickyComment', () => {
  let github: FakeGitHub
  before(async () => {
    github = await new FakeGitHub().start()
  })
  after(async () => {
    await github.stop()
  })

  it('leaves alone a comment whose first line merely starts with our marker, and one with another key', async () => {
    github.comments.length = 0
    const marker = commentMarker('default')
    const lookalike = github.addComment(`${marker}x\nanother workflow's comment`, 'github-actions[bot]', 'Bot')
    const otherKey = github.addComment(`${commentMarker('default-2')}\nanother gate`, 'github-actions[bot]', 'Bot')
    const octokit = getOctokit('token', { baseUrl: github.url })
    const result = await upsertStickyComment(octokit, TARGET, marker, `${marker}\nour report`, VOLATILE)
    assert.equal(result.action, 'created')
    assert.equal(lookalike.body, `${marker}x\nanother workflow's comment`)
    assert.equal(otherKey.body, `${commentMarker('default-2')}\nanother gate`)
    assert.equal(github.unexpected.length, 0)
  })

  it('updates the comment whose first line is exactly our marker, also when GitHub stored it with CRLF', async () => {
    github.comments.length = 0
    const marker = commentMarker('default')
    const ours = github.addComment(`${marker}\r\nold report`, 'github-actions[bot]', 'Bot')
    const octokit = getOctokit('token', { baseUrl: github.url })
    const result = await upsertStickyComment(octokit, TARGET, marker, `${marker}\nnew report`, VOLATILE)
    assert.equal(result.action, 'updated')
    assert.equal(result.id, ours.id)
    assert.equal(ours.body, `${marker}\nnew report`)
  })
})
