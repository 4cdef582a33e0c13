import { errorOf, firstBytes, typeOf } from './wire/body.ts'
import { waitHintMs } from './wire/hints.ts'
import type { EndpointFacts, NetworkCode, Observation } from './wire/observation.ts'

/**
 * The one fault taxonomy of the judge: every way a request can fail, whatever the transport,
 * becomes one of five classes, and the policy layer (client.ts, breaker.ts, modelJudge.ts)
 * reads only the class, never the words:
 * - `transient`: retried with the server's hint (or backoff); a rate limit pauses every slot;
 * - `endpoint`: no request to this endpoint can succeed; the breaker stops the run (exit 2);
 * - `request`: this request cannot succeed; that question's metric is an error naming it;
 * - `format`: the endpoint rejects the response format: the run steps down a format;
 * - `adapt`: the endpoint rejects a sampling parameter: the run stops sending it, or renames it.
 */
export type FaultClass = 'transient' | 'endpoint' | 'request' | 'format' | 'adapt'

export interface Fault {
  class: FaultClass
  /** the rule that classified it (`auth`, `rate_limit`, `cut`, …): tests and the breaker's words read it */
  kind: string
  /** equal for "the same fault": the breaker stops on the same request fault N times in a row */
  signature: string
  /** what happened, in one line (redacted; untrusted words shown, never obeyed) */
  cause: string
  fix: string
  /** tried again on this request (every transient fault; an endpoint fault that may pass, as a proxy's 502 page) */
  retry: boolean
  /** what the server asked to wait, ms, uncapped; null when it asked nothing */
  waitMs: number | null
  /** a rate limit: every slot pauses, not only this one */
  rateLimited: boolean
  status: number | null
  /** `adapt`: what to change */
  adapt?: 'temperature' | 'max_completion_tokens'
  /** false: the fix says nothing a question's error row should carry (an unknown rejection's "see the message") */
  rowFix?: false
}

/** A hint longer than this is not a rate limit to wait out but a quota that ends the run. */
export const LONGEST_WAIT_MS = 60_000

export function classify(o: Observation, facts: EndpointFacts, nowMs: number = Date.now()): Fault {
  if (o.kind === 'network') return network(o.code, o.detail, facts)
  if (o.kind === 'shape') return notAReply(o.contentType, o.text, o.what, facts)
  if (o.kind === 'finish') return finished(o, facts)
  if (o.kind === 'truncated') return truncated(o.reported, o.estimated, facts)
  return reply(o, facts, nowMs)
}

function fault(cls: FaultClass, kind: string, cause: string, fix: string, more: Partial<Fault> = {}): Fault {
  return { class: cls, kind, signature: kind, cause, fix, retry: cls === 'transient', waitMs: null, rateLimited: false, status: null, ...more }
}

/** The setting a fix names, with its flag: the endpoint's own (`embeddings.base_url`), or the judge's, which both endpoints share (`judge.timeout_ms`). */
function setting(facts: EndpointFacts, name: 'base_url' | 'model' | 'max_tokens' | 'timeout_ms'): string {
  if (name === 'max_tokens' || name === 'timeout_ms') return `judge.${name}`
  const flag = `--${facts.role}-${name === 'base_url' ? 'base-url' : 'model'}`
  return `${facts.role}.${name} (${facts.role === 'judge' || name === 'base_url' ? flag : '--embeddings-model'})`
}

function network(code: NetworkCode, detail: string, facts: EndpointFacts): Fault {
  const where = `${facts.host}${detail ? ` (${detail})` : ''}`
  if (code === 'timeout') {
    return fault(
      'transient',
      'timeout',
      `no reply from ${facts.host} within ${facts.timeoutMs} ms (${setting(facts, 'timeout_ms')})`,
      `raise ${setting(facts, 'timeout_ms')} for a slow model, or lower judge.concurrency`,
    )
  }
  if (code === 'reset' || code === 'other') return fault('transient', 'connection', `the connection to ${where} broke`, 'retried; if it persists, check the network path to the endpoint')
  const fix = `check ${setting(facts, 'base_url')}: is the server running, the host spelled right${code === 'tls' ? ', its certificate valid' : ''}?`
  return fault('endpoint', 'unreachable', code === 'tls' ? `the TLS handshake with ${where} failed` : `cannot reach ${where}`, fix, { retry: true })
}

