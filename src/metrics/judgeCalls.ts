import type { ReportedModels } from '../schemas/baseline.ts'
import type { QuestionResult } from '../schemas/results.ts'

/**
 * The distinct model strings the judge's API reported in a run's calls (every question's
 * `judge_calls`), chat and embeddings apart, in first-seen order; null when no call carried one.
 * A baseline keeps them, and the comparison holds this run's against them (judge/trace.ts).
 */
export function reportedModels(questions: Readonly<Record<string, Pick<QuestionResult, 'judge_calls'>>>): ReportedModels | null {
  const chat = new Set<string>()
  const embeddings = new Set<string>()
  for (const q of Object.values(questions)) {
    for (const call of q.judge_calls ?? []) {
      if (call.model !== null) (call.family === 'embeddings' ? embeddings : chat).add(call.model)
    }
  }
  return chat.size + embeddings.size === 0 ? null : { chat: [...chat], embeddings: [...embeddings] }
}
