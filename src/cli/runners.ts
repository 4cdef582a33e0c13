import type { Command } from '../run/options/option.ts'
import { EXIT } from '../run/pipeline/exit.ts'
import type { CalibrateFlags } from './analysis.ts'
import type { PowerFlags } from './power.ts'
import type { CliIO, CommandContext } from './command.ts'
import type { PairwiseFlags } from './pairwise.ts'

const print = (io: CliIO) => (text: string) => io.stdout(text + '\n')

/**
 * Each command, loaded when it runs (dynamic import): `evalgate power` does not evaluate the
 * scoring pipeline, nor `evalgate run` the pairwise judge. `webpackMode: "eager"` keeps every
 * command in the one bundle file (ncc would otherwise write a chunk per import, repeating the
 * modules they share); only the evaluation is deferred.
 */
export const RUNNERS: Record<Command, (ctx: CommandContext) => Promise<number>> = {
  run: async (ctx) => (await import(/* webpackMode: "eager" */ './gate.ts')).runCommand(ctx),
  compare: async (ctx) => (await import(/* webpackMode: "eager" */ './gate.ts')).compareCommand(ctx),
  baseline: async (ctx) => (await import(/* webpackMode: "eager" */ './gate.ts')).baselineCommand(ctx),
  merge: async (ctx) => (await import(/* webpackMode: "eager" */ './gate.ts')).mergeCommand(ctx),
  trend: async (ctx) => (await import(/* webpackMode: "eager" */ './trend.ts')).trendCommand(ctx),
  power: async ({ flags, io }) => {
    const { powerCommand } = await import(/* webpackMode: "eager" */ './power.ts')
    await powerCommand(flags as PowerFlags, print(io))
    return EXIT.pass
  },
  'calibrate-noise': async (ctx) => (await import(/* webpackMode: "eager" */ './noise.ts')).calibrateNoiseCommand(ctx),
  calibrate: async ({ flags, io }) => (await import(/* webpackMode: "eager" */ './analysis.ts')).calibrateCommand(flags as CalibrateFlags, print(io)),
  pairwise: async ({ flags, request, io, logger }) => {
    const [{ pairwiseCommand }, { resolveRun }, { defaultEnvironment }] = await Promise.all([
      import(/* webpackMode: "eager" */ './pairwise.ts'),
      import(/* webpackMode: "eager" */ '../run/config/resolve.ts'),
      import(/* webpackMode: "eager" */ '../run/pipeline/prepare.ts'),
    ])
    await pairwiseCommand(flags as PairwiseFlags, (await resolveRun(request, 'cli', 'settings')).config, defaultEnvironment(logger, io.env), print(io))
    return EXIT.pass
  },
  'lint-set': async (ctx) => (await import(/* webpackMode: "eager" */ './lintSet.ts')).lintSetCommand(ctx),
  agreement: async (ctx) => (await import(/* webpackMode: "eager" */ './agreement.ts')).agreementCommand(ctx),
  'check-rules': async (ctx) => (await import(/* webpackMode: "eager" */ './checkRules.ts')).checkRulesCommand(ctx),
}
