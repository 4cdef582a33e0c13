import { fillEnvTemplates, type EnvTemplateRules } from '../io/envTemplate.ts'

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

export { envReferences } from '../io/envTemplate.ts'

/**
 * Fills `${NAME}` in judge.headers / judge.query from the environment, through the filler the
 * candidate's headers use too (io/envTemplate.ts): an unset variable, or one of the runner's
 * or evalgate's own secrets not listed in judge.env_passthrough, is a config error naming the
 * setting, before any call.
 */
export function fillTemplates(
  values: Record<string, string>,
  env: Record<string, string | undefined>,
  setting: string,
  access: Pick<EnvTemplateRules, 'passthrough' | 'keyEnvs'> = { passthrough: [], keyEnvs: [] },
): Record<string, string> {
  return fillEnvTemplates(values, env, { setting, passthroughSetting: 'judge.env_passthrough', ...access })
}
