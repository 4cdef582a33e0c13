import { afterEach, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { clearSecrets, redactSecrets, registerSecret } from '../../src/text/redact.ts'
import { writeFileStreamed } from '../../src/io/safeWrite.ts'

const KEY = 'sk-live_a1b2*c3d4'

// the unit files share a process: a hook at the top would run after every test of every file

describe('the redactor', () => {
  afterEach(() => clearSecrets())

  it('hides a registered secret raw, Markdown-escaped, JSON-escaped and as HTML entities', () => {
    registerSecret(KEY)
    for (const form of [KEY, 'sk-live\\_a1b2\\*c3d4', JSON.stringify(KEY).slice(1, -1), 'sk&#45;live_a1b2&#42;c3d4']) {
      assert.equal(redactSecrets(`before ${form} after`), 'before *** after', form)
    }
  })

  it('hides each line of a multi-line secret, the longer of two overlapping secrets whole, and ignores values too short to mask', () => {
    registerSecret('line-one-secret\nline-two-secret')
    registerSecret('abcd')
    registerSecret('abcdefgh')
    registerSecret('ab')
    assert.equal(redactSecrets('x line-two-secret y abcdefgh z ab'), 'x *** y *** z ab')
  })

  it('the safe writer writes the bytes it is given as they are: it rewrites nothing, redaction is done on the values before', () => {
    registerSecret(KEY)
    const dir = mkdtempSync(join(tmpdir(), 'evalgate-redact-'))
    try {
      const file = join(dir, 'out.txt')
      const bytes = Buffer.concat([Buffer.from(`\uFEFFold ${KEY}\n年\n`, 'utf8'), Buffer.from([0xff, 0xfe, 0x00])])
      writeFileStreamed(file, (write) => write(bytes))
      assert.deepEqual(readFileSync(file), bytes)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
