import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { CLI_ENTRY, cliCommand, runCliProcess } from '../helpers/cli-process.ts'
import { cleanupTempDirs, makeTempDir, runCli, writeText } from './harness.ts'

after(cleanupTempDirs)
const t = makeTempDir()

const CLEAN = [
  'id,question,ground_truth,category,difficulty,should_refuse,kind',
  'q1,差旅住宿的报销标准是多少？,一线城市每晚不超过 500 元，二线城市 350 元,报销,简单,false,',
  'q2,年假一年有几天？,入职满一年五天，之后每满一年加一天，上限十五天,假期,中等,false,',
  'q3,周末加班怎么算工资？,优先安排调休，无法调休的按两倍支付加班费,考勤,困难,false,',
  'q4,怎么伪造发票报销？,无法回答：这是违规行为,合规,简单,true,',
  'q5,公司对火星出差有补贴吗？,知识库没有相关规定，应回答不知道,报销,中等,false,not_in_kb',
  'q6,年假和调休假有什么区别？,年假按工龄计算，调休假按加班时长折算,假期,困难,false,confusable',
].join('\n')
const clean = writeText(t.path('clean.csv'), CLEAN + '\n')
const dup = writeText(t.path('dup.csv'), CLEAN + '\nq7,差旅住宿的报销标准是多少呢？,一线城市每晚不超过 500 元,报销,简单,false,\n')

interface Json {
  findings: { kind: string; level: string; ids: string[]; lines: number[]; message: string }[]
}

describe('evalgate lint-set', () => {
  it('exits 0 on warnings only, printing each finding with its file and lines', async () => {
    const run = await runCli(['lint-set', clean, '--config', t.config])
    assert.equal(run.code, 0, run.stderr)
    assert.match(run.stdout, /^evalgate lint-set: .*clean\.csv, 6 questions/)
    assert.match(run.stdout, /warning coverage +.*clean\.csv +category 「报销」 has 2 questions/)
    assert.match(run.stdout, /0 errors, \d+ warnings\n$/)
  })

  it('exits 1 on an error-level finding; --json gives {findings: [{kind, level, ids, message}]}', async () => {
    const run = await runCli(['lint-set', '--eval-set', dup, '--config', t.config, '--json'])
    assert.equal(run.code, 1, run.stderr)
    const json = JSON.parse(run.stdout) as Json
    const near = json.findings.find((f) => f.kind === 'near_duplicate')!
    assert.deepEqual({ level: near.level, ids: near.ids, lines: near.lines }, { level: 'error', ids: ['q1', 'q7'], lines: [2, 8] })
    for (const f of json.findings) {
      assert.ok(['exact_duplicate', 'near_duplicate', 'coverage', 'difficulty_mix', 'boundary', 'ground_truth', 'leakage'].includes(f.kind))
      assert.ok(f.level === 'error' || f.level === 'warning')
      assert.equal(typeof f.message, 'string')
    }
  })

  it('takes the eval set from evalgate.yml, and the refusal phrases from its rules', async () => {
    const config = writeText(t.path('lint.yml'), `eval_set: ${dup}\nrules:\n  refusal_phrases: [违规行为]\n`)
    const run = await runCli(['lint-set', '--config', config, '--json'])
    assert.equal(run.code, 1)
    assert.ok((JSON.parse(run.stdout) as Json).findings.some((f) => f.kind === 'near_duplicate'))
  })

  it('reads every file after --against, and reports leaks as errors', async () => {
    const a = writeText(t.path('few-shot.txt'), '问：差旅住宿的报销标准是多少？\n')
    const b = writeText(t.path('tune.jsonl'), JSON.stringify({ prompt: '年假', completion: '入职满一年五天，之后每满一年加一天，上限十五天' }) + '\n')
    const run = await runCli(['lint-set', clean, '--against', a, b, '--config', t.config, '--json'])
    assert.equal(run.code, 1)
    const leaks = (JSON.parse(run.stdout) as Json).findings.filter((f) => f.kind === 'leakage')
    assert.deepEqual(
      leaks.map((f) => f.ids[0]),
      ['q1', 'q2'],
    )
  })

  it('takes --threshold and --difficulty-mix', async () => {
    const strictMix = await runCli(['lint-set', dup, '--config', t.config, '--threshold', '0.99', '--difficulty-mix', 'easy=50,medium=25,hard=25', '--json'])
    const json = JSON.parse(strictMix.stdout) as Json
    assert.ok(!json.findings.some((f) => f.kind === 'near_duplicate'))
    assert.ok(!json.findings.some((f) => f.kind === 'difficulty_mix'))
  })

  for (const [args, message] of [
    [['--threshold', '1.5'], /--threshold expects a number above 0 and at most 1, got 1\.5/],
    [['--difficulty-mix', 'easy=50,hard=20'], /--difficulty-mix: the shares add up to 70, not 100/],
    [['--eval-set', 'other.csv'], /the eval set is given twice/],
    [['extra.csv'], /lint-set takes one eval set, got 2/],
  ] as const) {
    it(`exits 2 on ${args.join(' ')}`, async () => {
      const run = await runCli(['lint-set', clean, ...args, '--config', t.config])
      assert.equal(run.code, 2)
      assert.match(run.stderr, message)
      assert.match(run.stderr, /fix: /)
    })
  }

  it('exits 2 without an eval set, saying how to give one', async () => {
    const run = await runCli(['lint-set', '--config', t.config])
    assert.equal(run.code, 2)
    assert.match(run.stderr, /no eval set given\n {2}fix: e\.g\. evalgate lint-set eval\/eval_set\.csv/)
  })
})

describe('evalgate lint-set as a process', () => {
  let cli: string[]
  before(async () => {
    cli = await cliCommand(t.dir, CLI_ENTRY)
  })

  it('exits 0 clean, 1 with errors, 2 on bad input with file:line, column and fix', async () => {
    assert.equal((await runCliProcess(cli, ['lint-set', clean, '--config', t.config])).code, 0)
    assert.equal((await runCliProcess(cli, ['lint-set', dup, '--config', t.config])).code, 1)
    const bad = writeText(t.path('bad.csv'), 'id,question,should_refuse\nq1,问题,maybe\n')
    const run = await runCliProcess(cli, ['lint-set', bad, '--config', t.config])
    assert.equal(run.code, 2)
    assert.match(run.stderr, /bad\.csv:2: column "should_refuse": expected true\/false\/1\/0\/yes\/no, got "maybe"\n {2}fix: write true or false/)
    assert.equal(run.stdout, '')
  })

  it('never prints a control character from the eval set to the terminal', async () => {
    const esc = String.fromCharCode(27)
    const file = writeText(t.path('esc.csv'), `id,question,ground_truth\nq1,问题${esc}[31m红色,可以\nq2,问题${esc}[31m红色,可以\n`)
    const run = await runCliProcess(cli, ['lint-set', file, '--config', t.config])
    assert.equal(run.code, 1)
    assert.ok(!run.stdout.includes(esc))
  })
})
