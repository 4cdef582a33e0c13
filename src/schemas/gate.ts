import { z } from 'zod'
import { idRecordSchema } from './ids.ts'

/**
 * The gate settings: every key, its default and its validation, in one place. The input form
 * (evalgate.yml `gate:`, a baseline's committed settings, flags and inputs), the defaults and
 * the key list are derived from it.
 */
/** A drop on the 0-1 score scale: above 1 no score could ever drop that far, and the gate would pass everything. */
const SCORE_DROP = 'must be between 0 and 1: it is a drop on the 0-1 score scale (0.02 = two points)'
const scoreDrop = () => z.number().min(0, SCORE_DROP).max(1, SCORE_DROP)

/** The absolute floor of a latency rise when latency_rise is set and latency_min_ms is not: below it a rise is scheduling jitter. */
export const DEFAULT_LATENCY_MIN_MS = 50

export const GateSettingsSchema = z.object({
  max_drop: scoreDrop().default(0.02),
  /** per metric: a drop like max_drop, or for latency_ms a relative rise in place of latency_rise (baseline/gate.ts checks which) */
  max_drop_overrides: z.record(z.string(), z.number().min(0)).default({}),
  thresholds: z.record(z.string(), z.number()).default({}),
  /** category label → metric → floor; labels are ids from the eval set */
  by_category: idRecordSchema(z.record(z.string(), z.number())).default({}),
  max_error_rate: z.number().min(0).max(1).default(0.1),
  question_drop: scoreDrop().default(0.25),
  /**
   * Latency is reported always and gated only when this is set: a relative rise of the p50 or
   * p95 latency across questions (0.5 = 50% slower) that also exceeds latency_min_ms fails.
   * null (the default): not gated.
   */
  latency_rise: z.number().min(0).nullable().default(null),
  /** the absolute rise in ms a latency rise must also exceed; null: DEFAULT_LATENCY_MIN_MS once latency_rise is set (GateStack) */
  latency_min_ms: z.number().min(0).nullable().default(null),
  gate_mode: z.enum(['strict', 'significant']).default('strict'),
  /**
   * Primary metrics, in order: each is tested at the full alpha of a one-metric gate, one after
   * the other, stopping at the first that did not drop significantly (fixed-sequence testing);
   * the other metrics share Holm's correction as before. [] (the default): all share Holm.
   */
  primary: z
    .array(z.string())
    .refine((names) => new Set(names).size === names.length, 'names a metric twice: each primary metric is tested once, in the order given')
    .default([]),
})
export type GateSettings = z.infer<typeof GateSettingsSchema>

type Shape = typeof GateSettingsSchema.shape
type Optional<S extends Record<string, z.ZodDefault<z.ZodType>>> = { [K in keyof S]: S[K] extends z.ZodDefault<infer T> ? z.ZodOptional<T> : never }

/** Every setting optional and without its default, so layers merge: an absent key leaves the layer below in force. */
function withoutDefaults<S extends Record<string, z.ZodDefault<z.ZodType>>>(shape: S): Optional<S> {
  return Object.fromEntries(Object.entries(shape).map(([key, schema]) => [key, schema.unwrap().optional()])) as unknown as Optional<S>
}

/** Gate settings as written in a file: the seed's minimal baseline.json and evalgate's own form load through it. */
export const GateSettingsInputSchema = z.object(withoutDefaults<Shape>(GateSettingsSchema.shape))
export type GateSettingsInput = z.infer<typeof GateSettingsInputSchema>

export const GATE_KEYS = GateSettingsSchema.keyof().options

/** A fresh copy each time: callers merge layers into it. */
export function defaultGate(): GateSettings {
  return GateSettingsSchema.parse({})
}

export const DEFAULT_GATE: Readonly<GateSettings> = Object.freeze(defaultGate())
