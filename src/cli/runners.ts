import type { Command } from '../run/option.ts'
import { EXIT } from '../run/exit.ts'
import type { CalibrateFlags, PowerFlags } from './analysis.ts'
import type { CliIO, CommandContext } from './command.ts'
import type { PairwiseFlags } from './pairwise.ts'

const print = (io: CliIO) => (text: string) => io.stdout(text + '\n')

/**
 * Each command, loaded when it runs (dynamic import): `evalgate power` does not load the
 * scoring pipeline, nor `evalgate run` the pairwise judge. Bundlers keep these in the bundle.
 */
export const RUNNERS: Record<Command, (ctx: CommandContext) => Promise<number>> = {
  run: async (ctx) => (await import('./gate.ts')).runCommand(ctx),
  compare: async (ctx) => (await import('./gate.ts')).compareCommand(ctx),
  baseline: async (ctx) => (await import('./gate.ts')).baselineCommand(ctx),
  merge: async (ctx) => (await import('./gate.ts')).mergeCommand(ctx),
  trend: async (ctx) => (await import('./trend.ts')).trendCommand(ctx),
  power: async ({ flags, io }) => {
    const { powerCommand } = await import('./analysis.ts')
    powerCommand(flags as PowerFlags, print(io))
    return EXIT.pass
  },
  'calibrate-noise': async (ctx) => (await import('./noise.ts')).calibrateNoiseCommand(ctx),
  calibrate: async ({ flags, io }) => (await import('./analysis.ts')).calibrateCommand(flags as CalibrateFlags, print(io)),
  pairwise: async ({ flags, request, io, logger }) => {
    const [{ pairwiseCommand }, { resolveRun }, { defaultEnvironment }] = await Promise.all([import('./pairwise.ts'), import('../run/resolve.ts'), import('../run/prepare.ts')])
    await pairwiseCommand(flags as PairwiseFlags, resolveRun(request, 'cli', 'settings').config, defaultEnvironment(logger), print(io))
    return EXIT.pass
  },
  'lint-set': async (ctx) => (await import('./lintSet.ts')).lintSetCommand(ctx),
  agreement: async (ctx) => (await import('./agreement.ts')).agreementCommand(ctx),
  'check-rules': async (ctx) => (await import('./checkRules.ts')).checkRulesCommand(ctx),
}
