import { parseArgs, type ParseArgsConfig } from 'node:util'
import packageJson from '../../package.json' with { type: 'json' }
import { GateError, formatError } from '../io/errors.ts'
import type { Logger } from '../io/logger.ts'
import { terminalSafe } from '../io/visible.ts'
import { COMMANDS, readOptions, type Command, type RawValue } from '../run/option.ts'
import { optionsOf } from '../run/options.ts'
import { EXIT } from '../run/pipeline.ts'
import { defaultEnvironment } from '../run/prepare.ts'
import { resolveRun } from '../run/resolve.ts'
import { agreementCommand } from './agreement.ts'
import { checkRulesCommand } from './checkRules.ts'
import { lintSetCommand } from './lintSet.ts'
import { calibrateCommand, powerCommand, type CalibrateFlags, type PowerFlags } from './analysis.ts'
import type { CliIO, CommandContext } from './command.ts'
import { baselineCommand, compareCommand, mergeCommand, runCommand } from './gate.ts'
import { MAIN_HELP, helpFor } from './help.ts'
import { calibrateNoiseCommand } from './noise.ts'
import { pairwiseCommand, type PairwiseFlags } from './pairwise.ts'
import { trendCommand } from './trend.ts'

export type { CliIO } from './command.ts'

const print = (io: CliIO) => (text: string) => io.stdout(text + '\n')

const RUNNERS: Record<Command, (ctx: CommandContext) => number | Promise<number>> = {
  run: runCommand,
  compare: compareCommand,
  baseline: baselineCommand,
  merge: mergeCommand,
  trend: trendCommand,
  power: ({ flags, io }) => {
    powerCommand(flags as PowerFlags, print(io))
    return EXIT.pass
  },
  'calibrate-noise': calibrateNoiseCommand,
  calibrate: ({ flags, io }) => calibrateCommand(flags as CalibrateFlags, print(io)),
  pairwise: async ({ flags, request, io, logger }) => {
    await pairwiseCommand(flags as PairwiseFlags, resolveRun(request, 'cli', 'settings').config, defaultEnvironment(logger), print(io))
    return EXIT.pass
  },
  'lint-set': lintSetCommand,
  agreement: agreementCommand,
  'check-rules': checkRulesCommand,
}

/**
 * The CLI: argv in, exit code out. Never calls process.exit, so tests run it in-process.
 * Everything it prints goes through terminalSafe: secrets redacted, control characters shown.
 */
export async function main(argv: readonly string[], terminal: CliIO): Promise<number> {
  const io: CliIO = { ...terminal, stdout: (text) => terminal.stdout(terminalSafe(text, terminal.color)), stderr: (text) => terminal.stderr(terminalSafe(text)) }
  const [command, ...rest] = argv
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    io.stdout(MAIN_HELP + '\n')
    return command ? EXIT.pass : EXIT.usage
  }
  if (command === '--version' || command === '-v' || command === 'version') {
    io.stdout(`evalgate ${packageJson.version}\n`)
    return EXIT.pass
  }
  if (!(COMMANDS as readonly string[]).includes(command)) {
    io.stderr(`evalgate: unknown command "${command}"\n\n${MAIN_HELP}\n`)
    return EXIT.usage
  }
  try {
    const ctx = parseCommandLine(command as Command, rest, io)
    if (ctx.flags.help) {
      io.stdout(helpFor(command as Command) + '\n')
      return EXIT.pass
    }
    return await RUNNERS[command as Command](ctx)
  } catch (error) {
    if (error instanceof GateError || isParseArgsError(error)) {
      const message = error instanceof GateError ? formatError(error) : `${(error as Error).message}\n  fix: see "evalgate ${command} --help"`
      io.stderr(`evalgate ${command}: ${message}\n`)
      return EXIT.usage
    }
    io.stderr(`evalgate ${command}: internal error: ${formatError(error)}\n`)
    return EXIT.usage
  }
}

/** Commands that take file names without a flag: merge's shards, lint-set's eval set. */
const POSITIONAL: ReadonlySet<Command> = new Set(['merge', 'lint-set'])

/** The command's flags, as the option table declares them, parsed the way the Action reads its inputs. */
export function parseCommandLine(command: Command, args: string[], io: CliIO): CommandContext {
  const specs = optionsOf(command)
  const options: ParseArgsConfig['options'] = Object.fromEntries(
    specs.map((o) => [o.flag!, { type: o.value === 'switch' ? 'boolean' : 'string', ...(o.short ? { short: o.short } : {}), ...(o.multiple ? { multiple: true } : {}) }]),
  )
  const variadic = new Set(specs.filter((o) => o.variadic).map((o) => o.flag!))
  const parsed = parseArgs({ args, options, allowPositionals: POSITIONAL.has(command) || variadic.size > 0, strict: true, tokens: true })
  const { values, positionals } = variadic.size > 0 ? attachVariadic(parsed, variadic) : parsed
  if (!POSITIONAL.has(command) && positionals.length > 0) {
    throw new GateError('usage', `unexpected argument "${positionals[0]}"`, `give every file with its flag; see "evalgate ${command} --help"`)
  }
  const { overrides, values: flags } = readOptions(specs, 'cli', (o) => values[o.flag!] as RawValue)
  const logger: Logger = { info: (m) => io.stderr(`${m}\n`), warn: (m) => io.stderr(`warning: ${m}\n`) }
  const out = flags['no-color'] ? { ...io, color: false } : io
  return { flags, request: { configFile: flags.config as string | undefined, overrides }, positionals, io: out, logger }
}

type Parsed = ReturnType<typeof parseArgs<{ tokens: true; allowPositionals: true; strict: true; options: NonNullable<ParseArgsConfig['options']> }>>

/** `--raters a.csv b.csv c.csv`: the bare words after a variadic flag are its values, up to the next flag. */
function attachVariadic(parsed: Parsed, variadic: ReadonlySet<string>): { values: Parsed['values']; positionals: string[] } {
  const values: Record<string, unknown> = { ...parsed.values }
  const positionals: string[] = []
  let open: string | null = null
  for (const token of parsed.tokens) {
    if (token.kind === 'option') open = variadic.has(token.name) ? token.name : null
    else if (token.kind === 'option-terminator') open = null
    else if (open) values[open] = [...((values[open] as string[] | undefined) ?? []), token.value]
    else positionals.push(token.value)
  }
  return { values: values as Parsed['values'], positionals }
}

function isParseArgsError(error: unknown): boolean {
  return error instanceof Error && 'code' in error && String((error as { code: unknown }).code).startsWith('ERR_PARSE_ARGS')
}
