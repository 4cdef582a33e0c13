// What one outgoing HTTP request may cost (the HTTP candidate's, the judge's): where its headers may go, how much body it may read

/** Redirects within the endpoint's own origin followed before the chain is an error. */
export const MAX_REDIRECTS = 5
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])

/**
 * A response evalgate refuses to use: a redirect to another origin, too many redirects, a
 * body over the cap. It carries the response's status, so the retry loop asks again only
 * when the status says so (a 5xx); a redirect or a 200 is not asked again.
 */
export class HttpRefusedError extends Error {
  readonly status: number
  readonly headers: Headers

  constructor(status: number, headers: Headers, message: string) {
    super(message)
    this.name = 'HttpRefusedError'
    this.status = status
    this.headers = headers
  }
}

export interface Outgoing {
  url: string
  method: 'GET' | 'POST'
  headers: Record<string, string>
  body: string | undefined
}

/** Whose headers a refused redirect kept at home, and where the final address is set. */
export interface RedirectWording {
  headers: string
  fix: string
}

const CANDIDATE_REDIRECT: RedirectWording = { headers: "the candidate's headers", fix: 'point candidate.http.url at the final address if that host is the candidate' }

/**
 * fetch, following redirects only within the first URL's origin (scheme, host and port): the
 * candidate's headers (`${ENV}` secrets among them) are never sent anywhere else, and another
 * host's answers are never scored as the candidate's. A 303, or a 301 / 302 after a POST, is
 * followed with a GET as browsers do; 307 and 308 repeat the request as it was.
 */
export async function fetchSameOrigin(fetcher: typeof fetch, first: Outgoing, signal: AbortSignal, whose: RedirectWording = CANDIDATE_REDIRECT): Promise<Response> {
  const origin = new URL(first.url).origin
  let request = first
  for (let hop = 0; ; hop++) {
    const response = await fetcher(request.url, { method: request.method, headers: request.headers, body: request.body, signal, redirect: 'manual' })
    const location = response.headers.get('location')
    if (!REDIRECT_STATUSES.has(response.status) || location === null) return response
    await response.body?.cancel().catch(() => undefined)
    let next: URL
    try {
      next = new URL(location, request.url)
    } catch {
      throw new HttpRefusedError(response.status, response.headers, `HTTP ${response.status} redirect to an unreadable location "${location.slice(0, 200)}"`)
    }
    if (next.origin !== origin) {
      throw new HttpRefusedError(
        response.status,
        response.headers,
        `HTTP ${response.status} redirect from ${origin} to another origin, ${next.origin}: not followed, so ${whose.headers} were not sent there (${whose.fix})`,
      )
    }
    if (hop >= MAX_REDIRECTS) throw new HttpRefusedError(response.status, response.headers, `more than ${MAX_REDIRECTS} redirects within ${origin}; last to ${next.pathname}`)
    const asGet = response.status === 303 || ((response.status === 301 || response.status === 302) && request.method === 'POST')
    request = asGet ? { ...request, url: next.href, method: 'GET', body: undefined } : { ...request, url: next.href }
  }
}

/**
 * The body as text, read chunk by chunk with a byte count: past `maxBytes` the read stops
 * and the connection is dropped, so a runaway endpoint costs at most the cap in memory. A
 * Content-Length above the cap is refused before reading anything.
 */
export async function readCapped(response: Response, maxBytes: number, setting: string | null = 'candidate.http.max_response_mb'): Promise<string> {
  const raise = setting === null ? '' : ` (${setting}): not read further; make the endpoint answer with less, or raise ${setting}`
  const tooLarge = () => new HttpRefusedError(response.status, response.headers, `HTTP ${response.status} with a body over ${formatMb(maxBytes)}${raise || ': not read further'}`)
  const declared = Number(response.headers.get('content-length') ?? NaN)
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined)
    throw tooLarge()
  }
  if (!response.body) return ''
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    total += read.value.byteLength
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined)
      throw tooLarge()
    }
    chunks.push(read.value)
  }
  // as response.text() decodes: UTF-8, a BOM dropped, bad bytes as U+FFFD
  return new TextDecoder().decode(Buffer.concat(chunks))
}

function formatMb(bytes: number): string {
  return `${Number((bytes / 1024 / 1024).toFixed(3))} MB`
}
