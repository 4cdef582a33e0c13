import { countOf } from '../text/countOf.ts'
import { CITATION_PATTERN } from './rules.ts'
import { noScore, score, type Score } from './score.ts'

/** Global, for `exec` from the start of each answer (reset before every use). */
const CITATIONS = new RegExp(CITATION_PATTERN.source, 'gi')

/** Share of `[文档N]` / `[docN]` / `[N]` citations whose N (1-based) points to a context that exists. */
export function scoreCitationValidity(answer: string, contextCount: number): Score {
  let count = 0
  // the citations as the answer wrote them, so an English answer's reason shows [3], not [文档3]
  const bad: string[] = []
  CITATIONS.lastIndex = 0
  for (let m = CITATIONS.exec(answer); m !== null; m = CITATIONS.exec(answer)) {
    count += 1
    const n = Number(m[1])
    if (n < 1 || n > contextCount) bad.push(m[0])
  }
  if (count === 0) return noScore('the answer cites nothing')
  const result = score((count - bad.length) / count)
  if (bad.length > 0) result.reason = `cites ${bad.join(', ')} but only ${countOf(contextCount, 'context')} ${contextCount === 1 ? 'was' : 'were'} given`
  return result
}
