import { lengthOf } from '../io/script.ts'
import type { RulesConfig } from '../schemas/config.ts'
import type { EvalRow } from '../schemas/evalSet.ts'
import { foldPhrase } from './normalise.ts'
import { passFail, type Score } from './types.ts'

/**
 * `[文档3]`, `[doc 3]`, `[Doc3]`, `[source 3]` and the bare `[3]`: the citation forms the rules and
 * citation_valid recognise. N is the 1-based position of the cited context in the candidate's
 * returned `contexts`.
 */
export const CITATION_PATTERN = /\[(?:(?:文档|doc|document|source)\s*)?(\d+)\]/gi

/** The rule's name and what it means in plain words: every report row of a refused answerable question says this. */
export const OVER_REFUSAL = 'over_refusal: refused an answerable question'

/**
 * The seed's rule tier, routed on should_refuse: a question that should be refused is
 * checked only by refuse_ok, so a correct refusal ("不知道") can never fail a length,
 * citation or forbidden-word rule. An answerable question is checked by no_over_refusal
 * (1 = answered, 0 = refused), and a refusal's other failures say it was one.
 */
export function scoreRules(row: EvalRow, answer: string, rules: RulesConfig): Record<string, Score> {
  if (row.should_refuse) {
    const refused = isRefusal(answer, rules.refusal_phrases)
    const result = { refuse_ok: passFail(refused, 'the answer does not say it cannot answer') }
    return { ...result, rules_pass: passFail(refused, 'refuse_ok failed') }
  }
  const checks: Record<string, Score> = {}
  const refused = isRefusal(answer, rules.refusal_phrases)
  checks.no_over_refusal = passFail(!refused, OVER_REFUSAL)
  // characters for Chinese, Japanese and Korean text, words for any other (src/io/script.ts)
  const length = lengthOf(answer)
  checks.length_ok = passFail(length.value >= rules.min_length && length.value <= rules.max_length, `${length.value} ${length.unit}, outside ${rules.min_length}-${rules.max_length}`)
  if (rules.require_citation) {
    checks.citation_ok = passFail(hasCitation(answer), refused ? `${OVER_REFUSAL}, so it cites nothing` : 'no [文档N] / [docN] / [N] citation')
  }
  const found = rules.forbidden.filter((word) => answer.toLowerCase().includes(word.toLowerCase()))
  checks.no_forbidden = passFail(found.length === 0, `contains ${found.map((w) => `"${w}"`).join(', ')}`)
  if (row.expect_json) checks.json_ok = checkJson(answer, row.required_keys)
  const failed = Object.entries(checks)
    .filter(([, s]) => s.value === 0)
    .map(([name]) => name)
  checks.rules_pass = passFail(failed.length === 0, `failed: ${failed.join(', ')}`)
  return checks
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

export function hasCitation(answer: string): boolean {
  return new RegExp(CITATION_PATTERN.source, 'i').test(answer)
}

function checkJson(answer: string, requiredKeys: readonly string[]): Score {
  let data: unknown
  try {
    data = JSON.parse(answer)
  } catch {
    return passFail(false, 'not valid JSON')
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return passFail(false, 'JSON but not an object')
  const missing = requiredKeys.filter((k) => !(k in (data as object)))
  return passFail(missing.length === 0, `missing keys: ${missing.join(', ')}`)
}
