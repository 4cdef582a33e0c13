import { test } from 'node:test'
import assert from 'node:assert/strict'
import { LEXICAL_METRICS, scoreLexical } from '../../src/metrics/lexical.ts'
import { makeOutput, makeRow } from './factories.ts'

const policy = '一线城市住宿标准：每晚不超过500元。'
const leave = '员工入职满一年后每年享有5天带薪年假。'
const parking = '园区停车场仅对访客开放。'

test('completeness: reference point "一线500元" is covered by "一线城市住宿每晚不超过 500 元"', () => {
  const row = makeRow({ reference_points: ['一线500元'] })
  const { scores } = scoreLexical(row, makeOutput({ answer: '一线城市住宿每晚不超过 500 元' }), false)
  assert.equal(scores.completeness_norm?.value, 1)
})

test('completeness: reference point "一线500元" is not covered by "一线城市住宿每晚不超过 600 元" (numbers must match)', () => {
  const row = makeRow({ reference_points: ['一线500元'] })
  const { scores } = scoreLexical(row, makeOutput({ answer: '一线城市住宿每晚不超过 600 元' }), false)
  assert.equal(scores.completeness_norm?.value, 0)
})

test('faithfulness of an answer with one supported and one unsupported clause is 0.5, and the claims list carries both verdicts', () => {
  const output = makeOutput({ answer: '一线城市住宿每晚不超过500元，出差需要提前三天提交申请[文档1]', contexts: [policy] })
  const { scores, claims } = scoreLexical(makeRow(), output, false)
  assert.equal(scores.faithfulness?.value, 0.5)
  assert.equal(scores.hallucination_rate?.value, 0.5)
  assert.deepEqual(claims, [
    { text: '一线城市住宿每晚不超过500元', verdict: 'supported' },
    { text: '出差需要提前三天提交申请', verdict: 'not_mentioned' },
  ])
})

test('a changed number makes a claim unsupported even though its words appear in the contexts', () => {
  const output = makeOutput({ answer: '一线城市住宿每晚不超过800元', contexts: [policy] })
  const { scores, claims } = scoreLexical(makeRow(), output, false)
  assert.equal(scores.faithfulness?.value, 0)
  assert.equal(claims[0]?.verdict, 'not_mentioned')
})

test('the lexical provider never reports contradicted: it cannot tell a contradiction from an omission', () => {
  const output = makeOutput({ answer: '一线城市住宿每晚不超过800元', contexts: [policy] })
  assert.ok(!('contradicted' in scoreLexical(makeRow(), output, false).scores))
})

test('a refusal answer gets null faithfulness and hallucination_rate with a reason, and no claims', () => {
  const output = makeOutput({ answer: '抱歉，知识库中没有相关信息，我不知道。', contexts: [policy] })
  const { scores, claims } = scoreLexical(makeRow(), output, true)
  for (const name of ['faithfulness', 'hallucination_rate'] as const) {
    assert.equal(scores[name]?.value, null, name)
    assert.match(scores[name]?.reason ?? '', /refusal/)
  }
  assert.deepEqual(claims, [])
})

test('a should-refuse question gets null on every lexical metric, whatever the answer says', () => {
  const row = makeRow({ should_refuse: true, ground_truth: '一线城市每晚不超过500元', reference_points: ['一线500元'] })
  const output = makeOutput({ answer: '一线城市住宿每晚不超过500元', contexts: [policy] })
  const { scores, claims } = scoreLexical(row, output, false)
  assert.deepEqual(Object.keys(scores).sort(), [...LEXICAL_METRICS].sort())
  for (const name of LEXICAL_METRICS) {
    assert.equal(scores[name]?.value, null, name)
    assert.ok(scores[name]?.reason, `${name} needs a reason`)
  }
  assert.deepEqual(claims, [])
})

