import { GateError } from '../../io/errors.ts'
import { ConfigSchema } from '../../schemas/config.ts'

import { COMMANDS, type Command } from './commands.ts'

export { COMMANDS, type Command }

/** The commands that run a candidate, that gate, and that call the judge: the option table's usual `commands`. */
export const RUN = ['run', 'calibrate-noise'] as const
export const GATED = ['run', 'compare', 'merge', 'calibrate-noise'] as const
export const JUDGE = ['run', 'calibrate-noise', 'pairwise'] as const

/** The config's defaults, shown in --help and action.yml. */
export const CONFIG_DEFAULTS = ConfigSchema.parse({})

/**
 * How an option's text becomes a value: `text` as given, `number`, `whole numbers` (5,10),
 * `paths` (separated by spaces, commas or newlines), a `switch` (a CLI flag without a value),
 * or one of a list of words.
 */
export type OptionValue = 'text' | 'number' | 'whole numbers' | 'paths' | 'switch' | readonly string[]

/**
 * One option of evalgate, for both shells: the CLI flag and its --help line, the Action input
 * and its action.yml entry, and the setting it gives. An empty value means "not given", so
 * evalgate.yml (or the default) decides.
 */
export interface OptionSpec {
  /** the CLI flag, without the dashes; absent for an Action-only input */
  flag?: string
  short?: string
  /** a flag given once per value (--results a.json --results b.json) */
  multiple?: true
  /** with multiple: the words after the flag are its values too (--raters a.csv b.csv c.csv) */
  variadic?: true
  /** the Action input; absent for a CLI-only flag */
  input?: string
  value: OptionValue
  /** the setting it gives, a dot path into evalgate.yml; absent when the shell itself uses the value */
  setting?: string
  /** what a switch sets its setting to; null removes the setting evalgate.yml gives */
  sets?: unknown
  /** the value when the option is not given (in action.yml too) */
  default?: string
  /** the commands that take the flag */
  commands: readonly Command[]
  /** how --help shows the value (FILE, N, ...); a choice shows its words */
  arg?: string
  /** how --help shows the option when it is not `--flag ARG`, e.g. power's `--p 0.62 --delta 0.05` */
  label?: string
  /** the --help text ("\n" starts a new line); an option without one is not listed */
  help?: string
  /** the --help text in a command where the option means something narrower */
  helpIn?: Partial<Record<Command, string>>
  /** the input's description in action.yml */
  description?: string
  /** action.yml's default when the runner fills it in (an expression); else `default` */
  actionDefault?: string
  /** a valid value, for hints and tests */
  example?: string
  /** masked in the Action's log */
  secret?: true
}

/** Which shell reads the options: their names and error messages are the shell's own. */
export type Shell = 'cli' | 'action'

/** The field that names an option in each shell. */
const NAMED_BY = { cli: 'flag', action: 'input' } as const

/** An option a shell reads: one with a name there (a CLI flag, an Action input). */
export type ShellOption<S extends Shell> = OptionSpec & Record<(typeof NAMED_BY)[S], string>

export function hasFlag(spec: OptionSpec): spec is ShellOption<'cli'> {
  return spec.flag !== undefined
}

export function hasInput(spec: OptionSpec): spec is ShellOption<'action'> {
  return spec.input !== undefined
}

/** A raw value as the shell hands it over: text, a CLI switch, or a repeated flag's texts. */
export type RawValue = string | boolean | string[] | undefined

export interface GivenOptions {
  /** the settings the options give, a layer over evalgate.yml (null: remove the file's setting) */
  overrides: Record<string, unknown>
  /** every option given or defaulted, parsed, by its name in the shell (flag or input) */
  values: Record<string, unknown>
}

/** The option's name as the user wrote it: `--max-drop` or `input "max-drop"`. */
export function optionName(spec: OptionSpec, shell: Shell): string {
  return shell === 'cli' ? `--${spec.flag}` : `input "${spec.input}"`
}

/**
 * Reads the options a shell was given, the same way for CLI flags and Action inputs: an empty
 * value is "not given", the value is parsed by its kind, and it lands in the setting it names.
 * Two options that give the same setting contradict each other.
 */
export function readOptions<S extends Shell>(specs: readonly ShellOption<S>[], shell: S, raw: (spec: ShellOption<S>) => RawValue): GivenOptions {
  const overrides: Record<string, unknown> = {}
  const values: Record<string, unknown> = {}
  const settingGivenBy = new Map<string, OptionSpec>()
  for (const spec of specs) {
    const value = parseGiven(spec, shell, given(raw(spec)) ?? spec.default)
    if (value === undefined) continue
    values[spec[NAMED_BY[shell]]] = value
    if (spec.setting === undefined) continue
    const earlier = settingGivenBy.get(spec.setting)
    if (earlier) throw new GateError('usage', `${optionName(earlier, shell)} and ${optionName(spec, shell)} contradict each other`, 'use one of them')
    settingGivenBy.set(spec.setting, spec)
    setPath(overrides, spec.setting, value)
  }
  return { overrides, values }
}

/** Empty text and an unset switch are "not given". */
function given(raw: RawValue): RawValue {
  if (typeof raw === 'string') return raw.trim() === '' ? undefined : raw.trim()
  if (Array.isArray(raw)) return raw.map((r) => r.trim()).filter((r) => r !== '')
  return raw === true ? true : undefined
}

function parseGiven(spec: OptionSpec, shell: Shell, raw: RawValue): unknown {
  if (raw === undefined || raw === false) return undefined
  if (raw === true) return spec.sets === undefined ? true : spec.sets
  if (Array.isArray(raw)) return raw
  const v = spec.value
  if (v === 'text' || v === 'switch') return raw
  if (v === 'paths') return raw.split(/[\s,]+/).filter((p) => p !== '')
  if (v === 'number') {
    const n = Number(raw)
    return Number.isFinite(n) ? n : invalid(spec, shell, raw)
  }
  if (v === 'whole numbers') {
    const ns = raw.split(',').map((s) => Number(s.trim()))
    return ns.every((n) => Number.isInteger(n) && n >= 1) ? ns : invalid(spec, shell, raw)
  }
  return v.includes(raw) ? raw : invalid(spec, shell, raw)
}

/** `--max-drop expects a number, got "two"` on the command line; `input "max-drop": expected a number like 0.02, got "two"` in a workflow. */
function invalid(spec: OptionSpec, shell: Shell, raw: string): never {
  const v = spec.value
  const choices = typeof v === 'string' ? null : v
  if (shell === 'action') {
    const expected = choices ? `one of ${choices.join(', ')}` : `${v === 'number' ? 'a number' : 'whole numbers separated by commas'} like ${spec.example}`
    throw new GateError('usage', `${optionName(spec, shell)}: expected ${expected}, got "${raw}"`, 'fix the value in the workflow step\'s "with:" block (see action.yml for every input)')
  }
  const expected = choices ? `${choices.slice(0, -1).join(', ')} or ${choices.at(-1)}` : v === 'number' ? 'a number' : 'whole numbers separated by commas'
  const hint = choices && spec.help ? spec.help.replace(/\s+/g, ' ') : `e.g. ${optionName(spec, shell)} ${spec.example ?? ''}`.trimEnd()
  throw new GateError('usage', `${optionName(spec, shell)} expects ${expected}, got "${raw}"`, hint)
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const cut = path.lastIndexOf('.')
  let node = target
  for (const key of cut === -1 ? [] : path.slice(0, cut).split('.')) node = (node[key] ??= {}) as Record<string, unknown>
  node[path.slice(cut + 1)] = value
}
