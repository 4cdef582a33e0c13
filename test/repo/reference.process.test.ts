/**
 * The reference writes itself: action.yml's inputs, the Action's inputs and outputs tables, the
 * CLI reference and the metric table are generated from the option table, the --help texts and
 * the metric definitions (scripts/referenceParts.ts), and a committed copy that drifted from
 * them fails here, naming the command that rewrites it.
 */
import { describe, it, after } from 'node:test'
import assert from 'node:assert/strict'
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { registry } from '../../src/metrics/registry.ts'
import { COMMANDS } from '../../src/run/options/option.ts'
import { actionInputs, optionsOf } from '../../src/run/options/options.ts'
import { JUDGE_PROVIDERS } from '../../src/schemas/judgeConfig.ts'
import { driftedFiles, FIX_COMMAND, replaceBlock, renderReference, withActionInputs, yamlScalar, type Read } from '../../scripts/referenceParts.ts'
import { ROOT, runCliProcess } from '../helpers/cli-process.ts'
import { cleanupTempDirs, makeTempDir } from '../cli/harness.ts'
import { REGENERATE_COMMAND } from '../helpers/regenerate.ts'

after(cleanupTempDirs)

const readIn =
  (root: string): Read =>
  (path) =>
    existsSync(join(root, path)) ? readFileSync(join(root, path), 'utf8') : null
const read = readIn(ROOT)
const page = (path: string) => read(path) ?? assert.fail(`${path} does not exist: run "${FIX_COMMAND}"`)

/** The `### \`evalgate CMD --help\`` section of docs/cli.md. */
function cliSection(command: string): string {
  const text = page('docs/cli.md')
  const start = text.indexOf(`### \`evalgate ${command} --help\``)
  assert.ok(start >= 0, `docs/cli.md has no section for ${command}`)
  const end = text.indexOf('\n### ', start + 1)
  return text.slice(start, end < 0 ? undefined : end)
}

describe('the generated reference', () => {
  it('is up to date with the code it is generated from', () => {
    const drifted = driftedFiles(read)
    assert.deepEqual(
      drifted,
      [],
      `${drifted.join(', ')} drifted from the option table, the --help texts or the metric definitions: run "${FIX_COMMAND}" (alone, or as part of "${REGENERATE_COMMAND}") and commit the result`,
    )
  })

  it('lists every Action input, the budget and plan inputs among them, and every output the Action sets', () => {
    const action = page('docs/action.md')
    for (const spec of actionInputs()) assert.match(action, new RegExp(`^\\| \`${spec.input}\` \\|`, 'm'), `docs/action.md lacks input ${spec.input}`)
    for (const input of ['budget-calls', 'budget-usd', 'plan-only', 'judge-api-version']) assert.ok(action.includes(`| \`${input}\` |`), input)
    const declared = Object.keys((parse(page('action.yml')) as { outputs: Record<string, unknown> }).outputs)
    const set = readdirSync(join(ROOT, 'src/action'), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) => [...readFileSync(join(ROOT, 'src/action', f), 'utf8').matchAll(/setOutput\('([\w-]+)'/g)].map((m) => m[1]!))
    assert.deepEqual([...new Set(set)].sort(), [...declared].sort(), 'action.yml declares exactly the outputs src/action/ sets')
    for (const output of declared) assert.ok(action.includes(`| \`${output}\` |`), `docs/action.md lacks output ${output}`)
  })

  it("lists every command's flags as its --help does, --judge with every provider", () => {
    for (const command of COMMANDS) {
      const section = cliSection(command)
      // calibrate-noise takes run's options, and its --help lists only its own beside them
      const inherited = new Set(command === 'calibrate-noise' ? optionsOf('run') : [])
      const listed = optionsOf(command).filter((o) => o.help !== undefined && o.label === undefined && !inherited.has(o))
      for (const option of listed) assert.ok(section.includes(`--${option.flag}`), `docs/cli.md: ${command} lacks --${option.flag}`)
    }
    const run = cliSection('run')
    for (const flag of ['--judge-api-version', '--budget-calls', '--budget-usd', '--plan-only']) assert.ok(run.includes(flag), flag)
    assert.ok(run.includes(`--judge ${JUDGE_PROVIDERS.join('|')}\n`), 'the --judge choices: every provider')
  })

  it('has one metric row per definition, with its direction and range', () => {
    const metrics = page('docs/metrics.md')
    for (const d of registry.definitions) {
      const row = new RegExp(`^\\| \`${d.name.replace(/[@]/g, '\\$&')}\` \\|.*\\| ${d.direction.better} \\| (0–1|0 or 1|ms, ≥ 0) \\|`, 'm')
      assert.match(metrics, row, `docs/metrics.md: the row of ${d.name}`)
    }
    assert.match(metrics, /^\| `latency_ms` \|.*\| lower is better \| ms, ≥ 0 \|/m)
  })
})

