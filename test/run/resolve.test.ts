import { after, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { readInputs } from '../../src/action/inputs.ts'
import { parseCommandLine } from '../../src/cli/main.ts'
import { GateError } from '../../src/io/errors.ts'
import { resolveRun } from '../../src/run/resolve.ts'
import { cleanupTempDirs, makeTempDir, writeText } from '../cli/harness.ts'

after(cleanupTempDirs)

const silent = { stdout: () => undefined, stderr: () => undefined, color: false }

interface InvariantCase {
  name: string
  /** the same options as CLI flags and as Action inputs */
  flags: string[]
  inputs: Record<string, string>
  /** evalgate.yml */
  file?: string
  message: RegExp
  hint: RegExp
}

const cases: InvariantCase[] = [
  {
    name: 'no eval set',
    flags: ['--eval-set-version', 'v1', '--predictions', 'p.jsonl'],
    inputs: { 'eval-set-version': 'v1', predictions: 'p.jsonl' },
    message: /^no eval set given$/,
    hint: /--eval-set FILE/,
  },
  {
    name: 'no eval_set_version',
    flags: ['--eval-set', 'e.csv', '--predictions', 'p.jsonl'],
    inputs: { 'eval-set': 'e.csv', predictions: 'p.jsonl' },
    message: /^no eval_set_version given$/,
    hint: /--eval-set-version V/,
  },
  {
    name: 'no candidate',
    flags: ['--eval-set', 'e.csv', '--eval-set-version', 'v1'],
    inputs: { 'eval-set': 'e.csv', 'eval-set-version': 'v1' },
    message: /^no candidate given$/,
    hint: /--predictions FILE, --candidate-cmd/,
  },
  {
    name: 'two candidates',
    flags: ['--eval-set', 'e.csv', '--eval-set-version', 'v1', '--predictions', 'p.jsonl', '--candidate-cmd', 'cat'],
    inputs: { 'eval-set': 'e.csv', 'eval-set-version': 'v1', predictions: 'p.jsonl', 'candidate-command': 'cat' },
    message: /^more than one candidate given \(predictions, command\)$/,
    hint: /exactly one of/,
  },
  {
    name: 'a refusal phrase among the forbidden words',
    flags: ['--eval-set', 'e.csv', '--eval-set-version', 'v1', '--predictions', 'p.jsonl'],
    inputs: { 'eval-set': 'e.csv', 'eval-set-version': 'v1', predictions: 'p.jsonl' },
    file: 'rules:\n  forbidden: ["不知道"]\n',
    message: /evalgate\.yml \+ (flags|action inputs): rules\.forbidden lists "不知道", which is also a refusal phrase$/,
    hint: /remove it from rules\.forbidden/,
  },
]

function failure(run: () => unknown): GateError {
  try {
    run()
  } catch (error) {
    if (error instanceof GateError) return error
    throw error
  }
  assert.fail('expected a GateError')
}

describe('resolveRun checks what a run needs, with the same error from either shell', () => {
  for (const c of cases) {
    it(`refuses ${c.name}`, () => {
      const t = makeTempDir()
      const config = c.file ? writeText(t.path('evalgate.yml'), c.file) : t.config
      const cli = failure(() => resolveRun(parseCommandLine('run', ['--config', config, ...c.flags], silent).request, 'cli'))
      const inputs: Record<string, string> = { ...c.inputs, config }
      const action = failure(() =>
        resolveRun(
          readInputs((name) => inputs[name] ?? ''),
          'action',
        ),
      )
      assert.match(cli.message, c.message)
      assert.match(cli.hint ?? '', c.hint)
      assert.equal(action.message, cli.message.replace('+ flags', '+ action inputs'))
      assert.equal(action.hint, cli.hint)
      assert.equal(action.code, cli.code)
    })
  }

  it('needs none of it to compare: a gate-only config resolves without an eval set or candidate', () => {
    const t = makeTempDir()
    const config = writeText(t.path('evalgate.yml'), 'candidate:\n  timeout_ms: -1\ngate:\n  max_drop: 0.04\n')
    const { config: resolved, baselinePath } = resolveRun(parseCommandLine('compare', ['--config', config, '--gate-mode', 'significant'], silent).request, 'cli', 'gate')
    assert.deepEqual(resolved.gate, { max_drop: 0.04, gate_mode: 'significant' })
    assert.equal(baselinePath, 'baselines/baseline.json')
  })
})
