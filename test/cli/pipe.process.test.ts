/**
 * `evalgate … | head`: the reader goes away after a few lines, and every later write fails
 * with EPIPE. The CLI drops the rest of its output quietly and exits with its own status,
 * as `grep` or `git log` do; it used to die on an unhandled 'error' event with a stack trace.
 * A real shell pipe, a real process.
 */
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { after, before, describe, it } from 'node:test'
import { cleanupTempDirs, makeTempDir, sh } from './harness.ts'
import { cliCommand, ROOT } from '../helpers/cli-process.ts'

after(cleanupTempDirs)

/** Runs `CLI ARGS | head -n 1` in bash; returns what head printed, the CLI's stderr and its exit status. */
function piped(cli: readonly string[], args: readonly string[], stderrFile: string): { head: string; stderr: string; status: number } {
  const command = `${[...cli, ...args].map(sh).join(' ')} 2>${sh(stderrFile)} | head -n 1; echo "status=\${PIPESTATUS[0]}"`
  const out = execFileSync('bash', ['-c', command], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } })
  const status = Number(/status=(\d+)/.exec(out)?.[1])
  return { head: out.split('\n')[0]!, stderr: execFileSync('cat', [stderrFile], { encoding: 'utf8' }), status }
}

describe('output piped into head', () => {
  const t = makeTempDir()
  let cli: string[]
  before(async () => {
    cli = await cliCommand(t.dir)
    // 3,000 questions in pairs: 1,500 duplicate findings, far more than a pipe's 64 KiB buffer
    const rows = Array.from({ length: 3000 }, (_, i) => `q${i},How do I reset password number ${Math.floor(i / 2)} please?,account`)
    writeFileSync(t.path('big.csv'), ['id,question,category', ...rows].join('\n') + '\n')
    writeFileSync(t.path('none.yml'), '')
  })

  it('lint-set | head -n 1: the first line, no EPIPE or stack trace, and lint-set’s own exit status (1: errors found)', () => {
    const r = piped(cli, ['lint-set', t.path('big.csv'), '--config', t.path('none.yml')], t.path('stderr.txt'))
    assert.match(r.head, /^evalgate lint-set: .*big\.csv, 3000 questions$/)
    assert.doesNotMatch(r.stderr, /EPIPE|Error|at /, r.stderr)
    assert.equal(r.status, 1)
  })

  it('--help | head -n 1 exits 0 with nothing on stderr', () => {
    const r = piped(cli, ['run', '--help'], t.path('stderr-help.txt'))
    assert.match(r.head, /^Usage: evalgate run/)
    assert.equal(r.stderr, '')
    assert.equal(r.status, 0)
  })
})
