import assert from 'node:assert/strict'
import { test } from 'node:test'
import { cjkCount, codePointCount, isCjkText, lengthOf, quoted, quotedAlike } from '../../src/text/script.ts'

const cases: { text: string; cjk: boolean; length: string; quote: string }[] = [
  { text: '每晚不超过500元', cjk: true, length: '9 characters', quote: '「每晚不超过500元」' },
  { text: '使用 Okta 登录', cjk: true, length: '10 characters', quote: '「使用 Okta 登录」' },
  { text: 'do not accept PayPal', cjk: false, length: '4 words', quote: '“do not accept PayPal”' },
  { text: 'Our office in 北京 opens at nine', cjk: false, length: '6 words', quote: '“Our office in 北京 opens at nine”' },
  { text: "don't send 1,000 x-api-key requests", cjk: false, length: '5 words', quote: "“don't send 1,000 x-api-key requests”" },
  { text: '150%', cjk: false, length: '1 words', quote: '“150%”' },
]
for (const { text, cjk, length, quote } of cases) {
  test(`"${text}" is ${cjk ? 'CJK' : 'not CJK'}: ${length}, quoted ${quote}`, () => {
    assert.equal(isCjkText(text), cjk)
    const measured = lengthOf(text)
    assert.equal(`${measured.value} ${measured.unit}`, length)
    assert.equal(quoted(text), quote)
  })
}

test('a list is quoted alike: the script of the whole list decides', () => {
  assert.equal(quoted('150%', '150% 工作日'), '「150%」')
})

test('texts of one list are quoted alike, as the script of the whole list decides', () => {
  assert.deepEqual(quotedAlike(['150%', 'HR'], '150% HR 工作日'), ['「150%」', '「HR」'])
  assert.deepEqual(quotedAlike(['北京', 'opens'], 'Our office in 北京 opens at nine'), ['“北京”', '“opens”'])
})

test('a length counts every word and every CJK character, however many a text holds', () => {
  const english = Array.from({ length: 500 }, (_, i) => `word${i}`).join(' ')
  assert.deepEqual(lengthOf(english), { value: 500, unit: 'words' })
  assert.deepEqual(lengthOf(`${'年假'.repeat(300)} HR 5`), { value: 605, unit: 'characters' })
  assert.deepEqual(lengthOf(''), { value: 0, unit: 'words' })
})

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu

test('cjkCount counts what the Unicode script pattern matches, for every code point and in mixed text', () => {
  const wrong: string[] = []
  for (let code = 0; code <= 0x10ffff; code++) {
    if (code >= 0xd800 && code <= 0xdfff) continue
    const char = String.fromCodePoint(code)
    if (cjkCount(char) !== (char.match(CJK) ?? []).length) wrong.push(code.toString(16))
  }
  assert.deepEqual(wrong, [])
  for (const text of ['𠀀中𠀁a😀ひらカナ한글\ud840x\udc00', '々〇〻 ｱｲｳ ﾟ ㄱ ᄀ 豈', 'plain English', '']) assert.equal(cjkCount(text), (text.match(CJK) ?? []).length, text)
})

test('codePointCount counts as spreading the string does, lone surrogates included', () => {
  for (const text of ['', 'abc', '𠀀中', '😀😀', '\ud840', '\udc00\ud840', 'a\ud840\udc00b\udc00', '中\ud83d']) assert.equal(codePointCount(text), [...text].length, JSON.stringify(text))
})
