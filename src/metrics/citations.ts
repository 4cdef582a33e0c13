import { countOf } from '../io/countOf.ts'
import { CITATION_PATTERN } from './rules.ts'
import { noScore, score, type Score } from './types.ts'

/** Share of `[文档N]` / `[docN]` / `[N]` citations whose N (1-based) points to a context that exists. */
export function scoreCitationValidity(answer: string, contextCount: number): Score {
  const citations = [...answer.matchAll(new RegExp(CITATION_PATTERN.source, 'gi'))].map((m) => ({ text: m[0], n: Number(m[1]) }))
  if (citations.length === 0) return noScore('the answer cites nothing')
  const bad = citations.filter(({ n }) => n < 1 || n > contextCount)
  const result = score((citations.length - bad.length) / citations.length)
  // the citations as the answer wrote them, so an English answer's reason shows [3], not [文档3]
  if (bad.length > 0) result.reason = `cites ${bad.map((c) => c.text).join(', ')} but only ${countOf(contextCount, 'context')} ${contextCount === 1 ? 'was' : 'were'} given`
  return result
}
