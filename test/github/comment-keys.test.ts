/**
 * Issue 28, point 14: sticky-comment keys that differ only in punctuation (`faq v2`, `faq_v2`)
 * were written as one marker and so shared one comment.
 */
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { gitHubClient } from '../../src/github/client.ts'
import { commentMarker, upsertStickyComment } from '../../src/github/comments.ts'
import { FakeGitHub } from '../helpers/github-server.ts'

describe('sticky-comment keys that differ only in punctuation are different comments', () => {
  let github: FakeGitHub
  before(async () => {
    github = await new FakeGitHub().start()
  })
  after(() => github.stop())

  it('every key has its own marker: no two of them are equal, none holds "--", plain keys keep their old marker', () => {
    const keys = [
      'faq v2',
      'faq_v2',
      'faq-v2',
      'faq.v2',
      'faq/v2',
      'faq:v2',
      'faq%v2',
      'faq%2Bv2',
      'faq+v2',
      'faq--v2',
      'faq-_v2',
      'faq---v2',
      'FAQ v2',
      'faq v2 ',
      '常见问题',
      '常见-问题',
      'a-',
      'a--',
      'default',
      'default-2',
    ]
    const markers = keys.map(commentMarker)
    assert.equal(new Set(markers).size, keys.length, markers.join('\n'))
    for (const m of markers) assert.ok(!m.slice(4, -3).includes('--'), m)
    assert.equal(commentMarker('default'), '<!-- evalgate:default -->')
    assert.equal(commentMarker('hr-kb_matrix.v1/x:y'), '<!-- evalgate:hr-kb_matrix.v1/x:y -->')
  })

  it('two gates keyed "faq v2" and "faq_v2" keep two comments on the PR', async () => {
    const octokit = gitHubClient('test-token', { baseUrl: github.url })
    const target = { owner: 'o', repo: 'r', issueNumber: 7 }
    for (const key of ['faq v2', 'faq_v2']) await upsertStickyComment(octokit, target, commentMarker(key), `${commentMarker(key)}\nreport for ${key}`, '<!-- volatile -->')
    assert.equal(github.comments.length, 2)
    assert.deepEqual(github.comments.map((c) => c.body.split('\n')[1]).sort(), ['report for faq v2', 'report for faq_v2'])
  })
})
