import { GateError } from '../io/errors.ts'
import { isKnownMetric, knownMetricNames } from '../metrics/registry.ts'
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
}
