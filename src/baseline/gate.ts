import { GateError } from '../io/errors.ts'
import { isKnownMetric, knownMetricNames, metricInfo } from '../metrics/registry.ts'
import { defaultGate, type GateSettings, type GateSettingsInput } from '../schemas/gate.ts'

/** defaults < the baseline's committed settings < evalgate.yml / flags / Action inputs. */
export function resolveGate(...layers: (GateSettingsInput | undefined)[]): GateSettings {
  const gate = defaultGate()
  for (const layer of layers) {
    if (!layer) continue
    for (const [key, value] of Object.entries(layer)) {
      if (value !== undefined) (gate as Record<string, unknown>)[key] = value
    }
  }
  return gate
}

/**
 * Metric names in gate settings must exist: a typo in a threshold would otherwise never be
 * checked, and a gate that silently checks nothing is worse than no gate.
 */
export function checkGateMetricNames(settings: GateSettingsInput, source: string): void {
  const named: [string, string][] = [
    ...Object.keys(settings.thresholds ?? {}).map((m) => [m, 'thresholds'] as [string, string]),
    ...Object.keys(settings.max_drop_overrides ?? {}).map((m) => [m, 'max_drop_overrides'] as [string, string]),
    ...Object.entries(settings.by_category ?? {}).flatMap(([c, floors]) => Object.keys(floors).map((m) => [m, `by_category.${c}`] as [string, string])),
  ]
  for (const [metric, where] of named) {
    if (!isKnownMetric(metric)) {
      throw new GateError('bad_config', `${source}: ${where} names an unknown metric "${metric}"`, `use one of: ${knownMetricNames().join(', ')} (K is a number, e.g. recall@5)`)
    }
  }
  checkOverrideRanges(settings, source)
}

/**
 * A max_drop override is a drop on the 0-1 score scale like max_drop, except for latency_ms,
 * whose override is a relative rise like latency_rise (0.5 = 50% slower) and may exceed 1.
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
