import { GateError, jsonErrorLocation } from '../../io/errors.ts'
import type { HttpCandidateConfig } from '../../schemas/candidate.ts'
import type { EvalRow } from '../../schemas/evalSet.ts'
import { compileJsonPath, type JsonPath } from './jsonPath.ts'
import { errorMessage, excerpt } from './quote.ts'
import { redact } from '../../text/redact.ts'
import { envReferences, fillEnvTemplates } from '../../io/envTemplate.ts'
import { renderJsonTemplate, renderTemplate } from './template.ts'

/** One question's request, fully rendered: everything that can be wrong with the config is found while building these. */
export interface PreparedRequest {
  id: string
  url: string
  body: string | undefined
}

export interface ResponsePaths {
  answer: JsonPath
  contexts: JsonPath | null
  retrievedIds: JsonPath | null
  /** candidate.http.model_path; null: the response's top-level `model` string, if any */
  model: JsonPath | null
}

export interface HttpPlan {
  requests: PreparedRequest[]
  headers: Record<string, string>
  /** header values that came from env vars; never shown in a message */
  secrets: string[]
  paths: ResponsePaths
}

/**
 * Renders every request and checks headers, URLs, JSON bodies and JSON paths. Throws a
 * GateError before any request is sent, so a typo in the config never costs a run.
 */
export function planHttpCandidate(rows: readonly EvalRow[], config: HttpCandidateConfig, env: Record<string, string | undefined>, access: EnvAccess = NO_PASSTHROUGH): HttpPlan {
  const { headers, secrets } = resolveHeaders(config, env, access)
  try {
    new Headers(headers)
  } catch (error) {
    throw new GateError('bad_config', `candidate.http.headers: ${redact(errorMessage(error), secrets)}`, 'header names are tokens like X-Api-Key; values cannot contain newlines')
  }
  if (config.method === 'POST' && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) {
    headers['content-type'] = 'application/json'
  }
  const paths = {
    answer: compileJsonPath(config.answer_path, 'candidate.http.answer_path'),
    contexts: config.contexts_path === undefined ? null : compileJsonPath(config.contexts_path, 'candidate.http.contexts_path'),
    retrievedIds: config.retrieved_ids_path === undefined ? null : compileJsonPath(config.retrieved_ids_path, 'candidate.http.retrieved_ids_path'),
    model: config.model_path === undefined ? null : compileJsonPath(config.model_path, 'candidate.http.model_path'),
  }
  return { requests: rows.map((row) => prepareRequest(row, config)), headers, secrets, paths }
}

function prepareRequest(row: EvalRow, config: HttpCandidateConfig): PreparedRequest {
  const url = renderTemplate(config.url, row, 'candidate.http.url', encodeURIComponent)
  checkUrl(url, row.id)
  if (config.method === 'GET') return { id: row.id, url, body: undefined }
  const body = renderJsonTemplate(config.body, row, 'candidate.http.body')
  try {
    JSON.parse(body)
  } catch (error) {
    throw new GateError(
      'bad_config',
      `candidate.http.body${jsonErrorLocation(body, error)}: not valid JSON once filled in for question "${row.id}": ${errorMessage(error)}\n  rendered: ${excerpt(body, 300)}`,
      'write the body as JSON with placeholders inside strings, e.g. {"question": "{{question}}", "id": "{{id}}"}',
    )
  }
  return { id: row.id, url, body }
}

/** Which protected variables a candidate's `${NAME}` may use: candidate.env_passthrough, and the run's judge key variable (refused). */
export interface EnvAccess {
  passthrough: readonly string[]
  keyEnvs: readonly (string | null | undefined)[]
}

const NO_PASSTHROUGH: EnvAccess = { passthrough: [], keyEnvs: [] }

/** Fills `${ENV_NAME}` in header values (io/envTemplate.ts, as the judge's headers are); the values filled in are secrets. */
function resolveHeaders(config: HttpCandidateConfig, env: Record<string, string | undefined>, access: EnvAccess): { headers: Record<string, string>; secrets: string[] } {
  const headers = fillEnvTemplates(config.headers, env, { setting: 'candidate.http.headers', passthroughSetting: 'candidate.env_passthrough', ...access })
  const secrets = envReferences(config.headers).flatMap((name) => (env[name] ? [env[name]] : []))
  return { headers, secrets }
}

function checkUrl(url: string, id: string): void {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new GateError('bad_config', `candidate.http.url: "${url}" (question "${id}") is not a valid URL`, 'give an absolute URL such as http://localhost:8000/ask')
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new GateError('bad_config', `candidate.http.url: "${url}" is not an http(s) URL`, 'give an absolute URL such as http://localhost:8000/ask')
  }
}
