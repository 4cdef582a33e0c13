import { GateError } from '../../io/errors.ts'
import type { Outgoing } from '../../io/http.ts'
import { chatBody, embeddingsBody, readChatCompletion, readEmbeddingsList } from './openaiWire.ts'
import { splitQuery, withQuery } from './openai.ts'
import type { ChatTransport, EmbeddingsTransport, EndpointSettings, TransportDefinition } from './types.ts'

/**
 * Azure OpenAI's classic deployment endpoints: {resource}/openai/deployments/{deployment}/
 * chat/completions?api-version=V (and /embeddings), the key in the `api-key` header. The model
 * names are deployment names. A base URL that already ends in /openai is taken as that prefix.
 */
export const azure: TransportDefinition = {
  label: 'azure openai',
  defaultBaseUrl: null,
  defaultKeyEnv: 'AZURE_OPENAI_API_KEY',
  // Azure answers 401 without a key: no key skips the tier, as for api.openai.com
  keyless: false,
  deployments: true,
  modelHint: ' to the deployment name',
  apiVersion: true,
  baseUrlHint: 'your resource endpoint, e.g. https://my-resource.openai.azure.com',
  formats: ['json_schema', 'json_object', 'text'],
  capRequired: false,
  chat: azureTransport,
  embeddings: azureTransport,
  check(judge) {
    if (!judge.api_version) {
      throw new GateError(
        'bad_config',
        'judge.provider is azure but no judge.api_version is set',
        'set judge.api_version (flag --judge-api-version, Action input judge-api-version) to an API version your resource serves, e.g. 2024-10-21',
      )
    }
  },
}

export function azureTransport(settings: EndpointSettings): ChatTransport & EmbeddingsTransport {
  const { base, query } = splitQuery(settings.baseURL)
  const resource = base.replace(/\/+$/, '')
  const prefix = /\/openai$/.test(resource) ? resource : `${resource}/openai`
  const url = (deployment: string, path: string) =>
    withQuery(`${prefix}/deployments/${encodeURIComponent(deployment)}/${path}`, { ...query, ...settings.query, ...(settings.apiVersion ? { 'api-version': settings.apiVersion } : {}) })
  const headers = () => ({ ...(settings.apiKey === null ? {} : { 'api-key': settings.apiKey }), ...settings.headers, 'content-type': 'application/json' })
  return {
    chat: (request, shape): Outgoing => ({ url: url(request.model, 'chat/completions'), method: 'POST', headers: headers(), body: JSON.stringify(chatBody(request, shape)) }),
    readChat: readChatCompletion,
    embeddings: (model, texts): Outgoing => ({ url: url(model, 'embeddings'), method: 'POST', headers: headers(), body: JSON.stringify(embeddingsBody(model, texts)) }),
    readEmbeddings: readEmbeddingsList,
  }
}