/** A 2xx that is not the expected reply: named by its content type and first bytes; retried once in case it was one bad reply. */
function notAReply(contentType: string, text: string, what: string, facts: EndpointFacts): Fault {
  const cause = `${facts.host} answered with ${what} (${typeOf(contentType)}: ${JSON.stringify(firstBytes(text))}), not a ${facts.role === 'judge' ? 'chat completion' : 'list of embeddings'}`
  const fix = `check that ${setting(facts, 'base_url')} points at the API itself (e.g. …/v1) and that nothing between rewrites its replies`
  return fault('endpoint', 'not_a_reply', cause, fix, { retry: true, signature: `not_a_reply:${what}` })
}

function finished(o: Extract<Observation, { kind: 'finish' }>, facts: EndpointFacts): Fault {
  if (o.reason === 'refusal')
    return fault(
      'request',
      'refusal',
      `the model refused to judge it${o.text ? `: ${JSON.stringify(firstBytes(o.text, 160))}` : ''}`,
      'none for this question: its text makes the model refuse; judge it with another model',
    )
  if (o.reason === 'content_filter')
    return fault(
      'request',
      'content_filter',
      `the endpoint's content filter blocked the reply`,
      'none for this question: the text it judges trips the filter; judge it with another model or deployment',
      { signature: 'content_filter' },
    )
  const cap = o.cap === null ? "the model's own limit" : `max_tokens ${o.cap}`
  const hidden = o.empty && (o.reasoningTokens ?? 0) > 0 ? `: a reasoning model spent ${o.reasoningTokens} of them on hidden reasoning and wrote nothing` : ''
  return fault(
    'request',
    'cut',
    `the reply was cut at ${cap} (finish_reason length)${hidden}`,
    `raise ${setting(facts, 'max_tokens')}${o.reasoningTokens ? ' (a reasoning model needs room for its hidden reasoning too)' : ''}`,
  )
}

function truncated(reported: number, estimated: number, facts: EndpointFacts): Fault {
  return fault(
    'request',
    'truncated',
    `${facts.host} read ${reported} prompt tokens of a prompt of about ${estimated}: the server truncated the prompt to fit its context window, so the judge never saw all of it`,
    "raise the server's context length: Ollama's num_ctx (OLLAMA_CONTEXT_LENGTH=16384, or PARAMETER num_ctx in a Modelfile), vLLM's --max-model-len, llama.cpp's --ctx-size",
  )
}

/** An error reply: status, envelope and words decide, most specific rule first. */
function reply(o: Extract<Observation, { kind: 'reply' }>, facts: EndpointFacts, nowMs: number): Fault {
  const error = errorOf(o.body)
  const status = error?.status ?? (o.status >= 200 && o.status < 300 && error ? null : o.status)
  // a body in no envelope (plain text, a serde or FastAPI message) is all words
  const words = error ? `${error.code ?? ''} ${error.param ?? ''} ${error.message} ${error.extra}` : o.body.kind === 'html' ? '' : o.text.slice(0, 2000)
  const said = error ? ` ${JSON.stringify(firstBytes(error.message, 200))}` : o.body.kind === 'empty' ? ' (no body)' : ` (${typeOf(o.contentType)}: ${JSON.stringify(firstBytes(o.text))})`
  const http = `HTTP ${o.status}${status !== null && status !== o.status ? ` (error ${status} in the body)` : ''}${error?.code ? ` ${firstBytes(error.code, 60)}` : ''}:${said}`
  const more = { status, waitMs: waitHintMs(o.headers, error, nowMs) }
  for (const rule of RULES) {
    const matched = rule(status, words, o, facts, http, more)
    if (matched) return matched
  }
  return fault('request', 'rejected', `${facts.host} refused the request: ${http}`, 'see the message; if every request gets it, the run stops', {
    ...more,
    rowFix: false,
    signature: `rejected:${status}:${error?.code ?? firstBytes((error?.message ?? o.text).replace(/\d+/g, '#'), 40)}`,
  })
}

type Rule = (status: number | null, words: string, o: Extract<Observation, { kind: 'reply' }>, facts: EndpointFacts, http: string, more: Partial<Fault>) => Fault | null

/** The account cannot pay: OpenAI's insufficient_quota, OpenRouter's and DeepSeek's credits, Anthropic's credit balance, a LiteLLM key over its budget. */
const CREDITS = /insufficient_quota|insufficient[_ ](credits|balance)|credit balance is too low|out of credits|budget_exceeded|budget has been exceeded/i
/** "exceeded your current quota" is OpenAI's insufficient_quota, and also Gemini's per-minute limit, which names a retry delay. */
function quotaSpent(words: string, more: Partial<Fault>): boolean {
  return CREDITS.test(words) || (/exceeded your current quota/i.test(words) && more.waitMs === null)
}

