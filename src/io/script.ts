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

/** CJK when it has at least as many CJK characters as other words (`使用 Okta 登录` is CJK, an English sentence naming 北京 is not). */
export function isCjkText(text: string): boolean {
  const cjk = matchCount(text, CJK_CHARACTER)
  return cjk > 0 && cjk >= matchCount(text, WORD)
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
  return isCjkText(text) ? { value: [...text].length, unit: 'characters' } : { value: matchCount(text, WORD), unit: 'words' }
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
