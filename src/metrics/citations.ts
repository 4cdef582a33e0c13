import { CITATION_PATTERN } from './rules.ts'
import { noScore, score, type Score } from './types.ts'

/** Share of `[文档N]` citations whose N (1-based) points to a context that exists. */
export function scoreCitationValidity(answer: string, contextCount: number): Score {
  const numbers = [...answer.matchAll(new RegExp(CITATION_PATTERN.source, 'gi'))].map((m) => Number(m[1]))
  if (numbers.length === 0) return noScore('the answer cites nothing')
  const valid = numbers.filter((n) => n >= 1 && n <= contextCount).length
  const result = score(valid / numbers.length)
  if (valid < numbers.length) {
    const bad = numbers.filter((n) => n < 1 || n > contextCount)
    result.reason = `cites [文档${bad.join('], [文档')}] but only ${contextCount} context${contextCount === 1 ? '' : 's'} were given`
  }
  return result
}
