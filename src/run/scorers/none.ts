import type { Config } from '../../schemas/config.ts'
import { settingsHash, type Scorer, type ScoringProvider } from './scorer.ts'

/**
 * `provider: none`: the deterministic tier only. It also marks a run whose model tier did not
 * run (skipped for want of a key): such a run is compared with a baseline on the
 * deterministic metrics only.
 */
export function noneScorer(config: Config, notes: readonly string[] = [], withheld: readonly string[] = []): Scorer {
  return {
    identity: { provider: 'none', model: null, embeddings_model: null, definitions_hash: 'none', rules_hash: settingsHash(config.rules) },
    label: 'none (rules, retrieval and citations only)',
    notes,
    usesModel: false,
    metrics: [],
    withheld,
  }
}

export const noneProvider: ScoringProvider = {
  usesModel: false,
  scorer: (config) => noneScorer(config),
}
