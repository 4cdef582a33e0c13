import { readBaselineFile, updateBaselineCommand, writeBaselineFile } from '../baseline/baseline.ts'
import { calibrateNoise, type NoiseCalibration } from '../analysis/noise.ts'
import { countOf } from '../text/countOf.ts'
import { GateError } from '../io/errors.ts'
import { DEFAULT_NOISE_PASSES } from '../run/options/options.ts'
import { EXIT } from '../run/pipeline/pipeline.ts'
import { defaultEnvironment } from '../run/pipeline/prepare.ts'
import { resolveRun } from '../run/config/resolve.ts'
import type { CommandContext } from './command.ts'

/**
 * `evalgate calibrate-noise`: the system run K times over the eval set (the judge asked afresh
 * each time; with --rerun-candidate the candidate too); proposes a max_drop per metric so that
 * the whole gate false-alarms at most 5% on an unchanged system, and with --write puts them into
 * the baseline's max_drop_overrides and the per-question noise into its `noise`, read and written
 * through the baseline's schema.
 */
export async function calibrateNoiseCommand({ flags, request, io, logger }: CommandContext): Promise<number> {
  const f = flags as { runs?: number; 'rerun-candidate'?: number; write?: boolean }
  if (f.runs !== undefined && f['rerun-candidate'] !== undefined) {
    throw new GateError(
      'usage',
      '--runs and --rerun-candidate both set the number of passes: --runs asks only the judge afresh over fixed answers, --rerun-candidate asks the candidate and the judge',
      'give one: --rerun-candidate 5 for the noise a PR sees, --runs 3 for the judge alone',
    )
  }
  const { config, baselinePath } = await resolveRun(request, 'cli')
  // checked before the first judge call: a baseline that cannot take the proposals would waste every pass
  const baseline = f.write ? await readBaselineFile(baselinePath) : null
  if (f.write && !baseline) {
    throw new GateError('bad_input', `${baselinePath}: no baseline to write the proposals into`, `write the baseline first: ${updateBaselineCommand('results.json', baselinePath)}`)
  }
  const rerun = f['rerun-candidate'] !== undefined
  const calibration = await calibrateNoise(config, defaultEnvironment(logger, io.env), f['rerun-candidate'] ?? f.runs ?? DEFAULT_NOISE_PASSES, rerun)
  io.stdout(noiseReport(calibration) + '\n')
  const proposals = Object.fromEntries(calibration.rows.flatMap((r) => (r.proposed_max_drop === null ? [] : [[r.metric, r.proposed_max_drop] as const])))
  const noise = Object.fromEntries(calibration.rows.filter((r) => r.paired_sd > 0).map((r) => [r.metric, Number(r.paired_sd.toPrecision(6))]))
  if (baseline) {
    const recorded = { ...baseline.noise, ...noise }
    // a baseline gets a noise record only when some metric moved between the passes
    writeBaselineFile(baselinePath, { ...baseline, max_drop_overrides: { ...baseline.max_drop_overrides, ...proposals }, ...(Object.keys(recorded).length > 0 ? { noise: recorded } : {}) })
    io.stdout(`wrote max_drop_overrides for ${Object.keys(proposals).length} metrics and their per-question noise (noise) into ${baselinePath}\n`)
  } else if (Object.keys(proposals).length > 0) {
    io.stdout("run again with --write to put these into the baseline's max_drop_overrides (and the noise the MDE uses into its noise)\n")
  }
  return EXIT.pass
}

function noiseReport(c: NoiseCalibration): string {
  const varied = c.source === 'candidate' ? 'the candidate answered and the judge scored afresh each pass' : 'the judge scored the same answers afresh each pass'
  const lines = [`calibrate-noise: ${countOf(c.passes, 'pass', 'passes')}; ${varied}`, '', 'metric                 run means                          sd of Δ   proposed max_drop']
  for (const r of c.rows) {
    lines.push(
      `${r.metric.padEnd(22)} ${r.means
        .map((m) => m.toFixed(3))
        .join(' ')
        .padEnd(34)} ${r.sd.toFixed(4).padStart(7)}   ${r.proposed_max_drop === null ? '(never moved: keep max_drop)' : r.proposed_max_drop.toFixed(3)}`,
    )
  }
  const tested = c.rows.filter((r) => r.proposed_max_drop !== null).length
  const b = c.bound
  if (tested > 0) {
    lines.push(
      '',
      `Bound: max over the ${countOf(tested, 'metric')} that moved. In ${b.simulations.toLocaleString('en')} simulated comparisons of two of these passes (questions, and conversations whole, drawing baseline and candidate from two passes at random), the largest drop of any metric in units of its own sd (sd of Δ) stays under ${b.quantile.toFixed(2)} 95% of the time; each limit is ${b.quantile.toFixed(2)} × its sd, rounded up to 0.005 (Bonferroni over ${tested} would use ${b.bonferroni.toFixed(2)}). With these limits the whole gate fails ${(b.false_alarms * 100).toFixed(1)}% of the simulated unchanged comparisons (target at most ${(b.alpha * 100).toFixed(0)}%).`,
    )
  }
  if (c.source === 'judge') {
    lines.push(
      '',
      "These passes kept the answers fixed: a candidate that answers differently from run to run adds its own noise, which a PR's comparison also sees; measure it with --rerun-candidate N.",
    )
  }
  return lines.join('\n')
}
