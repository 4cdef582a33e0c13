/**
 * Ids are data, never object keys with a prototype: `__proto__`, `constructor`, `toString` and
 * `hasOwnProperty` are ordinary question ids from the eval set through the candidate, the
 * scores, results.json, the baseline, shards and merge, to the verdict. Ids are NFC-normalised
 * wherever they are read, and a JSONL id that JSON cannot hold exactly is an error.
 * Run through real processes, as CI runs evalgate.
 */
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, before, describe, it } from 'node:test'
import { cliCommand, runCliProcess, type ProcessRun } from '../helpers/cli-process.ts'
import { cleanupTempDirs, fixture, makeTempDir, readResults, runCli, writeText } from './harness.ts'

after(cleanupTempDirs)

const CAFE_NFC = 'caf\u00e9'
const CAFE_NFD = 'cafe\u0301'
/** the fixture's ids → hostile ones; q3 (worse.jsonl's regression) becomes `__proto__` */
const RENAME: Record<string, string> = { q1: 'constructor', q2: 'toString', q3: '__proto__', q4: 'hasOwnProperty', q5: CAFE_NFC }
const IDS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', CAFE_NFC, 'q6', 'q7']

const t = makeTempDir()

function renamedEvalSet(): string {
  const lines = readFileSync(fixture('eval_set.csv'), 'utf8').trimEnd().split('\n')
  return [lines[0], ...lines.slice(1).map((line) => line.replace(/^q\d/, (id) => RENAME[id] ?? id))].join('\n') + '\n'
}

/** A predictions file with the renamed ids; the café answer uses the NFD spelling, as a macOS tool would write it. */
function renamedPredictions(file: string): string {
  return (
    readFileSync(fixture(file), 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => {
        const row = JSON.parse(line) as { id: string }
        const id = RENAME[row.id] ?? row.id
        return JSON.stringify({ ...row, id: id === CAFE_NFC ? CAFE_NFD : id })
      })
      .join('\n') + '\n'
  )
}

const evalSet = writeText(t.path('eval.csv'), renamedEvalSet())
const good = writeText(t.path('good.jsonl'), renamedPredictions('good.jsonl'))
const worse = writeText(t.path('worse.jsonl'), renamedPredictions('worse.jsonl'))
const runArgs = (predictions: string, ...extra: string[]) => ['run', '--config', t.config, '--eval-set', evalSet, '--eval-set-version', 'v1', '--predictions', predictions, ...extra]

describe('ids that are names of Object.prototype members, through real processes', () => {
  let cli: string[]
  let gated: ProcessRun
  const baselineFile = t.path('baseline.json')
  const worseResults = t.path('worse.json')

  before(async () => {
    cli = await cliCommand(t.dir)
    const first = await runCliProcess(cli, runArgs(good, '--out', t.path('good.json')))
    assert.equal(first.code, 0, first.stderr)
    const written = await runCliProcess(cli, ['baseline', '--results', t.path('good.json'), '--out', baselineFile])
    assert.equal(written.code, 0, written.stderr)
    gated = await runCliProcess(cli, runArgs(worse, '--baseline', baselineFile, '--out', worseResults))
  })

  it('keeps every question in results.json and baseline.json, __proto__ included', () => {
    const results = readResults(t.path('good.json'))
    assert.equal(results.run.question_count, 7)
    assert.deepEqual(Object.keys(results.questions).sort(), [...IDS].sort())
    assert.equal(results.metrics.rules_pass?.n, 7, 'every question is scored and summarised')
    const baseline = JSON.parse(readFileSync(baselineFile, 'utf8')) as { questions: Record<string, unknown> }
    assert.deepEqual(Object.keys(baseline.questions).sort(), [...IDS].sort())
    assert.match(readFileSync(baselineFile, 'utf8'), /"__proto__": \{/)
  })

  it('matches an NFD id in the predictions to the NFC id of the eval set', () => {
    const results = readResults(t.path('good.json'))
    assert.equal(results.questions[CAFE_NFC]?.errors.candidate, undefined)
    assert.match(results.questions[CAFE_NFC]!.answer, /试用期/)
  })

  it('fails the gate (exit 1) on a regression of question __proto__', () => {
    assert.equal(gated.code, 1, gated.stdout + gated.stderr)
    const results = readResults(worseResults)
    assert.equal(results.comparison?.verdict, 'fail')
    assert.equal(results.comparison?.common, 7)
    assert.deepEqual(Object.keys(results.questions).sort(), [...IDS].sort())
    assert.ok(
      results.comparison!.regressions.some((r) => r.id === '__proto__'),
      JSON.stringify(results.comparison!.regressions.map((r) => r.id)),
    )
    assert.deepEqual(results.comparison!.added, [])
    assert.deepEqual(results.comparison!.removed, [])
  })

  it('merges shards holding __proto__ and gates the merged run', async () => {
    const shards = [t.path('shard-1.json'), t.path('shard-2.json')]
    for (const [i, out] of shards.entries()) {
      const shard = await runCliProcess(cli, runArgs(worse, '--shard', `${i + 1}/2`, '--out', out))
      assert.equal(shard.code, 0, shard.stderr)
    }
    const merged = t.path('merged.json')
    const result = await runCliProcess(cli, ['merge', '--config', t.config, '--baseline', baselineFile, '--out', merged, ...shards])
    assert.equal(result.code, 1, result.stdout + result.stderr)
    const results = readResults(merged)
    assert.deepEqual(Object.keys(results.questions).sort(), [...IDS].sort())
    assert.ok(results.comparison!.regressions.some((r) => r.id === '__proto__'))
  })
})

describe('JSONL ids beyond 2^53', () => {
  it('refuses a predictions id that JSON.parse would round, naming the file and line (exit 2)', async () => {
    const d = makeTempDir()
    const lines = renamedPredictions('good.jsonl').trimEnd().split('\n')
    lines[1] = lines[1]!.replace('"id":"toString"', '"id":9007199254740993')
    const predictions = writeText(d.path('big.jsonl'), lines.join('\n') + '\n')
    const result = await runCli(runArgs(predictions))
    assert.equal(result.code, 2, result.stdout + result.stderr)
    assert.match(result.stderr, /big\.jsonl:2: column "id": id 9007199254740992 is a number beyond 2\^53/)
    assert.match(result.stderr, /as a string/)
  })

  it('refuses such an id in a JSONL eval set, and accepts a safe integer id', async () => {
    const d = makeTempDir()
    const evalJsonl = writeText(d.path('eval.jsonl'), '{"id": 12, "question": "a?"}\n{"id": 18014398509481985, "question": "b?"}\n')
    const result = await runCli(['run', '--config', d.config, '--eval-set', evalJsonl, '--eval-set-version', 'v1', '--predictions', good])
    assert.equal(result.code, 2, result.stdout + result.stderr)
    assert.match(result.stderr, /eval\.jsonl:2: column "id": id 18014398509481984 is a number beyond 2\^53/)
    assert.doesNotMatch(result.stderr, /eval\.jsonl:1/)
  })
})
