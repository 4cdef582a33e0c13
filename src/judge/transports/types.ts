import type { Outgoing } from '../../io/http.ts'
import type { JudgeConfig } from '../../schemas/judgeConfig.ts'
import type { Observation } from '../wire/observation.ts'
import type { WireResponse } from '../wire/body.ts'

export type ResponseFormatMode = 'json_schema' | 'json_object' | 'text'
/** The response formats a transport can ask for, most structured first: at least one. */
export type ResponseFormats = readonly [ResponseFormatMode, ...ResponseFormatMode[]]

/** A chat request in no vendor's words: what the judge asks, not how a wire format spells it. */
export interface ChatRequest {
  model: string
  system: string
  /** the conversation after the system prompt (a repair adds the reply and what was wrong with it) */
  turns: readonly { role: 'user' | 'assistant'; content: string }[]
  /** the JSON the reply must be: sent as the response format where the shape has one, else described in the prompt */
  schema: { name: string; jsonSchema: Record<string, unknown> }
  /** null: not sent (the model's default) */
  temperature: number | null
  /** the cap on the reply; null: not sent (where the wire format allows leaving it out) */
  maxTokens: number | null
}

/** How this run's requests are shaped: what the endpoint accepted so far (negotiation.ts). */
export interface RequestShape {
  format: ResponseFormatMode
  /** the temperature is sent (false: the endpoint accepts only its default) */
  temperature: boolean
  /** the name of the reply cap: OpenAI's reasoning models want max_completion_tokens */
  tokens: 'max_tokens' | 'max_completion_tokens'
}

/** A chat reply in no vendor's words, once its transport has checked its shape. */
export interface ChatReply {
  content: string
  /** why the reply ended: `stop`, `length` (the cap), `content_filter`, `refusal` (the model declined; the content is its words), or the server's own word */
  finish: string | null
  usage: { prompt: number; completion: number; reasoning: number | null } | null
  model: string | null
  id: string | null
}

export interface EmbeddingsReply {
  vectors: number[][]
  tokens: number | null
  model: string | null
}

/** A reply read against its contract: the value, or what was wrong, for the fault taxonomy. */
export type Read<T> = { ok: true; value: T } | { ok: false; observation: Observation }

/**
 * One wire format for chat: it builds a request and reads a reply, nothing else. Sending,
 * retrying, caching, limiting, budgeting and classifying faults are the policy layer's
 * (client.ts, modelJudge.ts), the same for every transport.
 */
export interface ChatTransport {
  chat(request: ChatRequest, shape: RequestShape): Outgoing
  readChat(response: WireResponse): Read<ChatReply>
}

export interface EmbeddingsTransport {
  embeddings(model: string, texts: readonly string[]): Outgoing
  readEmbeddings(response: WireResponse, count: number): Read<EmbeddingsReply>
}

/** Where a transport sends and how it signs: from judge.* or embeddings.*, templates filled. */
export interface EndpointSettings {
  baseURL: string
  /** null: keyless (a local server); no key header is sent */
  apiKey: string | null
  /** Azure: the api-version query parameter */
  apiVersion: string | null
  headers: Record<string, string>
  query: Record<string, string>
}

/** The schema the prompt carries when no response format does. */
export function schemaInstruction(schema: ChatRequest['schema']): string {
  return `\n\nReply with one JSON object and nothing else. It must match this JSON schema:\n${JSON.stringify(schema.jsonSchema)}`
}

/**
 * Everything about one vendor's API that the rest of evalgate needs, beside its wire format:
 * where it is, how its key is found, what its model names are, what it cannot run without.
 * One per transport file; the registry (registry.ts) lists them by judge.provider.
 */
export interface TransportDefinition {
  /** how the judge line names it */
  label: string
  /** judge.base_url when it is not set; null: it must be set (an Azure resource is the user's own) */
  defaultBaseUrl: string | null
  /** what to set judge.base_url to when it has no default */
  baseUrlHint?: string
  /** judge.model as the fix of a missing one says it: `, e.g. gpt-4o-mini`, ` to the deployment name` */
  modelHint: string
  /** it sends judge.api_version (anywhere else the setting could not act) */
  apiVersion: boolean
  /** the key's environment variable when judge.api_key_env is not set */
  defaultKeyEnv: string
  /** may be called without a key at a base URL other than defaultBaseUrl (a local server, a gateway) */
  keyless: boolean
  /** model names are deployment names (the words of an unknown-model error say so) */
  deployments: boolean
  /** the response formats it can ask for, most structured first */
  formats: ResponseFormats
  /** the reply cap cannot be left out of a request */
  capRequired: boolean
  chat(settings: EndpointSettings): ChatTransport
  /** the same API's embeddings endpoint; absent when it has none (Anthropic) */
  embeddings?(settings: EndpointSettings): EmbeddingsTransport
  /** what it cannot run without, checked before anything runs: throws the GateError naming the setting and the fix */
  check?(judge: JudgeConfig): void
}
