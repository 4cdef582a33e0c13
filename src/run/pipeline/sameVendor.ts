import { reportedModels } from '../../metrics/judgeCalls.ts'
import { sameVendorWarning } from '../../judge/vendor.ts'
import type { Config } from '../../schemas/config.ts'
import type { JudgeIdentity, QuestionResult } from '../../schemas/results.ts'
import type { Logger } from '../../io/logger.ts'

/** Judges whose model is no LLM: nothing to prefer its own family with. */
const NO_LLM = new Set(['none', 'lexical'])

/**
 * The self-preference warning for a run, logged, as the run's notes (none or one): the models
 * the candidate declared (candidate.model, and every answer's `model` field, given as `models`) against the judge's
 * requested model and the models its API reported answering with.
 */
export function sameVendorNotes(
  config: Pick<Config, 'candidate'>,
  models: Iterable<string>,
  judge: JudgeIdentity,
  questions: Readonly<Record<string, QuestionResult>>,
  logger: Pick<Logger, 'warn'>,
): string[] {
  if (NO_LLM.has(judge.provider)) return []
  const declared = new Set<string>()
  if (config.candidate?.model) declared.add(config.candidate.model)
  for (const model of models) declared.add(model)
  if (declared.size === 0) return []
  const judges = [...(judge.model ? [judge.model] : []), ...(reportedModels(questions)?.chat ?? [])]
  const warning = sameVendorWarning(declared, judges)
  if (warning === null) return []
  logger.warn(warning)
  return [warning]
}
