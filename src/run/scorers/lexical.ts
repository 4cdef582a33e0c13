import { LEXICAL_METRICS, LEXICAL_SETTINGS, lexicalTexts, scoreLexical } from '../../metrics/lexical.ts'
import type { JudgeIdentity } from '../../schemas/results.ts'
import { settingsHash, type ScoringProvider } from './scorer.ts'

/** `provider: lexical`: offline and deterministic, token and number overlap; no model. */
export const lexicalProvider: ScoringProvider = {
  usesModel: false,
  scorer(config) {
    const identity: JudgeIdentity = {
      provider: 'lexical',
      model: `lexical-v${LEXICAL_SETTINGS.version}`,
      embeddings_model: null,
      definitions_hash: settingsHash(LEXICAL_SETTINGS),
      rules_hash: settingsHash(config.rules),
    }
    // one run's texts are tokenised once, however many metrics and questions read them
    const texts = lexicalTexts()
    return {
      identity,
      label: `${identity.model} (offline, deterministic token/number overlap; no LLM)`,
      notes: [],
      usesModel: false,
      metrics: LEXICAL_METRICS,
      scoreAnswer: (row, output, isRefusal) => scoreLexical(row, output, isRefusal, texts),
      answersScored: () => texts.clear(),
    }
  },
}
