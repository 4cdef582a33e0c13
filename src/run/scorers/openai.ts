import { GateError } from '../../io/errors.ts'
import { promptsHash } from '../../judge/prompts.ts'
import { LLM_METRICS } from '../../metrics/llm.ts'
import type { CandidateOutput } from '../../schemas/candidate.ts'
import type { Config } from '../../schemas/config.ts'
import type { EvalRow } from '../../schemas/evalSet.ts'
import type { JudgeIdentity, QuestionResult } from '../../schemas/results.ts'
import { checkBudget, describePlan, llmSettings, openAIJudgeFor, planLlm, runLlmTier } from '../llmTier.ts'
import { noneScorer } from './none.ts'
import { settingsHash, type ScorerEnvironment, type ScoringProvider, type SetScores } from './scorer.ts'

/**
 * `provider: openai`: any OpenAI-compatible endpoint judges (llmTier.ts). Without its key (a
 * fork PR gets no secrets) the run falls back to the deterministic tier and says so, rather
 * than failing the check.
 */
export const openaiProvider: ScoringProvider = {
  usesModel: true,
  scorer(config, environment) {
    const j = config.judge
    if (!j.model) throw new GateError('bad_config', 'judge.provider is openai but no judge.model is set', 'set judge.model (flag --judge-model, Action input judge-model), e.g. gpt-4o-mini')
    if (!j.embeddings_model)
      throw new GateError(
        'bad_config',
        'judge.provider is openai but no judge.embeddings_model is set (answer_relevancy needs embeddings)',
        'set judge.embeddings_model (flag --embeddings-model), e.g. text-embedding-3-small',
      )
    const apiKey = environment.env[j.api_key_env]
    if (!apiKey) {
      const note = `LLM tier skipped: ${j.api_key_env} is not set (pull requests from forks get no secrets). The gate decides on rules, retrieval and citations; judge metrics are not computed.`
      environment.logger.warn(note)
      return noneScorer(config, [note], LLM_METRICS)
    }
    const identity = openaiIdentity(config)
    return {
      identity,
      label: openaiLabel(identity),
      notes: [],
      usesModel: true,
      metrics: LLM_METRICS,
      scoreSet: (rows, outputs, questions) => scoreWithLlm(rows, outputs, questions, config, identity, apiKey, environment),
    }
  },
  headToHead(config, environment) {
    const j = config.judge
    if (!j.model) throw new GateError('bad_config', 'judge.provider is openai but no judge.model is set', 'set judge.model (flag --judge-model), e.g. gpt-4o-mini')
    const apiKey = environment.env[j.api_key_env]
    if (!apiKey) throw new GateError('usage', `${j.api_key_env} is not set: pairwise has no judge without its key`, `export ${j.api_key_env}=<key>, or name another variable with --judge-api-key-env`)
    const identity = openaiIdentity(config)
    return { judge: openAIJudgeFor(config, identity, apiKey, environment.cwd), label: openaiLabel(identity) }
  },
}

function openaiIdentity(config: Config): JudgeIdentity {
  const j = config.judge
  const definitions = { prompts: promptsHash(), answer_relevancy: j.answer_relevancy, usefulness_reference: 'ground_truth, else the answer', temperature: 0 }
  return { provider: 'openai', model: j.model ?? null, embeddings_model: j.embeddings_model ?? null, definitions_hash: settingsHash(definitions), rules_hash: settingsHash(config.rules) }
}

function openaiLabel(identity: JudgeIdentity): string {
  return `openai-compatible ${identity.model ?? '?'}${identity.embeddings_model ? ` + ${identity.embeddings_model}` : ''}, temperature 0, definitions ${identity.definitions_hash}`
}

/** States the plan, stops before the first call when it is over budget, then runs the LLM tier. */
async function scoreWithLlm(
  rows: readonly EvalRow[],
  outputs: ReadonlyMap<string, CandidateOutput>,
  questions: Record<string, QuestionResult>,
  config: Config,
  identity: JudgeIdentity,
  apiKey: string,
  environment: ScorerEnvironment,
): Promise<SetScores> {
  const plan = planLlm(rows, outputs, llmSettings(config))
  environment.logger.info(describePlan(plan, rows.length, config))
  checkBudget(plan, config.budget)
  const judge = openAIJudgeFor(config, identity, apiKey, environment.cwd, environment.judgeVariant)
  return runLlmTier(rows, outputs, questions, judge, config, plan, environment.logger)
}
