import type { Body } from './body.ts'

/** What went wrong on the wire, before anyone has decided what it means. */
export type Observation =
  | { kind: 'network'; code: NetworkCode; detail: string }
  /** a reply that is an error: a non-2xx status, or a 2xx that carries an error object or a page */
  | { kind: 'reply'; status: number; contentType: string; headers: Headers | null; body: Body; text: string }
  /** a 2xx reply that is not the expected shape (not a chat completion, not embeddings of the expected count and length) */
  | { kind: 'shape'; contentType: string; text: string; what: string }
  /** a reply that ended for another reason than being complete: `length` (the cap), `content_filter` */
  | { kind: 'finish'; reason: 'length' | 'content_filter' | 'refusal'; empty: boolean; reasoningTokens: number | null; cap: number | null; text?: string }
  /** the endpoint reports far fewer prompt tokens than the request carried: it cut the prompt */
  | { kind: 'truncated'; reported: number; estimated: number }

export type NetworkCode = 'timeout' | 'refused' | 'dns' | 'tls' | 'reset' | 'other'

/** What a fault's words need to know of the endpoint and the settings that point at it. */
export interface EndpointFacts {
  /** `judge` (chat) or `embeddings`: which settings a fix names */
  role: 'judge' | 'embeddings'
  host: string
  model: string
  keyEnv: string
  keyed: boolean
  /** Azure: model names are deployment names */
  deployments: boolean
  maxTokens: number | null
  timeoutMs: number
  concurrency: number
}
