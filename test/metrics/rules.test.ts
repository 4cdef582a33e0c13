import { test } from 'node:test'
import assert from 'node:assert/strict'
import { scoreRules } from '../../src/metrics/deterministic.ts'
import { hasCitation, isRefusal } from '../../src/metrics/rules.ts'
import { DEFAULT_REFUSAL_PHRASES } from '../../src/schemas/config.ts'
import { makeRow, makeRules } from './factories.ts'

const cited = '一线城市住宿每晚不超过500元[文档1]'

test('a should-refuse question answered "不知道" passes refuse_ok and rules_pass', () => {
  const scores = scoreRules(makeRow({ should_refuse: true }), '不知道', makeRules())
  assert.equal(scores.refuse_ok?.value, 1)
  assert.equal(scores.rules_pass?.value, 1)
})

test('a should-refuse question is not checked by length, citation, forbidden-word or JSON rules', () => {
  // "不知道" is 3 characters (under min_length 5), has no citation and is listed as forbidden:
  // none of that may count against a correct refusal.
  const row = makeRow({ should_refuse: true, expect_json: true, required_keys: ['a'] })
  const scores = scoreRules(row, '不知道', makeRules({ forbidden: ['不知道'] }))
  assert.deepEqual(Object.keys(scores).sort(), ['refuse_ok', 'rules_pass'])
})

test('a should-refuse question answered with a made-up fact fails refuse_ok and rules_pass', () => {
  const scores = scoreRules(makeRow({ should_refuse: true }), '公司股票今天上涨了3%[文档1]', makeRules())
  assert.equal(scores.refuse_ok?.value, 0)
  assert.equal(scores.rules_pass?.value, 0)
  assert.ok(scores.refuse_ok?.reason)
})

test('a normal question answered "抱歉，我不知道" is not flagged by no_forbidden with the default (empty) forbidden list', () => {
  assert.deepEqual(makeRules().forbidden, [])
  const scores = scoreRules(makeRow(), '抱歉，我不知道', makeRules())
  assert.equal(scores.no_forbidden?.value, 1)
})

test('an answer mentioning a forbidden word fails no_forbidden and rules_pass, naming the word', () => {
  const rules = makeRules({ forbidden: ['竞品A'] })
  const answer = '建议改用竞品A的报销系统[文档1]'
  const scores = scoreRules(makeRow(), answer, rules)
  assert.equal(scores.length_ok?.value, 1)
  assert.equal(scores.citation_ok?.value, 1)
  assert.equal(scores.no_forbidden?.value, 0)
  assert.match(scores.no_forbidden?.reason ?? '', /竞品A/)
  assert.equal(scores.rules_pass?.value, 0)
  assert.match(scores.rules_pass?.reason ?? '', /no_forbidden/)
  assert.equal(scoreRules(makeRow(), cited, rules).no_forbidden?.value, 1)
})

test('forbidden words match regardless of letter case', () => {
  const scores = scoreRules(makeRow(), 'Try competitorx instead [doc 1]', makeRules({ forbidden: ['CompetitorX'] }))
  assert.equal(scores.no_forbidden?.value, 0)
})

const lengthCases: { answer: string; ok: 0 | 1; why: string }[] = [
  { answer: '一二三四', ok: 0, why: '4 Chinese characters, one under min_length 5' },
  { answer: '一二三四五', ok: 1, why: 'exactly min_length 5' },
  { answer: 'abcde', ok: 0, why: 'one English word: Latin text counts words, one under min_length 5' },
  { answer: 'Refunds take ten business days.', ok: 1, why: 'five English words, exactly min_length 5' },
  { answer: 'word '.repeat(500).trim(), ok: 1, why: '500 English words (2,499 characters), exactly max_length 500' },
  { answer: 'word '.repeat(501).trim(), ok: 0, why: '501 English words, one over max_length 500' },
  { answer: "Don't retry: the x-api-key header limits 1,000 requests.", ok: 1, why: "don't, x-api-key and 1,000 as one word each (7 words)" },
  { answer: '使用 Okta 登录', ok: 1, why: 'mostly Chinese text counting characters (10, not 1 word), whatever Latin word it names' },
  { answer: '𠀀𠀀𠀀𠀀', ok: 0, why: '4 characters outside the BMP (8 UTF-16 units) still count as 4' },
  { answer: '好'.repeat(500), ok: 1, why: 'exactly max_length 500' },
  { answer: '好'.repeat(501), ok: 0, why: 'one over max_length 500' },
  { answer: '𠀀'.repeat(500), ok: 1, why: '500 characters outside the BMP count as 500, not 1000' },
]
for (const { answer, ok, why } of lengthCases) {
  test(`length_ok is ${ok} for ${why} (bounds inclusive)`, () => {
    assert.equal(scoreRules(makeRow(), answer, makeRules()).length_ok?.value, ok)
  })
}

