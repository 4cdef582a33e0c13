import { LLM_SOURCES, METRIC_DEFINITIONS, PROVIDER_TIERS, type MetricDefinition, type MetricFamily, type MetricName, type MetricTier, type RunShape } from './definitions.ts'

import { knownKey } from '../io/known.ts'

export type { MetricDefinition, MetricFamily, MetricName, MetricTier, RunShape } from './definitions.ts'
export { comparedValue, worstCompared } from './definition.ts'

/** One metric by its concrete name (`recall@5`): its definition's facts, with `{k}` filled in. */
export interface MetricInfo extends MetricDefinition {
  /** the definition's name: `recall@K` for `recall@5`, else the name itself */
  pattern: string
  /** the cut-off of an `@K` metric, else null */
  k: number | null
  /** its direction for the comparison's arithmetic: a rise is better (MetricDefinition.direction) */
  higherIsBetter: boolean
}

const FAMILY_ORDER: readonly MetricFamily[] = ['rules', 'retrieval', 'citations', 'judge', 'rag', 'hallucination', 'operations']

/**
 * The lookup over a list of definitions, and every list of metric names derived from it.
 * `registry` below holds evalgate's own; a test can build one with a definition added.
 */
export class MetricRegistry {
  readonly definitions: readonly MetricDefinition[]
  /** concrete names already looked up: the comparison asks once per question and metric */
  private readonly byName = new Map<string, MetricInfo>()
  private readonly patterns: { definition: MetricDefinition; match: RegExp }[] = []
  private readonly position = new Map<string, number>()

  constructor(definitions: readonly MetricDefinition[]) {
    this.definitions = definitions
    definitions.forEach((d, i) => {
      this.position.set(d.name, i)
      if (isPattern(d.name)) this.patterns.push({ definition: d, match: new RegExp(`^${escapeRegExp(d.name.slice(0, -1))}([1-9]\\d*)$`) })
      else this.byName.set(d.name, { ...d, pattern: d.name, k: null, higherIsBetter: d.direction.rise === 'better' })
    })
  }

  /** Looks a metric up by name; `@K` metrics exist for every k (`recall@5`, `ndcg@10`). */
  info(name: string): MetricInfo | undefined {
    const known = this.byName.get(name)
    if (known) return known
    for (const { definition, match } of this.patterns) {
      const m = match.exec(name)
      if (!m) continue
      const info = instantiate(definition, Number(m[1]))
      this.byName.set(name, info)
      return info
    }
    return undefined
  }

  /** Every name a setting may use: fixed names, then the `@K` patterns. */
  knownNames(): string[] {
    const names = this.definitions.map((d) => d.name)
    return [...names.filter((n) => !isPattern(n)), ...names.filter(isPattern)]
  }

