import { commandLine } from '../io/cliInvocation.ts'
import { parseArgs, type ParseArgsConfig } from 'node:util'
import { GateError } from '../io/errors.ts'
import type { Logger } from '../io/logger.ts'
import { similarName } from '../text/similarName.ts'
import { readOptions, type Command, type OptionSpec, type RawValue } from '../run/options/option.ts'
import { optionsOf } from '../run/options/options.ts'
import type { CliIO, CommandContext } from './command.ts'

/** Commands that take file names without a flag: merge's shards, lint-set's eval set. */
const POSITIONAL: ReadonlySet<Command> = new Set(['merge', 'lint-set'])

/** The command's flags, as the option table declares them, parsed the way the Action reads its inputs. */
export function parseCommandLine(command: Command, args: string[], io: CliIO): CommandContext {
  // optionsOf gives only the options that have a flag: the filter says so to the type
  const specs = optionsOf(command).filter((o): o is OptionSpec & { flag: string } => o.flag !== undefined)
  const options: ParseArgsConfig['options'] = Object.fromEntries(
    specs.map((o) => [o.flag, { type: o.value === 'switch' ? 'boolean' : 'string', ...(o.short ? { short: o.short } : {}), ...(o.multiple ? { multiple: true } : {}) }]),
  )
  const variadic = new Set(specs.filter((o) => o.variadic).map((o) => o.flag))
  const parsed = parseFlags(command, args, options, POSITIONAL.has(command) || variadic.size > 0)
  const { values, positionals } = variadic.size > 0 ? attachVariadic(parsed, variadic) : parsed
  if (!POSITIONAL.has(command) && positionals.length > 0) {
    throw new GateError('usage', `unexpected argument "${positionals[0]}"`, `give every file with its flag; see "${commandLine(`${command} --help`)}"`)
  }
  const { overrides, values: flags } = readOptions(specs, 'cli', (o) => (o.flag === undefined ? undefined : (values[o.flag] as RawValue)))
  const logger: Logger = { info: (m) => io.stderr(`${m}\n`), warn: (m) => io.stderr(`warning: ${m}\n`) }
  const out = flags['no-color'] ? { ...io, color: false } : io
  return { flags, request: { configFile: flags.config as string | undefined, overrides }, positionals, io: out, logger }
}

/** parseArgs, with "did you mean" for a mistyped long flag (`--eval-sett`, `--max_drop`). */
function parseFlags(command: Command, args: string[], options: NonNullable<ParseArgsConfig['options']>, allowPositionals: boolean): Parsed {
  try {
    return parseArgs({ args, options, allowPositionals, strict: true, tokens: true })
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw error
    // the flag it refused, read from the tokens rather than from the wording of its message
    const { tokens } = parseArgs({ args, options, allowPositionals: true, strict: false, tokens: true })
    const flag = tokens.flatMap((t) => (t.kind === 'option' && !Object.hasOwn(options, t.name) ? [t] : []))[0]
    const meant = flag?.rawName.startsWith('--') ? similarName(flag.name, Object.keys(options)) : null
    if (!flag || meant === null) throw error
    throw new GateError('usage', `unknown option ${flag.rawName}; did you mean --${meant}?`, `write --${meant}; see "${commandLine(`${command} --help`)}"`)
  }
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