describe('the generator', () => {
  it('quotes a YAML scalar only where YAML needs it, and every one reads back as written', () => {
    const texts = [
      'plain words (e.g. 5,10).',
      'true',
      'false',
      'no',
      '5',
      '0.02',
      'mode: accept: the label',
      '${{ github.token }}',
      'a # comment?',
      '"quoted"',
      "it's",
      '- a list?',
      'x: {"a": 1}',
      'ends with space ',
      '',
    ]
    for (const text of texts) assert.equal((parse(`v: ${yamlScalar(text)}`) as { v: unknown }).v, text, text)
    assert.equal(yamlScalar('Label of the system under test.'), 'Label of the system under test.')
    assert.equal(yamlScalar('true'), '"true"')
    assert.equal(yamlScalar('evalgate:accept'), '"evalgate:accept"')
  })

  it("rewrites action.yml's inputs block only, keeping its other parts as written", () => {
    const before = 'name: x  # kept\ninputs:\n  old:\n    description: gone\noutputs:\n  verdict:\n    description: kept\nruns:\n  using: node24\n'
    const after = withActionInputs(before, actionInputs())
    assert.ok(after.startsWith('name: x  # kept\ninputs:\n  config:\n'))
    assert.ok(after.endsWith('outputs:\n  verdict:\n    description: kept\nruns:\n  using: node24\n'))
    assert.ok(!after.includes('old:'))
    const inputs = (parse(after) as { inputs: Record<string, { description: string; default?: string }> }).inputs
    for (const spec of actionInputs()) {
      assert.equal(inputs[spec.input!]?.description, spec.description)
      assert.equal(inputs[spec.input!]?.default, spec.actionDefault ?? spec.default)
    }
  })

  it('replaces what lies between the markers and keeps the prose around them; a page without them is an error naming it', () => {
    const text = 'intro\n<!-- generated:x -->\nold\n<!-- /generated:x -->\noutro\n'
    const once = replaceBlock(text, 'p.md', 'x', 'new table')
    assert.match(once, /^intro\n<!-- generated:x -->\n<!--[^\n]*npm run reference[^\n]*-->\nnew table\n<!-- \/generated:x -->\noutro\n$/)
    assert.equal(replaceBlock(once, 'p.md', 'x', 'new table'), once)
    assert.throws(() => replaceBlock('intro\n', 'docs/p.md', 'x', ''), /docs\/p\.md: no "<!-- generated:x -->"/)
    assert.ok(renderReference(read).has('action.yml'))
  })

  it(`--check names the drifted file and exits 1; "${FIX_COMMAND}" writes it back`, async () => {
    const t = makeTempDir()
    mkdirSync(join(t.dir, 'docs'))
    cpSync(join(ROOT, 'action.yml'), join(t.dir, 'action.yml'))
    for (const f of ['action.md', 'cli.md', 'metrics.md']) cpSync(join(ROOT, 'docs', f), join(t.dir, 'docs', f))
    const cli = t.path('docs/cli.md')
    writeFileSync(cli, readFileSync(cli, 'utf8').replace('--plan-only', '--plan-onyl') + '\nprose kept\n')
    const env = { ...process.env, EVALGATE_REFERENCE_ROOT: t.dir }
    const check = await runCliProcess([process.execPath, '--import', 'tsx', 'scripts/reference.ts'], ['--check'], undefined, env)
    assert.equal(check.code, 1, check.stderr)
    assert.match(check.stdout, /^docs\/cli\.md: out of date/m)
    assert.doesNotMatch(check.stdout, /action\.yml|metrics\.md/)
    assert.ok(check.stdout.includes(FIX_COMMAND))
    const write = await runCliProcess([process.execPath, '--import', 'tsx', 'scripts/reference.ts'], [], undefined, env)
    assert.equal(write.code, 0, write.stderr)
    assert.equal(write.stdout, 'wrote docs/cli.md\n')
    assert.deepEqual(driftedFiles(readIn(t.dir)), [])
    assert.ok(readFileSync(cli, 'utf8').endsWith('\nprose kept\n'))
  })
})

