import { test } from 'node:test'
import assert from 'node:assert/strict'
import { scoreCitationValidity } from '../../src/metrics/citations.ts'

test('citation_valid is the share of citations pointing to an existing context: [文档1][文档3] with 2 contexts is 0.5', () => {
  const result = scoreCitationValidity('见[文档1][文档3]', 2)
  assert.equal(result.value, 0.5)
  assert.match(result.reason ?? '', /文档3/)
})

test('citation_valid is 1 when every citation points to a context', () => {
  assert.equal(scoreCitationValidity('见[文档1]和[doc 2]', 2).value, 1)
})

test('citation_valid treats [文档0] as invalid: citations are numbered from 1', () => {
  assert.equal(scoreCitationValidity('见[文档0][文档1]', 3).value, 0.5)
})

test('citation_valid is null with a reason when the answer cites nothing', () => {
  const result = scoreCitationValidity('一线城市每晚不超过500元', 2)
  assert.equal(result.value, null)
  assert.ok(result.reason)
})

test('citation_valid counts bare [N] citations and names a bad one as the answer wrote it', () => {
  const result = scoreCitationValidity('Refunds take 5 to 10 business days [1]. Duplicates are refunded in full [4].', 3)
  assert.equal(result.value, 0.5)
  assert.equal(result.reason, 'cites [4] but only 3 contexts were given')
  assert.equal(scoreCitationValidity('See [1].', 1).value, 1)
})
