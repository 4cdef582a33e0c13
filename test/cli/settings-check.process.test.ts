/**
 * Inputs that load but would silently mean something else: `evalgate run` says so on stderr
 * (a warning naming the file and row, or the question) and still runs.
 */
import assert from 'node:assert/strict'
import { after, describe, it } from 'node:test'
import { cleanupTempDirs, makeTempDir, runCli, sh, writeText } from './harness.ts'

after(cleanupTempDirs)

async function run(evalSet: string, predictions: string) {
  const t = makeTempDir()
  const result = await runCli([
    'run',
    '--config',
    t.config,
    '--eval-set',
    writeText(t.path('eval.csv'), evalSet),
    '--eval-set-version',
    'v1',
    '--predictions',
    writeText(t.path('pred.jsonl'), predictions),
    '--out',
    t.path('results.json'),
  ])
  return { ...result, path: t.path }
}

const ANSWERS = '{"id":"q1","answer":"入职满一年后有5天年假[文档1]","retrieved_ids":["D1"]}\n{"id":"q2","answer":"需要医院的诊断证明[文档1]","retrieved_ids":["D2"]}\n'

describe('evalgate run warns about separators that split nothing', () => {
  it('names the file and row of a "," inside reference_points and relevant_doc_ids', async () => {
    const result = await run('id,question,reference_points,relevant_doc_ids\nq1,年假有几天？,"5天,带薪",D1\nq2,病假需要什么材料？,诊断证明,"D2,D3"\n', ANSWERS)
    assert.equal(result.code, 0, result.stderr)
    assert.ok(result.stderr.includes(`warning: ${result.path('eval.csv')}:2: column "reference_points" has commas between parts`), result.stderr)
    assert.ok(result.stderr.includes(`warning: ${result.path('eval.csv')}:3: column "relevant_doc_ids" has ","`), result.stderr)
  })

  it('says nothing for items separated as the format says', async () => {
    const result = await run('id,question,reference_points,relevant_doc_ids\nq1,年假有几天？,5天;带薪,D1\nq2,病假需要什么材料？,诊断证明,D2|D3\n', ANSWERS)
    assert.equal(result.code, 0, result.stderr)
    assert.doesNotMatch(result.stderr, /warning/)
  })
})

describe('evalgate run refuses a candidate command whose answers are in a misnamed field', () => {
  it('exits 2 with "did you mean answer" instead of scoring empty answers', async () => {
    const t = makeTempDir()
    const reply = '{"id":"q1","output":"5天[文档1]"}\n{"id":"q2","output":"诊断证明[文档1]"}\n'
    const result = await runCli([
      'run',
      '--config',
      t.config,
      '--eval-set',
      writeText(t.path('eval.csv'), 'id,question\nq1,年假有几天？\nq2,病假需要什么材料？\n'),
      '--eval-set-version',
      'v1',
      '--candidate-cmd',
      `cat >/dev/null; printf %s ${sh(reply)}`,
      '--out',
      t.path('results.json'),
    ])
    assert.equal(result.code, 2, result.stderr)
    assert.match(result.stderr, /candidate command stdout:1: column "output": unknown field; did you mean "answer"\?/)
    assert.match(result.stderr, /fix: name it answer/)
  })
})

describe('evalgate run warns when a retrieved id matches a relevant one only with its ":N" read as a grade', () => {
  it('names the question whose perfect retrieval of "page:2" scores as a miss', async () => {
    const answers = '{"id":"q1","answer":"入职满一年后有5天年假[文档1]","retrieved_ids":["page:2"]}\n{"id":"q2","answer":"需要医院的诊断证明[文档1]","retrieved_ids":["D2"]}\n'
    const result = await run('id,question,relevant_doc_ids\nq1,年假有几天？,page:2\nq2,病假需要什么材料？,D2\n', answers)
    assert.equal(result.code, 0, result.stderr)
    assert.match(result.stderr, /warning: 1 question\(s\) retrieved an id that matches a relevant id only when its ":N" is read as a grade.*: q1 \(retrieved "page:2", relevant "page"\)/)
  })
})
