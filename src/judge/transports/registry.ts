import type { ChatProvider, EmbeddingsProvider } from '../../schemas/judgeConfig.ts'
import { anthropic } from './anthropic.ts'
import { azure } from './azure.ts'
import { openai } from './openai.ts'
import type { EmbeddingsTransport, EndpointSettings, TransportDefinition } from './types.ts'

/** The APIs the judge speaks: one line per value of CHAT_PROVIDERS (judge.provider), so forgetting one does not compile. */
export const TRANSPORTS: Record<ChatProvider, TransportDefinition> = { openai, azure, anthropic }

/** The values of embeddings.provider that name an endpoint of their own. */
export type EmbeddingsEndpointProvider = Exclude<EmbeddingsProvider, 'judge' | 'none'>

/** The embeddings of an endpoint of their own (embeddings.provider), from the API's definition. */
export function embeddingsTransport(provider: EmbeddingsEndpointProvider, settings: EndpointSettings): EmbeddingsTransport {
  const make = TRANSPORTS[provider].embeddings
  if (!make) throw new Error(`embeddings.provider ${provider}: its API has no embeddings endpoint`)
  return make(settings)
}
