/**
 * Issue 28, point 16: each message names the value, the place and the fix.
 */
import { after, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync, writeFileSync } from 'node:fs'
import { cleanupTempDirs, fixture, makeTempDir, nodeCommand, runCli, writeText } from './harness.ts'

after(cleanupTempDirs)

const t = makeTempDir()
const RUN = ['run', '--config', t.config, '--eval-set-version', 'v1']

async function baselineFile(): Promise<string> {
  const results = t.path('results.json')
  const baseline = t.path('baseline.json')
  assert.equal((await runCli([...RUN, '--eval-set', fixture('eval_set.csv'), '--predictions', fixture('good.jsonl'), '--out', results])).code, 0)
  assert.equal((await runCli(['baseline', '--results', results, '--out', baseline])).code, 0)
  return baseline
}

describe('messages name the value, the place and the fix', () => {
  it('a question that is not text: what was expected and what the cell holds, at its line and column', async () => {
    const set = writeText(t.path('q.jsonl'), '{"id":"q1","question":"fine"}\n{"id":"q2","question":{"text":"nested"}}\n{"id":"q3","question":["a"]}\n')
    const run = await runCli([...RUN, '--eval-set', set, '--predictions', fixture('good.jsonl')])
    assert.equal(run.code, 2)
    assert.match(run.stderr, /q\.jsonl:2: column "question": expected text or a number, got an object \{"text":"nested"\}/)
    assert.match(run.stderr, /q\.jsonl:3: column "question": expected text or a number, got a list \["a"\]/)
    assert.doesNotMatch(run.stderr, /Invalid input(?!:)/)
    assert.match(run.stderr, /fix: write the question text/)
  })

  it('a baseline with a UTF-8 byte order mark loads, as an eval set does', async () => {
    const baseline = await baselineFile()
    const bom = t.path('bom-baseline.json')
    writeFileSync(bom, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), readFileSync(baseline)]))
    const run = await runCli([...RUN, '--eval-set', fixture('eval_set.csv'), '--predictions', fixture('good.jsonl'), '--baseline', bom])
    assert.equal(run.code, 0, run.stderr)
  })

  it('NaN in a baseline: located at its line and column, said as such, with the fix', async () => {
    const baseline = await baselineFile()
    const text = readFileSync(baseline, 'utf8')
    const nan = writeText(t.path('nan-baseline.json'), text.replace(/("mrr": )[0-9.]+/, '$1NaN'))
    const line = nan && text.slice(0, text.search(/"mrr": [0-9.]+/)).split('\n').length
    const run = await runCli([...RUN, '--eval-set', fixture('eval_set.csv'), '--predictions', fixture('good.jsonl'), '--baseline', nan])
    assert.equal(run.code, 2)
    assert.match(run.stderr, new RegExp(`nan-baseline\\.json:${line}:\\d+: the baseline is not valid JSON: NaN is not a JSON number`))
    assert.match(run.stderr, /fix: write null for a value nobody could compute/)
  })

  it('schema_version 9: the file is newer than this evalgate, and the fix says so', async () => {
    const baseline = await baselineFile()
    const v9 = writeText(t.path('v9-baseline.json'), readFileSync(baseline, 'utf8').replace('"schema_version": 3', '"schema_version": 9'))
    const run = await runCli([...RUN, '--eval-set', fixture('eval_set.csv'), '--predictions', fixture('good.jsonl'), '--baseline', v9])
    assert.equal(run.code, 2)
    assert.match(run.stderr, /v9-baseline\.json: schema_version 9 is newer than this evalgate reads \(baseline\.json schema_version 1, 2 or 3\)/)
    assert.match(run.stderr, /fix: update evalgate to the version that wrote it .* or write the file again with this evalgate: .*baseline --results/)
    const results = writeText(t.path('v9-results.json'), readFileSync(t.path('results.json'), 'utf8').replace('"schema_version": 3', '"schema_version": 9'))
    const compare = await runCli(['compare', '--config', t.config, '--baseline', baseline, '--candidate', results])
    assert.equal(compare.code, 2)
    assert.match(compare.stderr, /v9-results\.json: schema_version 9 is newer than this evalgate reads \(results\.json schema_version 1, 2 or 3\)/)
  })

  it('a log line on a command candidate’s stdout: answers only on stdout, logs on stderr', async () => {
    const script = writeText(
      t.path('chatty.mjs'),
      "console.log('Loading index from ./index ...')\nprocess.stdin.resume()\nprocess.stdin.on('end', () => console.log(JSON.stringify({ id: 'q1', answer: 'x' })))\n",
    )
    const run = await runCli([...RUN, '--eval-set', fixture('eval_set.csv'), '--candidate-cmd', nodeCommand(script)])
    assert.equal(run.code, 2)
    assert.match(run.stderr, /candidate command stdout:1: not valid JSON/)
    assert.match(run.stderr, /fix: the command must print only its answers on stdout, one JSON object per line .*; print logs and progress on stderr/)
  })

  it('a Latin-1 file is told the encodings its bytes fit, with how each reads them', async () => {
    const latin1 = t.path('latin1.csv')
    writeFileSync(latin1, Buffer.concat([Buffer.from('id,question\nq1,caf'), Buffer.from([0xe9]), Buffer.from(' au lait\n')]))
    const run = await runCli([...RUN, '--eval-set', latin1, '--predictions', fixture('good.jsonl')])
    assert.equal(run.code, 2)
    assert.match(run.stderr, /latin1\.csv:2: not valid UTF-8: byte 0xE9 at byte offset 18; its bytes read as Windows-1252 \(Latin-1\) \("café"\)/)
    assert.match(run.stderr, /fix: .*iconv -f WINDOWS-1252 -t UTF-8/)
    assert.doesNotMatch(run.stderr, /GBK/)
  })

  it('a GBK file is told GBK first, and the other readings to tell them apart', async () => {
    const gbk = t.path('gbk.csv')
    writeFileSync(gbk, Buffer.concat([Buffer.from('id,question\nq1,'), Buffer.from([0xc4, 0xea, 0xbc, 0xd9, 0xbc, 0xb8, 0xcc, 0xec]), Buffer.from('\n')]))
    const run = await runCli([...RUN, '--eval-set', gbk, '--predictions', fixture('good.jsonl')])
    assert.equal(run.code, 2)
    assert.match(run.stderr, /its bytes read as GBK \("年假几天"\), /)
    assert.match(run.stderr, /fix: .*iconv -f GBK -t UTF-8/)
  })
})
