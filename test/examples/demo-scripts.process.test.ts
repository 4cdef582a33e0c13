import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'

import { test } from 'node:test'
import { promisify } from 'node:util'
import { whatChanged } from '../../examples/demo.ts'

import { readResults as loadResults } from '../cli/harness.ts'

const run = promisify(execFile)

/** A demo as `npm run demo` / `npm run demo:en` runs it: a real process, no colour, no key. */
async function demo(script: string): Promise<string> {
  const env = { ...process.env, NO_COLOR: '1', OPENAI_API_KEY: '' }
  const { stdout } = await run(process.execPath, ['--import', 'tsx', script], { env, timeout: 120_000, maxBuffer: 16 << 20 })
  return stdout.replace(/\s+/g, ' ')
}

const closing = (results: string) => whatChanged(loadResults(results).comparison!).join(' ')

test('npm run demo closes with what its own run changed: completeness_norm failed while retrieval rose', async () => {
  const stdout = await demo('examples/hr-kb/demo.ts')
  assert.match(stdout, /A real PR check would have FAILED here: evalgate exited with code 1\./)
  assert.ok(stdout.includes(`What changed in this run: ${closing('out/results.json')}`), stdout.slice(-800))
  assert.match(stdout, /The gate failed on completeness_norm −0\.\d{3}\. Improved: (?:[\w@]+ \+0\.\d{3}, )*recall@5 \+0\.\d{3}/)
  assert.doesNotMatch(stdout, /retrieval and answer quality drop/)
})

test('npm run demo:en runs the English example end to end and closes with its own changes', async () => {
  const stdout = await demo('examples/saas-kb/demo.ts')
  assert.match(stdout, /baseline heading \(baselines\/saas-kb\.json\) · 44 questions compared/)
  assert.match(stdout, /A real PR check would have FAILED here: evalgate exited with code 1\./)
  assert.ok(stdout.includes(`What changed in this run: ${closing('out/saas-kb-results.json')}`), stdout.slice(-800))
  assert.match(stdout, /The gate failed on (?:[\w@]+ −0\.\d{3}, )*mrr −0\.\d{3}, (?:[\w@]+ −0\.\d{3}, )*completeness_norm −0\.\d{3}/)
  assert.match(stdout, /That is the outcome the example is built for/)
})
