import { lengthOf } from '../text/script.ts'
import { foldPhrase } from './normalise.ts'
import { sharedWork, type Question, type SharedWork } from './question.ts'
import type { Score } from './score.ts'

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
 *
 * A rule's check gives why the answer fails it, null when it passes, or undefined when the
 * rule is not checked on this question (its metric is then not written: null, with the note
 * MetricDefinition.askedOf decides). Each rule's definition carries its check (definitions.ts
 * `rule`); rules_pass reads the same checks, each done once per question.
 */
export type RuleCheck = (q: Question) => string | null | undefined

/** Whether the answer is a refusal (rules.refusal_phrases): given by the scoring loop, else asked once per question. */
export const REFUSED = sharedWork((q) => q.refusedGiven ?? isRefusal(q.output.answer, q.config.rules.refusal_phrases))

export const lengthCheck: RuleCheck = ({ row, output, config }) => {
  if (row.should_refuse) return undefined
  // characters for Chinese, Japanese and Korean text, words for any other (src/text/script.ts)
  const length = lengthOf(output.answer)
  const { min_length, max_length } = config.rules
  return length.value >= min_length && length.value <= max_length ? null : `${length.value} ${length.unit}, outside ${min_length}-${max_length}`
}

export const citationCheck: RuleCheck = (q) => {
  if (q.row.should_refuse || !q.config.rules.require_citation) return undefined
  if (hasCitation(q.output.answer)) return null
  return q.shared(REFUSED) ? `${OVER_REFUSAL}, so it cites nothing` : 'no [文档N] / [docN] / [N] citation'
}

export const forbiddenCheck: RuleCheck = ({ row, output, config }) => {
  if (row.should_refuse) return undefined
  const found = forbiddenIn(output.answer, config.rules.forbidden)
  return found.length === 0 ? null : `contains ${found.map((w) => `"${w}"`).join(', ')}`
}

export const jsonCheck: RuleCheck = ({ row, output }) => (row.should_refuse || !row.expect_json ? undefined : jsonFailure(output.answer, row.required_keys))

export const refusalCheck: RuleCheck = (q) => (q.row.should_refuse ? (q.shared(REFUSED) ? null : REFUSAL_NOT_FOUND) : undefined)

export const overRefusalCheck: RuleCheck = (q) => (q.row.should_refuse ? undefined : q.shared(REFUSED) ? OVER_REFUSAL : null)

/** A rule's check, done once per question however many metrics read it (the rule's own and rules_pass). */
export interface Rule {
  name: string
  check: SharedWork<string | null | undefined>
}

const PASSED: Readonly<Score> = Object.freeze({ value: 1 })

/** A rule's metric: 1 when it passes, 0 with why when it fails, nothing when it is not checked. */
export function ruleScore(check: SharedWork<string | null | undefined>): (q: Question) => Readonly<Score> | undefined {
  return (q) => {
    const failure = q.shared(check)
    return failure === undefined ? undefined : failure === null ? PASSED : { value: 0, reason: failure }
  }
}

/**
 * rules_pass: every rule checked on the question passed. Its note names the failed ones in the
 * order given ("failed: no_over_refusal, length_ok"); a should-refuse question is checked by
 * refuse_ok alone, and says so ("refuse_ok failed").
 */
export function rulesPass(rules: readonly Rule[]): (q: Question) => Readonly<Score> {
  return (q) => {
    let failed: string[] | null = null
    for (const rule of rules) if (typeof q.shared(rule.check) === 'string') (failed ??= []).push(rule.name)
    if (failed === null) return PASSED
    return { value: 0, reason: q.row.should_refuse ? `${failed.join(', ')} failed` : `failed: ${failed.join(', ')}` }
  }
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
