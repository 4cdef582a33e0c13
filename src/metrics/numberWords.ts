/**
 * English numbers written as words: "ten" ≡ 10, "twenty-five" ≡ 25, "one hundred and five" ≡
 * 105, "two thousand" ≡ 2000, "fifteenth" ≡ 15. "one", "first" and "second" are words as well
 * as numbers ("one of the managers", "first, submit…", "30 seconds"): they stay words, and a
 * text that says them also counts as saying 1 or 2 (`soft`), so "the first day" covers "the
 * 1st day" and the other way round without "first" demanding a 1.
 */
/*
 * Maps, not object literals: a word of the text is looked up in them, and an object literal
 * also "holds" constructor, toString, … (a text saying "constructor" read Object's).
 */
const UNIT_WORDS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
]
const UNITS: ReadonlyMap<string, number> = new Map(UNIT_WORDS.map((w, i) => [w, i]))
const TENS: ReadonlyMap<string, number> = new Map(['twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'].map((w, i) => [w, (i + 2) * 10]))
const SCALES: ReadonlyMap<string, number> = new Map([
  ['hundred', 100],
  ['thousand', 1000],
  ['million', 1e6],
  ['billion', 1e9],
])
const ORDINALS: ReadonlyMap<string, number> = new Map([
  ...['third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth', 'eleventh', 'twelfth'].map((w, i): [string, number] => [w, i + 3]),
  ...['thirteenth', 'fourteenth', 'fifteenth', 'sixteenth', 'seventeenth', 'eighteenth', 'nineteenth'].map((w, i): [string, number] => [w, i + 13]),
  ...['twentieth', 'thirtieth', 'fortieth', 'fiftieth', 'sixtieth', 'seventieth', 'eightieth', 'ninetieth'].map((w, i): [string, number] => [w, (i + 2) * 10]),
  ['hundredth', 100],
])
/** Words that are numbers only sometimes: kept as words, and as a number on the covering side. */
export const SOFT_NUMBERS: ReadonlyMap<string, number> = new Map([
  ['one', 1],
  ['first', 1],
  ['second', 2],
])

const NUMBER_WORDS = new Set([...UNITS.keys(), ...TENS.keys(), ...SCALES.keys(), ...ORDINALS.keys(), ...SOFT_NUMBERS.keys()])

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
  let previous: string | null = null
  // a list of words has no holes: the run ends at the first index without one
  for (let w = words[end]; w !== undefined; w = words[end]) {
    if (w === 'and') {
      const next = words[end + 1]
      if (previous === null || !SCALES.has(previous) || next === undefined || !isNumberWord(next) || SOFT_NUMBERS.has(next)) break
    } else {
      if (!isNumberWord(w)) break
      if (previous !== null && (ORDINALS.has(previous) || (previous === 'one' && !SCALES.has(w)))) break
      if (previous !== null && (w === 'first' || w === 'second') && !TENS.has(previous)) break
    }
    end += 1
    if (w === 'first' || w === 'second') break
    previous = w
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
  const [only] = content
  if (only === undefined || content.every((w) => SCALES.has(w))) return null
  if (content.length === 1 && SOFT_NUMBERS.has(only)) return null
  let total = 0
  let current = 0
  for (const w of content) {
    // "one" is a unit; "first" and "second" add as the soft numbers they are
    const added = UNITS.get(w) ?? TENS.get(w) ?? ORDINALS.get(w) ?? SOFT_NUMBERS.get(w)
    if (added !== undefined) current += added
    else if (w === 'hundred') current = (current || 1) * 100
    else {
      const scale = SCALES.get(w)
      if (scale === undefined) throw new Error(`numberValue: "${w}" is not a number word (a run is of number words and "and")`)
      total += (current || 1) * scale
      current = 0
    }
  }
  return total + current
}
