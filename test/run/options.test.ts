import { after, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { readInputs } from '../../src/action/inputs.ts'
import { parseCommandLine } from '../../src/cli/commandLine.ts'
import { GateError } from '../../src/io/errors.ts'
import { COMMANDS, type OptionSpec } from '../../src/run/options/option.ts'
import { OPTIONS, optionsOf } from '../../src/run/options/options.ts'
import { resolveRun } from '../../src/run/config/resolve.ts'
import { cleanupTempDirs, makeTempDir, writeText } from '../cli/harness.ts'

after(cleanupTempDirs)

const silent = { stdout: () => undefined, stderr: () => undefined, color: false }
const shared = OPTIONS.filter((o) => o.flag !== undefined && o.input !== undefined)

/** The Action as the runner starts it: the input in INPUT_<NAME>, read by @actions/core. */
function fromEnv(spec: OptionSpec, value: string) {
  const name = `INPUT_${spec.input!.toUpperCase()}`
  process.env[name] = value
  try {
    return readInputs()
  } finally {
    delete process.env[name]
  }
}

function fromFlag(spec: OptionSpec, value: string) {
  return parseCommandLine(spec.commands[0]!, [`--${spec.flag}`, value], silent)
}

function get(value: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], value)
}

describe('the option table drives both shells', () => {
  it('has options that both a flag and an input give', () => assert.ok(shared.length >= 15, shared.map((o) => o.flag).join(', ')))

  for (const spec of shared) {
    it(`parses --${spec.flag} ${spec.example} and input ${spec.input} identically`, async () => {
      const cli = fromFlag(spec, spec.example!)
      const action = fromEnv(spec, spec.example!)
      assert.deepEqual(cli.request.overrides, action.overrides)
      assert.equal(cli.request.configFile, action.configFile)
      if (spec.setting === undefined) return
      // and they resolve to the same config, with the value where the setting says
      const config = makeTempDir().config
      const viaCli = (await resolveRun({ ...cli.request, configFile: config }, 'cli', 'settings')).config
      const viaAction = (await resolveRun({ ...action, configFile: config }, 'action', 'settings')).config
      assert.deepEqual(viaCli, viaAction)
      assert.notEqual(get(viaCli, spec.setting), undefined, `${spec.setting} is set`)
    })
  }

  for (const spec of shared.filter((o) => o.value !== 'text')) {
    it(`rejects a bad --${spec.flag} and a bad input ${spec.input}, each naming the option as its shell spells it`, async () => {
      assert.throws(
        () => fromFlag(spec, 'x!'),
        (e: unknown) => e instanceof GateError && e.code === 'usage' && e.message.startsWith(`--${spec.flag} expects `) && e.message.endsWith('got "x!"'),
      )
      assert.throws(
        () => fromEnv(spec, 'x!'),
        (e: unknown) => e instanceof GateError && e.code === 'usage' && e.message.startsWith(`input "${spec.input}": expected `) && /with:/.test(e.hint ?? ''),
      )
    })
  }

  it('treats an empty or blank value as not given, in both shells', async () => {
    const spec = shared.find((o) => o.flag === 'max-drop')!
    assert.deepEqual(fromFlag(spec, '  ').request.overrides, {})
    assert.deepEqual(fromEnv(spec, '  ').overrides, {})
  })

  it('gives every setting an option names a place in the config schema', async () => {
    const config = makeTempDir().config
    for (const spec of OPTIONS.filter((o) => o.setting !== undefined && o.flag !== undefined && o.value !== 'switch')) {
      // a timeout belongs to a command candidate: alone it names no candidate
      const with_ = spec.setting === 'candidate.timeout_ms' ? ['--candidate-cmd', 'cat'] : []
      const { request } = parseCommandLine(spec.commands[0]!, [`--${spec.flag}`, spec.example ?? 'x', ...with_], silent)
      assert.notEqual(get((await resolveRun({ ...request, configFile: config }, 'cli', 'settings')).config, spec.setting!), undefined, `--${spec.flag} → ${spec.setting}`)
    }
  })

  it('never gives a command the same flag twice', async () => {
    for (const command of COMMANDS) {
      const flags = optionsOf(command).map((o) => o.flag)
      assert.deepEqual(flags, [...new Set(flags)], command)
    }
  })
})

describe('--no-baseline', () => {
  it('removes the baseline evalgate.yml names', async () => {
    const t = makeTempDir()
    const config = writeText(t.path('evalgate.yml'), 'baseline: baselines/old.json\neval_set: e.csv\n')
    const keep = parseCommandLine('run', ['--config', config], silent)
    assert.equal((await resolveRun(keep.request, 'cli', 'settings')).config.baseline, 'baselines/old.json')
    const drop = parseCommandLine('run', ['--config', config, '--no-baseline'], silent)
    const resolved = await resolveRun(drop.request, 'cli', 'settings')
    assert.equal(resolved.config.baseline, undefined)
    assert.equal(resolved.config.eval_set, 'e.csv', 'and nothing else')
  })

  it('contradicts --baseline', async () => {
    assert.throws(
      () => parseCommandLine('run', ['--baseline', 'b.json', '--no-baseline'], silent),
      (e: unknown) => e instanceof GateError && e.message === '--baseline and --no-baseline contradict each other' && e.hint === 'use one of them',
    )
  })
})

describe('judge.concurrency', () => {
  const resolve = (value: string) => resolveRun(parseCommandLine('run', ['--config', makeTempDir().config, '--concurrency', value], silent).request, 'cli', 'settings')

  it('allows up to 512 judge calls in flight (issue 13: the cap of 64 went)', async () => {
    assert.equal((await resolve('64')).config.judge.concurrency, 64)
    assert.equal((await resolve('512')).config.judge.concurrency, 512)
  })

  it('refuses more than 512 by name, with the limit and what to set instead', async () => {
    await assert.rejects(
      () => resolve('513'),
      (e: unknown) => e instanceof GateError && /judge\.concurrency/.test(e.message) && /at most 512 judge calls in flight at once; set it to what the endpoint's rate limit allows/.test(e.message),
    )
  })
})
