/**
 * Which script an eval set is written in, as far as the judge prompts need to know: Chinese,
 * Japanese and Korean have no spaces between words, so one CJK character is one token and a
 * Latin-script word (letters, digits) is one token, here and in the lint's near-duplicate shingles.
 */
export const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}'
/** each CJK character alone, each run of other letters and digits whole */
export const SCRIPT_TOKEN = new RegExp(`[${CJK}]|(?:(?![${CJK}])[\\p{L}\\p{N}\\p{M}])+`, 'gu')
const CJK_CHARACTER = new RegExp(`^[${CJK}]$`, 'u')

/** Lower-case NFKC tokens: each CJK character alone, each Latin-script word whole. */
export function scriptTokens(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().match(SCRIPT_TOKEN) ?? []
}

/** At least half of its tokens are CJK characters: `GitHub Actions 怎么配置缓存` is, `What is 年假?` is not. */
export function isMostlyCjk(text: string): boolean {
  const tokens = scriptTokens(text)
  return tokens.length > 0 && tokens.filter((t) => CJK_CHARACTER.test(t)).length * 2 >= tokens.length
}

/** How the judge prompts label the chunks: `[doc 3]` or `[文档3]`. */
export type ChunkLabel = 'doc' | '文档'

/**
 * The label of a run's chunks, decided once from its questions: `[doc N]` when most of them
 * are not CJK, `[文档N]` otherwise (an empty set keeps `[文档N]`, the label of the seed prompts).
 */
export function chunkLabelOf(questions: readonly string[]): ChunkLabel {
  const cjk = questions.filter(isMostlyCjk).length
  return questions.length > 0 && cjk * 2 < questions.length ? 'doc' : '文档'
}

export function chunkLabel(label: ChunkLabel, n: number): string {
  return label === 'doc' ? `[doc ${n}]` : `[文档${n}]`
}
