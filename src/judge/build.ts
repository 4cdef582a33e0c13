import { Limiter } from '../io/limiter.ts'
import { registerSecret } from '../text/redact.ts'
import type { RetryDeps } from '../io/retry.ts'
import type { ChatProvider } from '../schemas/judgeConfig.ts'
import type { JudgeIdentity } from '../schemas/results.ts'
import { CircuitBreaker, type JudgeStop } from './breaker.ts'
import { EndpointClient } from './client.ts'
import { endpointAddress } from './endpoint.ts'
import type { Fault } from './faults.ts'
import { ModelJudge } from './modelJudge.ts'
import type { SamplingSettings } from './negotiation.ts'
import { RateGate } from './rateGate.ts'
import { TRANSPORTS, embeddingsTransport, type EmbeddingsEndpointProvider } from './transports/registry.ts'

/** One endpoint as the settings give it, templates filled in. */
export interface EndpointSpec<P extends ChatProvider = ChatProvider> {
  provider: P
  baseURL: string
  /** null: keyless */
  apiKey: string | null
  /** the variable the key comes from, for the fix when it is refused */
  keyEnv: string
  apiVersion: string | null
  headers: Record<string, string>
  query: Record<string, string>
  /** judge.headers / judge.query as configured, `${VAR}` unfilled: what the cache key holds of them (never a secret) */
  templates: { headers: Record<string, string>; query: Record<string, string> }
  model: string
}

export interface JudgeSpec {
  identity: JudgeIdentity
  chat: EndpointSpec<ChatProvider>
  /** null: no embeddings; `same`: the judge's own endpoint, key and limits */
  embeddings: EndpointSpec<EmbeddingsEndpointProvider> | { same: true; model: string } | null
  sampling: SamplingSettings
  cacheDir: string | null
  concurrency: number
  timeoutMs: number
  maxRetries: number
  variant?: string
  /** a change to the request shape, said once */
  notify?: (message: string) => void
  /** the judge stopped mid-run, or an endpoint rate-limits it: said the moment it happens */
  warn?: (message: string) => void
  /** tests: another fetch, or a clock for the backoff */
  fetch?: typeof fetch
  retryDeps?: RetryDeps
}

/**
 * The ModelJudge for a judge's settings: the chat transport and, for embeddings, the judge's
 * own endpoint or another one, each behind an EndpointClient with its own breaker and
 * rate-limit pause (one endpoint, one of each). Keys are registered as secrets first: a
 * server that echoes a key in its error puts it into error rows, which are redacted.
 */
export function buildModelJudge(spec: JudgeSpec): ModelJudge {
  const say = spec.warn ?? (() => undefined)
  const api = TRANSPORTS[spec.chat.provider]
  const chatClient = client(spec, spec.chat, 'judge', say)
  let embeddings: ConstructorParameters<typeof ModelJudge>[0]['embeddings'] = null
  if (spec.embeddings && 'same' in spec.embeddings) {
    if (!api.embeddings) throw new Error(`embeddings on the ${spec.chat.provider} endpoint, which has none: refused by the settings check before this`)
    // the judge's own endpoint: its slots, pause and breaker are the judge's
    const facts = { ...chatClient.facts, role: 'embeddings' as const, model: spec.embeddings.model }
    const shared = new EndpointClient({ ...clientOptions(spec, say), facts, breaker: chatClient.breaker, rate: chatClient.rate, limiter: chatClient.limiter })
    embeddings = { transport: api.embeddings(spec.chat), client: shared, model: spec.embeddings.model }
  } else if (spec.embeddings) {
    embeddings = { transport: embeddingsTransport(spec.embeddings.provider, spec.embeddings), client: client(spec, spec.embeddings, 'embeddings', say), model: spec.embeddings.model }
  }
  return new ModelJudge({
    identity: spec.identity,
    chat: { transport: api.chat(spec.chat), formats: api.formats, client: chatClient, model: spec.chat.model },
    embeddings,
    sampling: spec.sampling,
    cacheDir: spec.cacheDir,
    cacheIdentity: cacheIdentity(spec),
    ...(spec.notify ? { notify: spec.notify } : {}),
    ...(spec.variant ? { variant: spec.variant } : {}),
  })
}

function clientOptions(spec: JudgeSpec, say: (message: string) => void) {
  return {
    concurrency: spec.concurrency,
    maxRetries: spec.maxRetries,
    ...(spec.fetch ? { fetch: spec.fetch } : {}),
    ...(spec.retryDeps ? { deps: spec.retryDeps } : {}),
    onRateLimit: (fault: Fault) =>
      say(
        `judge: ${fault.cause}; every request now waits as the server asks${fault.waitMs !== null ? ` (${(fault.waitMs / 1000).toFixed(1)} s)` : ''}, not only this one. If this repeats, lower judge.concurrency (now ${spec.concurrency}) or raise judge.max_retries (now ${spec.maxRetries})`,
      ),
  }
}

function client(spec: JudgeSpec, endpoint: EndpointSpec, role: 'judge' | 'embeddings', say: (message: string) => void): EndpointClient {
  registerSecret(endpoint.apiKey)
  const onStop = (stop: JudgeStop) => say(`judge stopped: ${stop.cause}; no further request is sent, so this run has no verdict. Fix: ${stop.fix}`)
  const facts = {
    role,
    host: new URL(endpoint.baseURL).host,
    model: endpoint.model,
    keyEnv: endpoint.keyEnv,
    keyed: endpoint.apiKey !== null,
    deployments: TRANSPORTS[endpoint.provider].deployments,
    maxTokens: spec.sampling.maxTokens === 'default' ? null : spec.sampling.maxTokens,
    timeoutMs: spec.timeoutMs,
    concurrency: spec.concurrency,
  }
  // an injected clock (tests) paces the rate-limit pause as it paces the backoff
  const rate = spec.retryDeps ? new RateGate({ now: spec.retryDeps.now, sleep: spec.retryDeps.sleep }) : new RateGate()
  return new EndpointClient({ ...clientOptions(spec, say), facts, breaker: new CircuitBreaker({ onStop, maxRetries: spec.maxRetries }), rate, limiter: new Limiter(spec.concurrency) })
}

/** Everything about the endpoints that can change a reply, and nothing secret: the cache key's endpoint part. */
function cacheIdentity(spec: JudgeSpec): { chat: unknown; embeddings: unknown } {
  const of = (e: EndpointSpec) => ({ transport: e.provider, address: endpointAddress(e.baseURL), query: new URL(e.baseURL).search, api_version: e.apiVersion, templates: e.templates })
  const chat = of(spec.chat)
  return { chat, embeddings: spec.embeddings === null ? null : 'same' in spec.embeddings ? chat : of(spec.embeddings) }
}
