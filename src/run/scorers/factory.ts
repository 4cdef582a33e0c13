import { GateError } from '../../io/errors.ts'
import type { Config } from '../../schemas/config.ts'
import { CHAT_PROVIDERS, type ChatProvider, type JudgeProvider } from '../../schemas/judgeConfig.ts'
import { lexicalProvider } from './lexical.ts'
import { noneProvider } from './none.ts'
import { llmJudgeProvider } from './llmJudge.ts'
import type { HeadToHeadJudge, Scorer, ScorerEnvironment, ScoringProvider } from './scorer.ts'

/** The one place a scoring provider is chosen: one line per value of `judge.provider`. */
const PROVIDERS: Record<JudgeProvider, ScoringProvider> = {
  lexical: lexicalProvider,
  // one LLM judge per API the judge speaks (judge/transports/registry.ts)
  ...(Object.fromEntries(CHAT_PROVIDERS.map((name) => [name, llmJudgeProvider(name)])) as Record<ChatProvider, ScoringProvider>),
  none: noneProvider,
}

export function makeScorer(config: Config, environment: ScorerEnvironment): Scorer {
  return PROVIDERS[config.judge.provider].scorer(config, environment)
}

/** The environment variable the configured provider reads its key from (judge.api_key_env, else the provider's own); null for a provider without one. */
export function judgeKeyEnv(config: Config): string | null {
  return PROVIDERS[config.judge.provider].keyEnv?.(config) ?? null
}

/** Environment variables whose values the configured provider sends (its key, ${VAR} in judge.headers and judge.query): the Action masks them. */
export function judgeSecretEnv(config: Config): string[] {
  return PROVIDERS[config.judge.provider].secretEnv?.(config) ?? []
}

/** The configured provider's scores come from a model (and can move between passes). */
export function judgedByModel(config: Config): boolean {
  return PROVIDERS[config.judge.provider].usesModel
}

/** The judge `evalgate pairwise` asks, or a usage error naming the providers that cannot compare two answers. */
export function makeHeadToHeadJudge(config: Config, environment: ScorerEnvironment): HeadToHeadJudge {
  const provider = PROVIDERS[config.judge.provider]
  if (!provider.headToHead) {
    const cannot = Object.entries(PROVIDERS).flatMap(([name, p]) => (p.headToHead ? [] : [name]))
    throw new GateError(
      'usage',
      `pairwise needs an LLM judge, but judge.provider is ${config.judge.provider}: the ${new Intl.ListFormat('en').format(cannot)} providers cannot compare two answers`,
      'pass --judge openai --judge-model M (or set judge.provider: openai, azure or anthropic and judge.model in evalgate.yml)',
    )
  }
  return provider.headToHead(config, environment)
}
