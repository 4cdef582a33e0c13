/**
 * Where a text is negated, as a mask over its normalised characters, or null when nothing is
 * negated: NEGATED inside a negation's scope, NEAR just after a Chinese negation's scope (two
 * negations that share a word there negate the same thing: 不能同时领取 / 不重复领取).
 *
 * English: a negation (not, no, never, n't, cannot, without, none, nor, …) negates its whole
 * clause, so "Refunds cannot be issued after 30 days" and "No refunds after 30 days" are both
 * negated statements about refunds. Clauses end at punctuation, at but / however / although /
 * though / whereas / except / unless / while, and at and / or / so before a new subject ("the
 * trial is 14 days and you do not need a card": the trial is not negated). A bound is not a negation: "no more than",
 * "not later than", "must not exceed" say "at most"; neither are "not only", "not just",
 * "no matter".
 *
 * Chinese: 不 没 无 非 未 别 negate what follows them closely (the cue and the next two
 * characters: a whole clause would take in relative clauses such as 「未休完的年假可结转」,
 * whose main statement is not negated). Not negations: bounds (不超过, 不低于, 不得超过, 不足 …),
 * compounds that only contain a cue character (非常, 无论, 未来, 不同, 特别 …) and A-not-A
 * questions (会不会, 有没有).
 */
const LATIN_CUES =
  /\b(?:not|no|never|none|nor|neither|nobody|nothing|nowhere|without|cannot|[a-z]+n't|dont|doesnt|didnt|cant|wont|isnt|arent|wasnt|werent|shouldnt|couldnt|wouldnt|mustnt|hasnt|havent|hadnt|neednt)\b/g
const ANY_CUE =
  /[不没无非未别]|\b(?:not|no|never|none|nor|neither|nobody|nothing|nowhere|without|cannot|[a-z]+n't|dont|doesnt|didnt|cant|wont|isnt|arent|wasnt|werent|shouldnt|couldnt|wouldnt|mustnt|hasnt|havent|hadnt|neednt)\b/
const CLAUSE_BOUNDARY =
  /[,;:!?，；：。！？\n()（）—]|\.(?!\d)|\s-+\s|\b(?:but|however|although|though|whereas|except|unless|while)\b|\b(?:and|or|so)\s+(?=(?:i|you|we|they|he|she|it|there|this|these|those)\b)|但是|可是|然而/g
const COMPARATIVES = new Set(['more', 'less', 'fewer', 'later', 'earlier', 'greater', 'higher', 'lower', 'longer', 'shorter', 'sooner', 'bigger', 'smaller'])
const NOT_A_NEGATION_AFTER = new Set(['only', 'just', 'matter'])

const LATIN_CUE = new RegExp(LATIN_CUES.source)
const HAN_CUES = /[不没无非未别]/g
const HAN_SCOPE = 3
const HAN_NEAR = 6
export const NEGATED = 2
export const NEAR = 1
/** Words that contain a cue character without negating anything. */
const HAN_NOT_NEGATIONS = [
  ...['不超过', '不高于', '不低于', '不少于', '不多于', '不大于', '不小于', '不晚于', '不早于', '不足', '不得超过', '不得低于', '不得少于', '不得多于', '不得高于', '不得晚于'],
  ...['不同', '不断', '不仅', '不但', '不管', '不论', '不过', '不久', '不少', '不错', '不然', '对不起', '差不多', '不一样'],
  ...['没收', '淹没', '埋没', '出没', '无论', '无线', '有无', '无非', '非常', '除非', '是非', '莫非', '非洲', '南非', '未来', '未成年'],
  ...['别人', '别的', '别处', '别墅', '别名', '别称', '特别', '区别', '分别', '类别', '级别', '个别', '差别', '识别', '告别', '性别', '辨别', '鉴别', '判别', '派别'],
]
const HAN_EXCEPTIONS = HAN_NOT_NEGATIONS.flatMap((word) => [...word].flatMap((char, at) => ('不没无非未别'.includes(char) ? [{ word, at }] : [])))

export function negationMask(text: string): Uint8Array | null {
  if (!ANY_CUE.test(text)) return null
  let mask: Uint8Array | null = null
  const mark = (from: number, to: number, level: number) => {
    mask ??= new Uint8Array(text.length)
    for (let i = from; i < Math.min(to, text.length); i++) {
      // checked here: a shared knownAt in this loop would cost more than the mark
      const current = mask[i]
      if (current === undefined) throw new RangeError(`negationMask: no character ${i} of ${mask.length}`)
      if (current < level) mask[i] = level
    }
  }
  if (LATIN_CUE.test(text)) {
    for (const [start, end] of clauses(text)) if (hasLatinNegation(text.slice(start, end))) mark(start, end, NEGATED)
  }
  for (const match of text.matchAll(HAN_CUES)) {
    if (!isHanNegation(text, match.index, match[0])) continue
    mark(match.index, match.index + HAN_SCOPE, NEGATED)
    mark(match.index + HAN_SCOPE, match.index + HAN_NEAR, NEAR)
  }
  return mask
}

function clauses(text: string): [number, number][] {
  const spans: [number, number][] = []
  let start = 0
  for (const boundary of text.matchAll(CLAUSE_BOUNDARY)) {
    spans.push([start, boundary.index])
    start = boundary.index + boundary[0].length
  }
  spans.push([start, text.length])
  return spans
}

function hasLatinNegation(clause: string): boolean {
  for (const cue of clause.matchAll(LATIN_CUES)) {
    const [next = '', second = '', third = ''] = clause
      .slice(cue.index + cue[0].length)
      .split(/[^a-z']+/)
      .filter(Boolean)
    if (NOT_A_NEGATION_AFTER.has(next)) continue
    if (COMPARATIVES.has(next) && second === 'than') continue
    if (next.startsWith('exceed') || (next === 'to' && second.startsWith('exceed')) || (next === 'be' && second === 'more' && third === 'than')) continue
    return true
  }
  return false
}

function isHanNegation(text: string, at: number, cue: string): boolean {
  // A-not-A questions: 会不会, 是不是, 有没有
  if (at > 0 && text[at - 1] === text[at + 1] && text[at - 1] !== undefined) return false
  for (const { word, at: offset } of HAN_EXCEPTIONS) {
    if (text[at - offset] === word[0] && text.startsWith(word, at - offset)) return false
  }
  // 别 negates only as an imperative ("别忘了"): at the start of a clause or after 请 / 千万
  const before = text[at - 1]
  if (cue === '别') return before === undefined || !/\p{Script=Han}/u.test(before) || '请万'.includes(before)
  return true
}
