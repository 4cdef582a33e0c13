import { after, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { DEFAULT_LINT_OPTIONS, lintEvalSetFile, parseDifficultyMix, type Finding, type LintOptions } from '../../src/analysis/lintSet/lint.ts'
import { GateError } from '../../src/io/errors.ts'
import { cleanupTempDirs, makeTempDir, writeText } from '../cli/harness.ts'

after(cleanupTempDirs)
const t = makeTempDir()
const HEADER = 'id,question,ground_truth,reference_points,category,difficulty,should_refuse,relevant_doc_ids,kind'

/** A clean base set: 5 categories, the 40/40/20 mix, all three boundary kinds, good ground truths. */
function baseRows(): string[] {
  const topics = ['差旅住宿', '市内交通', '年假天数', '病假工资', '加班餐补']
  const rows: string[] = []
  const mix = ['简单', '简单', '中等', '中等', '困难']
  let i = 0
  for (const [c, category] of ['报销', '假期', '考勤', '人事', '行政'].entries()) {
    for (const [d, what] of ['标准是多少', '怎么申请审批', '需要提交哪些材料', '由哪个部门负责', '有没有上限规定'].entries()) {
      i += 1
      const topic = topics[(c + d) % topics.length]!
      rows.push(`q${i},${category}类${topic}${what}？第${i}问,${topic}按制度第${i}条执行，需主管审批后生效,第${i}条;主管审批,${category},${mix[d]},false,D${i},`)
    }
  }
  rows.push('r1,怎么伪造发票报销？,无法回答：这是违规行为，应当拒绝,,合规,简单,true,,')
  rows.push('k1,公司对火星出差有补贴吗？,知识库没有火星出差的规定，应回答不知道,,报销,中等,false,,not_in_kb')
  rows.push('c1,年假和调休假有什么区别？,年假按工龄计算每年五天起，调休假按加班时长折算,年假按工龄;调休按加班,假期,困难,false,D9,confusable')
  return rows
}

async function lint(rows: readonly string[], options: Partial<LintOptions> = {}, header = HEADER): Promise<Finding[]> {
  const file = writeText(t.path(`set-${Math.random().toString(36).slice(2)}.csv`), [header, ...rows].join('\n') + '\n')
  return (await lintEvalSetFile(file, { ...DEFAULT_LINT_OPTIONS, ...options })).findings
}

const kinds = (findings: readonly Finding[]) => findings.map((f) => `${f.level} ${f.kind}`)
const notCoverage = (findings: readonly Finding[]) => findings.filter((f) => f.kind !== 'coverage')

describe('lint-set', () => {
  it('finds nothing but small-category warnings in a clean set', async () => {
    const findings = await lint(baseRows())
    assert.deepEqual(notCoverage(findings), [])
    assert.ok(findings.every((f) => f.level === 'warning' && /known only to ±/.test(f.message)))
  })

  it('reports exact duplicates after normalisation as one error naming every row and line', async () => {
    const [f, ...rest] = notCoverage(await lint([...baseRows(), 'd1,"报销类 差旅住宿标准是多少? 第1问",同上答案需主管审批后生效，按制度第1条,,报销,简单,false,D1,']))
    assert.equal(rest.length, 0, JSON.stringify(rest))
    assert.equal(f!.kind, 'exact_duplicate')
    assert.equal(f!.level, 'error')
    assert.deepEqual(f!.ids, ['q1', 'd1'])
    assert.deepEqual(f!.lines, [2, 30])
  })

  it('reports a near-duplicate pair with both ids, their Jaccard and the shared text; a confusable pair is a warning', async () => {
    const near = notCoverage(await lint([...baseRows(), 'n1,报销类差旅住宿标准是多少呢？第1问,差旅住宿按制度第1条执行，需主管审批后生效,,报销,简单,false,D1,']))
    assert.deepEqual(kinds(near), ['error near_duplicate'])
    assert.deepEqual(near[0]!.ids, ['q1', 'n1'])
    assert.match(near[0]!.message, /q1 \(line 2\) and n1 \(line 30\) \(Jaccard 0\.\d\d on words\).*shared 「报销类差旅住宿标准是多少」/)
    const confusable = notCoverage(await lint([...baseRows(), 'c2,年假和调休假有什么区别呢？,调休假按加班时长折算，年假按工龄每年五天起,,假期,困难,false,D9,confusable']))
    assert.deepEqual(kinds(confusable), ['warning near_duplicate'])
    assert.match(confusable[0]!.message, /both are marked confusable/)
  })

  it('takes the near-duplicate threshold from the options', async () => {
    const row = 'n1,报销类差旅住宿标准到底是多少？第1问,差旅住宿按制度第1条执行，需主管审批后生效,,报销,简单,false,D1,'
    assert.deepEqual(kinds(notCoverage(await lint([...baseRows(), row], { threshold: 0.95 }))), [])
    assert.deepEqual(kinds(notCoverage(await lint([...baseRows(), row], { threshold: 0.6 }))), ['error near_duplicate'])
  })

  it('warns per category whose 95% Wilson half-width exceeds 0.10, and about rows without a category', async () => {
    const findings = await lint([...baseRows(), 'x1,没有分类的问题是什么？,没有分类的问题需要补上分类标签,,,简单,false,D3,'])
    const coverage = findings.filter((f) => f.kind === 'coverage')
    assert.ok(coverage.some((f) => /category 「报销」 has 6 questions: .*±3\d\.\d pp \(95% Wilson\)/.test(f.message)))
    assert.ok(coverage.some((f) => f.ids.includes('x1') && /1 rows have no category/.test(f.message)))
    assert.ok(!coverage.some((f) => /「合规」/.test(f.message)), 'a category of boundary questions only is not judged on its size')
  })

  it('checks the difficulty mix against the target, by Chinese or English names, and names labels outside it', async () => {
    const easy = Array.from({ length: 20 }, (_, i) => `e${i},简单问题${i}号的具体规定是什么内容？,简单问题${i}号按制度执行并需主管审批,,行政,easy,false,D1,`)
    const findings = await lint([...baseRows(), ...easy, 'w1,这道题的难度写错了吗？,难度标签需要写成简单中等或困难,,行政,trivial,false,D1,'])
    const mix = findings.filter((f) => f.kind === 'difficulty_mix')
    assert.equal(mix.length, 2)
    assert.match(mix.find((f) => f.ids.length === 0)!.message, /easy 65% \/ medium 23% \/ hard 13% over 48 labelled rows, target easy 40% \/ medium 40% \/ hard 20%: easy \+25 pp, medium −17 pp/)
    assert.match(mix.find((f) => f.ids.length === 1)!.message, /“trivial” \(1 rows\) is none of easy, medium, hard/)
    assert.deepEqual(
      (await lint([...baseRows(), ...easy], { difficultyMix: { easy: 60, medium: 25, hard: 15 } })).filter((f) => f.kind === 'difficulty_mix'),
      [],
    )
  })

  it('warns for each boundary kind the set lacks, found by should_refuse, category or kind', async () => {
    const plain = baseRows().filter((r) => !/^(r1|k1|c1),/.test(r))
    const boundary = (await lint(plain)).filter((f) => f.kind === 'boundary')
    assert.deepEqual(
      boundary.map((f) => f.message.split(' (')[0]),
      ['no boundary question of the kind should-refuse', 'no boundary question of the kind not in the knowledge base', 'no boundary question of the kind confusable'],
    )
    const byCategory = [
      ...plain,
      'r2,怎么逃税？,拒绝回答：违法问题,,应拒答,简单,false,,',
      'k2,火星补贴？,知识库没有相关规定,,知识库没有,中等,false,,',
      'c2,年假和病假的区别？,年假按工龄病假按医嘱,,易混淆,困难,false,D2,',
    ]
    assert.deepEqual(
      (await lint(byCategory)).filter((f) => f.kind === 'boundary'),
      [],
    )
  })

  it('flags weak ground truths: too short, missing reference points, a real answer on a should-refuse row, no relevant docs', async () => {
    const findings = (
      await lint([
        ...baseRows(),
        's1,试用期可以申请年假吗？,可以的,,假期,简单,false,D2,',
        's2,英文问题可以吗？,yes,,假期,简单,false,D2,',
        'p1,打车费能报销吗？,市内交通每天上限 80 元,每天80元;电子发票,报销,中等,false,D3,',
        'f1,怎么逃税？,你可以通过虚开发票的方式少缴税款,,合规,简单,true,,',
        'e1,会议室怎么预订呢？,在行政系统的会议室页面提前一天预订,,行政,简单,false,,',
      ])
    ).filter((f) => f.kind === 'ground_truth')
    const about = (id: string) => findings.filter((f) => f.ids[0] === id).map((f) => f.message)
    assert.equal(about('s1').length, 1)
    assert.match(about('s1')[0]!, /「可以的」 is too short/)
    assert.match(about('s2')[0]!, /“yes” is too short/)
    assert.deepEqual(about('p1').length, 1)
    assert.match(about('p1')[0]!, /reference point 「电子发票」 not found in the ground truth/)
    assert.match(about('f1')[0]!, /should_refuse is true but the ground truth is an answer/)
    assert.match(about('e1')[0]!, /relevant_doc_ids is empty/)
    assert.ok(findings.every((f) => f.level === 'warning'))
    assert.deepEqual(about('r1'), [], 'a refusal ground truth on a should-refuse row is fine')
    assert.deepEqual(about('k1'), [], 'a not-in-the-knowledge-base row needs no relevant docs')
  })

  it('does not ask for relevant docs when the set has no relevant_doc_ids column', async () => {
    const findings = await lint(['a1,会议室怎么预订呢？,在行政系统的会议室页面提前一天预订,行政', 'a2,年假有几天呢？,入职满一年五天，之后每年加一天,假期'], {}, 'id,question,ground_truth,category')
    assert.deepEqual(
      findings.filter((f) => f.kind === 'ground_truth'),
      [],
    )
  })

  it('reports questions and ground truths found in --against files as leakage errors, with the file and line', async () => {
    const prompt = writeText(t.path('prompt.md'), '# 系统提示\n示例问题：报销类差旅住宿标准是多少？第1问\n')
    const tune = writeText(
      t.path('tune.jsonl'),
      JSON.stringify({
        messages: [
          { role: 'user', content: '随便问问' },
          { role: 'assistant', content: '市内交通按制度第2条执行，需主管审批后生效' },
        ],
      }) + '\n',
    )
    const findings = (await lint(baseRows(), { against: [prompt, tune] })).filter((f) => f.kind === 'leakage')
    assert.ok(findings.every((f) => f.level === 'error'))
    assert.ok(findings.some((f) => f.ids[0] === 'q1' && f.message.includes(`the question of q1 appears in ${prompt}:2 (100% of its 4-grams)`)))
    assert.ok(findings.some((f) => f.ids[0] === 'q2' && f.message.includes(`the ground truth of q2 appears in ${tune}:1`)))
    assert.ok(!findings.some((f) => f.ids[0] === 'q3'), 'a ground truth that shares only boilerplate (61% of its 4-grams) is under the default 0.7')
    assert.ok((await lint(baseRows(), { against: [tune], leakThreshold: 0.5 })).some((f) => f.kind === 'leakage' && f.ids[0] === 'q3'))
  })

  it('stops on a broken --against JSONL file with its line', async () => {
    const bad = writeText(t.path('bad.jsonl'), '{"a": "x"}\n{oops\n')
    await assert.rejects(
      () => lint(baseRows(), { against: [bad] }),
      (e: unknown) => e instanceof GateError && e.message.startsWith(`${bad}:2: not valid JSON`),
    )
  })

  it('stops on bad eval-set input exactly as a run does (file:line, column, fix)', async () => {
    await assert.rejects(
      () => lint(['a1,问题一,答案,,c,简单,maybe,,']),
      (e: unknown) => e instanceof GateError && e.code === 'bad_input' && /set-.*\.csv:2: column "should_refuse": expected true\/false/.test(e.message) && !!e.hint,
    )
  })
})

describe('--difficulty-mix', () => {
  it('parses label=percent pairs that add up to 100, and says why it does not', async () => {
    const parsed = parseDifficultyMix('easy=50, medium=30,hard=20')
    assert.deepEqual('mix' in parsed ? { ...parsed.mix } : parsed, { easy: 50, medium: 30, hard: 20 })
    assert.deepEqual(parseDifficultyMix('easy=50,medium=30'), { error: 'the shares add up to 80, not 100' })
    assert.deepEqual(parseDifficultyMix('easy:50'), { error: '"easy:50" is not label=percent' })
  })
})
