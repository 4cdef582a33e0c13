import type { Results } from '../../src/schemas/results.ts'
import { idRecord } from '../../src/text/ids.ts'

/** The questions as a re-run from the cache gives them: the same calls, each a cache hit with the model and id it was first answered with. */
export function servedFromCache(questions: Results['questions']): Results['questions'] {
  return idRecord(Object.entries(questions).map(([id, q]) => [id, { ...q, judge_calls: q.judge_calls?.map((c) => ({ ...c, cached: true })) }]))
}

/** The questions without their judge calls: a call made again has a new response id. */
export function withoutCalls(questions: Results['questions']): Results['questions'] {
  return idRecord(Object.entries(questions).map(([id, q]) => [id, { ...q, judge_calls: undefined }]))
}
