import type { MetricName } from './definitions.ts'
import { lengthOf } from '../text/script.ts'
import type { RulesConfig } from '../schemas/config.ts'
import type { EvalRow } from '../schemas/evalSet.ts'
import { foldPhrase } from './normalise.ts'
import { scoresOf, type ScoreSink, type Scores } from './types.ts'

/**
 * `[文档3]`, `[doc 3]`, `[Doc3]`, `[source 3]` and the bare `[3]`: the citation forms the rules and
 * citation_valid recognise. N is the 1-based position of the cited context in the candidate's
 * returned `contexts`.
 */
export const CITATION_PATTERN = /\[(?:(?:文档|doc|document|source)\s*)?(\d+)\]/gi

/** Why refuse_ok failed, with the setting that decides what a refusal says: the bot may refuse in words the list lacks. */
export const REFUSAL_NOT_FOUND = 'the answer has none of the refusal phrases (rules.refusal_phrases); if it does refuse, add its wording there'

/** The rule's name and what it means in plain words: every report row of a refused answerable question says this. */
export const OVER_REFUSAL = 'over_refusal: refused an answerable question'

/**
 * The seed's rule tier, routed on should_refuse: a question that should be refused is
 * checked only by refuse_ok, so a correct refusal ("不知道") can never fail a length,
 * citation or forbidden-word rule. An answerable question is checked by no_over_refusal
 * (1 = answered, 0 = refused), and a refusal's other failures say it was one.
 */
export function scoreRules(row: EvalRow, answer: string, rules: RulesConfig, refused = isRefusal(answer, rules.refusal_phrases)): Scores {
  return scoresOf((sink) => writeRules(sink, row, answer, rules, refused))
}

/** scoreRules written into a sink; `refused` is isRefusal of the answer, which the caller has already asked. A reason is built only for a failed rule. */
export function writeRules(sink: ScoreSink, row: EvalRow, answer: string, rules: RulesConfig, refused: boolean): void {
  if (row.should_refuse) {
    if (refused) {
      sink('refuse_ok', 1)
      sink('rules_pass', 1)
    } else {
      sink('refuse_ok', 0, REFUSAL_NOT_FOUND)
      sink('rules_pass', 0, 'refuse_ok failed')
    }
    return
  }
  const failed: string[] = []
  const check = (name: MetricName, failure: string | null) => {
    if (failure === null) return sink(name, 1)
    sink(name, 0, failure)
    failed.push(name)
  }
  check('no_over_refusal', refused ? OVER_REFUSAL : null)
  // characters for Chinese, Japanese and Korean text, words for any other (src/text/script.ts)
  const length = lengthOf(answer)
  const inBounds = length.value >= rules.min_length && length.value <= rules.max_length
  check('length_ok', inBounds ? null : `${length.value} ${length.unit}, outside ${rules.min_length}-${rules.max_length}`)
  if (rules.require_citation) check('citation_ok', hasCitation(answer) ? null : refused ? `${OVER_REFUSAL}, so it cites nothing` : 'no [文档N] / [docN] / [N] citation')
  const found = forbiddenIn(answer, rules.forbidden)
  check('no_forbidden', found.length === 0 ? null : `contains ${found.map((w) => `"${w}"`).join(', ')}`)
  if (row.expect_json) check('json_ok', jsonFailure(answer, row.required_keys))
  if (failed.length === 0) sink('rules_pass', 1)
  else sink('rules_pass', 0, `failed: ${failed.join(', ')}`)
}

/** The forbidden words the answer contains, ignoring case. */
function forbiddenIn(answer: string, forbidden: readonly string[]): string[] {
  if (forbidden.length === 0) return []
  const text = answer.toLowerCase()
  return forbidden.filter((word) => text.includes(word.toLowerCase()))
}

/** Whether the answer says one of the phrases, ignoring case, full-width forms and apostrophes. */
export function isRefusal(answer: string, phrases: readonly string[]): boolean {
  const text = foldPhrase(answer)
  return foldedPhrases(phrases).some((p) => text.includes(p))
}

const folded = new WeakMap<readonly string[], string[]>()

function foldedPhrases(phrases: readonly string[]): string[] {
  let result = folded.get(phrases)
  if (!result) {
    result = phrases.map(foldPhrase).filter((p) => p !== '')
    folded.set(phrases, result)
  }
  return result
}

/** Not global, so `test` keeps no position between answers. */
const ANY_CITATION = new RegExp(CITATION_PATTERN.source, 'i')

export function hasCitation(answer: string): boolean {
  return ANY_CITATION.test(answer)
}

/** Why the answer is not a JSON object with the required keys, or null when it is. */
function jsonFailure(answer: string, requiredKeys: readonly string[]): string | null {
  let data: unknown
  try {
    data = JSON.parse(answer)
  } catch {
    return 'not valid JSON'
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return 'JSON but not an object'
  const missing = requiredKeys.filter((k) => !(k in (data as object)))
  return missing.length === 0 ? null : `missing keys: ${missing.join(', ')}`
}