const AUTH = /API_KEY_INVALID|api key not valid|invalid[_ ]api[_ ]key|incorrect api key|invalid x-api-key|authentication_error|permission_denied/i
const NO_MODEL =
  /model_not_found|model_decommissioned|has been decommissioned|DeploymentNotFound|no models? (is |are )?loaded|\bmodel\b[^.]{0,80}\b(not found|does not exist|not exist|is not available|unknown)|unknown model|no such model|try pulling it first/i
const CONTEXT = /context[_ ]length|maximum context|context window|context size|prompt is too long|too many (input )?tokens|exceeds? the (model's )?(maximum|max)|input is too long|reduce the length/i
/** The cap itself refused, whatever the prompt: OpenAI's, Anthropic's, vLLM's and TGI's words. */
const CAP_REFUSED =
  /max_(completion_)?tokens'?[^.]{0,80}(too large|must be|at most|exceeds|greater than|less than)|supports at most \d+ completion tokens|maximum allowed number of output tokens|max_new_tokens/i
const CONTEXT_LIMIT = /maximum context length is (\d+)/i
const FILTER = /content[_ ]filter|content management policy|ResponsibleAIPolicyViolation|safety (settings|system)|blocked by|requires moderation|input was flagged|flagged by (the )?moderation/i
const FORMAT = /response_format|json_schema|json_object|structured output|guided_(json|decoding)|\bschema\b/i

const RULES: readonly Rule[] = [
  // a 429 first, whatever its body: the wait it names decides between a rate limit and a quota
  (status, words, _o, facts, http, more) => {
    if (status !== 429 || quotaSpent(words, more)) return null
    const waitMs = more.waitMs ?? 0
    return waitMs > LONGEST_WAIT_MS
      ? fault(
          'endpoint',
          'rate_window',
          `${facts.host} rate-limits this key for ${Math.round(waitMs / 1000)} s: ${http}`,
          'wait for the limit to reset, raise it with the provider, or use another key',
          more,
        )
      : fault('transient', 'rate_limit', `rate limited by ${facts.host}: ${http}`, `lower judge.concurrency (now ${facts.concurrency}) or raise judge.max_retries`, { ...more, rateLimited: true })
  },
  // a content filter or moderation answers 400 or 403: the words decide before the status
  (status, words, _o, _f, http, more) =>
    (status ?? 0) >= 400 && FILTER.test(words)
      ? fault('request', 'content_filter', `the endpoint's content filter blocked the request: ${http}`, 'none for this question: its text trips the filter', more)
      : null,
  // a page, not an API: a proxy, a sign-in or captive portal (after the rate limit: nginx's limit_req answers with a page too). A 5xx page (a proxy's 502) may pass: retried, and counted
  (status, _w, o, facts, http) =>
    o.body.kind === 'html'
      ? fault(
          'endpoint',
          'proxy_page',
          `${facts.host} answered with an HTML page, not the API: ${http}`,
          `a proxy or sign-in page stands in front of the API: check ${setting(facts, 'base_url')} (…/v1) and that the network path needs no browser login`,
          {
            retry: (status ?? 0) >= 500,
            status,
          },
        )
      : null,
  // Gemini refuses a bad key with 400 INVALID_ARGUMENT API_KEY_INVALID: the words decide as much as the status
  (status, words, _o, facts, http, more) =>
    status === 401 || status === 403 || ((status ?? 0) >= 400 && (status ?? 0) < 500 && AUTH.test(words)) ? fault('endpoint', 'auth', `${describeAuth(facts)}: ${http}`, authFix(facts), more) : null,
  (status, words, _o, facts, http, more) =>
    status === 402 || quotaSpent(words, more)
      ? fault(
          'endpoint',
          'credits',
          `${facts.host} refuses to serve until the account is paid: ${http}`,
          'add credits or raise the spending limit with the provider, or point the judge at another key',
          more,
        )
      : null,
  (status, words, _o, facts, http, more) =>
    (status === 404 || status === 400 || status === 422) && NO_MODEL.test(words)
      ? fault('endpoint', 'no_model', `${facts.host} has no ${facts.deployments ? 'deployment' : 'model'} ${facts.model}: ${http}`, modelFix(facts), more)
      : null,
  (status, _w, _o, facts, http, more) =>
    status === 404 || status === 405 || status === 501
      ? fault('endpoint', 'no_endpoint', `${facts.host} has no ${facts.role === 'judge' ? 'chat' : 'embeddings'} endpoint at this address: ${http}`, endpointFix(facts), more)
      : null,
  // a cap the model cannot give at all fails every request alike; a cap that only this prompt's length leaves no room for is the prompt's
  (status, words, _o, facts, http, more) => {
    if ((status ?? 0) < 400 || (status ?? 0) >= 500 || !(CAP_REFUSED.test(words) || CONTEXT.test(words))) return null
    const limit = Number(CONTEXT_LIMIT.exec(words)?.[1] ?? NaN)
    const capAlone = Number.isFinite(limit) ? facts.maxTokens !== null && facts.maxTokens >= limit : CAP_REFUSED.test(words)
    if (!capAlone) return null
    return fault(
      'endpoint',
      'max_tokens',
      `the endpoint refuses max_tokens ${facts.maxTokens ?? '(default)'}: ${http}`,
      `lower ${setting(facts, 'max_tokens')} (now ${facts.maxTokens ?? 'default'}) to what the model allows, or raise the server's context (vLLM --max-model-len)`,
      more,
    )
  },
  (status, words, _o, facts, http, more) =>
    (status === 400 || status === 413 || status === 422) && CONTEXT.test(words)
      ? fault(
          'request',
          'context',
          `the prompt is longer than the model's context: ${http}`,
          `use a model with a longer context, or raise the server's (vLLM --max-model-len, Ollama num_ctx); judge.max_tokens (now ${facts.maxTokens ?? 'default'}) counts towards it too`,
          more,
        )
      : null,
  (status, words, _o, _f, http, more) =>
    (status === 400 || status === 422) && /\btemperature\b/i.test(words)
      ? fault('adapt', 'temperature', `the endpoint rejects the temperature: ${http}`, 'judge.temperature: default', { ...more, adapt: 'temperature' })
      : null,
  (status, words, _o, _f, http, more) =>
    (status === 400 || status === 422) && /max_completion_tokens/.test(words)
      ? fault('adapt', 'max_completion_tokens', `the endpoint wants max_completion_tokens: ${http}`, 'none: sent so from now on', { ...more, adapt: 'max_completion_tokens' })
      : null,
  // Groq's json_validate_failed: the model's own JSON failed the schema this once; another sample may pass
  (status, words, _o, _f, http, more) =>
    (status ?? 0) >= 400 && /json_validate_failed/i.test(words)
      ? fault('transient', 'invalid_output', `the endpoint could not make the model's reply valid JSON: ${http}`, 'if it persists, set judge.response_format: text', more)
      : null,
  (status, words, _o, _f, http, more) =>
    status !== null && status >= 400 && status < 500 && FORMAT.test(words) ? fault('format', 'format', `the endpoint rejects the response format: ${http}`, 'stepped down for this run', more) : null,
  (status, _w, o, facts, http, more) =>
    status === null || status >= 500 || status === 408 || status === 409
      ? fault('transient', 'server_error', `${facts.host} failed: ${http}`, 'retried; if it persists, check the server', { ...more, signature: `server_error:${status}:${o.body.kind}` })
      : null,
]

function describeAuth(facts: EndpointFacts): string {
  return facts.keyed ? `the key in $${facts.keyEnv} was refused by ${facts.host}` : `${facts.host} refused a request without a key ($${facts.keyEnv} is not set)`
}

function authFix(facts: EndpointFacts): string {
  return `set $${facts.keyEnv} to a key ${facts.host} accepts (or name another variable with ${facts.role}.api_key_env / --${facts.role}-api-key-env)`
}

function modelFix(facts: EndpointFacts): string {
  const base = `set ${setting(facts, 'model')} to a ${facts.deployments ? 'deployment' : 'model'} ${facts.host} serves${facts.deployments ? '' : ` (on Ollama: ollama pull ${facts.model})`}, or check ${setting(facts, 'base_url')} points at the API root (e.g. …/v1)`
  return facts.role === 'embeddings' ? `${base}, or embeddings.provider: none for an endpoint without embeddings` : base
}

function endpointFix(facts: EndpointFacts): string {
  const root = `check ${setting(facts, 'base_url')} points at the API root (e.g. …/v1)`
  return facts.role === 'embeddings' ? `${root}; a server without embeddings takes embeddings.provider: none (llama.cpp: start it with --embeddings)` : root
}
