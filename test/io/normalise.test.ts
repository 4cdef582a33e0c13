import assert from 'node:assert/strict'
import { test } from 'node:test'
import { nfc, normaliseId } from '../../src/text/ids.ts'

const naiveId = (id: string) => id.normalize('NFC').replace(/\r\n?/g, '\n').trim()

const texts = [
  '',
  'doc-7',
  '  doc-7\t',
  'a\r\nb\rc\nd',
  'line\r',
  'e\u0301', // e + combining acute: NFC composes it
  '\u1100\u1161', // Hangul jamo: NFC composes them
  'Å',
  'caf\u00e9',
  '文档1',
  '\u00a0padded\u00a0',
  '\u000b\u000cform\u0000feed',
  '\u212b', // ANGSTROM SIGN: NFC maps it to Å
  'tab\tand~tilde',
]

test('normaliseId is NFC, CR/CRLF as LF and trimmed, for plain ASCII and anything else', () => {
  for (const text of texts) assert.equal(normaliseId(text), naiveId(text), JSON.stringify(text))
})

test('nfc is String.prototype.normalize("NFC") for every code point below U+3000 after a letter, and for the samples', () => {
  for (const text of texts) assert.equal(nfc(text), text.normalize('NFC'), JSON.stringify(text))
  for (let code = 0; code < 0x3000; code++) {
    const text = `a${String.fromCharCode(code)}`
    assert.equal(nfc(text), text.normalize('NFC'), code.toString(16))
  }
})