describe('the README', () => {
  const readme = page('README.md')

  it('stays a first read of at most 400 lines, the reference living in docs/', () => {
    const lines = readme.split('\n').length - 1
    assert.ok(lines <= 400, `README.md has ${lines} lines: move reference text to a page of docs/ (one page per topic) and link it`)
  })

  it('shows the offline demo and the test command on its first screen', () => {
    const first = readme.split('\n').slice(0, 15).join('\n')
    assert.match(first, /^npm ci && npm run demo {4}# .*offline, no API key$/m)
    assert.match(first, /^npm ci && npm test {8}# the test suite$/m)
    const scripts = (JSON.parse(page('package.json')) as { scripts: Record<string, string> }).scripts
    assert.ok(scripts.demo && scripts.test)
  })

  it('keeps install, quick start, the Action workflow and how the gate decides, and links every page of docs/', () => {
    for (const heading of ['## Install', '## Quick start in your own project', '## Use it in GitHub Actions', '## How the gate decides']) assert.ok(readme.includes(`\n${heading}\n`), heading)
    const pages = readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md') && f !== 'README.md' && f !== 'ARCHITECTURE.md')
    assert.ok(pages.length >= 10, 'the reference is split into pages')
    const index = page('docs/README.md')
    for (const f of pages) {
      assert.ok(readme.includes(`](docs/${f})`) || readme.includes(`](docs/${f}#`), `README.md links docs/${f}`)
      assert.ok(index.includes(`](${f})`), `docs/README.md links ${f}`)
    }
  })

  it('links only to pages and anchors that exist', () => {
    const anchors = (text: string) =>
      new Set(
        [...text.matchAll(/^#+ (.+)$/gm)].map((m) =>
          m[1]!
            .toLowerCase()
            .replace(/[^\p{L}\p{N} -]/gu, '')
            .replaceAll(' ', '-'),
        ),
      )
    const broken: string[] = []
    for (const file of ['README.md', ...readdirSync(join(ROOT, 'docs')).map((f) => `docs/${f}`)]) {
      const dir = file.includes('/') ? 'docs/' : ''
      for (const [, target, anchor] of page(file).matchAll(/\]\(([^)#\s]*)(?:#([^)\s]+))?\)/g)) {
        if (/^https?:/.test(target!)) continue
        const path = target === '' ? file : join(dir, target!)
        const text = read(path.replace(/\/$/, '/README.md'))
        if (text === null && !existsSync(join(ROOT, path))) broken.push(`${file}: ${target}`)
        else if (anchor && text !== null && !anchors(text).has(anchor)) broken.push(`${file}: ${target}#${anchor}`)
      }
    }
    assert.deepEqual(broken, [])
  })
})
