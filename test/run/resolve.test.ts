import { after, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { readInputs } from '../../src/action/inputs.ts'
import { parseCommandLine } from '../../src/cli/commandLine.ts'
import { GateError } from '../../src/io/errors.ts'
import { resolveRun } from '../../src/run/config/resolve.ts'
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
    // where the file gives it
    message: /evalgate\.yml:2:14: rules\.forbidden lists "不知道", which is also a refusal phrase$/,
    hint: /remove it from rules\.forbidden/,
  },
  {
    name: 'eval_set_version: 1.10 unquoted in evalgate.yml (YAML reads it as 1.1)',
    flags: ['--eval-set', 'e.csv', '--predictions', 'p.jsonl'],
    inputs: { 'eval-set': 'e.csv', predictions: 'p.jsonl' },
    file: 'eval_set: e.csv\neval_set_version: 1.10\n',
    message: /evalgate\.yml:2:19: eval_set_version: 1\.10 is a number to YAML \(it reads as 1\.1\), but a version is a label$/,
    hint: /^quote it: eval_set_version: "1\.10"$/,
  },
  {
    name: 'version: 2 unquoted in evalgate.yml, even though the flags give eval_set_version',
    flags: ['--eval-set', 'e.csv', '--eval-set-version', 'v1', '--predictions', 'p.jsonl'],
    inputs: { 'eval-set': 'e.csv', 'eval-set-version': 'v1', predictions: 'p.jsonl' },
    file: 'version: 2\n',
    message: /evalgate\.yml:1:10: version: 2 is a number to YAML/,
    hint: /^quote it: version: "2"$/,
  },
  {
    name: 'a cut-off given twice in k',
    flags: ['--eval-set', 'e.csv', '--eval-set-version', 'v1', '--predictions', 'p.jsonl', '--k', '5,10,5'],
    inputs: { 'eval-set': 'e.csv', 'eval-set-version': 'v1', predictions: 'p.jsonl', k: '5,10,5' },
    // the flag or input that gives it
    message: /^(--k|input "k"): setting "k": k lists 5 twice: give each cut-off once, e\.g\. \[5, 10\]$/,
    hint: /fix the value/,
  },
  {
    name: 'a cut-off given twice in evalgate.yml',
    flags: ['--eval-set', 'e.csv', '--eval-set-version', 'v1', '--predictions', 'p.jsonl'],
    inputs: { 'eval-set': 'e.csv', 'eval-set-version': 'v1', predictions: 'p.jsonl' },
    file: 'k: [3, 3]\n',
    message: /evalgate\.yml:1:4: setting "k": k lists 3 twice/,
    hint: /fix the value/,
  },
  {
    name: 'an empty forbidden word, located at the item in evalgate.yml',
    flags: ['--eval-set', 'e.csv', '--eval-set-version', 'v1', '--predictions', 'p.jsonl'],
    inputs: { 'eval-set': 'e.csv', 'eval-set-version': 'v1', predictions: 'p.jsonl' },
    file: 'rules:\n  forbidden: [ok, ""]\n',
    message: /evalgate\.yml:2:19: setting "rules\.forbidden\.1": /,
    hint: /fix the value/,
  },
  {
    name: 'a max_drop the file gives and a flag overrides: the flag is named, not the file',
    flags: ['--eval-set', 'e.csv', '--eval-set-version', 'v1', '--predictions', 'p.jsonl', '--max-drop', '3'],
    inputs: { 'eval-set': 'e.csv', 'eval-set-version': 'v1', predictions: 'p.jsonl', 'max-drop': '3' },
    file: 'gate:\n  max_drop: 0.05\n',
    message: /^(--max-drop|input "max-drop"): setting "gate\.max_drop": must be between 0 and 1/,
    hint: /fix the value/,
  },
]

async function failure(run: () => unknown): Promise<GateError> {
  try {
    await run()
  } catch (error) {
    if (error instanceof GateError) return error
    throw error
  }
  assert.fail('expected a GateError')
}

describe('resolveRun checks what a run needs, with the same error from either shell', () => {
  for (const c of cases) {
    it(`refuses ${c.name}`, async () => {
      const t = makeTempDir()
      const config = c.file ? writeText(t.path('evalgate.yml'), c.file) : t.config
      const cli = await failure(() => resolveRun(parseCommandLine('run', ['--config', config, ...c.flags], silent).request, 'cli'))
      const inputs: Record<string, string> = { ...c.inputs, config }
      const action = await failure(() =>
        resolveRun(
          readInputs((name) => inputs[name] ?? ''),
          'action',
        ),
      )
      assert.match(cli.message, c.message)
      assert.match(cli.hint ?? '', c.hint)
      assert.equal(action.message, cli.message.replace('+ flags', '+ action inputs').replace(/^--([\w-]+): /, 'input "$1": '))
      assert.equal(action.hint, cli.hint)
      assert.equal(action.code, cli.code)
    })
  }

  it('needs none of it to compare: a gate-only config resolves without an eval set or candidate', async () => {
    const t = makeTempDir()
    const config = writeText(t.path('evalgate.yml'), 'candidate:\n  timeout_ms: -1\ngate:\n  max_drop: 0.04\n')
    const { config: resolved, baselinePath } = await resolveRun(parseCommandLine('compare', ['--config', config, '--gate-mode', 'significant'], silent).request, 'cli', 'gate')
    assert.deepEqual(resolved.gate, { max_drop: 0.04, gate_mode: 'significant' })
    assert.equal(baselinePath, 'baselines/baseline.json')
  })

  it('refuses a YAML alias bomb (billion laughs) as not valid YAML, not as an internal error', async () => {
    const t = makeTempDir()
    const levels = ['a: &a ["x","x","x","x","x","x","x","x","x"]']
    for (const [name, below] of [
      ['b', 'a'],
      ['c', 'b'],
      ['d', 'c'],
      ['e', 'd'],
      ['f', 'e'],
    ])
      levels.push(`${name}: &${name} [${Array(9).fill(`*${below}`).join(',')}]`)
    const config = writeText(t.path('evalgate.yml'), levels.join('\n') + '\n')
    const error = await failure(() => resolveRun(parseCommandLine('run', ['--config', config], silent).request, 'cli'))
    assert.match(error.message, /evalgate\.yml: not valid YAML: Excessive alias count/)
  })

  it('takes quoted versions as written', async () => {
    const t = makeTempDir()
    const config = writeText(t.path('evalgate.yml'), 'eval_set: e.csv\neval_set_version: "1.10"\nversion: \'2\'\ncandidate:\n  predictions: p.jsonl\n')
    const { config: resolved } = await resolveRun(parseCommandLine('run', ['--config', config], silent).request, 'cli')
    assert.equal(resolved.eval_set_version, '1.10')
    assert.equal(resolved.version, '2')
  })
})
