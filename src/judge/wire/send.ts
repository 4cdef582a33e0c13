import { HttpRefusedError, fetchSameOrigin, readCapped, type Outgoing } from '../../io/http.ts'
import type { NetworkCode, Observation } from './observation.ts'
import type { WireResponse } from './body.ts'

/** A judge reply larger than this is not read further: no chat completion or embeddings batch comes near it. */
export const MAX_REPLY_BYTES = 64 * 1024 * 1024

export type Sent = { ok: true; response: WireResponse } | { ok: false; observation: Observation }

export interface SendOptions {
  timeoutMs: number
  fetch?: typeof fetch
}

const JUDGE_REDIRECT = { headers: "the judge's key and headers", fix: 'set the base URL to the final address' }

/**
 * One HTTP request of the judge, and its reply as text: nothing is parsed here. Redirects are
 * followed only within the endpoint's origin (the key is never sent elsewhere), the body is
 * read up to MAX_REPLY_BYTES, and the timeout covers the whole exchange, body included.
 * A failure without a reply comes back as a network observation, never as a thrown error.
 */
export async function send(outgoing: Outgoing, options: SendOptions): Promise<Sent> {
  const signal = AbortSignal.timeout(options.timeoutMs)
  try {
    const response = await fetchSameOrigin(options.fetch ?? fetch, outgoing, signal, JUDGE_REDIRECT)
    const text = await readCapped(response, MAX_REPLY_BYTES, null)
    return { ok: true, response: { status: response.status, headers: response.headers, contentType: (response.headers.get('content-type') ?? '').toLowerCase(), text } }
  } catch (error) {
    if (error instanceof HttpRefusedError) return { ok: false, observation: { kind: 'shape', contentType: error.headers.get('content-type') ?? '', text: '', what: error.message } }
    return { ok: false, observation: { kind: 'network', ...networkFault(error, signal) } }
  }
}

/** What kind of network failure an error of fetch (undici) is, and its root cause in words. */
export function networkFault(error: unknown, signal?: AbortSignal): { code: NetworkCode; detail: string } {
  if (signal?.aborted || (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))) return { code: 'timeout', detail: '' }
  let root: unknown = error
  for (let depth = 0; depth < 5 && root instanceof Error && root.cause instanceof Error; depth++) root = root.cause
  const code = String((root as { code?: unknown } | null)?.code ?? '')
  const detail = root instanceof Error ? `${code ? `${code}: ` : ''}${root.message}`.slice(0, 200) : String(root).slice(0, 200)
  // fetch itself refuses the ports browsers block (1, 22, 25, 6000, …): "bad port", never sent
  if (code === 'ECONNREFUSED' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || code === 'UND_ERR_CONNECT_TIMEOUT' || /bad port/i.test(detail)) return { code: 'refused', detail }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return { code: 'dns', detail }
  if (/CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)) return { code: 'tls', detail }
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_SOCKET' || code === 'UND_ERR_CLOSED') return { code: 'reset', detail }
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') return { code: 'timeout', detail }
  return { code: 'other', detail }
}
