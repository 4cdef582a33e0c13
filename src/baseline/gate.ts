import { GateError } from '../io/errors.ts'
import { similarName } from '../io/similarName.ts'
import { isKnownMetric, knownMetricNames, metricInfo } from '../metrics/registry.ts'
import { DEFAULT_LATENCY_MIN_MS, defaultGate, GATE_KEYS, type GateSettings, type GateSettingsInput } from '../schemas/gate.ts'

/** The order in which gate settings override each other, as every place that states it says it. */
export const GATE_PRECEDENCE = 'defaults < baseline < evalgate.yml < flags / Action inputs'

/** Where a setting's value was found when nothing set it. */
export const DEFAULT_SOURCE = 'default'

/** One layer of gate settings and where it was written: a baseline file, evalgate.yml, "flags". */
export interface GateLayer {
  settings: GateSettingsInput | undefined
  /** the file (or "flags", "action inputs") the layer came from */
  source: string
}

/** Each gate setting's source: the layer whose value is in force, or "default". */
export type GateSources = Record<string, string>

/** The settings a run is gated with, and for each one where its value came from. */
export interface EffectiveGate {
  settings: GateSettings
  sources: GateSources
}

/**
 * The one place gate settings are resolved: defaults < the baseline's committed settings <
 * evalgate.yml < flags / Action inputs, lowest layer first. A layer replaces a setting as a
 * whole (thresholds of the baseline and of evalgate.yml are not merged); an absent key leaves
 * the layer below in force. A latency gate (latency_rise set) gets its floor,
 * DEFAULT_LATENCY_MIN_MS, unless one is set.
 */
export function resolveGate(layers: readonly GateLayer[]): EffectiveGate {
  const settings = defaultGate()
  const sources: GateSources = Object.fromEntries(GATE_KEYS.map((key) => [key, DEFAULT_SOURCE]))
  for (const { settings: layer, source } of layers) {
    for (const key of GATE_KEYS) {
      const value = layer?.[key]
      if (value === undefined) continue
      ;(settings as Record<string, unknown>)[key] = value
      sources[key] = source
    }
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