const citationCases: { answer: string; ok: 0 | 1 }[] = [
  { answer: '每晚不超过500元[文档2]', ok: 1 },
  { answer: 'The limit is 500 yuan per night [doc 3]', ok: 1 },
  { answer: 'The limit is 500 yuan per night [Doc3]', ok: 1 },
  { answer: '每晚不超过500元（见文档2）', ok: 0 },
  { answer: '每晚不超过500元[2]', ok: 1 },
  { answer: 'Refunds take 5 to 10 business days [1].', ok: 1 },
  { answer: 'See [source 2] for the limits', ok: 1 },
  { answer: 'Refunds take 5 to 10 business days (1).', ok: 0 },
  { answer: 'Refunds take 5 to 10 business days [a].', ok: 0 },
]
for (const { answer, ok } of citationCases) {
  test(`citation_ok is ${ok} for "${answer}"`, () => {
    assert.equal(scoreRules(makeRow(), answer, makeRules()).citation_ok?.value, ok)
    assert.equal(hasCitation(answer), ok === 1)
  })
}

test('citation_ok is not checked when require_citation is off', () => {
  const scores = scoreRules(makeRow(), '每晚不超过500元', makeRules({ require_citation: false }))
  assert.ok(!('citation_ok' in scores))
  assert.equal(scores.rules_pass?.value, 1)
})

test('a missing citation fails rules_pass by default', () => {
  const scores = scoreRules(makeRow(), '每晚不超过500元', makeRules())
  assert.equal(scores.citation_ok?.value, 0)
  assert.equal(scores.rules_pass?.value, 0)
})

test('json_ok is only checked for rows with expect_json', () => {
  const answer = '{"amount": 500, "city": "北京"}'
  const scores = scoreRules(makeRow(), answer, makeRules({ require_citation: false }))
  assert.ok(!('json_ok' in scores), `got ${Object.keys(scores).join(', ')}`)
})

test('json_ok passes a JSON object with every required key and fails one missing a key', () => {
  const row = makeRow({ expect_json: true, required_keys: ['amount', 'city'] })
  const rules = makeRules({ require_citation: false })
  // Latin-script JSON counts words (5 here: keys and values), like any English answer
  const complete = scoreRules(row, '{"amount": 500, "currency": "CNY", "city": "北京"}', rules)
  assert.equal(complete.json_ok?.value, 1)
  assert.equal(complete.rules_pass?.value, 1)
  const missing = scoreRules(row, '{"amount": 500, "note": "ok"}', rules)
  assert.equal(missing.json_ok?.value, 0)
  assert.match(missing.json_ok?.reason ?? '', /city/)
  assert.equal(missing.rules_pass?.value, 0)
})

test('json_ok fails an answer that is not a JSON object', () => {
  const row = makeRow({ expect_json: true })
  const rules = makeRules({ require_citation: false })
  assert.equal(scoreRules(row, 'amount: 500 yuan', rules).json_ok?.value, 0)
  assert.equal(scoreRules(row, '[1, 2, 3]', rules).json_ok?.value, 0)
})

test('isRefusal recognises the default Chinese and English refusal phrases, ignoring case', () => {
  assert.equal(isRefusal('抱歉，知识库中没有相关信息。', DEFAULT_REFUSAL_PHRASES), true)
  assert.equal(isRefusal("Sorry, I DON'T KNOW.", DEFAULT_REFUSAL_PHRASES), true)
  assert.equal(isRefusal('一线城市每晚不超过500元。', DEFAULT_REFUSAL_PHRASES), false)
})

test('an answerable question answered with a refusal fails no_over_refusal, and its citation failure says why', () => {
  const scores = scoreRules(makeRow(), 'I’m sorry, but I can’t help with that.', makeRules())
  assert.equal(scores.no_over_refusal?.value, 0)
  assert.match(scores.citation_ok?.reason ?? '', /^over_refusal: refused an answerable question/)
  assert.equal(scores.rules_pass?.reason, 'failed: no_over_refusal, citation_ok')
})

test('refusal phrases match whatever apostrophe, case or width the answer writes', () => {
  for (const answer of ['I don’t know.', "I DON'T KNOW", 'I dont know', 'Ｉ ｄｏｎ’ｔ ｋｎｏｗ']) assert.equal(isRefusal(answer, ["i don't know"]), true, answer)
})

test('an English answer outside the bounds says how many words it has', () => {
  const scores = scoreRules(makeRow(), 'Yes [1].', makeRules())
  assert.equal(scores.length_ok?.value, 0)
  assert.equal(scores.length_ok?.reason, '2 words, outside 5-500')
  assert.equal(scoreRules(makeRow(), '一二三', makeRules()).length_ok?.reason, '3 characters, outside 5-500')
})

test('a refusal the caller already found is taken as given, so the answer is folded once per question', () => {
  const rules = makeRules()
  // the caller says "refused" for an answer with no refusal phrase: the rules go by the caller
  assert.equal(scoreRules(makeRow(), '每晚不超过500元[文档1]', rules, true).no_over_refusal?.value, 0)
  assert.equal(scoreRules(makeRow(), '每晚不超过500元[文档1]', rules).no_over_refusal?.value, 1)
})
