import { existsSync, readFileSync } from 'node:fs'
import { dirname, isAbsolute, join, relative, sep } from 'node:path'

/**
 * How this evalgate was started, spelled once: every command evalgate prints (the baseline
 * update command in the report and the PR comment, the fixes and examples in error messages)
 * starts with it, so that it pastes into the shell it came from. The shells work it out when
 * they start (`describeInvocation`, `actionInvocation`) or take it from evalgate.yml's `cli:`,
 * and set it with `useInvocation`; a command started some other way (a test calling main())
 * prints plain `evalgate`, the name the package's bin installs.
 */

/** The package's name, as its bin is installed. */
export const CLI_NAME = 'evalgate'

/** The npm specifier of the CLI that the README's install section gives: the `v1` tag of the repository. */
export const CLI_PACKAGE = 'github:evalgate/evalgate#v1'

let prefix = CLI_NAME

/** The start of every printed command from now on (a one-shot process: the CLI or the Action step). */
export function useInvocation(command: string): void {
  prefix = command.trim() === '' ? CLI_NAME : command.trim()
}

export function cliPrefix(): string {
  return prefix
}

/** One argument as a POSIX shell word: bare when it is safe (a `#` inside a word starts no comment), else single-quoted. */
export function shellWord(arg: string): string {
  if (/^[\w@%+=:,./-][\w@%+=:,./#-]*$/.test(arg)) return arg
  return `'${arg.replace(/'/g, `'\\''`)}'`
}

/** `evalgate <args>` as a command a user can paste into a shell. */
export function cliCommand(args: readonly string[]): string {
  return [prefix, ...args.map(shellWord)].join(' ')
}

/** An example command line already written as shell text (`power --n 50`, `merge --out m.json shard-*.json`). */
export function commandLine(rest: string): string {
  return `${prefix} ${rest}`
}

export interface ProcessStart {
  /** process.argv[1]: the script node was started with (not symlink-resolved) */
  script: string
  /** process.execArgv: node's own options (`--import tsx`) */
  execArgv: readonly string[]
  cwd: string
}

/**
 * The CLI's invocation, from the script node was started with:
 * - `npx <spec>`: npx runs the bin from `…/_npx/<hash>/node_modules/.bin`, and that folder's
 *   package.json records the spec it was asked for (`_npx.packages`) → `npx --yes <spec>`;
 * - a project's local install (`node_modules/.bin/evalgate`, `npm exec evalgate`, an npm script)
 *   → that bin, relative to the working directory;
 * - a global install (`…/lib/node_modules/evalgate`) → `evalgate`;
 * - a path (`node bin/evalgate.js`, `node dist/cli/index.js`, `node --import tsx src/cli/bin.ts`)
 *   → node, its options and the path, relative to the working directory when inside it.
 */
export function describeInvocation({ script, execArgv, cwd }: ProcessStart): string {
  const parts = script.split(sep)
  const npx = parts.lastIndexOf('_npx')
  if (npx >= 0 && parts[npx + 2] === 'node_modules') {
    const spec = npxSpec(parts.slice(0, npx + 2).join(sep))
    if (spec) return `npx --yes ${shellWord(spec)}`
  }
  const modules = parts.lastIndexOf('node_modules')
  if (modules >= 0 && (parts[modules + 1] === '.bin' || parts[modules + 1] === CLI_NAME)) {
    const root = parts.slice(0, modules).join(sep)
    const bin = join(root, 'node_modules', '.bin', CLI_NAME)
    if (existsSync(bin)) return shellWord(inside(cwd, bin) ? withDot(relative(cwd, bin)) : bin)
    // a global install keeps no .bin beside it: its bin is on PATH
    return CLI_NAME
  }
  const path = inside(cwd, script) ? relative(cwd, script) : script
  return ['node', ...execArgv.map(shellWord), shellWord(path)].join(' ')
}

/**
 * The Action's invocation, for the commands its report prints: the repository and ref the
 * workflow step uses (`uses: acme/evalgate@v1.4.0` runs from `…/_actions/acme/evalgate/v1.4.0/`)
 * → `npx --yes github:acme/evalgate#v1.4.0`; an action in the workspace (`uses: ./`) → node and
 * its bin, relative to the workspace.
 */
export function actionInvocation(script: string, workspace: string): string {
  const parts = script.split(sep)
  const actions = parts.lastIndexOf('_actions')
  if (actions >= 0 && parts.length >= actions + 5) {
    const [owner, repo, ref] = parts.slice(actions + 1, actions + 4)
    return `npx --yes ${shellWord(`github:${owner}/${repo}#${ref}`)}`
  }
  // dist/index.js → the action's root → its bin (an action without one: evalgate, as installed)
  const bin = join(dirname(dirname(script)), 'bin', 'evalgate.js')
  if (!existsSync(bin)) return CLI_NAME
  return `node ${shellWord(inside(workspace, bin) ? relative(workspace, bin) : bin)}`
}

function npxSpec(folder: string): string | null {
  try {
    const pkg = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { _npx?: { packages?: unknown[] }; dependencies?: Record<string, string> }
    const packages = pkg._npx?.packages
    if (Array.isArray(packages) && packages.length === 1 && typeof packages[0] === 'string') return packages[0]
    const dependency = pkg.dependencies?.[CLI_NAME]
    return dependency ? `${CLI_NAME}@${dependency}` : null
  } catch {
    return null
  }
}

function inside(dir: string, path: string): boolean {
  const rel = relative(dir, path)
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel)
}

/** `node_modules/.bin/evalgate` runs as a path; a bare name would be looked up on PATH. */
function withDot(rel: string): string {
  return rel.includes(sep) ? rel : `.${sep}${rel}`
}
