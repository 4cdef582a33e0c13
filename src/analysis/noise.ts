import { comparedValue, metricInfo, sortMetrics } from '../metrics/registry.ts'
import type { RunConfig } from '../schemas/config.ts'
import type { Results } from '../schemas/results.ts'
import { wholeGateLimits, type WholeGateLimits } from '../stats/nullLimits.ts'
import { GateError } from '../io/errors.ts'
import { runPipeline } from '../run/pipeline/pipeline.ts'
import { prepareRun, type RunEnvironment } from '../run/pipeline/prepare.ts'
import { judgedByModel, judgeKeyEnv } from '../run/scorers/factory.ts'
import { knownAt, knownField, knownKey } from '../io/known.ts'

export interface NoiseRow {
  metric: string
  /** the metric's mean in each pass */
  means: number[]
  /** sd of the metric's mean drop between two unchanged runs */
  sd: number
  /** sd of one question's paired difference between two unchanged runs (what the baseline records for the MDE) */
  paired_sd: number
  /** the limit that, with the others, keeps the whole gate's false alarms at 5%; null for a metric that never moved between passes */
  proposed_max_drop: number | null
}

export interface NoiseCalibration {
  rows: NoiseRow[]
  /** what varied between the passes: the judge alone (fixed answers), or the candidate and the judge */
  source: 'judge' | 'candidate'
  passes: number
  bound: Pick<WholeGateLimits, 'quantile' | 'bonferroni' | 'false_alarms' | 'alpha' | 'simulations'>
}

/** The seed of the simulated comparisons: fixed, so the same passes always propose the same limits. */
const SIMULATION_SEED = 20_261_129

/**
 * Runs the system `passes` times over the eval set and proposes per-metric max_drop limits for
 * the whole gate (stats/nullLimits.ts). `rerunCandidate`: each pass asks the candidate afresh
 * and the judge afresh, which is what differs between a baseline and an unchanged PR; without
 * it the answers are fixed (a predictions file) and each pass asks only the judge afresh (its
 * variance alone). The judge cache is bypassed either way (a judge variant per pass).
 */
export async function calibrateNoise(config: RunConfig, environment: RunEnvironment, passes: number, rerunCandidate: boolean): Promise<NoiseCalibration> {
  if (!rerunCandidate && !judgedByModel(config)) {
    throw new GateError(
      'usage',
      `calibrate-noise measures the LLM judge's variance; judge.provider is ${config.judge.provider}, which gives the same scores every time`,
      'use --judge openai (with its model and key), or --rerun-candidate N to measure how much the candidate itself answers differently',
    )
  }
  if (!Number.isInteger(passes) || passes < 2) {
    throw new GateError(
      'usage',
      `${rerunCandidate ? '--rerun-candidate' : '--runs'} must be a whole number of at least 2, got ${passes}`,
      rerunCandidate ? 'e.g. --rerun-candidate 5' : 'e.g. --runs 3',
    )
  }
  const runs: Results[] = []
  for (let k = 1; k <= passes; k++) {
    environment.logger.info(`calibrate-noise: pass ${k} of ${passes}${rerunCandidate ? ' (the candidate answers afresh)' : ''}`)
    const passConfig = { ...config, baseline: undefined }
    const deps = await prepareRun(passConfig, { ...environment, judgeVariant: `noise-pass-${k}` })
    if (rerunCandidate && deps.candidate.stored) {
      throw new GateError(
        'usage',
        `--rerun-candidate re-runs the candidate, but ${deps.candidate.label} gives the same stored answers every pass`,
        'give the candidate as a command (--candidate-cmd) or an HTTP endpoint; with a predictions file, --runs measures the judge alone',
      )
    }
    const results = await runPipeline(deps, passConfig)
    if (!rerunCandidate && !deps.scorer.usesModel)
      throw new GateError('usage', 'the LLM tier was skipped (no judge key), so there is no judge variance to measure', `set ${judgeKeyEnv(config) ?? 'the judge key'}`)
    runs.push(results)
  }
  return proposals(runs, rerunCandidate ? 'candidate' : 'judge')
}

/** The proposals from the passes' per-question scores (every score metric; latency has its own gate). */
export function proposals(runs: readonly Results[], source: NoiseCalibration['source']): NoiseCalibration {
  const first = knownAt(runs, 0, 'the first pass')
  const ids = Object.keys(first.questions).sort()
  // every score metric with a mean in every pass, with those means
  const means = new Map(
    sortMetrics(Object.keys(first.metrics))
      .filter((m) => metricInfo(m)?.unit !== 'ms')
      .flatMap((m) => {
        const perPass = runs.map((r) => r.metrics[m]?.mean)
        return perPass.every((mean) => mean != null) ? [[m, perPass] as const] : []
      }),
  )
  const names = [...means.keys()]
  const conversations = new Map<string, number>()
  const clusters = ids.map((id, i) => {
    const conversation = knownField(first.questions, id, 'question').conversation?.id
    if (conversation === undefined) return i
    let cluster = conversations.get(conversation)
    if (cluster === undefined) conversations.set(conversation, (cluster = i))
    return cluster
  })
  const metrics = names.map((name) => {
    const info = metricInfo(name)
    // a metric with a target: its distance from it, as every comparison reads it
    const compared = (value: number | null | undefined) => (value === null || value === undefined ? Number.NaN : comparedValue(info?.direction, value))
    return { name, higherIsBetter: info?.higherIsBetter ?? true, passes: runs.map((r) => Float64Array.from(ids, (id) => compared(r.questions[id]?.scores[name]))) }
  })
  const result = wholeGateLimits(metrics, conversations.size > 0 ? clusters : null, { seed: SIMULATION_SEED })
  const rows = result.limits.map((l) => ({
    metric: l.metric,
    means: knownKey(means, l.metric, 'means of metric'),
    sd: l.sd,
    paired_sd: l.paired_sd,
    proposed_max_drop: l.limit,
  }))
  const { quantile, bonferroni, false_alarms, alpha, simulations } = result
  return { rows, source, passes: runs.length, bound: { quantile, bonferroni, false_alarms, alpha, simulations } }
}
