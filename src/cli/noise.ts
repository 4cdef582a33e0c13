import { readBaselineFile, updateBaselineCommand, writeBaselineFile } from '../baseline/baseline.ts'
import { calibrateNoise, type NoiseRow } from '../analysis/noise.ts'
import { GateError } from '../io/errors.ts'
import { EXIT } from '../run/pipeline.ts'
import { defaultEnvironment } from '../run/prepare.ts'
import { resolveRun } from '../run/resolve.ts'
import type { CommandContext } from './command.ts'

/**
 * `evalgate calibrate-noise`: the judge asked K times over the same answers; proposes a
 * max_drop per judged metric, and with --write puts them into the baseline's
 * max_drop_overrides, read and written through the baseline's schema.
 */
export async function calibrateNoiseCommand({ flags, request, io, logger }: CommandContext): Promise<number> {
  const f = flags as { runs: number; write?: boolean }
  const { config, baselinePath } = await resolveRun(request, 'cli')
  // checked before the first judge call: a baseline that cannot take the proposals would waste every pass
  const baseline = f.write ? await readBaselineFile(baselinePath) : null
  if (f.write && !baseline) {
    throw new GateError('bad_input', `${baselinePath}: no baseline to write the proposals into`, `write the baseline first: ${updateBaselineCommand('results.json', baselinePath)}`)
  }
  const rows = await calibrateNoise(config, defaultEnvironment(logger), f.runs)
  io.stdout(noiseTable(rows) + '\n')
  const proposals = Object.fromEntries(rows.filter((r) => r.proposed_max_drop !== null).map((r) => [r.metric, r.proposed_max_drop!]))
  if (baseline) {
    writeBaselineFile(baselinePath, { ...baseline, max_drop_overrides: { ...baseline.max_drop_overrides, ...proposals } })
    io.stdout(`wrote max_drop_overrides for ${Object.keys(proposals).length} metrics into ${baselinePath}\n`)
  } else if (Object.keys(proposals).length > 0) {
    io.stdout("run again with --write to put these into the baseline's max_drop_overrides\n")
  }
  return EXIT.pass
}

function noiseTable(rows: readonly NoiseRow[]): string {
  const lines = ['metric                 run means                          sd      proposed max_drop']
  for (const r of rows) {
    lines.push(
      `${r.metric.padEnd(22)} ${r.means
        .map((m) => m.toFixed(3))
        .join(' ')
        .padEnd(34)} ${r.sd.toFixed(4)}  ${r.proposed_max_drop === null ? '(no judge: keep max_drop)' : r.proposed_max_drop.toFixed(3)}`,
    )
  }
  return lines.join('\n')
}
