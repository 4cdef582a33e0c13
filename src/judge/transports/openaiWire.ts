import { z } from 'zod'
import { decodeEmbedding } from '../embeddings.ts'
import { errorOf, isObject, readBody, type Body, type WireResponse } from '../wire/body.ts'
import type { ChatReply, ChatRequest, EmbeddingsReply, Read, RequestShape } from './types.ts'
import { schemaInstruction } from './types.ts'

/**
 * The OpenAI chat-completions and embeddings wire format, which OpenAI, Azure OpenAI and most
 * servers speak (vLLM, Ollama, llama.cpp, LM Studio, Groq, OpenRouter, DeepSeek, Gemini's and
 * Anthropic's compatibility endpoints): the request body and the reading of a reply. Where
 * it goes and how it is signed is the transport's (openai.ts, azure.ts).
 */
export function chatBody(request: ChatRequest, shape: RequestShape): Record<string, unknown> {
  const system = request.system + (shape.format === 'json_schema' ? '' : schemaInstruction(request.schema))
  const format =
    shape.format === 'json_schema'
      ? { response_format: { type: 'json_schema', json_schema: { name: request.schema.name, schema: request.schema.jsonSchema, strict: true } } }
      : shape.format === 'json_object'
        ? { response_format: { type: 'json_object' } }
        : {}
  return {
    model: request.model,
    messages: [{ role: 'system', content: system }, ...request.turns],
    ...(shape.temperature && request.temperature !== null ? { temperature: request.temperature } : {}),
    ...(request.maxTokens !== null ? { [shape.tokens]: request.maxTokens } : {}),
    ...format,
  }
}

export function embeddingsBody(model: string, texts: readonly string[]): Record<string, unknown> {
  // float, said explicitly: the SDKs ask for base64 by default, and servers that ignore the ask send floats
  return { model, input: [...texts], encoding_format: 'float' }
}

/** The content: a string, or a list of parts of which the text parts are the answer (a thinking part is not) */
const Text = z.union([
  z.string(),
  z.array(z.unknown()).transform((parts) =>
    parts
      .filter((p): p is { text: string } => isObject(p) && typeof p.text === 'string' && (p.type === undefined || p.type === 'text'))
      .map((p) => p.text)
      .join(''),
  ),
])
const Usage = z
  .object({
    prompt_tokens: z.number().optional(),
    completion_tokens: z.number().optional(),
    completion_tokens_details: z.object({ reasoning_tokens: z.number().nullish() }).loose().nullish(),
  })
  .loose()
const Completion = z
  .object({
    id: z.unknown().optional(),
    model: z.unknown().optional(),
    choices: z
      .array(
        z
          .object({
            message: z.object({ content: Text.nullish(), refusal: z.string().nullish() }).loose(),
            finish_reason: z.string().nullish(),
          })
          .loose(),
      )
      .min(1),
    usage: Usage.nullish(),
  })
  .loose()

/** A reply that is not what was asked, for the taxonomy: an error reply, or a 2xx of another shape. */
export function notOk(response: WireResponse, body: Body): Read<never> | null {
  const ok = response.status >= 200 && response.status < 300
  if (!ok || errorOf(body) !== null || body.kind === 'html')
    return { ok: false, observation: { kind: 'reply', status: response.status, contentType: response.contentType, headers: response.headers, body, text: response.text } }
  return null
}

export function shapeFault(response: WireResponse, what: string): Read<never> {
  return { ok: false, observation: { kind: 'shape', contentType: response.contentType, text: response.text, what } }
}