  /** Metrics in report order: family (the SPEC's table), then definition order, then k; unknown names last, by name. */
  sort(names: Iterable<string>): string[] {
    const key = (n: string) => {
      const info = this.info(n)
      if (!info) return [FAMILY_ORDER.length, 0, 0] as const
      // info.pattern is one of this registry's definitions, each given its position when built
      return [FAMILY_ORDER.indexOf(info.family), knownKey(this.position, info.pattern, 'a metric definition'), info.k ?? 0] as const
    }
    return [...names]
      .map((name) => ({ name, key: key(name) }))
      .sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1] || a.key[2] - b.key[2] || a.name.localeCompare(b.name, 'en', { numeric: true }))
      .map((e) => e.name)
  }

  /** The metrics a tier computes, in definition order (`@K` ones as patterns). */
  computedBy(tier: MetricTier): string[] {
    return this.definitions.filter((d) => d.tiers.includes(tier)).map((d) => d.name)
  }

  /** The LLM tier's metrics in the order its judge calls write them: rubric, claims, usefulness, recall, questions. */
  llmMetrics(): string[] {
    return LLM_SOURCES.flatMap((source) => this.definitions.filter((d) => d.tiers.includes('llm') && d.llmSource === source).map((d) => d.name))
  }

  /** The deterministic tier's metrics a run computes (`@K` ones for every k of the run), before a provider adds its own. */
  plannedDeterministic(run: RunShape): string[] {
    return this.definitions.filter((d) => d.tiers.some(isDeterministic) && d.planned?.(run)).flatMap((d) => (isPattern(d.name) ? run.config.k.map((k) => kName(d.name, k)) : [d.name]))
  }

  /** Of a provider's metrics, those this run computes: a definition's `planned` decides (context_retention_norm: a set with a turn after the first), else all. */
  plannedByProvider(metrics: readonly string[], run: RunShape): string[] {
    return metrics.filter((m) => this.info(m)?.planned?.(run) ?? true)
  }

  /** Headline metrics: a category too small to judge on one of them is marked too few. */
  headline(): Set<string> {
    return new Set(this.definitions.filter((d) => d.headline).map((d) => d.name))
  }

  /** The report's trend-chart candidates, in rank order; `@K` ones at the run's first k. */
  trend(k: readonly number[]): string[] {
    return this.ranked((d) => d.trendRank, k)
  }

  /** The report's by-category columns, in rank order; `@K` ones at the run's first k. */
  categoryColumns(k: readonly number[]): string[] {
    return this.ranked((d) => d.categoryRank, k)
  }

  private ranked(rank: (d: MetricDefinition) => number | undefined, k: readonly number[]): string[] {
    return this.definitions
      .flatMap((d) => {
        const at = rank(d)
        return at === undefined ? [] : [{ d, at }]
      })
      .sort((a, b) => a.at - b.at)
      .flatMap(({ d }) => (isPattern(d.name) ? k.slice(0, 1).map((first) => kName(d.name, first)) : [d.name]))
  }
}

function isDeterministic(tier: MetricTier): boolean {
  return !(PROVIDER_TIERS as readonly MetricTier[]).includes(tier)
}

function isPattern(name: string): boolean {
  return name.endsWith('@K')
}

function kName(pattern: string, k: number): string {
  return `${pattern.slice(0, -1)}${k}`
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

function instantiate(definition: MetricDefinition, k: number): MetricInfo {
  const fill = (text: string) => text.replaceAll('{k}', String(k))
  return {
    ...definition,
    name: kName(definition.name, k),
    displayName: fill(definition.displayName),
    description: fill(definition.description),
    nullWhen: fill(definition.nullWhen),
    pattern: definition.name,
    k,
    higherIsBetter: definition.direction.rise === 'better',
  }
}

/** evalgate's metrics. */
export const registry = new MetricRegistry(METRIC_DEFINITIONS)

export function metricInfo(name: string): MetricInfo | undefined {
  return registry.info(name)
}

/** The family a metric is tested in (see MetricDefinition.testFamily): its declared one, else its pattern; an unknown metric is its own. */
export function testFamilyOf(name: string): string {
  const info = registry.info(name)
  return info?.testFamily ?? info?.pattern ?? name
}

/** Whether a definition declares the name (`recall@5` by `recall@K`): then it is a MetricName. */
export function isKnownMetric(name: string): name is MetricName {
  return registry.info(name) !== undefined
}

export function knownMetricNames(): string[] {
  return registry.knownNames()
}

export function sortMetrics(names: Iterable<string>): string[] {
  return registry.sort(names)
}

/** Scores from a model: their spread between two passes over the same answers is judge noise (calibrate-noise). */
export function isJudgedByModel(name: string): boolean {
  return registry.info(name)?.tiers.includes('llm') ?? false
}

/**
 * The smallest latency a relative change is taken against: a baseline under 1 ms counts as 1 ms,
 * so a change from 0 ms is defined and finite (0 → 0.09 ms is a rise of 9%, not +Infinity).
 */
export const LATENCY_FLOOR_MS = 1

/** Positive is better: higher-is-better metrics as they are, the others negated; latency relative (see LATENCY_FLOOR_MS). Always finite. */
export function directedChange(info: MetricInfo | undefined, baseline: number, candidate: number): number {
  const higherIsBetter = info?.higherIsBetter ?? true
  if (info?.unit === 'ms') return (baseline - candidate) / Math.max(baseline, LATENCY_FLOOR_MS)
  return higherIsBetter ? candidate - baseline : baseline - candidate
}
