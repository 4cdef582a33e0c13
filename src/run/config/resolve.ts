import { useInvocation } from '../../io/cliInvocation.ts'
import { DEFAULT_BASELINE_PATH } from '../../baseline/baseline.ts'
import type { GateLayer } from '../../baseline/gate.ts'
import type { Config, RunConfig } from '../../schemas/config.ts'
import { applyOverrides, DEFAULT_CONFIG_FILE, parseConfig, parseRunConfig, readConfigFile, settingSource } from './config.ts'
import { optionName, type Shell } from '../options/option.ts'
import { limitInputs } from '../../io/input.ts'
import { OPTIONS } from '../options/options.ts'

/** What a command needs from the settings: a runnable config, every setting, or only the gate settings of the file. */
export type Scope = 'run' | 'settings' | 'gate'

export interface RunRequest {
  /** --config / the config input; an explicitly named file must exist */
  configFile: string | undefined
  /** the settings the flags or inputs give (readOptions' overrides) */
  overrides: Record<string, unknown>
}

export interface ResolvedRun<C extends Config = Config> {
  config: C
  /** where the settings came from, as errors name it: "evalgate.yml + flags" */
  source: string
  /** the baseline to compare with, write or edit: config.baseline, else the default path */
  baselinePath: string
  /**
   * config.gate split by where each setting was given: evalgate.yml's, then the flags' (or
   * inputs'); the layers above the baseline's in the run's GateStack (gateStack)
   */
  gateLayers: GateLayer[]
}

/**
 * The one way both shells turn what they were given (CLI flags or Action inputs, read by
 * readOptions) and evalgate.yml into a validated config: defaults < evalgate.yml < flags /
 * inputs. `run` also checks what a run cannot do without (eval set, version, one candidate,
 * a complete LLM judge), with the same errors wherever the config came from.
 */
export async function resolveRun(request: RunRequest, shell: Shell, scope?: 'run'): Promise<ResolvedRun<RunConfig>>
export async function resolveRun(request: RunRequest, shell: Shell, scope: 'settings' | 'gate'): Promise<ResolvedRun>
export async function resolveRun(request: RunRequest, shell: Shell, scope: Scope = 'run'): Promise<ResolvedRun> {
  const file = await readConfigFile(request.configFile)
  const givenBy = shell === 'cli' ? 'flags' : 'action inputs'
  const source = file.source === null ? givenBy : `${file.source} + ${givenBy}`
  // compare and merge take only the file's gate settings: its run settings are not theirs to check
  const fileLayer = scope === 'gate' ? { gate: file.data.gate ?? {} } : file.data
  const merged = applyOverrides(fileLayer, request.overrides)
  const where = settingSource(request.overrides, (path) => optionGiving(path, shell) ?? givenBy, file.locate, source)
  const config = scope === 'run' ? parseRunConfig(merged, source, where) : parseConfig(merged, source, where)
  // every command printed from here on starts the way evalgate.yml says evalgate runs here
  if (config.cli) useInvocation(config.cli)
  // the cap on every input read from here on: evalgate.yml's max_input_mb, or the flag's / input's over it
  limitInputs(config.max_input_mb)
  const flagged = givenIn(config.gate, request.overrides.gate)
  const filed = Object.fromEntries(Object.entries(givenIn(config.gate, fileLayer.gate)).filter(([key]) => !(key in flagged)))
  const gateLayers = [
    { settings: filed, source: file.source ?? DEFAULT_CONFIG_FILE, prefix: 'gate.' },
    { settings: flagged, source: givenBy, prefix: 'gate.' },
  ]
  return { config, source, baselinePath: config.baseline ?? DEFAULT_BASELINE_PATH, gateLayers }
}

/** The flag (`--k`) or Action input (`input "k"`) that gives the setting at `path` or the one holding it; null unless exactly one does. */
function optionGiving(path: readonly PropertyKey[], shell: Shell): string | null {
  for (let depth = path.length; depth > 0; depth--) {
    const setting = path.slice(0, depth).join('.')
    const options = OPTIONS.filter((o) => o.setting === setting && (shell === 'cli' ? o.flag : o.input) !== undefined)
    const [only] = options
    if (options.length > 1) return null
    if (only) return optionName(only, shell)
  }
  return null
}

/** The validated settings of `gate` that a layer (evalgate.yml's `gate:`, the flags') gives. */
function givenIn(gate: Config['gate'], layer: unknown): Config['gate'] {
  const given = typeof layer === 'object' && layer !== null ? (layer as Record<string, unknown>) : {}
  return Object.fromEntries(Object.entries(gate).filter(([key]) => given[key] !== undefined))
}
