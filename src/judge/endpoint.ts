import OpenAI, { AzureOpenAI } from 'openai'
import { GateError } from '../io/errors.ts'

/**
 * Where the judge's requests go and how they are signed: any OpenAI-compatible server, or an
 * Azure OpenAI resource (deployment in the path, `?api-version=`, the key in `api-key`).
 */
export interface JudgeEndpoint {
  /** `openai` or `azure`: which client builds the requests */
  dialect: EndpointDialect
  /** as configured: `https://api.openai.com/v1`, or an Azure resource endpoint */
  baseURL: string
  /** null: keyless (a local server); no Authorization header is sent */
  apiKey: string | null
  /** azure: the api-version query parameter */
  apiVersion: string | null
  /** judge.headers, filled in */
  headers: Record<string, string>
  /** judge.query, filled in, plus any query the base URL carried */
  query: Record<string, string>
  timeoutMs: number
}

export type EndpointDialect = 'openai' | 'azure'

/**
 * The client for an endpoint, with the SDK's own retries off (ours honour Retry-After and are
 * counted). A query in the base URL (`…/v1?api-version=…`) becomes a default query parameter:
 * left in the URL, the SDK appends the path after it and the query ends up in the path.
 */
export function makeClient(endpoint: JudgeEndpoint): OpenAI {
  const { base, query } = splitQuery(endpoint.baseURL)
  const common = {
    maxRetries: 0,
    timeout: endpoint.timeoutMs,
    defaultQuery: { ...query, ...endpoint.query },
    defaultHeaders: keylessHeaders(endpoint),
  }
  if (endpoint.dialect === 'azure') {
    // the SDK's Azure client: /openai/deployments/{model}/chat/completions?api-version=…, the key sent as api-key
    const resource = base.replace(/\/+$/, '')
    const where = /\/openai$/.test(resource) ? { baseURL: resource } : { endpoint: resource }
    return new AzureOpenAI({ ...common, ...where, apiKey: endpoint.apiKey ?? '', apiVersion: endpoint.apiVersion ?? '' })
  }
  return new OpenAI({ ...common, baseURL: base, apiKey: endpoint.apiKey ?? 'keyless' })
}

/** The user's headers, and for a keyless endpoint no Authorization header unless the user sets one. */
function keylessHeaders(endpoint: JudgeEndpoint): Record<string, string | null> {
  const userSetsAuth = Object.keys(endpoint.headers).some((name) => name.toLowerCase() === 'authorization')
  return { ...(endpoint.apiKey === null && !userSetsAuth ? { Authorization: null } : {}), ...endpoint.headers }
}

function splitQuery(url: string): { base: string; query: Record<string, string> } {
  const at = url.indexOf('?')
  if (at === -1) return { base: url, query: {} }
  return { base: url.slice(0, at), query: Object.fromEntries(new URL(url).searchParams) }
}

/**
 * What results.json and the report show of an endpoint: scheme, host and port only. A path can
 * carry a tenant or a token, a query a key, the user-info part a password: none of it is shown.
 */
export function endpointOrigin(baseURL: string): string {
  return new URL(baseURL).origin
}

/** What the cache key holds of an endpoint: the origin and the path, never the key or the query. */
export function endpointCacheIdentity(endpoint: Pick<JudgeEndpoint, 'dialect' | 'baseURL'>): string {
  const url = new URL(endpoint.baseURL)
  return `${endpoint.dialect} ${url.origin}${url.pathname.replace(/\/+$/, '')}`
}

const ENV_REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g

/** The environment variables `${NAME}` in these values refer to: their values are secrets. */
export function envReferences(values: Record<string, string>): string[] {
  return [...new Set(Object.values(values).flatMap((value) => [...value.matchAll(ENV_REFERENCE)].map((m) => m[1]!)))]
}

/**
 * Fills `${NAME}` in judge.headers / judge.query from the environment. An unset variable is a
 * config error naming the setting, before any call: a header silently sent empty would only
 * show up as 401s.
 */
export function fillTemplates(values: Record<string, string>, env: Record<string, string | undefined>, setting: string): Record<string, string> {
  const filled: Record<string, string> = {}
  for (const [name, template] of Object.entries(values)) {
    filled[name] = template.replace(ENV_REFERENCE, (_, variable: string) => {
      const value = env[variable]
      if (value === undefined || value === '') {
        throw new GateError(
          'bad_config',
          `${setting}.${name}: environment variable ${variable} is not set (or empty)`,
          `set ${variable} in the job's env (e.g. env: ${variable}: \${{ secrets.${variable} }})`,
        )
      }
      return value
    })
  }
  return filled
}
