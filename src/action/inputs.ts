import * as core from '@actions/core'

/**
 * The only place that reads Action inputs. An empty input means "unset", so the config
 * file (or the default) decides.
 */
export interface ActionInputs {
  config: string | undefined
  overrides: Record<string, unknown>
  resultsPath: string
  reportPath: string
}

function optional(name: string): string | undefined {
  const value = core.getInput(name)
  return value === '' ? undefined : value
}

export function readInputs(): ActionInputs {
  const k = optional('k')
  const maxDrop = optional('max-drop')
  return {
    config: optional('config'),
    overrides: {
      eval_set: optional('eval-set'),
      eval_set_version: optional('eval-set-version'),
      version: optional('version'),
      candidate: { predictions: optional('predictions'), command: optional('candidate-command') },
      judge: { provider: optional('judge') },
      k: k === undefined ? undefined : k.split(',').map((s) => Number(s.trim())),
      baseline: optional('baseline'),
      gate: { max_drop: maxDrop === undefined ? undefined : Number(maxDrop) },
    },
    resultsPath: optional('results-path') ?? 'evalgate-results.json',
    reportPath: optional('report-path') ?? 'evalgate-report.md',
  }
}
