import { GateError } from '../io/errors.ts'

/**
 * What results.json and the report show of an endpoint: scheme, host and port only. A path can
 * carry a tenant or a token, a query a key, the user-info part a password: none of it is shown.
 */
export function endpointOrigin(baseURL: string): string {
  return new URL(baseURL).origin
}

/** What the cache key holds of an endpoint's address: the origin and the path, never the user-info part (a password) or the query (a key). */
export function endpointAddress(baseURL: string): string {
  const url = new URL(baseURL)
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`
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
