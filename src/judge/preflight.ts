import { APIConnectionError, APIConnectionTimeoutError } from 'openai'
import type OpenAI from 'openai'
import { GateError } from '../io/errors.ts'
import { redactSecrets } from '../io/redact.ts'
import { statusOf } from '../io/retry.ts'
import { errorMessage } from './reply.ts'

/** What the preflight needs to know to say what is wrong and how to fix it. */
export interface PreflightTarget {
  client: OpenAI
  /** the configured base URL: its host names the server in every message */
  baseURL: string
  model: string
  /** null: no embeddings model (or `none`), no embeddings request */
  embeddingsModel: string | null
  /** the variable the key was read from */
  keyEnv: string
  /** false: the endpoint is called without a key */
  keyed: boolean
  /** `azure`: the model names are deployment names */
  deployments: boolean
}

/** A reply of the server that says the request can never work: the run stops on it. */
export type EndpointFault = 'auth' | 'no_model' | 'unreachable'

/**
 * One tiny chat request, and one embeddings request when there is an embeddings model, each
 * sent once without retries, before the candidate runs. A refused key, an unknown model or an
 * unreachable server stops the run with exit 2 and the fix; anything else (a 429, a 5xx, a
 * 400 about the request's shape) is left to the run, which retries and adapts.
 */
export async function preflight(target: PreflightTarget): Promise<void> {
  const { client, model, embeddingsModel } = target
  // the marker lets a test server tell this request from the scoring calls
  await probe(target, model, () =>
    client.chat.completions.create({
      model,
      max_tokens: 1,
      messages: [
        { role: 'system', content: '[evalgate:preflight]' },
        { role: 'user', content: 'Reply with OK.' },
      ],
    }),
  )
  if (embeddingsModel !== null) await probe(target, embeddingsModel, () => client.embeddings.create({ model: embeddingsModel, input: ['evalgate preflight'], encoding_format: 'float' }))
}

async function probe(target: PreflightTarget, model: string, request: () => Promise<unknown>): Promise<void> {
  try {
    await request()
  } catch (error) {
    const fault = classifyFault(error)
    if (fault !== null) throw preflightError(target, model, fault, error)
  }
}

/** Which of the faults no retry can fix this error is, if any. */
export function classifyFault(error: unknown): EndpointFault | null {
  if (error instanceof APIConnectionError || error instanceof APIConnectionTimeoutError) return 'unreachable'
  const status = statusOf(error)
  if (status === 401 || status === 403) return 'auth'
  // 501: a server without the endpoint at all (llama.cpp without --embeddings)
  if (status === 404 || status === 501) return 'no_model'
  const code = (error as { code?: unknown } | null)?.code
  if (status !== undefined && status >= 400 && status < 500 && (code === 'model_not_found' || /\bmodel\b[^.]*\b(not found|does not exist|not exist)/i.test(errorMessage(error)))) return 'no_model'
  return null
}

/** The cause in one line, for the terminal, the report and the error rows: what is wrong with which server. */
export function describeFault(fault: EndpointFault, host: string, details: { model: string; keyEnv: string; keyed: boolean }): string {
  if (fault === 'auth') return details.keyed ? `the key in $${details.keyEnv} was refused by ${host}` : `${host} refused a request without a key ($${details.keyEnv} is not set)`
  if (fault === 'no_model') return `${host} has no model ${details.model}`
  return `cannot reach ${host}`
}

function preflightError(target: PreflightTarget, model: string, fault: EndpointFault, error: unknown): GateError {
  const { cause, fix } = explainFault(fault, target, model)
  const status = statusOf(error)
  const detail = redactSecrets(errorMessage(error)).slice(0, 200)
  return new GateError('bad_config', `judge preflight: ${cause} (${status ? `HTTP ${status}: ` : ''}${detail}); nothing was run`, fix)
}

/** A fault's cause and fix, for the preflight and for a judge that stops mid-run; `model` is the one the failed request named. */
export function explainFault(fault: EndpointFault, target: Omit<PreflightTarget, 'client'>, model: string): { cause: string; fix: string } {
  const host = hostOf(target.baseURL)
  const cause = describeFault(fault, host, { model, keyEnv: target.keyEnv, keyed: target.keyed })
  const which = model === target.model ? 'judge.model (--judge-model)' : 'judge.embeddings_model (--embeddings-model)'
  const fixes: Record<EndpointFault, string> = {
    auth: `set $${target.keyEnv} to a key ${host} accepts (or name another variable with judge.api_key_env / --judge-api-key-env)`,
    no_model:
      `set ${which} to a ${target.deployments ? 'deployment' : 'model'} ${host} serves, or check judge.base_url (--judge-base-url) points at the API root (e.g. …/v1)` +
      (model === target.model ? '' : `; an endpoint without embeddings takes embeddings_model: none`),
    unreachable: `check judge.base_url (--judge-base-url): is the server running, the host spelled right, its certificate valid?`,
  }
  return { cause, fix: fixes[fault] }
}

export function hostOf(baseURL: string): string {
  return new URL(baseURL).host
}