export function readChatCompletion(response: WireResponse): Read<ChatReply> {
  const body = readBody(response)
  const refused = notOk(response, body)
  if (refused) return refused
  const value = body.kind === 'sse' ? assembleStream(body.events) : body.kind === 'json' ? body.value : null
  const parsed = Completion.safeParse(value)
  if (!parsed.success) return shapeFault(response, describe(body))
  // the schema asks for at least one choice
  const [choice] = parsed.data.choices
  if (!choice) return shapeFault(response, describe(body))
  const usage = parsed.data.usage
  // a refusal under structured outputs comes as `refusal` with no content: the model declined to judge
  const refusal = !choice.message.content && choice.message.refusal ? choice.message.refusal : null
  return {
    ok: true,
    value: {
      content: refusal ?? choice.message.content ?? '',
      finish: refusal !== null ? 'refusal' : (choice.finish_reason ?? null),
      usage:
        usage && typeof usage.prompt_tokens === 'number'
          ? { prompt: usage.prompt_tokens, completion: usage.completion_tokens ?? 0, reasoning: usage.completion_tokens_details?.reasoning_tokens ?? null }
          : null,
      model: typeof parsed.data.model === 'string' ? parsed.data.model : null,
      id: typeof parsed.data.id === 'string' ? parsed.data.id : null,
    },
  }
}

/**
 * A completion sent as server-sent events although none were asked for: a single
 * `chat.completion` event, or `chat.completion.chunk` deltas joined into one completion.
 */
function assembleStream(events: readonly unknown[]): unknown {
  const whole = events.find((e) => isObject(e) && Array.isArray(e.choices) && isObject(e.choices[0]) && isObject(e.choices[0].message))
  if (whole) return whole
  const chunks = events.filter((e): e is Record<string, unknown> => isObject(e) && Array.isArray(e.choices))
  const [first] = chunks
  if (!first) return null
  let content = ''
  let finish: unknown = null
  for (const chunk of chunks) {
    const choice = (chunk.choices as unknown[])[0]
    if (!isObject(choice)) continue
    if (isObject(choice.delta) && typeof choice.delta.content === 'string') content += choice.delta.content
    if (typeof choice.finish_reason === 'string') finish = choice.finish_reason
  }
  const usage = [...events].reverse().find((e) => isObject(e) && isObject(e.usage)) as Record<string, unknown> | undefined
  return { id: first.id, model: first.model, choices: [{ message: { content }, finish_reason: finish }], usage: usage?.usage ?? null }
}

/** A body that is not a reply, in words: which kind of thing came back. */
export function describe(body: Body): string {
  if (body.kind === 'sse') return 'an event stream that is not a completion'
  if (body.kind === 'json')
    return Array.isArray(body.value) ? 'a JSON array' : isObject(body.value) ? `a JSON object with keys ${Object.keys(body.value).slice(0, 6).join(', ') || '(none)'}` : 'a JSON value'
  return body.kind === 'empty' ? 'an empty body' : 'text'
}

const EmbeddingsList = z.object({ data: z.array(z.object({ embedding: z.unknown(), index: z.number().int().optional() }).loose()), model: z.unknown().optional(), usage: Usage.nullish() }).loose()

export function readEmbeddingsList(response: WireResponse, count: number): Read<EmbeddingsReply> {
  const body = readBody(response)
  const refused = notOk(response, body)
  if (refused) return refused
  const parsed = EmbeddingsList.safeParse(body.kind === 'json' ? body.value : null)
  if (!parsed.success) return shapeFault(response, describe(body))
  const items = parsed.data.data
  const ordered = items.every((d): d is typeof d & { index: number } => d.index !== undefined) ? [...items].sort((a, b) => a.index - b.index) : items
  const vectors = ordered.map((d) => decodeEmbedding(d.embedding))
  if (vectors.length !== count) return shapeFault(response, `${vectors.length} embeddings for ${count} inputs`)
  if (!vectors.every((v) => v !== null)) return shapeFault(response, 'an embedding that is neither a list of numbers nor base64 float32')
  // Ollama 0.21's /v1/embeddings answers an array input with empty vectors: a cosine of nothing is no score
  if (vectors.some((v) => v.length === 0)) return shapeFault(response, 'empty embeddings (vectors of length 0)')
  const lengths = new Set(vectors.map((v) => v.length))
  if (lengths.size > 1) return shapeFault(response, `embeddings of different lengths (${[...lengths].join(', ')})`)
  const tokens = parsed.data.usage?.prompt_tokens
  return { ok: true, value: { vectors, tokens: typeof tokens === 'number' ? tokens : null, model: typeof parsed.data.model === 'string' ? parsed.data.model : null } }
}
