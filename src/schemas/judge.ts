import { z } from 'zod'

/**
 * Each judge prompt's reply: the JSON schema sent to the model and the parser of its reply,
 * so the contract and the check cannot drift apart.
 */
const score04 = z.number().int().min(0).max(4)
const verdict = z.enum(['supported', 'contradicted', 'not_mentioned'])

export const RESPONSE_SCHEMAS = {
  // context_retention: null where there is no earlier turn to retain
  rubric: z.strictObject({ accuracy: score04, relevance: score04, completeness: score04, citation: score04, context_retention: score04.nullable(), reason: z.string() }),
  claims: z.strictObject({ claims: z.array(z.string()) }),
  verdicts: z.strictObject({ verdicts: z.array(z.strictObject({ claim: z.number().int(), verdict, evidence: z.string() })) }),
  verdict: z.strictObject({ verdict, evidence: z.string() }),
  usefulness: z.strictObject({ verdicts: z.array(z.strictObject({ chunk: z.number().int(), useful: z.boolean(), reason: z.string() })) }),
  recall: z.strictObject({ statements: z.array(z.strictObject({ statement: z.string(), attributable: z.boolean() })) }),
  questions: z.strictObject({ questions: z.array(z.strictObject({ question: z.string(), noncommittal: z.union([z.literal(0), z.literal(1)]) })) }),
  pairwise: z.strictObject({ winner: z.enum(['A', 'B', 'tie']), reason: z.string() }),
} as const
export type PromptId = keyof typeof RESPONSE_SCHEMAS
export type ResponseOf<P extends PromptId> = z.infer<(typeof RESPONSE_SCHEMAS)[P]>

/** A judge cache entry, checked when read: an entry of any other shape is a miss, never a score. */
export const CachedChatSchema = z.object({
  content: z.string(),
  /** the `model` and `id` the endpoint answered this reply with; absent in entries written before evalgate kept them */
  model: z.string().nullable().optional(),
  id: z.string().nullable().optional(),
})
export const CachedEmbeddingsSchema = z.object({
  model: z.string().nullable().optional(),
  vectors: z.array(z.array(z.number()).min(1)).refine((vectors) => vectors.every((v) => v.length === vectors[0]?.length), 'every vector has the same length'),
})
