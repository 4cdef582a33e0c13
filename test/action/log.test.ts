/* eslint-disable no-control-regex -- these tests look for control characters on purpose */
import { afterEach, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { log, maskSecret } from '../../src/action/log.ts'
import { clearSecrets } from '../../src/text/redact.ts'

/** What @actions/core writes to stdout (the runner reads workflow commands from there) during `action`. */
function captureStdout(action: () => void): string {
  const chunks: string[] = []
  const write = process.stdout.write.bind(process.stdout)
  process.stdout.write = ((chunk: string | Uint8Array) => {
    chunks.push(String(chunk))
    return true
  }) as typeof process.stdout.write
  try {
    action()
  } finally {
    process.stdout.write = write
  }
  return chunks.join('')
}

// the unit files share a process: a hook at the top would run after every test of every file

describe("the Action's log", () => {
  afterEach(() => clearSecrets())

  it('gives untrusted text no workflow command, no escape sequence and no secret', () => {
    const out = captureStdout(() => {
      maskSecret('ghs_secret-token-value')
      log.info('question: x\n::stop-commands::tok\n\u001b]8;;https://evil.example\u0007 token ghs_secret-token-value')
      log.warning('::error::y\n##[error]z', { title: 'evil\u001b[2J title ghs_secret-token-value' })
      log.error('id ::set-env name=X::1')
    })
    const lines = out.split('\n').filter((line) => line !== '' && !line.startsWith('::add-mask::'))
    // @actions/core's own commands (::warning, ::error) start lines; nothing of ours does
    const ours = lines.filter((line) => !/^::(warning|error)( title=[^:]*)?::/.test(line))
    assert.deepEqual(
      ours.filter((line) => /^\s*::/.test(line)),
      [],
      out,
    )
    assert.doesNotMatch(out, /\u001b|##\[/)
    assert.ok(!lines.some((line) => line.includes('ghs_secret-token-value')), out)
    assert.ok(out.includes('token ***'), out)
  })
})
