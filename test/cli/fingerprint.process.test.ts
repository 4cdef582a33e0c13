import { after, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs'
import { fingerprintRows } from '../../src/baseline/fingerprint.ts'
import { loadEvalSet } from '../../src/run/evalSet/evalSet.ts'
import { cleanupTempDirs, fixture, makeTempDir, readResults, runCli } from './harness.ts'

/**
 * test/fixtures/schema2/baseline.json was written by evalgate before results schema 3 (main at
 * 77a361e) from test/fixtures/cli/good.jsonl: its eval_set_fingerprint is of the older kind.
 */
const OLD_BASELINE = 'test/fixtures/schema2/baseline.json'
const EVAL_SET = 'test/fixtures/cli/eval_set.csv'

after(cleanupTempDirs)

function setup() {
  const t = makeTempDir()
  copyFileSync(OLD_BASELINE, t.path('baseline.json'))
  const run = (extra: string[], evalSet = EVAL_SET) =>
    runCli(['run', '--config', t.config, '--eval-set', evalSet, '--eval-set-version', 'v1', '--k', '3,5', '--predictions', fixture('worse.jsonl'), ...extra])
  return { ...t, run }
}

describe('baselines written with the older fingerprint', () => {
  it('compare as the same set when the eval set still hashes to it, and say so on stderr', async () => {
    const t = setup()
    const r = await t.run(['--baseline', t.path('baseline.json'), '--out', t.path('r.json')])
    assert.notEqual(r.code, 2, r.stderr)
    const results = readResults(t.path('r.json'))
    assert.equal(results.comparison?.baseline.fingerprint_check, 'match')
    assert.notEqual(results.comparison?.verdict, 'incomparable')
    assert.match(results.run.eval_set_fingerprint, /^sha256-sum:/)
    assert.match(r.stderr, /fingerprint is of the kind written before results schema 3, and the eval set still hashes to it/)
  })

  it('still catch an eval set edited since, as an edited set', async () => {
    const t = setup()
    const edited = readFileSync(EVAL_SET, 'utf8').replace('每年有5天带薪年假', '每年有6天带薪年假')
    assert.notEqual(edited, readFileSync(EVAL_SET, 'utf8'), 'the fixture has that text to edit')
    writeFileSync(t.path('edited.csv'), edited)
    const r = await t.run(['--baseline', t.path('baseline.json'), '--out', t.path('r.json')], t.path('edited.csv'))
    assert.equal(r.code, 2)
    const reasons = readResults(t.path('r.json')).comparison?.reasons.join('\n') ?? ''
    assert.match(reasons, /has eval_set_fingerprint 92e1baaca8bf but the eval set now hashes to [0-9a-f]{12}: the eval set was edited/)
  })

  it('compare with a results.json by recomputing from the eval set it names, and without it say why rather than "edited"', async () => {
    const t = setup()
    assert.notEqual((await t.run(['--out', t.path('r.json')])).code, 2)
    const compared = await runCli(['compare', '--config', t.config, '--baseline', t.path('baseline.json'), '--candidate', t.path('r.json'), '--out', t.path('c.json')])
    assert.notEqual(compared.code, 2, compared.stderr)
    assert.equal(readResults(t.path('c.json')).comparison?.baseline.fingerprint_check, 'match')

    const moved = JSON.parse(readFileSync(t.path('r.json'), 'utf8')) as { run: { eval_set_path: string } }
    moved.run.eval_set_path = t.path('gone.csv')
    writeFileSync(t.path('moved.json'), JSON.stringify(moved))
    const unknown = await runCli(['compare', '--config', t.config, '--baseline', t.path('baseline.json'), '--candidate', t.path('moved.json'), '--out', t.path('c2.json')])
    assert.equal(unknown.code, 2)
    const reasons = readResults(t.path('c2.json')).comparison?.reasons.join('\n') ?? ''
    assert.match(reasons, /kind evalgate wrote before results schema 3, which is recomputed from the eval set/)
    assert.doesNotMatch(reasons, /edited/)
  })

  it('compare with merged shards', async () => {
    const t = setup()
    for (const i of [1, 2, 3]) assert.notEqual((await t.run(['--shard', `${i}/3`, '--out', t.path(`s${i}.json`)])).code, 2)
    const merged = await runCli(['merge', '--config', t.config, '--baseline', t.path('baseline.json'), '--out', t.path('m.json'), t.path('s1.json'), t.path('s2.json'), t.path('s3.json')])
    assert.notEqual(merged.code, 2, merged.stderr)
    assert.equal(readResults(t.path('m.json')).comparison?.baseline.fingerprint_check, 'match')
  })
})

describe('a shard’s fingerprint', () => {
  it('covers its own rows, and merge adds the shards’ up to the whole set’s', async () => {
    const t = setup()
    assert.notEqual((await t.run(['--out', t.path('full.json')])).code, 2)
    for (const i of [1, 2]) assert.notEqual((await t.run(['--shard', `${i}/2`, '--out', t.path(`s${i}.json`)])).code, 2)
    const shards = [1, 2].map((i) => readResults(t.path(`s${i}.json`)))
    const rows = (await loadEvalSet(EVAL_SET)).rows
    for (const shard of shards) {
      const own = rows.filter((r) => Object.hasOwn(shard.questions, r.id))
      assert.equal(shard.run.eval_set_fingerprint, fingerprintRows(own))
    }
    assert.notEqual((await runCli(['merge', '--config', t.config, '--out', t.path('m.json'), t.path('s1.json'), t.path('s2.json')])).code, 2)
    assert.equal(readResults(t.path('m.json')).run.eval_set_fingerprint, readResults(t.path('full.json')).run.eval_set_fingerprint)
  })
})
