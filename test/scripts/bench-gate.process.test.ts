/**
 * npm run bench:gate measures the whole gate: every metric at once, each mode, at n = 50 and 200,
 * with Wilson intervals; the false-alarm and detection figures in docs/statistics.md are its printed table.
 * Run here with a handful of eval sets (the figures themselves take minutes and live in docs/statistics.md).
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT } from '../helpers/cli-process.ts'

const MODES = [
  'strict, max_drop 0.02',
  'significant',
  'one-metric gate (accuracy_norm, significant)',
  'strict, calibrate-noise --rerun-candidate 5 limits',
  'significant, gate.primary [accuracy_norm]',
  'significant, --sequential',
]

describe('npm run bench:gate', () => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'bench', 'gate.ts')], {
    cwd: ROOT,
    env: { ...process.env, BENCH_GATE_PAIRS: '3', BENCH_GATE_NS: '50,200' },
    encoding: 'utf8',
  })

  it("prints the whole gate's false alarms and detection per mode at n = 50 and 200, with Wilson intervals", () => {
    assert.equal(run.status, 0, run.stderr)
    const out = run.stdout
    assert.match(out, /the whole gate \(18 metrics, 14 test families, all gated at once\)/)
    for (const n of [50, 200]) {
      const block = out.split(`n = ${n}\n`)[1]!.split('\n\n')[0]!
      for (const scenario of ['unchanged (false alarm)', 'clear failure (detection)', 'clear pass (false alarm)', 'unchanged, conversations (false alarm)'])
        assert.ok(block.includes(scenario), `${scenario} at n = ${n}`)
      assert.match(block, /accuracy_norm −0\.\d\d \(detection\)/)
      for (const mode of MODES) assert.ok(block.includes(mode), `${mode} at n = ${n}`)
      // every row: a rate and its 95% Wilson interval; --sequential rows also the calls saved
      const rows = block.split('\n').slice(1)
      assert.ok(rows.length >= 20)
      for (const row of rows) assert.match(row, /\d+\.\d% {2}\[\d+\.\d, \d+\.\d\]/, row)
      for (const row of rows.filter((r) => r.includes('--sequential'))) assert.match(row, /\]\s+\d+\.\d%$/, row)
    }
  })

  it('is where the documented gate figures come from (docs/statistics.md), and the page says so', () => {
    const page = readFileSync(join(ROOT, 'docs/statistics.md'), 'utf8')
    const section = page.split('### How often each mode is right')[1]!.split('\n## ')[0]!
    assert.match(section, /npm run bench:gate/)
    // the figures are the bench's own table: its header and rows, pasted as printed
    const header = run.stdout.split('\n')[0]!.replace(/\d+ simulated eval sets/, '300 simulated eval sets')
    assert.ok(section.includes(header), "docs/statistics.md quotes the bench's header line for 300 eval sets per n")
    for (const mode of MODES) assert.ok(section.includes(mode), mode)
  })
})
