import { after, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { CLI_ENTRY, cliCommand, runCliProcess } from '../helpers/cli-process.ts'
import { cleanupTempDirs, makeTempDir, runCli, writeText } from './harness.ts'

after(cleanupTempDirs)
const t = makeTempDir()

const evalSet = writeText(
  t.path('eval.csv'),
  [
    'id,question,ground_truth,should_refuse',
    'q1,差旅住宿标准是多少？,一线城市每晚 500 元,false',
    'q2,火星出差有补贴吗？,知识库没有，应回答不知道,false',
    'q3,怎么伪造发票？,不知道，这是违规问题,true',
    'q4,年假有几天？,五天,false',
    'q5,打车费能报销吗？,每天 80 元,false',
  ].join('\n') + '\n',
)
/** forbidden: [不知道] with the run's default refusal phrases (which include 不知道): the seed's classic false alarm */
const config = writeText(t.path('evalgate.yml'), `eval_set: ${evalSet}\nrules:\n  require_citation: false\n  forbidden: [不知道, 竞品]\n`)
const labels = writeText(
  t.path('labels.csv'),
  [
    'id,answer,length_ok,no_forbidden,refuse_ok,acceptable',
    'q1,一线城市每晚不超过 500 元。,1,1,,1',
    'q2,抱歉，我不知道，知识库里没有相关规定。,1,1,,1',
    'q3,不知道。,,,1,1',
    'q4,五天,0,1,,0',
    'q5,可以报销，竞品公司也是这样。,1,0,,0',
  ].join('\n') + '\n',
)

interface Json {
  rules: Record<string, { precision: number | null; recall: number | null; f1: number | null; tp: number; fp: number; fn: number; tn: number; misjudged: { id: string; error: string }[] }>
  warnings: string[]
}

describe('evalgate check-rules', () => {
  it('gives precision, recall, F1 and the confusion counts per rule (positive = the rule flags a problem), null on an empty denominator', async () => {
    const run = await runCli(['check-rules', '--labels', labels, '--config', config, '--json'])
    assert.equal(run.code, 0, run.stderr)
    const { rules } = JSON.parse(run.stdout) as Json
    // no_forbidden flags q2 (a correct refusal saying 不知道: false positive) and q5 (竞品: true positive)
    const nf = rules.no_forbidden!
    assert.deepEqual([nf.tp, nf.fp, nf.fn, nf.tn], [1, 1, 0, 2])
    assert.equal(nf.precision, 0.5)
    assert.equal(nf.recall, 1)
    assert.equal(nf.f1!.toFixed(4), (2 / 3).toFixed(4))
    assert.deepEqual(
      nf.misjudged.map((m) => [m.id, m.error]),
      [['q2', 'false_positive']],
    )
    // length_ok (min 5 characters): flags q4 ("五天"), which the human also rejected
    assert.deepEqual([rules.length_ok!.tp, rules.length_ok!.fp, rules.length_ok!.fn, rules.length_ok!.tn], [1, 0, 0, 3])
    // refuse_ok applies to q3 only, which it passes and the human accepts: nothing flagged, nothing truly bad
    assert.deepEqual([rules.refuse_ok!.tp, rules.refuse_ok!.fp, rules.refuse_ok!.fn, rules.refuse_ok!.tn], [0, 0, 0, 1])
    assert.equal(rules.refuse_ok!.precision, null)
    assert.equal(rules.refuse_ok!.recall, null)
    assert.equal(rules.refuse_ok!.f1, null)
    // acceptable is measured against rules_pass
    assert.deepEqual([rules.rules_pass!.tp, rules.rules_pass!.fp, rules.rules_pass!.fn, rules.rules_pass!.tn], [2, 1, 0, 2])
  })

  it('warns when a forbidden word is a refusal phrase or in a should-refuse ground truth, where a run refuses the config', async () => {
    const { warnings } = JSON.parse((await runCli(['check-rules', '--labels', labels, '--config', config, '--json'])).stdout) as Json
    assert.ok(warnings.some((w) => w.startsWith('forbidden word "不知道" is also a refusal phrase')))
    assert.ok(warnings.some((w) => w.includes('appears in the ground truth of should-refuse question q3 (') && w.includes('eval.csv:4)')))
    assert.ok(!warnings.some((w) => w.includes('"竞品"')))
    const run = await runCli(['run', '--config', config, '--eval-set-version', 'v1', '--predictions', labels])
    assert.equal(run.code, 2, 'the same config is refused by a run')
    assert.match(run.stderr, /rules\.forbidden lists "不知道", which is also a refusal phrase/)
  })

  it('lists the misjudged answers in its text output', async () => {
    const run = await runCli(['check-rules', '--labels', labels, '--config', config])
    assert.match(run.stdout, /no_forbidden +0\.50 +1\.00 +0\.67 +1 +1 +0 +2 +0/)
    assert.match(run.stdout, /rules_pass .*\(labels: acceptable\)/)
    assert.match(run.stdout, /no_forbidden misjudges 1:\n {2}q2 \(line 3\): flags a fine answer \(contains "不知道"\): "抱歉，我不知道，知识库里没有相关规定。"/)
  })

  it('routes on a should_refuse column when there is no eval set', async () => {
    const bare = writeText(t.path('bare.yml'), 'rules:\n  forbidden: [竞品]\n  require_citation: false\n')
    const own = writeText(t.path('own.csv'), 'id,answer,should_refuse,refuse_ok,no_forbidden\na,无法回答这个问题,true,1,\nb,竞品更便宜,false,,0\n')
    const { rules, warnings } = JSON.parse((await runCli(['check-rules', '--labels', own, '--config', bare, '--json'])).stdout) as Json
    assert.deepEqual([rules.refuse_ok!.tn, rules.no_forbidden!.tp], [1, 1])
    assert.deepEqual(warnings, [])
  })

  for (const [name, text, message] of [
    ['bad label', 'id,answer,length_ok\nq1,好的答案在这里,maybe\n', /bad-label\.csv:2: column "length_ok": expected 1 \(fine by this rule\) or 0 \(not\), got "maybe"/],
    ['unknown rule', 'id,answer,lenght_ok\nq1,好的答案在这里,1\n', /unknown-rule\.csv:1: column "lenght_ok": not a rule/],
    ['id not in the eval set', 'id,answer,length_ok\nq9,好的答案在这里,1\n', /id-not-in-the-eval-set\.csv:2: column "id": "q9" is not in the eval set/],
    ['no answer column', 'id,length_ok\nq1,1\n', /no-answer-column\.csv:1: missing column "answer"/],
    ['should_refuse contradicting the eval set', 'id,answer,should_refuse,length_ok\nq1,好的答案在这里,true,1\n', /:2: column "should_refuse": says true, the eval set says false for "q1"/],
  ] as const) {
    it(`exits 2 on a labels file with ${name}, naming file, line and column`, async () => {
      const file = writeText(t.path(`${name.replace(/ /g, '-').replace(/_/g, '-')}.csv`), text)
      const run = await runCli(['check-rules', '--labels', file, '--config', config])
      assert.equal(run.code, 2)
      assert.match(run.stderr, message)
      assert.match(run.stderr, /fix: /)
    })
  }

  it('a bad rule setting is located in evalgate.yml and explained as every setting is', async () => {
    const bad = writeText(t.path('bad-rules.yml'), `eval_set: ${evalSet}\nrules:\n  max_length: "200"\n`)
    const run = await runCli(['check-rules', '--labels', labels, '--config', bad])
    assert.equal(run.code, 2, run.stderr)
    assert.ok(run.stderr.includes(`${bad}:3:15: setting "rules.max_length": expected a number, got the text "200"`), run.stderr)
    assert.match(run.stderr, /fix: write the number without quotes: max_length: 200/)
  })

  it('runs as a process: exit 0 with the JSON report', async () => {
    const cli = await cliCommand(t.dir, CLI_ENTRY)
    const run = await runCliProcess(cli, ['check-rules', '--labels', labels, '--config', config, '--json'])
    assert.equal(run.code, 0, run.stderr)
    assert.deepEqual(Object.keys((JSON.parse(run.stdout) as Json).rules).sort(), ['length_ok', 'no_forbidden', 'refuse_ok', 'rules_pass'])
  })
})
