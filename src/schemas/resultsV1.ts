import { z } from 'zod'
import { RESULTS_SCHEMA_VERSION, ResultsSchema, type Results } from './results.ts'

/**
 * A results.json of schema 2: the shape evalgate holds results in (scores and notes by metric
 * name), read as it is; only the eval-set fingerprint in it is of the older kind, which the
 * comparison recognises (baseline/fingerprint.ts).
 */
export const ResultsV2Schema = ResultsSchema.extend({ schema_version: z.literal(2) }).transform((r): Results => ({ ...r, schema_version: RESULTS_SCHEMA_VERSION }))

/**
 * schema_version 1 → 2 (and any other file as it is): files of schema 1 (failures as
 * sentences, the limit in `max_drop`) are upgraded first, so `baseline --results`, `compare`
 * and `merge` keep reading the files earlier runs left behind. The sentences are not parsed back into data: they are kept as
 * notes (`messages`), and the structured `failures` of such a file stay empty. Running
 * `evalgate compare` again gives them as data.
 */
export function upgradeResults(data: unknown): unknown {
  if (!isRecord(data) || data.schema_version !== 1) return data
  return { ...data, schema_version: 2, comparison: isRecord(data.comparison) ? upgradeComparison(data.comparison) : data.comparison }
}

function upgradeComparison(c: Record<string, unknown>): Record<string, unknown> {
  const reasons = strings(c.reasons)
  const messages = strings(c.messages)
  if (c.verdict === 'fail') messages.push(...reasons.map((r) => `gate failure (results schema_version 1): ${r}`))
  return {
    ...c,
    metrics: Array.isArray(c.metrics) ? c.metrics.map(upgradeRow) : c.metrics,
    // version 1 never wrote an incomparable comparison; its reasons were the failures above
    reasons: c.verdict === 'incomparable' ? reasons : [],
    failures: [],
    messages,
  }
}

function upgradeRow(row: unknown): unknown {
  if (!isRecord(row) || !('max_drop' in row)) return row
  const { max_drop, failures: _failures, ...rest } = row
  // in version 1, latency_ms was the one metric in milliseconds, and its max_drop held latency_rise
  return { ...rest, limit: { kind: row.metric === 'latency_ms' ? 'latency_rise' : 'max_drop', value: max_drop } }
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
