import { createHash } from 'node:crypto'
import { z } from 'zod'
import { RESPONSE_SCHEMAS, type PromptId } from '../schemas/judge.ts'
import { strictJsonSchema } from './jsonSchema.ts'
import { fenceTags } from '../metrics/promptFence.ts'
import claimsPrompt from './prompts/claims.json' with { type: 'json' }
import pairwisePrompt from './prompts/pairwise.json' with { type: 'json' }
import questionsPrompt from './prompts/questions.json' with { type: 'json' }
import recallPrompt from './prompts/recall.json' with { type: 'json' }
import rubricPrompt from './prompts/rubric.json' with { type: 'json' }
import usefulnessPrompt from './prompts/usefulness.json' with { type: 'json' }
import verdictPrompt from './prompts/verdict.json' with { type: 'json' }
import verdictsPrompt from './prompts/verdicts.json' with { type: 'json' }

/**
 * Judge prompts are versioned data files (prompts/*.json), validated here at load. Each
 * has a response schema that is both the JSON schema sent to the model and the parser of
 * its reply, so the contract and the check cannot drift apart.
 */
const PromptFileSchema = z.strictObject({
  id: z.string().regex(/^[a-z_]+$/),
  version: z.number().int().positive(),
  description: z.string(),
  system: z.string().min(1),
  user: z.string().min(1),
})
export type PromptFile = z.infer<typeof PromptFileSchema>

export interface Prompt<P extends PromptId = PromptId> extends PromptFile {
  id: P
  schema: (typeof RESPONSE_SCHEMAS)[P]
  /** the JSON schema sent as response_format (strict), or in the prompt where the endpoint takes no schema */
  jsonSchema: Record<string, unknown>
}

function load<P extends PromptId>(id: P, data: unknown): Prompt<P> {
  const file = PromptFileSchema.parse(data)
  if (file.id !== id) throw new Error(`prompt file for ${id} declares id ${file.id}`)
  if (!file.system.startsWith(`[evalgate:${file.id}@${file.version}]`)) throw new Error(`prompt ${id}: the system message must start with [evalgate:${file.id}@${file.version}]`)
  const schema = RESPONSE_SCHEMAS[id]
  return { ...file, id, schema, jsonSchema: strictJsonSchema(z.toJSONSchema(schema) as Record<string, unknown>) }
}

export const PROMPTS = {
  rubric: load('rubric', rubricPrompt),
  claims: load('claims', claimsPrompt),
  verdicts: load('verdicts', verdictsPrompt),
  verdict: load('verdict', verdictPrompt),
  usefulness: load('usefulness', usefulnessPrompt),
  recall: load('recall', recallPrompt),
  questions: load('questions', questionsPrompt),
  pairwise: load('pairwise', pairwisePrompt),
} satisfies { [P in PromptId]: Prompt<P> }

/** sha256 over every prompt: part of the judge identity, so a changed prompt is never compared with old scores. */
export function promptsHash(): string {
  const hash = createHash('sha256')
  for (const p of Object.values(PROMPTS)) hash.update(JSON.stringify([p.id, p.version, p.system, p.user]))
  return hash.digest('hex').slice(0, 16)
}

/**
 * Untrusted text goes inside tags; a tag inside the text itself is defused so an answer
 * cannot close its own <answer> (or <answer_a> / <answer_b>, <history>) block and speak to the
 * judge, whatever its spelling (metrics/promptFence.ts: entities, escapes, full-width and
 * look-alike characters, invisible ones inside the name).
 */
export function fence(text: string): string {
  return fenceTags(text)
}

/** Fills {{name}} placeholders; every value is fenced. A missing value is a bug, not an empty string. */
export function renderPrompt(template: string, vars: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = vars[name]
    if (value === undefined) throw new Error(`prompt placeholder {{${name}}} has no value`)
    return fence(String(value))
  })
}
