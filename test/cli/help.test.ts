import { after, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { main } from '../../src/cli/main.ts'
import { COMMANDS } from '../../src/run/options/option.ts'
import { optionsOf } from '../../src/run/options/options.ts'
import { cleanupTempDirs, fixture, makeTempDir, runCli } from './harness.ts'

after(cleanupTempDirs)

describe('--help comes from the option table', () => {
  for (const command of COMMANDS) {
    it(`lists the options evalgate ${command} takes, and no other`, async () => {
      const help = (await runCli([command, '--help'])).stdout
      const listed = new Set([...help.matchAll(/^ {2}(--[a-z0-9-]+)/gm)].map((m) => m[1]!))
      const takes = new Set(optionsOf(command).map((o) => `--${o.flag}`))
      for (const flag of listed) assert.ok(takes.has(flag), `${command} --help lists ${flag}, which it does not take`)
      const own = command === 'calibrate-noise' ? optionsOf(command).filter((o) => !optionsOf('run').includes(o)) : optionsOf(command)
      for (const o of own.filter((o) => o.help)) assert.ok(listed.has(`--${o.flag}`) || help.includes(o.label ?? '\u0000'), `${command} --help lacks --${o.flag}`)
    })
  }

  it('shows the defaults the config schema and the gate settings define', async () => {
    const help = (await runCli(['run', '--help'])).stdout
    assert.match(help, /--max-drop X +allowed drop of any metric before the gate fails \(default 0\.02\)/)
    assert.match(help, /--candidate-timeout MS +timeout for the candidate command \(default 300000\)/)
    assert.match(help, /--judge lexical\|openai\|azure\|anthropic\|none\n {27}lexical: offline, deterministic \(default\); openai: an LLM judge over any\n {27}OpenAI-compatible endpoint/)
  })
})

describe('--help of the commands that gate names the gate settings (issue 12.2)', () => {
  for (const command of ['run', 'compare', 'merge']) {
    it(`evalgate ${command} --help says latency is gated only with latency_rise, on p50 and p95, above latency_min_ms (default 50 ms)`, async () => {
      const help = (await runCli([command, '--help'])).stdout.replace(/\s+/g, ' ')
      assert.match(help, /Gate settings \(under gate: in evalgate\.yml, or kept in the baseline\)/)
      assert.match(help, /max_drop 0\.02, .*question_drop 0\.25, gate_mode strict/)
      assert.match(help, /latency_rise \(not set: latency is reported, not gated; .*the p50 or p95 latency across questions fails/)
      assert.match(help, /latency_min_ms, default 50 ms\)\. latency_min_ms without latency_rise is an error\./)
    })
  }
})

describe('--no-color', () => {
  it('prints the terminal view without colour codes', async () => {
    const t = makeTempDir()
    const args = ['run', '--config', t.config, '--eval-set', fixture('eval_set.csv'), '--eval-set-version', 'v1', '--predictions', fixture('good.jsonl')]
    const run = async (...more: string[]) => {
      let stdout = ''
      const code = await main([...args, ...more], { stdout: (s) => void (stdout += s), stderr: () => undefined, color: true })
      assert.equal(code, 0)
      return stdout
    }
    const ESC = String.fromCharCode(27)
    assert.ok((await run()).includes(`${ESC}[`), 'a colour terminal gets colour')
    assert.ok(!(await run('--no-color')).includes(`${ESC}[`))
  })
})

describe('merge --help', () => {
  it('lists --gate-mode, which merge --baseline obeys', async () => {
    assert.match((await runCli(['merge', '--help'])).stdout, /--gate-mode MODE +strict/)
  })
})

describe('an internal error has an exit code of its own (issue 30)', () => {
  it('a failure that is not the input (here: the terminal write throws) exits 3, says it is a bug and how to report it', async () => {
    const stderr: string[] = []
    const code = await main(['run', '--help'], {
      stdout: () => {
        throw new TypeError('the terminal went away')
      },
      stderr: (text) => stderr.push(text),
      color: false,
    })
    assert.equal(code, 3)
    assert.match(stderr.join(''), /^evalgate run: internal error: TypeError: the terminal went away\n[\s\S]*\n {2}this is a bug in evalgate, not in your input: please report it/)
  })

  it('bad input stays 2, and --help documents 3 beside 0, 1 and 2', async () => {
    const stderr: string[] = []
    const stdout: string[] = []
    assert.equal(await main(['run', '--no-such-flag'], { stdout: () => undefined, stderr: (t) => stderr.push(t), color: false }), 2)
    assert.doesNotMatch(stderr.join(''), /internal error/)
    assert.equal(await main(['--help'], { stdout: (t) => stdout.push(t), stderr: () => undefined, color: false }), 0)
    assert.match(stdout.join(''), /3 an internal error of evalgate/)
  })
})
