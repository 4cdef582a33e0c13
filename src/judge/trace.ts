import { redactSecrets } from '../text/redact.ts'
import { showInvisible } from '../text/visible.ts'
import type { ReportedModels } from '../schemas/baseline.ts'
import type { JudgeIdentity, QuestionResult } from '../schemas/results.ts'
import { reportedModels } from '../metrics/judgeCalls.ts'

/** A reported model string or response id longer than this is cut: it is an identifier, not a reply. */
export const MAX_TRACED_CHARS = 200

/**
 * A `model` or `id` field of a judge response as it is kept: a non-empty string, secrets
 * redacted, control and invisible characters shown as codes, cut at MAX_TRACED_CHARS; null
 * when the endpoint sent none (or something that is not a string).
 */
export function tracedString(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null
  return [...redactSecrets(showInvisible(value.trim()))].slice(0, MAX_TRACED_CHARS).join('')
}

/**
 * One copy of each string a run keeps many times over (the model every judge call reports,
 * kept in every question's judge_calls): the first `max` distinct values are shared, any
 * further one is kept as it came. Values are only ever equal strings, so results do not change.
 */
export class SharedStrings {
  private readonly seen = new Map<string, string>()
  private readonly max: number

  constructor(max = 64) {
    this.max = max
  }

  of(value: string | null): string | null {
    if (value === null) return null
    const shared = this.seen.get(value)
    if (shared !== undefined) return shared
    if (this.seen.size < this.max) this.seen.set(value, value)
    return value
  }
}

/** compare()'s one question to this module: has the judge's reported model changed since the baseline (reportedModelChange)? */
export function judgeModelChange(
  baseline: { judge_reported_models?: ReportedModels | null } | null,
  run: { judge: JudgeIdentity; questions: Readonly<Record<string, Pick<QuestionResult, 'judge_calls'>>> },
): string | null {
  // without the baseline's reported models there is nothing to compare: the run's are not gathered
  if (!baseline?.judge_reported_models) return null
  return reportedModelChange(baseline.judge_reported_models, reportedModels(run.questions), { chat: run.judge.model, embeddings: run.judge.embeddings_model })
}

/**
 * A silent vendor upgrade: the same requested model, but the endpoint reported another model
 * string in the baseline than in this run (`gpt-4o-2024-08-06` then `gpt-4o-2024-11-20`).
 * The sentence the report puts beside the judge line, or null when nothing changed or one
 * side reported nothing. Requested models that differ are an incomparable baseline, said elsewhere.
 */
export function reportedModelChange(baseline: ReportedModels | null | undefined, run: ReportedModels | null, requested: { chat: string | null; embeddings: string | null }): string | null {
  if (!baseline || !run) return null
  const changes = (['chat', 'embeddings'] as const).flatMap((kind) => {
    const before = baseline[kind]
    const now = run[kind]
    if (before.length === 0 || now.length === 0 || sameSet(before, now)) return []
    const asked = requested[kind] ? `, requested as ${requested[kind]} both times` : ''
    return [`the ${kind === 'chat' ? 'judge' : 'embeddings'} model the API reports changed: ${list(before)} in the baseline, ${list(now)} in this run${asked}`]
  })
  if (changes.length === 0) return null
  return `${changes.join('; ')}. The vendor may have upgraded the model behind the name: score changes can come from the judge, not the candidate`
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const set = new Set(a)
  return b.length === set.size && b.every((x) => set.has(x))
}

function list(models: readonly string[]): string {
  return models.join(' + ')
}
