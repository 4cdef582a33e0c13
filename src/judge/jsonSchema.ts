/**
 * A prompt's response schema as strict structured outputs accept it (OpenAI's documented subset,
 * which vLLM, LM Studio and Gemini's OpenAI endpoint follow or tighten): every object closed with
 * `additionalProperties: false` and every property required; no `$schema` key (Gemini's
 * OpenAI-compatible endpoint is reported to reject it); no ±2^53 bounds, which zod writes for
 * every `.int()` and which fine-tuned deployments reject and older vLLM grammars compile slowly;
 * a small whole-number range or a union of constants becomes an `enum`, which every server takes.
 */
export function strictJsonSchema(schema: Record<string, unknown>): Record<string, unknown> {
  return tighten(schema) as Record<string, unknown>
}

/** Ranges up to this many values become an enum */
const MAX_ENUM_RANGE = 10

function tighten(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(tighten)
  if (typeof node !== 'object' || node === null) return node
  const { $schema: _ignored, ...rest } = node as Record<string, unknown>
  const out: Record<string, unknown> = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, tighten(value)]))
  const constants = constantsOf(out.anyOf)
  if (constants) return { type: constants.every(Number.isInteger) ? 'integer' : 'number', enum: constants }
  if (out.type === 'integer' || out.type === 'number') return withoutHugeBounds(out)
  if (out.type === 'object' && typeof out.properties === 'object' && out.properties !== null) {
    return { ...out, required: Object.keys(out.properties), additionalProperties: false }
  }
  return out
}

function constantsOf(anyOf: unknown): number[] | null {
  if (!Array.isArray(anyOf) || anyOf.length === 0) return null
  const values = anyOf.map((member) => (typeof member === 'object' && member !== null && typeof (member as { const?: unknown }).const === 'number' ? (member as { const: number }).const : null))
  return values.every((v) => v !== null) ? (values as number[]) : null
}

function withoutHugeBounds(node: Record<string, unknown>): Record<string, unknown> {
  const { minimum, maximum, ...rest } = node
  const low = typeof minimum === 'number' && Math.abs(minimum) < Number.MAX_SAFE_INTEGER ? minimum : null
  const high = typeof maximum === 'number' && Math.abs(maximum) < Number.MAX_SAFE_INTEGER ? maximum : null
  if (node.type === 'integer' && low !== null && high !== null && high - low < MAX_ENUM_RANGE) {
    return { ...rest, enum: Array.from({ length: high - low + 1 }, (_, i) => low + i) }
  }
  return { ...rest, ...(low !== null ? { minimum: low } : {}), ...(high !== null ? { maximum: high } : {}) }
}
