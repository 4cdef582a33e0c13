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
  const cjk = text.match(CJK_CHARACTER)?.length ?? 0
  return cjk > 0 && cjk >= (text.match(WORD)?.length ?? 0)
}

export interface TextLength {
  value: number
  unit: 'characters' | 'words'
}

/** Characters (code points) for CJK text, words for any other text. */
export function lengthOf(text: string): TextLength {
  return isCjkText(text) ? { value: [...text].length, unit: 'characters' } : { value: text.match(WORD)?.length ?? 0, unit: 'words' }
}

/** `「…」` around CJK text, `“…”` around any other; `script` decides for a list quoted alike. */
export function quoted(text: string, script: string = text): string {
  return isCjkText(script) ? `「${text}」` : `“${text}”`
}
