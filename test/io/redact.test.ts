import { afterEach, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { StreamRedactor, clearSecrets, redactSecrets, registerSecret } from '../../src/io/redact.ts'
import { writeFileStreamed } from '../../src/io/safeWrite.ts'

const KEY = 'sk-live_a1b2*c3d4'

afterEach(() => clearSecrets())

describe('the redactor', () => {
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

  it('finds a secret cut in two by a chunk boundary', () => {
    registerSecret(KEY)
    const text = `${'a'.repeat(50)}${KEY}${'b'.repeat(50)}${KEY}`
    for (let size = 1; size <= 40; size++) {
      const redactor = new StreamRedactor()
      let out = ''
      for (let i = 0; i < text.length; i += size) out += redactor.push(text.slice(i, i + size))
      out += redactor.end()
      assert.equal(out, `${'a'.repeat(50)}***${'b'.repeat(50)}***`, `chunks of ${size}`)
    }
  })

  it('the safe writer redacts every chunk it writes, text or UTF-8 bytes, and keeps other bytes and a BOM as they are', () => {
    registerSecret(KEY)
    const dir = mkdtempSync(join(tmpdir(), 'evalgate-redact-'))
    try {
      const file = join(dir, 'out.txt')
      writeFileStreamed(file, (write) => {
        write(Buffer.from(`\uFEFFold ${KEY}\n`, 'utf8'))
        write(`new ${KEY.slice(0, 5)}`)
        write(`${KEY.slice(5)} 年\n`)
        write(Buffer.from([0xff, 0xfe, 0x00]))
      })
      assert.deepEqual(readFileSync(file), Buffer.concat([Buffer.from('\uFEFFold ***\nnew *** 年\n', 'utf8'), Buffer.from([0xff, 0xfe, 0x00])]))
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
