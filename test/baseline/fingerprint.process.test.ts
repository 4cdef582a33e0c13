import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { combineFingerprints, fingerprintRows, FINGERPRINT_PREFIX, isLegacyFingerprint, legacyFingerprint, shortFingerprint } from '../../src/baseline/fingerprint.ts'
import { loadEvalSet } from '../../src/run/evalSet/evalSet.ts'
import { shardRows } from '../../src/run/evalSet/shard.ts'

const example = () => loadEvalSet('examples/hr-kb/eval_set_v1.csv')

describe('the eval-set fingerprint (results schema 3)', () => {
  it('adds up over the shards to the whole set’s, for any shard count and any row order', async () => {
    const rows = (await example()).rows
    const whole = fingerprintRows(rows)
    assert.match(whole, /^sha256-sum:[0-9a-f]{64}$/)
    for (const count of [2, 3, 5, 8]) {
      const shards = Array.from({ length: count }, (_, i) => fingerprintRows(shardRows([...rows].reverse(), i + 1, count)))
      assert.equal(new Set(shards).size, count, 'each shard has its own rows’ sum')
      assert.equal(combineFingerprints(shards.reverse()), whole, `${count} shards`)
    }
  })

  it('changes with any one row edited, and not with the order of the rows', async () => {
    const rows = (await example()).rows
    const whole = fingerprintRows(rows)
    assert.equal(fingerprintRows([...rows.slice(7), ...rows.slice(0, 7)]), whole)
    const edited = rows.map((r, i) => (i === 11 ? { ...r, reference_points: [...r.reference_points, '另需主管签字'] } : r))
    assert.notEqual(fingerprintRows(edited), whole)
    assert.notEqual(fingerprintRows(rows.slice(1)), whole, 'a row taken out')
  })

  it('recomputes the older kind exactly as evalgate wrote it before schema 3', async () => {
    // what main wrote (at 8d82c40 and still at 77a361e): its committed example baselines, and test/fixtures/schema2/baseline.json
    const written = [
      ['examples/hr-kb/eval_set_v1.csv', 'sha256:886e8ebd94e6cdca57e7b57e07a6f3c5ab27118ea67a658a69fbe86e6a01481a'],
      ['examples/saas-kb/eval_set_v1.csv', 'sha256:b84d557d67de6fac8304dfefb45f8f3a2335ff4b90548a7420b0912383cc7aa8'],
      ['test/fixtures/cli/eval_set.csv', (JSON.parse(readFileSync('test/fixtures/schema2/baseline.json', 'utf8')) as { eval_set_fingerprint: string }).eval_set_fingerprint],
    ]
    for (const [evalSet, fingerprint] of written) {
      assert.ok(isLegacyFingerprint(fingerprint!), evalSet)
      const rows = (await loadEvalSet(evalSet!)).rows
      assert.equal(legacyFingerprint(rows), fingerprint, evalSet)
      assert.ok(!isLegacyFingerprint(fingerprintRows(rows)))
    }
  })

  it('refuses to add up a fingerprint of another kind, and shortens either kind to its first 12 digits', async () => {
    const rows = (await example()).rows
    assert.equal(combineFingerprints([fingerprintRows(rows), legacyFingerprint(rows)]), null)
    assert.equal(combineFingerprints([`${FINGERPRINT_PREFIX}xyz`]), null)
    assert.equal(shortFingerprint('sha256:886e8ebd94e6cdca57e7'), '886e8ebd94e6')
    assert.equal(shortFingerprint(`${FINGERPRINT_PREFIX}0123456789abcdef`), '0123456789ab')
  })
})
