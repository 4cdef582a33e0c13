import { test } from 'node:test'
import assert from 'node:assert/strict'
import { covers, tokenize } from '../../src/metrics/tokens.ts'

const HALF = 0.5

test('a Chinese reference point is covered by a longer sentence with the same words and number', () => {
  assert.equal(covers(tokenize('一线城市住宿每晚不超过 500 元'), tokenize('一线500元'), HALF), true)
})

test('a Chinese reference point is not covered when the number differs, however many words match', () => {
  assert.equal(covers(tokenize('一线城市住宿每晚不超过 600 元'), tokenize('一线500元'), HALF), false)
})

test('Chinese text without spaces is compared by characters, not as one long word', () => {
  const text = tokenize('员工每年享有带薪年假')
  assert.equal(covers(text, tokenize('带薪年假'), HALF), true)
  assert.equal(covers(text, tokenize('病假工资'), HALF), false)
})

test('numbers match by value: 500.0 and full-width ５００ are the same number as 500', () => {
  assert.deepEqual([...tokenize('每晚500.0元').numbers], ['500'])
  assert.deepEqual([...tokenize('每晚５００元').numbers], ['500'])
  assert.equal(covers(tokenize('每晚５００元'), tokenize('每晚500元'), HALF), true)
})

test('a thousands separator does not split a number: "1,000 元" is the number 1000', () => {
  assert.deepEqual([...tokenize('报销上限 1,000 元').numbers], ['1000'])
  assert.equal(covers(tokenize('报销上限为每月1000元'), tokenize('报销上限 1,000 元'), HALF), true)
})

test('English stop words do not count as evidence', () => {
  const statement = tokenize('the limit is for the night')
  assert.ok(!statement.words.has('the'))
  assert.equal(covers(tokenize('the and of to for is'), tokenize('the hotel limit'), HALF), false)
})

test('a word that names a property of every object is a word like any other: "constructor" after a number or on its own', () => {
  assert.deepEqual([...tokenize('the constructor is called').words], ['constructor', 'call'])
  assert.deepEqual([...tokenize('after 3 constructor runs').words], ['after', 'constructor', 'run'])
  assert.equal(covers(tokenize('Constructors are called once.'), tokenize('the constructor is called'), 1), true)
})
