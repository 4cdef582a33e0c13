/**
 * Which writing a text is in, for the few things that differ: how a length is counted and how
 * a quote is marked. Chinese, Japanese and Korean text counts characters and quotes in 「」;
 * everything else counts words and quotes in “”. One decision, so a reason and a length never
 * disagree about the same text.
 */
const CJK_CHARACTER = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu
/** a word of any other script, digits included: `don't`, `1,000`, `x-api-key` are one word each */
const WORD =
  /(?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}])[\p{L}\p{N}])+(?:[.,'’-](?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}])[\p{L}\p{N}])+)*/gu

/** CJK_CHARACTER at one position (sticky): for the characters cjkCount cannot place by their code alone */
const CJK_AT = new RegExp(CJK_CHARACTER.source, 'uy')

/** CJK when it has at least as many CJK characters as other words (`使用 Okta 登录` is CJK, an English sentence naming 北京 is not). */
export function isCjkText(text: string): boolean {
  const cjk = cjkCount(text)
  return cjk > 0 && cjk >= matchCount(text, WORD)
}

/**
 * How many CJK characters (code points) a text has: CJK_CHARACTER's matches, counted by code
 * where the code decides (nothing below U+1100 is CJK; U+4E00-U+9FFF is all Han) and by the
 * pattern elsewhere: half the cost of testing the pattern at every character, for every answer
 * and note (test/io/script.test.ts checks every code point against the pattern).
 */
export function cjkCount(text: string): number {
  let count = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x1100) continue
    if (code >= 0x4e00 && code <= 0x9fff) {
      count += 1
      continue
    }
    CJK_AT.lastIndex = i
    if (CJK_AT.test(text)) {
      count += 1
      // a character outside the BMP is two code units
      i = CJK_AT.lastIndex - 1
    }
  }
  return count
}

/** Code points, as `[...text].length` counts them (a lone surrogate is one), without building the array. */
export function codePointCount(text: string): number {
  let count = text.length
  for (let i = 0; i + 1 < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0xd800 || code > 0xdbff) continue
    const next = text.charCodeAt(i + 1)
    if (next >= 0xdc00 && next <= 0xdfff) {
      count -= 1
      i += 1
    }
  }
  return count
}

/** How often a global pattern matches, without building the array of matches (every answer and note is measured). */
function matchCount(text: string, pattern: RegExp): number {
  pattern.lastIndex = 0
  let count = 0
  while (pattern.test(text)) count += 1
  return count
}

export interface TextLength {
  value: number
  unit: 'characters' | 'words'
}

/** Characters (code points) for CJK text, words for any other text. */
export function lengthOf(text: string): TextLength {
  return isCjkText(text) ? { value: codePointCount(text), unit: 'characters' } : { value: matchCount(text, WORD), unit: 'words' }
}

/** `「…」` around CJK text, `“…”` around any other; `script` decides for a list quoted alike. */
export function quoted(text: string, script: string = text): string {
  return quoteIn(isCjkText(script), text)
}

/** Texts of one list quoted alike, as the script of `script` (the whole list) decides. */
export function quotedAlike(texts: readonly string[], script: string): string[] {
  const cjk = isCjkText(script)
  return texts.map((text) => quoteIn(cjk, text))
}

function quoteIn(cjk: boolean, text: string): string {
  return cjk ? `「${text}」` : `“${text}”`
}
