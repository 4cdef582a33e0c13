import { GateError } from '../io/errors.ts'
import { similarName } from '../text/similarName.ts'
import { isKnownMetric, knownMetricNames, metricInfo } from '../metrics/registry.ts'
import { DEFAULT_LATENCY_MIN_MS, defaultGate, GATE_KEYS, type GateSettings, type GateSettingsInput } from '../schemas/gate.ts'

/** The order in which gate settings override each other, as every place that states it says it. */
export const GATE_PRECEDENCE = 'defaults < baseline < evalgate.yml < flags / Action inputs'

/** Where a setting's value was found when nothing set it. */
export const DEFAULT_SOURCE = 'default'

/**
 * One layer of gate settings: what it sets, the file it came from (a baseline, evalgate.yml,
 * "flags", "action inputs"), and the key path of the settings in that file, which a message
 * naming one of them writes before it: `gate.` in evalgate.yml and for flags, nothing in baseline.json.
 */
export interface GateLayer {
  settings: GateSettingsInput | undefined
  source: string
  prefix: string
}

/** Each gate setting's source: the layer whose value is in force, or "default". */
export type GateSources = Record<string, string>

/** The settings a run is gated with, and for each one where its value came from. */
export interface EffectiveGate {
  settings: GateSettings
  sources: GateSources
}

/**
 * A run's gate settings as given, lowest layer first: the baseline's committed settings, then
 * evalgate.yml's, then the flags' or Action inputs'. Built once per run (gateStack) and read by
 * everything that asks about the gate: the checks that a setting can act, the comparison
 * (`effective`), the sources the report shows. `inForce` is the one statement of precedence.
 */
export class GateStack {
  readonly effective: EffectiveGate

  constructor(readonly layers: readonly GateLayer[]) {
    this.effective = resolveGate(this)
  }

  /** The layer whose value of `key` is in force: the highest that sets it. */
  inForce<K extends keyof GateSettingsInput>(key: K): (GateLayer & { value: Exclude<GateSettingsInput[K], undefined> }) | undefined {
    for (const layer of [...this.layers].reverse()) {
      const value = layer.settings?.[key]
      if (isSet(value)) return { ...layer, value }
    }
    return undefined
  }
}

const isSet = <T>(value: T): value is Exclude<T, undefined> => value !== undefined

/**
 * The gate of a run or a comparison: the baseline's committed settings (named by its path) under
 * `above`, resolveRun's layers (evalgate.yml's, the flags' or inputs').
 */
export function gateStack(baseline: { settings?: GateSettingsInput; path: string | null } | null, above: readonly GateLayer[]): GateStack {
  return new GateStack(baseline ? [committedLayer(baseline), ...above] : above)
}

/** A baseline's committed settings as the lowest layer over the defaults. */
export function committedLayer(baseline: { settings?: GateSettingsInput; path: string | null }): GateLayer {
  return { settings: baseline.settings, source: baseline.path ?? 'baseline', prefix: '' }
}

/**
 * Defaults under the stack's layers. A layer replaces a setting as a whole (thresholds of the
 * baseline and of evalgate.yml are not merged); an absent key leaves the layer below in force. A
 * latency gate (latency_rise set) gets its floor, DEFAULT_LATENCY_MIN_MS, unless one is set.
 */
function resolveGate(stack: GateStack): EffectiveGate {
  const settings = defaultGate()
  const sources: GateSources = Object.fromEntries(GATE_KEYS.map((key) => [key, DEFAULT_SOURCE]))
  for (const key of GATE_KEYS) {
    const layer = stack.inForce(key)
    if (!layer) continue
    ;(settings as Record<string, unknown>)[key] = layer.value
    sources[key] = layer.source
  }
  if (settings.latency_rise !== null) settings.latency_min_ms ??= DEFAULT_LATENCY_MIN_MS
  return { settings, sources }
}

/**
 * Metric names in gate settings must exist: a typo in a threshold would otherwise never be
 * checked, and a gate that silently checks nothing is worse than no gate.
 */
export function checkGateMetricNames(settings: GateSettingsInput, source: string): void {
  const named: [string, string][] = [
    ...(settings.primary ?? []).map((m, i) => [m, `primary[${i}]`] as [string, string]),
    ...Object.keys(settings.thresholds ?? {}).map((m) => [m, 'thresholds'] as [string, string]),
    ...Object.keys(settings.max_drop_overrides ?? {}).map((m) => [m, 'max_drop_overrides'] as [string, string]),
    ...Object.entries(settings.by_category ?? {}).flatMap(([c, floors]) => Object.keys(floors).map((m) => [m, `by_category.${c}`] as [string, string])),
  ]
  for (const [metric, where] of named) {
    if (!isKnownMetric(metric)) {
      const meant = similarName(metric, spelledOut(metric))
      throw new GateError(
        'bad_config',
        `${source}: ${where} names an unknown metric "${metric}"${meant ? ` (did you mean ${meant}?)` : ''}`,
        `use one of: ${knownMetricNames().join(', ')} (K is a number, e.g. recall@5)`,
      )
    }
  }
  checkPrimaryCanBeTested(settings, source)
  checkOverrideRanges(settings, source)
}

/** The known names a typo is compared with: `@K` metrics at the cut-off the typo names (recal@10 → recall@10), else at 5. */
function spelledOut(typo: string): string[] {
  const k = /@(\d+)$/.exec(typo)?.[1] ?? '5'
  return knownMetricNames().map((name) => (name.endsWith('@K') ? `${name.slice(0, -1)}${k}` : name))
}

/**
 * A primary metric is one the paired test can test: latency is gated on its percentiles with a
 * floor in ms, never tested, so naming it would read as a test that is not there.
 */
function checkPrimaryCanBeTested(settings: GateSettingsInput, source: string): void {
  for (const [i, metric] of (settings.primary ?? []).entries()) {
    if (metricInfo(metric)?.gate !== 'latency_rise') continue
    throw new GateError(
      'bad_config',
      `${source}: primary[${i}] is ${metric}, which is gated by latency_rise on its p50 and p95, not by a paired test: it cannot be a primary metric`,
      'name score metrics in primary (e.g. accuracy_norm, faithfulness); gate latency with latency_rise',
    )
  }
}

/**
 * A max_drop override is a drop on the 0-1 score scale like max_drop, except for latency_ms,
 * whose override is a relative rise in place of latency_rise (0.5 = 50% slower) and may exceed 1.
 */
function checkOverrideRanges(settings: GateSettingsInput, source: string): void {
  for (const [metric, value] of Object.entries(settings.max_drop_overrides ?? {})) {
    if (metricInfo(metric)?.unit === 'ms' || value <= 1) continue
    throw new GateError(
      'bad_config',
      `${source}: max_drop_overrides.${metric} is ${value}: a max_drop override must be between 0 and 1, a drop on the 0-1 score scale, so ${value} lets every drop pass`,
      `write the drop as a fraction of the scale, e.g. ${metric}: 0.05 for five points`,
    )
  }
}
