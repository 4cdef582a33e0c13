import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { chunkLabel, chunkLabelOf, isMostlyCjk } from '../../src/metrics/language.ts'
import { shingleTokens } from '../../src/analysis/lintSet/minhash.ts'

describe('isMostlyCjk', () => {
  const cases: [string, boolean][] = [
    ['年假有几天？', true],
    ['GitHub Actions 怎么配置缓存？', true],
    ['API的调用限制是多少', true],
    ['有給休暇は何日ですか？', true],
    ['연차는 며칠인가요?', true],
    ['How many days of annual leave do I get?', false],
    ['What does 年假 mean here?', false],
    ['ＷＨＡＴ is the limit?', false],
    ['2024?', false],
    ['', false],
  ]
  for (const [question, cjk] of cases) it(`${cjk ? 'is' : 'is not'} CJK: ${JSON.stringify(question)}`, () => assert.equal(isMostlyCjk(question), cjk))
})

describe('chunkLabelOf', () => {
  it('labels an English set [doc N] and a Chinese set [文档N]', () => {
    assert.equal(chunkLabelOf(['How many days of leave?', 'Who approves travel?']), 'doc')
    assert.equal(chunkLabelOf(['年假有几天？', '谁审批出差？']), '文档')
    assert.equal(chunkLabel('doc', 3), '[doc 3]')
    assert.equal(chunkLabel('文档', 3), '[文档3]')
  })
  it('goes by most questions: [doc N] only when more than half are not CJK', () => {
    assert.equal(chunkLabelOf(['How many days?', 'Who approves?', '年假有几天？']), 'doc')
    assert.equal(chunkLabelOf(['How many days?', '年假有几天？']), '文档')
    assert.equal(chunkLabelOf(['How many days?', '年假有几天？', '谁审批出差？']), '文档')
  })
  it('keeps [文档N] for an empty set', () => assert.equal(chunkLabelOf([]), '文档'))
})

describe('the lint shingles and the language share one tokenizer', () => {
  it('splits CJK into characters and Latin-script text into words', () => {
    assert.deepEqual(shingleTokens('GitHub Actions 配置'), ['github', 'actions', '配', '置'])
  })
})
