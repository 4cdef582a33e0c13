import packageJson from '../../package.json' with { type: 'json' }
import { CLI_NAME, commandLine, useInvocation } from '../io/cliInvocation.ts'
import { GateError, formatError } from '../io/errors.ts'
import { similarName } from '../text/similarName.ts'
import { terminalSafe } from '../text/visible.ts'
import { COMMANDS, type Command } from '../run/options/commands.ts'
import { EXIT } from '../run/pipeline/exit.ts'
import { limitInputs } from '../io/input.ts'
import type { CliIO } from './command.ts'
import { MAIN_HELP } from './mainHelp.ts'

export type { CliIO } from './command.ts'

/**
 * The CLI: argv in, exit code out. Never calls process.exit, so tests run it in-process.
 * Everything it prints goes through terminalSafe: secrets redacted, control characters shown.
 * --help, --version and an unknown command load nothing more; a command loads the option
 * table, then only its own module (runners.ts), so start-up does not grow with the commands.
 */
export async function main(argv: readonly string[], terminal: CliIO): Promise<number> {
  const io: CliIO = { ...terminal, stdout: (text) => terminal.stdout(terminalSafe(text, terminal.color)), stderr: (text) => terminal.stderr(terminalSafe(text)) }
  useInvocation(terminal.invocation ?? CLI_NAME)
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
    const meant = similarName(command, COMMANDS)
    io.stderr(`evalgate: unknown command "${command}"${meant ? `; did you mean "${meant}"?` : ''}\n\n${MAIN_HELP}\n`)
    return EXIT.usage
  }
  try {
    const { parseCommandLine } = await import(/* webpackMode: "eager" */ './commandLine.ts')
    const ctx = parseCommandLine(command as Command, rest, io)
    // the cap on every file read from here on, evalgate.yml included (its max_input_mb applies once it is read)
    limitInputs(ctx.request.overrides.max_input_mb as number | undefined)
    if (ctx.flags.help) {
      const { helpFor } = await import(/* webpackMode: "eager" */ './help.ts')
      io.stdout(helpFor(command as Command) + '\n')
      return EXIT.pass
    }
    const { RUNNERS } = await import(/* webpackMode: "eager" */ './runners.ts')
    return await RUNNERS[command as Command](ctx)
  } catch (error) {
    if (error instanceof GateError || isParseArgsError(error)) {
      const message = error instanceof GateError ? formatError(error) : `${(error as Error).message}\n  fix: see "${commandLine(`${command} --help`)}"`
      io.stderr(`evalgate ${command}: ${message}\n`)
      return EXIT.usage
    }
    // not the input's fault: its own exit code, and the way to report it
    io.stderr(`evalgate ${command}: internal error: ${formatError(error)}\n  this is a bug in evalgate, not in your input: please report it with this message and the command line\n`)
    return EXIT.internal
  }
}

function isParseArgsError(error: unknown): boolean {
  return error instanceof Error && 'code' in error && String((error as { code: unknown }).code).startsWith('ERR_PARSE_ARGS')
}
