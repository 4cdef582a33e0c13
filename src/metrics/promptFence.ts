import { knownAt } from '../io/known.ts'

/**
 * Untrusted text (an answer, a context, a question, a judge's earlier words) goes into a judge
 * prompt inside tags (`<answer>…</answer>`), and a tag inside the text itself is defused so it
 * cannot close its own block and speak to the judge. A model reads a tag however it is
 * spelt, so the text is matched on its skeleton, as a reader would see it: compatibility
 * forms folded (full-width `＜／answer＞`, mathematical letters), accents and invisible
 * characters dropped (`</ans\u200bwer>`, a soft hyphen, a bidi control), look-alike letters
 * read as the Latin ones (Cyrillic `аnswеr`, Greek `ο`), look-alike brackets and slashes as
 * `<`, `>`, `/`, and every escape of them (`&lt;`, `&#60;`, `\u003c`, `%3C`, `<\/answer>`).
 * Only the spans that match change, and only their brackets: `‹/answer›`. Everything else is
 * sent exactly as written (a Russian answer stays Russian).
 */

const OPEN = String.raw`(?:<|&lt;?|&#0*60;?|&#x0*3c;?|\\u0*3c|\\u\{0*3c\}|\\x3c|%3c)`
const CLOSE = String.raw`(?:>|&gt;?|&#0*62;?|&#x0*3e;?|\\u0*3e|\\u\{0*3e\}|\\x3e|%3e)`
const SLASH = String.raw`(?:\\*\/|&sol;?|&#0*47;?|&#x0*2f;?|\\u0*2f|\\x2f|%2f)`
const NAMES = String.raw`(?:question|answer(?:_[ab])?|contexts?|reference(?:_points)?|claims?|statements?|history)`
const TAGS = new RegExp(String.raw`${OPEN}\s*(${SLASH})?\s*(${NAMES})(?![a-z0-9_])([^<>]*?)\s*${CLOSE}`, 'dg')

/** Format and invisible characters a reader does not see: zero-width, joiners, bidi controls, soft hyphen, variation selectors, tags. */
// eslint-disable-next-line no-misleading-character-class -- tested one code point at a time: combining marks are listed on purpose
const IGNORABLE = /[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\u{1d173}-\u{1d17a}\u{e0000}-\u{e0fff}]/u

/** Letters and signs that look like the ones of a tag, by what they look like. Applied after lower-casing. */
const LOOK_ALIKES: Record<string, string> = {
  // Cyrillic
  а: 'a',
  в: 'b',
  с: 'c',
  ԁ: 'd',
  е: 'e',
  һ: 'h',
  н: 'h',
  і: 'i',
  ј: 'j',
  к: 'k',
  м: 'm',
  о: 'o',
  р: 'p',
  ԛ: 'q',
  ѕ: 's',
  т: 't',
  у: 'y',
  х: 'x',
  ԝ: 'w',
  ѡ: 'w',
  // Greek
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  // Latin look-alikes and Armenian
  ı: 'i',
  ɑ: 'a',
  ɡ: 'g',
  ʀ: 'r',
  ꜱ: 's',
  ᴄ: 'c',
  ᴏ: 'o',
  ᴜ: 'u',
  օ: 'o',
  ս: 'u',
  հ: 'h',
  ո: 'n',
  // brackets and slashes (‹ › are the defused form itself, and stay)
  '〈': '<',
  '⟨': '<',
  '˂': '<',
  ᐸ: '<',
  '〉': '>',
  '⟩': '>',
  '˃': '>',
  ᐳ: '>',
  '∕': '/',
  '⁄': '/',
  '⧸': '/',
  '╱': '/',
}

/** The skeleton of `text` (see above) and, for each of its characters, where it came from in `text`. */
function skeleton(text: string): { skeleton: string; from: number[]; to: number[] } {
  let out = ''
  const from: number[] = []
  const to: number[] = []
  let i = 0
  for (const ch of text) {
    const end = i + ch.length
    if (!IGNORABLE.test(ch)) {
      const folded = fold(ch)
      for (let k = 0; k < folded.length; k++) {
        from.push(i)
        to.push(end)
      }
      out += folded
    }
    i = end
  }
  return { skeleton: out, from, to }
}

/** One character as the skeleton has it; ASCII and the CJK scripts (which no tag name is spelt with) the fast way. */
function fold(ch: string): string {
  // the first code unit decides as well as the code point: a character beyond the BMP starts with a surrogate, in none of the fast ranges
  const code = ch.charCodeAt(0)
  if (code < 0x80) return ch.toLowerCase()
  if ((code >= 0x3040 && code <= 0x30ff) || (code >= 0x4e00 && code <= 0x9fff) || (code >= 0xac00 && code <= 0xd7af)) return ch
  return [...ch.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()].map((c) => LOOK_ALIKES[c] ?? c).join('')
}

/** Defuses every tag of a prompt block in `text`, however spelt: its brackets become ‹ ›, its name and attributes stay as written. */
export function fenceTags(text: string): string {
  // plain text with no bracket of any spelling is by far the common case: nothing to look at
  if (!/[<>&\\%\u02c2\u02c3\u1438\u1433\u27e8\u27e9\u3008\u3009\ufe64\ufe65\uff1c\uff1e]/.test(text)) return text
  const { skeleton: folded, from, to } = skeleton(text)
  let out = ''
  let last = 0
  // a skeleton character's origin, for a place inside a match: from and to hold one per character
  const origin = (places: readonly number[], at: number) => knownAt(places, at, 'a tag character in the skeleton')
  for (const match of folded.matchAll(TAGS)) {
    const [start, end] = spanOf(match, 0)
    const original = ([first, after]: readonly [number, number]) => (after > first ? text.slice(origin(from, first), origin(to, after - 1)) : '')
    out += text.slice(last, origin(from, start))
    out += `‹${match[1] !== undefined ? '/' : ''}${original(spanOf(match, 2))}${original(spanOf(match, 3))}›`
    last = origin(to, end - 1)
  }
  return out + text.slice(last)
}

/** Where a group of TAGS matched: the whole match (0), the name (2) and the rest (3) take part in every match, and the d flag gives their indices. */
function spanOf(match: RegExpExecArray, group: 0 | 2 | 3): readonly [number, number] {
  const span = match.indices?.[group]
  if (span === undefined) throw new Error(`fenceTags: no indices for group ${group} of "${match[0]}"`)
  return span
}
