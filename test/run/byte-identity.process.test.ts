import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { gunzipSync } from 'node:zlib'
import { byteIdentityOutputs, FIXTURE_DIR, fixtureName } from './byteIdentityRuns.ts'
import { REGENERATE_HINT } from '../helpers/regenerate.ts'

/** The committed reference output, as text. */
function reference(name: string): string {
  const file = fixtureName(name)
  const bytes = readFileSync(new URL(file, FIXTURE_DIR))
  return (file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8')
}

/** The first line where two texts differ, so a failure says where a score or an interval moved. */
function firstDifference(actual: string, expected: string): string {
  const a = actual.split('\n')
  const e = expected.split('\n')
  const i = a.findIndex((line, j) => line !== e[j])
  const at = i === -1 ? a.length : i
  return `line ${at + 1}:\n  now:       ${a[at] ?? '(end of file)'}\n  reference: ${e[at] ?? '(end of file)'}`
}

/**
 * The eval set's fingerprint is of a new kind since results schema 3 (a sum of row hashes,
 * baseline/fingerprint.ts): its value is the one thing that changes by design, so it is set
 * aside on both sides (test/baseline/fingerprint.process.test.ts pins both kinds).
 */
function withoutFingerprint(text: string): string {
  return text.replace(/("eval_set_fingerprint": )"[^"]*"/g, '$1"<fingerprint>"').replace(/fingerprint `[0-9a-f]{12}`/g, 'fingerprint `<fingerprint>`')
}

describe('speed never changes a result (issue 13)', () => {
  it('writes results.json and the report byte for byte as the reference code did, apart from timings', async () => {
    const outputs = await byteIdentityOutputs()
    assert.deepEqual([...outputs.keys()].sort(), ['example-report.md', 'example-results.json', 'gen-none-report.md', 'gen-none-results.json', 'gen-report.md', 'gen-results.json'])
    for (const [name, written] of outputs) {
      const expected = withoutFingerprint(reference(name))
      const text = withoutFingerprint(written)
      if (text !== expected) assert.fail(`${name} differs from test/fixtures/byte-identity/${fixtureName(name)} at ${firstDifference(text, expected)}\n${REGENERATE_HINT}`)
    }
  })
})
