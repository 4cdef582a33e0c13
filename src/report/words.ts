import type { MetricRow } from '../schemas/results.ts'

/**
 * What the gate made of a metric, in plain words: the terminal prints these, the Markdown
 * report puts its emoji in front of them. One map, so the two never say different things.
 */
export const STATUS_WORDS: Record<MetricRow['status'], string> = {
  regression: 'regression',
  regression_within_noise: 'regression within noise',
  improvement: 'improvement',
  within: 'within max_drop',
  new: 'new (not gated)',
  not_computed: 'not computed',
  no_baseline: '',
}
