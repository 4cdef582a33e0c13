import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, before, describe, it } from 'node:test'
import { whatChanged } from '../../examples/demo.ts'
import { cleanupTempDirs, makeTempDir, readResults, runCli, type CliRun } from '../cli/harness.ts'

after(cleanupTempDirs)

/*
 * The English example end to end through the CLI, offline: the heading-chunking system rebuilds
 * the committed baseline, and the fixed-chunking system (the demo's pull request) fails against it.
 */
const CONFIG = 'examples/saas-kb/evalgate.yml'
const COMMITTED = 'baselines/saas-kb.json'
const candidate = (chunking: string) => `node --import tsx examples/saas-kb/rag.ts --chunking ${chunking}`
/** created_at is the only field of a baseline that depends on when it was written */
const withoutDate = (text: string) => text.replace(/"created_at": "[^"]*"/, '"created_at": "…"')

const t = makeTempDir()
let headingRun: CliRun
let prRun: CliRun

describe('examples/saas-kb: the English example', () => {
  before(async () => {
    headingRun = await runCli([
      'run',
      '--config',
      CONFIG,
      '--no-baseline',
      '--version',
      'heading',
      '--candidate-cmd',
      candidate('heading'),
      '--out',
      t.path('heading.json'),
      '--report',
      t.path('heading.md'),
    ])
    prRun = await runCli(['run', '--config', CONFIG, '--out', t.path('pr.json'), '--report', t.path('pr.md')])
  })

  it('a fresh run of the heading system reproduces the committed baseline, except created_at', async () => {
    assert.equal(headingRun.code, 0, headingRun.stderr)
    const written = await runCli(['baseline', '--results', t.path('heading.json'), '--out', t.path('saas-kb.json'), '--version', 'heading'])
    assert.equal(written.code, 0, written.stderr)
    assert.equal(withoutDate(readFileSync(t.path('saas-kb.json'), 'utf8')), withoutDate(readFileSync(COMMITTED, 'utf8')))
  })

  it('the heading system answers with [N] citations that count, and refuses every should-refuse question', () => {
    const results = readResults(t.path('heading.json'))
    assert.equal(results.run.question_count, 44)
    assert.ok((results.metrics.citation_ok?.mean ?? 0) > 0.95, `citation_ok ${results.metrics.citation_ok?.mean}`)
    assert.equal(results.metrics.citation_valid?.mean, 1)
    assert.equal(results.metrics.refuse_ok?.mean, 1)
    assert.equal(results.metrics.length_ok?.mean, 1)
    assert.match(results.questions['saas-001']?.answer ?? '', /\[1\]\.$/)
  })

  it('the fixed-chunking pull request fails the gate on answer completeness and retrieval, and its reasons quote in “…”', () => {
    assert.equal(prRun.code, 1, prRun.stderr)
    const comparison = readResults(t.path('pr.json')).comparison!
    assert.equal(comparison.baseline.path, COMMITTED)
    assert.equal(comparison.baseline.fingerprint_check, 'match')
    const failed = comparison.failures.map((f) => ('metric' in f ? f.metric : f.category))
    for (const metric of ['completeness_norm', 'mrr', 'context_recall']) assert.ok(failed.includes(metric), `${metric} in ${failed.join(', ')}`)
    const closing = whatChanged(comparison).join(' ')
    for (const metric of failed) assert.ok(closing.includes(metric), `${metric} in "${closing}"`)
    const report = readFileSync(t.path('pr.md'), 'utf8')
    assert.match(report, /“[^”]+”/)
    assert.doesNotMatch(report + readFileSync(t.path('pr.json'), 'utf8'), /[「」]|文档/)
  })
})
