/**
 * English numbers written as words: "ten" ≡ 10, "twenty-five" ≡ 25, "one hundred and five" ≡
 * 105, "two thousand" ≡ 2000, "fifteenth" ≡ 15. "one", "first" and "second" are words as well
 * as numbers ("one of the managers", "first, submit…", "30 seconds"): they stay words, and a
 * text that says them also counts as saying 1 or 2 (`soft`), so "the first day" covers "the
 * 1st day" and the other way round without "first" demanding a 1.
 */
const UNITS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
}
const TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 }
const SCALES: Record<string, number> = { hundred: 100, thousand: 1000, million: 1e6, billion: 1e9 }
const ORDINALS: Record<string, number> = {
  ...Object.fromEntries(['third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth', 'eleventh', 'twelfth'].map((w, i) => [w, i + 3])),
  ...Object.fromEntries(['thirteenth', 'fourteenth', 'fifteenth', 'sixteenth', 'seventeenth', 'eighteenth', 'nineteenth'].map((w, i) => [w, i + 13])),
  ...Object.fromEntries(['twentieth', 'thirtieth', 'fortieth', 'fiftieth', 'sixtieth', 'seventieth', 'eightieth', 'ninetieth'].map((w, i) => [w, (i + 2) * 10])),
  hundredth: 100,
}
/** Words that are numbers only sometimes: kept as words, and as a number on the covering side. */
export const SOFT_NUMBERS: Record<string, number> = { one: 1, first: 1, second: 2 }

const NUMBER_WORDS = new Set([...Object.keys(UNITS), ...Object.keys(TENS), ...Object.keys(SCALES), ...Object.keys(ORDINALS), ...Object.keys(SOFT_NUMBERS)])

export function isNumberWord(word: string): boolean {
  return NUMBER_WORDS.has(word)
}

/**
 * How many of `words` (from `start`) form one number: "twenty five", "one hundred and five",
 * "twenty first". A run ends after an ordinal; "one" goes on only into a scale word ("one
 * hundred", not "one two"); "first"/"second" join only after a tens word ("twenty-first"), so
 * "the first two weeks" is a soft 1 and a 2, not 3.
 */
export function numberRunLength(words: readonly string[], start: number): number {
  let end = start
  while (end < words.length) {
    const w = words[end]!
    const previous = end > start ? words[end - 1]! : null
    if (w === 'and') {
      const next = words[end + 1]
      if (previous === null || !(previous in SCALES) || next === undefined || !isNumberWord(next) || next in SOFT_NUMBERS) break
      end += 1
      continue
    }
    if (!isNumberWord(w)) break
    if (previous !== null && (previous in ORDINALS || (previous === 'one' && !(w in SCALES)))) break
    if (previous !== null && (w === 'first' || w === 'second') && !(previous in TENS)) break
    end += 1
    if (w === 'first' || w === 'second') break
  }
  return end - start
}

/**
 * The value of a run of number words ("twenty", "five"; "one", "hundred", "and", "five"), or
 * null when the run is not a number by itself: a lone "one"/"first"/"second" (soft) or a lone
 * scale word ("thousands of users").
 */
export function numberValue(words: readonly string[]): number | null {
  const content = words.filter((w) => w !== 'and')
  if (content.length === 0 || content.every((w) => w in SCALES)) return null
  if (content.length === 1 && content[0]! in SOFT_NUMBERS) return null
  let total = 0
  let current = 0
  for (const w of content) {
    if (w in UNITS) current += UNITS[w]!
    else if (w in TENS) current += TENS[w]!
    else if (w in ORDINALS) current += ORDINALS[w]!
    else if (w === 'first' || w === 'second') current += SOFT_NUMBERS[w]!
    else if (w === 'hundred') current = (current || 1) * 100
    else {
      total += (current || 1) * SCALES[w]!
      current = 0
    }
  }
  return total + current
}
