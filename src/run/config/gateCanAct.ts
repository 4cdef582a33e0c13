import { GateError } from '../../io/errors.ts'
import { isJudgedByModel, metricInfo, sortMetrics } from '../../metrics/registry.ts'
import type { Config } from '../../schemas/config.ts'
import { BLANK_ROW, type EvalRow } from '../../schemas/evalSet.ts'
import type { GateSettingsInput } from '../../schemas/gate.ts'
import type { GateStack } from '../../baseline/gate.ts'
import { metricsBeforeAnswers } from '../pipeline/score.ts'
import type { Scorer } from '../scorers/scorer.ts'

/**
 * An eval set with a question of every kind a metric is planned for (answerable and
 * should-refuse, with relevant docs, expecting JSON, a later turn): what a shard, which has not
 * read the other shards' rows, checks its settings against. The settings that only the rows can
 * make idle (a json_ok floor where no question expects JSON) are then left to the merge, whose
 * comparison names a threshold on a metric the run did not compute.
 */
export const ROWS_OF_EVERY_KIND: readonly EvalRow[] = [
  { ...BLANK_ROW, id: 'answerable', relevant_docs: [{ id: 'doc', grade: 1 }], expect_json: true, conversation: { id: 'conversation', turn: 2 } },
  { ...BLANK_ROW, id: 'refused', should_refuse: true },
]

/** The gate settings that name metrics; each replaces the layer below as a whole (GateStack). */
const NAMING_KEYS = ['primary', 'thresholds', 'max_drop_overrides', 'by_category'] as const

/**
 * A primary metric, threshold, category floor or max_drop override on a metric this run does not compute
 * (`recall@10` with `k: [3, 5]`, an LLM metric with the lexical judge) would gate nothing
 * while reading as if it did: an error before the candidate runs, naming the setting and what
 * the run does compute. `rows` is the whole eval set (a shard's metrics are those of the merge).
 * latency_ms is left alone: whether a candidate reports latency shows only in its answers.
 */
export function checkGateCanAct(gate: GateStack, rows: readonly EvalRow[], config: Pick<Config, 'rules' | 'k' | 'judge'>, scorer: Pick<Scorer, 'metrics' | 'withheld'>): void {
  checkLatencyCanAct(gate)
  const computed = metricsBeforeAnswers(rows, config, scorer)
  const acting = new Set([...computed, ...(scorer.withheld ?? []), 'latency_ms'])
  for (const key of NAMING_KEYS) {
    // only the layer in force for this key can act; a lower one is replaced whole
    const layer = gate.inForce(key)
    if (!layer) continue
    for (const [path, metric] of namedMetrics(key, { [key]: layer.value })) {
      if (acting.has(metric)) continue
      throw new GateError(
        'bad_config',
        `${layer.source}: ${layer.prefix}${path}: this run does not compute ${metric} (${whyNot(metric, rows, config)}), so the setting would never be checked`,
        `remove the setting, or make the run compute ${metric}; this run computes ${sortMetrics(computed).join(', ')}`,
      )
    }
  }
}

function namedMetrics(key: (typeof NAMING_KEYS)[number], settings: GateSettingsInput): [string, string][] {
  if (key === 'by_category') return Object.entries(settings.by_category ?? {}).flatMap(([category, floors]) => Object.keys(floors).map((m) => [`by_category.${category}.${m}`, m] as [string, string]))
  if (key === 'primary') return (settings.primary ?? []).map((m, i) => [`primary[${i}]`, m])
  return Object.keys(settings[key] ?? {}).map((m) => [`${key}.${m}`, m])
}

/** Why a known metric is not computed by this run, in the words of the setting that would change it. */
export function whyNot(metric: string, rows: readonly EvalRow[], config: Pick<Config, 'rules' | 'k' | 'judge'>): string {
  const family = metricInfo(metric)?.family
  if (family === 'retrieval') {
    if (!rows.some((r) => r.relevant_docs.length > 0)) return 'no question of the eval set lists relevant_doc_ids'
    const k = /@(\d+)$/.exec(metric)?.[1]
    return k ? `k is [${config.k.join(', ')}]: add ${k} to k` : 'retrieval metrics are computed for this eval set'
  }
  if (family === 'rules') {
    if (metric === 'citation_ok') return 'rules.require_citation is false'
    if (metric === 'json_ok') return 'no answerable question has expect_json'
    if (metric === 'refuse_ok') return 'no question has should_refuse'
    return 'every question is a should-refuse question'
  }
  if (isJudgedByModel(metric)) return `judge.provider is ${config.judge.provider}, which does not compute it`
  return 'it is not computed by any part of this run'
}

/**
 * latency_min_ms and a max_drop override of latency_ms only shape the latency gate, which exists
 * only when latency_rise is set: without it latency is reported, not gated, and either setting
 * would read as a gate that is not there. An error wherever a gate is resolved (run, compare, merge).
 */
export function checkLatencyCanAct(gate: GateStack): void {
  const rise = gate.inForce('latency_rise')
  if (rise && rise.value !== null) return
  const floor = gate.inForce('latency_min_ms')
  const minMs = floor?.value
  if (floor && minMs !== null && minMs !== undefined) {
    throw new GateError(
      'bad_config',
      `${floor.source}: ${floor.prefix}latency_min_ms is ${minMs}, but latency_rise is not set: latency is reported and not gated, so the floor would never be checked`,
      `set gate.latency_rise (e.g. 0.5: a p50 or p95 latency more than 50% and more than ${minMs} ms above the baseline's fails), or remove latency_min_ms`,
    )
  }
  const overrides = gate.inForce('max_drop_overrides')
  const override = overrides?.value.latency_ms
  if (overrides && override !== undefined) {
    throw new GateError(
      'bad_config',
      `${overrides.source}: ${overrides.prefix}max_drop_overrides.latency_ms is ${override}, but latency_rise is not set: latency is reported and not gated, so the override would never be checked`,
      `set gate.latency_rise: ${override} instead (it gates the p50 and p95 latency), and remove the override`,
    )
  }
}