test('context_recall is the share of reference points found in the contexts', () => {
  const row = makeRow({ reference_points: ['一线500元', '二线400元', '年假5天'] })
  const output = makeOutput({ answer: '见制度原文', contexts: [policy, leave] })
  const value = scoreLexical(row, output, false).scores.context_recall?.value
  assert.ok(value !== null && value !== undefined && Math.abs(value - 2 / 3) < 1e-12, `got ${value}`)
})

test('context_recall falls back to ground-truth clauses when the row has no reference points', () => {
  const row = makeRow({ ground_truth: '一线城市每晚不超过500元；二线城市每晚不超过400元' })
  const output = makeOutput({ answer: '见制度原文', contexts: [policy] })
  assert.equal(scoreLexical(row, output, false).scores.context_recall?.value, 0.5)
})

test('context_precision scores a useful chunk ranked first higher than the same chunk ranked last (average precision)', () => {
  const row = makeRow({ reference_points: ['一线500元'] })
  const answer = '一线城市住宿每晚不超过500元'
  const first = scoreLexical(row, makeOutput({ answer, contexts: [policy, leave, parking] }), false).scores.context_precision
  const last = scoreLexical(row, makeOutput({ answer, contexts: [parking, leave, policy] }), false).scores.context_precision
  assert.equal(first?.value, 1)
  assert.ok(last?.value !== null && last?.value !== undefined && Math.abs(last.value - 1 / 3) < 1e-12, `got ${last?.value}`)
})

test('context_precision judges chunk usefulness against the ground truth, not the answer, and says so', () => {
  // The answer talks about the hotel limit, the ground truth about annual leave: only the
  // leave chunk is useful, and it is ranked first.
  const row = makeRow({ question: '年假有几天？', ground_truth: '员工每年享有5天带薪年假' })
  const output = makeOutput({ answer: '一线城市住宿每晚不超过500元', contexts: [leave, policy] })
  const cp = scoreLexical(row, output, false).scores.context_precision
  assert.equal(cp?.value, 1)
  assert.match(cp?.reason ?? '', /ground truth/)
  assert.doesNotMatch(cp?.reason ?? '', /answer/)
})

test('context_precision judges usefulness against the answer when the question has no ground truth, and says so', () => {
  const output = makeOutput({ answer: '一线城市住宿每晚不超过500元', contexts: [leave, policy] })
  const cp = scoreLexical(makeRow(), output, false).scores.context_precision
  assert.equal(cp?.value, 0.5)
  assert.match(cp?.reason ?? '', /answer/)
})

test('a number written with a thousands separator stays one claim and is supported by the same number without it', () => {
  const output = makeOutput({ answer: '每月交通补贴不超过1,000元', contexts: ['员工每月交通补贴不超过1000元。'] })
  const { scores, claims } = scoreLexical(makeRow(), output, false)
  assert.deepEqual(claims, [{ text: '每月交通补贴不超过1,000元', verdict: 'supported' }])
  assert.equal(scores.faithfulness?.value, 1)
})

test('reasons quote English text in “…” and Chinese text in 「…」, and a bare [1] citation is not part of a claim', () => {
  const english = makeRow({ reference_points: ['refunded within 14 days', 'contact billing support'] })
  const answer = 'Duplicate charges are refunded within 14 days [1].'
  const { scores, claims } = scoreLexical(english, makeOutput({ answer, contexts: ['Duplicate charges are refunded within 14 days.'] }), false)
  assert.equal(scores.completeness_norm?.reason, 'not in the answer: “contact billing support”')
  assert.deepEqual(claims, [{ text: 'Duplicate charges are refunded within 14 days', verdict: 'supported' }])
  const chinese = scoreLexical(makeRow({ reference_points: ['一线500元', '提前三天'] }), makeOutput({ answer: '一线城市住宿每晚不超过500元[文档1]' }), false)
  assert.equal(chinese.scores.completeness_norm?.reason, 'not in the answer: 「提前三天」')
})
