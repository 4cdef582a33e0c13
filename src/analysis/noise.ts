import { isJudgedByModel, metricInfo, sortMetrics } from '../metrics/registry.ts'
import type { RunConfig } from '../schemas/config.ts'
import { normalQuantile } from '../stats/normal.ts'
import { GateError } from '../io/errors.ts'
import { runPipeline } from '../run/pipeline.ts'
import { prepareRun, type RunEnvironment } from '../run/prepare.ts'
import { judgedByModel, judgeKeyEnv } from '../run/scorers/factory.ts'

export interface NoiseRow {
  metric: string
  /** the metric's mean in each pass */
  means: number[]
  sd: number
  /** the drop that judge noise alone stays under 95% of the time; null for metrics no judge touches */
  proposed_max_drop: number | null
}

/**
 * Scores the same answers K times with the judge asked afresh each time (cache bypassed),
 * and proposes a max_drop per judged metric from the spread of the run means: a gate compares
 * two runs, so the noise of their difference is √2·sd, and 1.96·√2·sd is the drop noise alone
 * stays under 95% of the time (rounded up to 0.005).
 */
export async function calibrateNoise(config: RunConfig, environment: RunEnvironment, passes: number): Promise<NoiseRow[]> {
  if (!judgedByModel(config)) {
    throw new GateError(
      'usage',
      `calibrate-noise measures the LLM judge's variance; judge.provider is ${config.judge.provider}, which gives the same scores every time`,
      'use --judge openai (with its model and key)',
    )
  }
  if (!Number.isInteger(passes) || passes < 2) throw new GateError('usage', `--runs must be a whole number of at least 2, got ${passes}`, 'e.g. --runs 3')
  const means = new Map<string, number[]>()
  for (let k = 1; k <= passes; k++) {
    environment.logger.info(`calibrate-noise: pass ${k} of ${passes}`)
    const passConfig = { ...config, baseline: undefined }
    const deps = await prepareRun(passConfig, { ...environment, judgeVariant: `noise-pass-${k}` })
    const results = await runPipeline(deps, passConfig)
    if (!deps.scorer.usesModel) throw new GateError('usage', 'the LLM tier was skipped (no judge key), so there is no judge variance to measure', `set ${judgeKeyEnv(config) ?? 'the judge key'}`)
    for (const [metric, s] of Object.entries(results.metrics)) {
      if (s.mean === null) continue
      const list = means.get(metric) ?? []
      list.push(s.mean)
      means.set(metric, list)
    }
  }
  const z = normalQuantile(0.975)
  return sortMetrics(means.keys())
    .filter((m) => means.get(m)!.length === passes && metricInfo(m)?.unit !== 'ms')
    .map((metric) => {
      const values = means.get(metric)!
      const mean = values.reduce((a, b) => a + b, 0) / values.length
      const sd = Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / (values.length - 1))
      const judged = isJudgedByModel(metric)
      const proposed = judged ? Math.max(0.005, Math.ceil((z * Math.SQRT2 * sd) / 0.005 - 1e-9) * 0.005) : null
      return { metric, means: values, sd, proposed_max_drop: proposed === null ? null : Number(proposed.toFixed(3)) }
    })
}
