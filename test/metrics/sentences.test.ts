import { test } from 'node:test'
import assert from 'node:assert/strict'
import { lexicalTexts, scoreLexical } from '../../src/metrics/lexical.ts'
import { sentences, textCache, tokenize, union, type Tokens } from '../../src/metrics/tokens.ts'
import { makeOutput, makeRow } from './factories.ts'

/** What sentences() promises: exactly the Unicode segmenter's sentences, trimmed, without empty ones. */
const segmenter = new Intl.Segmenter('zh', { granularity: 'sentence' })
const bySegmenter = (text: string) => [...segmenter.segment(text)].map((s) => s.segment.trim()).filter((s) => s !== '')

const TEXTS = [
  '',
  '   ',
  '\n\n',
  '一线城市住宿每晚不超过500元',
  '一线城市住宿每晚不超过500元。',
  '  一线城市住宿每晚不超过500元。 \n',
  '市内交通标准为每次 575 元 ，需在 10 个工作日内提交审批 。',
  '年假5天。病假另计！可以吗？',
  '“年假5天。”他说',
  '年假5天\n病假另计',
  'Refunds are issued within 14 days',
  'Refunds are issued within 14 days.',
  'Refunds are issued within 14 days. Contact support!',
  'Dr. Smith approves it. The rate is 3.5 percent.',
  'e.g. a hotel, i.e. a room. U.S. staff only.',
  'Is it allowed? Yes!! Really?!',
  'The limit is $1,000.00 per trip',
  'Call us (see the policy.) Then wait.',
  'version 2.0 is out',
  'ends with an ellipsis…',
  'a line\r\nanother line',
  'paragraph\u2029next',
  'GitHub Actions 配置缓存. 需要 Okta 登录。',
  'Emoji 😀 inside, then 𠀀 (astral Han) and end.',
  '.',
  '?!',
  'a.',
  '。中文',
]

test('sentences() gives exactly the Unicode segmenter’s sentences for English, Chinese and mixed texts', () => {
  for (const text of TEXTS) assert.deepEqual(sentences(text), bySegmenter(text), JSON.stringify(text))
})

test('sentences() agrees with the segmenter whichever character stands inside or at the end of a text', () => {
  const codePoints: number[] = []
  for (let cp = 0; cp < 0x3100; cp++) codePoints.push(cp)
  for (let cp = 0x3100; cp < 0x110000; cp += cp < 0x10000 ? 7 : 97) codePoints.push(cp)
  for (let cp = 0; cp < 0x110000; cp++) if (/\p{Sentence_Terminal}/u.test(String.fromCodePoint(cp))) codePoints.push(cp)
  for (const cp of codePoints) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue
    const c = String.fromCodePoint(cp)
    for (const text of [`ab${c} Cd`, `中${c}文`, `ab ${c}`]) assert.deepEqual(sentences(text), bySegmenter(text), `U+${cp.toString(16)} in ${JSON.stringify(text)}`)
  }
})

const FIELDS = ['words', 'numbers', 'plain', 'negated', 'nearNegation', 'soft', 'implied'] as const

test('union holds every word, number and pair of its parts, nothing else, and leaves the parts unchanged', () => {
  const parts = ['We do not accept PayPal for 3 refunds.', 'Follow up within the first 30% of days', '员工每年享有5天带薪年假', '不能同时领取'].map(tokenize)
  const before = parts.map(snapshot)
  // every item any part holds in any field: each group's union must hold exactly its own parts' items
  const everything = parts.flatMap((t) => [...FIELDS.flatMap((field) => [...t[field]]), ...t.pairs.keys()])
  for (const group of [parts, parts.slice(0, 1), parts.slice(1, 3), parts.slice(2), []]) {
    const all = union(group)
    for (const field of [...FIELDS, 'pairs'] as const) {
      const held = new Set(group.flatMap((t) => [...t[field].keys()]))
      for (const item of [...everything, 'absent', '不在']) assert.equal(all[field].has(item), held.has(item), `${field} ${item}`)
      assert.equal(all[field].size > 0, held.size > 0, field)
    }
  }
  assert.deepEqual(parts.map(snapshot), before)
})

function snapshot(tokens: Tokens) {
  return [...FIELDS.map((field) => [...tokens[field]]), [...tokens.pairs]]
}

test('a run’s memoised texts give the same scores and claims as tokenising every text afresh', () => {
  const texts = lexicalTexts()
  const contexts = ['一线城市住宿标准：每晚不超过500元。', 'Refunds are not issued after 30 days.', '员工入职满一年后每年享有5天带薪年假。']
  const cases = [
    [makeRow({ reference_points: ['一线500元', '提前三天'] }), makeOutput({ answer: '一线城市住宿每晚不超过500元[文档1]，出差需要提前三天提交申请。', contexts })],
    [makeRow({ ground_truth: 'Refunds are not issued after 30 days. Ask HR.' }), makeOutput({ answer: 'Refunds are issued after 30 days. Ask HR first.', contexts })],
    [makeRow({ ground_truth: '每年5天带薪年假' }), makeOutput({ answer: '每年享有5天带薪年假。', contexts: contexts.slice(2) })],
  ] as const
  for (let round = 0; round < 2; round++) {
    for (const [row, output] of cases) assert.deepEqual(scoreLexical(row, output, false, texts), scoreLexical(row, output, false))
  }
})

test('a text cache computes a text once, and again once cleared (the lexical tier lets its texts go after the last answer)', () => {
  const computed: string[] = []
  const cached = textCache((text: string) => {
    computed.push(text)
    return text.length
  })
  assert.equal(cached('上下文'), 3)
  assert.equal(cached('上下文'), 3)
  assert.deepEqual(computed, ['上下文'])
  cached.clear()
  assert.equal(cached('上下文'), 3)
  assert.deepEqual(computed, ['上下文', '上下文'])
})
