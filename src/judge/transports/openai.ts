import type { Outgoing } from '../../io/http.ts'
import { chatBody, embeddingsBody, readChatCompletion, readEmbeddingsList } from './openaiWire.ts'
import type { ChatTransport, EmbeddingsTransport, EndpointSettings, TransportDefinition } from './types.ts'

/**
 * Any OpenAI-compatible server: POST {base}/chat/completions and {base}/embeddings, the key as
 * a Bearer token (none for a keyless local server unless judge.headers sets Authorization).
 * A query in the base URL (`…/v1?api-version=…`) and judge.query go on every request.
 */
export const openai: TransportDefinition = {
  label: 'openai-compatible',
  defaultBaseUrl: 'https://api.openai.com/v1',
  defaultKeyEnv: 'OPENAI_API_KEY',
  keyless: true,
  deployments: false,
  modelHint: ', e.g. gpt-4o-mini',
  apiVersion: false,
  formats: ['json_schema', 'json_object', 'text'],
  capRequired: false,
  chat: openaiTransport,
  embeddings: openaiTransport,
}

export function openaiTransport(settings: EndpointSettings): ChatTransport & EmbeddingsTransport {
  const { base, query } = splitQuery(settings.baseURL)
  const url = (path: string) => withQuery(`${base.replace(/\/+$/, '')}/${path}`, { ...query, ...settings.query })
  const headers = () => ({ ...bearer(settings), ...settings.headers, 'content-type': 'application/json' })
  return {
    chat: (request, shape): Outgoing => ({ url: url('chat/completions'), method: 'POST', headers: headers(), body: JSON.stringify(chatBody(request, shape)) }),
    readChat: readChatCompletion,
    embeddings: (model, texts): Outgoing => ({ url: url('embeddings'), method: 'POST', headers: headers(), body: JSON.stringify(embeddingsBody(model, texts)) }),
    readEmbeddings: readEmbeddingsList,
  }
}

function bearer(settings: EndpointSettings): Record<string, string> {
  const userSetsAuth = Object.keys(settings.headers).some((name) => name.toLowerCase() === 'authorization')
  return settings.apiKey === null || userSetsAuth ? {} : { authorization: `Bearer ${settings.apiKey}` }
}

export function splitQuery(url: string): { base: string; query: Record<string, string> } {
  const at = url.indexOf('?')
  if (at === -1) return { base: url, query: {} }
  return { base: url.slice(0, at), query: Object.fromEntries(new URL(url).searchParams) }
}

export function withQuery(url: string, query: Record<string, string>): string {
  const search = new URLSearchParams(query).toString()
  return search === '' ? url : `${url}?${search}`
}
