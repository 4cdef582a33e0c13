/**
 * How a user runs the CLI, spelled once: evalgate is not on the npm registry, so every command
 * evalgate prints (the baseline update command, the demo's echo) and every command the README
 * shows runs it from the tagged GitHub release, whose committed dist/ needs no build step.
 */

/** The npm specifier of the CLI: the `v1` tag of the repository (moved on each v1.x release). */
export const CLI_PACKAGE = 'github:evalgate/evalgate#v1'

/** The prefix of every printed command; `--yes` so that npx does not stop to ask in CI. */
export const CLI = `npx --yes ${CLI_PACKAGE}`

/** One argument as a POSIX shell word: bare when it is safe, else single-quoted. */
export function shellWord(arg: string): string {
  if (/^[\w@%+=:,./-]+$/.test(arg)) return arg
  return `'${arg.replace(/'/g, `'\\''`)}'`
}

/** `evalgate <args>` as a command a user can paste into a shell. */
export function cliCommand(args: readonly string[]): string {
  return [CLI, ...args.map(shellWord)].join(' ')
}
