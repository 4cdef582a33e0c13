import { redactSecrets } from '../../text/redact.ts'
import { showInvisible } from '../../text/visible.ts'

/** One HTTP reply as it arrived: nothing in it has been trusted yet. */
export interface WireResponse {
  status: number
  headers: Headers
  /** the content-type header, lower case, '' when absent */
  contentType: string
  text: string
}

/**
 * What a body is, read from its bytes as well as its content type: servers label JSON as
 * text/event-stream, stream although `stream` was false, and proxies answer with HTML pages.
 */
export type Body =
  | { kind: 'json'; value: unknown }
  /** server-sent events: each `data:` frame that parses as JSON, `[DONE]` dropped */
  | { kind: 'sse'; events: unknown[] }
  | { kind: 'html' }
  | { kind: 'text' }
  | { kind: 'empty' }

export function readBody(response: Pick<WireResponse, 'contentType' | 'text'>): Body {
  const text = response.text.replace(/^\uFEFF/, '').trim()
  if (text === '') return { kind: 'empty' }
  if (text.startsWith('{') || text.startsWith('[')) {
    try {
      return { kind: 'json', value: JSON.parse(text) }
    } catch {
      // not JSON after all: read on as the content type says
    }
  }
  if (/^(data|event|id|retry):/m.test(text.slice(0, 200)) && (response.contentType.includes('event-stream') || /^data:/m.test(text))) return { kind: 'sse', events: sseEvents(text) }
  if (response.contentType.includes('html') || /^<(!doctype|html|head|body|\?xml)/i.test(text)) return { kind: 'html' }
  return { kind: 'text' }
}

function sseEvents(text: string): unknown[] {
  const events: unknown[] = []
  // an event is its data lines joined; events are separated by a blank line
  for (const block of text.split(/\r?\n\r?\n/)) {
    const data = block
      .split(/\r?\n/)
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).replace(/^ /, ''))
      .join('\n')
    if (data === '' || data.trim() === '[DONE]') continue
    try {
      events.push(JSON.parse(data))
    } catch {
      // a frame that is not JSON (a comment, a keep-alive) carries nothing to read
    }
  }
  return events
}

/** The start of a body as it can be shown: controls as codes, secrets redacted, cut. */
export function firstBytes(text: string, max = 120): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  const cut = [...flat].slice(0, max).join('')
  return redactSecrets(showInvisible(cut)) + (flat.length > cut.length ? '…' : '')
}

/** The content type as a reply names it, for messages: `text/html`, or `no content type`. */
export function typeOf(contentType: string): string {
  const [type = ''] = contentType.split(';')
  return type.trim() || 'no content type'
}

/** An error as servers describe it, whatever envelope it came in. */
export interface ErrorFields {
  message: string
  /** `code` or `type` as the server names its kind of error: `insufficient_quota`, `model_not_found`, `rate_limit_error` */
  code: string | null
  /** the request parameter it is about, when the server says (`temperature`, `response_format`) */
  param: string | null
  /** an HTTP status the body carries itself (OpenRouter's 200 with `error.code: 402`, Gemini's `code: 429`) */
  status: number | null
  /** Gemini's `google.rpc.RetryInfo` detail: the delay it asks for, as written (`"39s"`) */
  retryDelay: string | null
  /** everything else the server said, for words no field carries (`innererror`, `details`) */
  extra: string
}

/**
 * The error a body describes, in every envelope seen in the wild: OpenAI's `{"error": {…}}`
 * (copied by most servers, OpenRouter with a numeric `code`), `{"error": "text"}` (LM Studio,
 * llama.cpp), Anthropic's `{"type": "error", "error": {"type", "message"}}`, vLLM's
 * `{"object": "error", "message", "type", "code"}` (before 0.10.1), Gemini's JSON array
 * `[{"error": {…}}]`, FastAPI's `{"detail": …}`, or a bare `{"message": …}`. Null when the body
 * describes no error.
 */
export function errorOf(body: Body): ErrorFields | null {
  if (body.kind === 'sse') return body.events.map((e) => errorOfValue(e)).find((e) => e !== null) ?? null
  return body.kind === 'json' ? errorOfValue(body.value) : null
}

function errorOfValue(value: unknown): ErrorFields | null {
  if (Array.isArray(value)) return value.length > 0 ? errorOfValue(value[0]) : null
  if (!isObject(value)) return null
  const error = value.error
  if (typeof error === 'string' && error.trim() !== '') return fields({ message: error }, value)
  if (isObject(error)) return fields(error, value)
  if (value.object === 'error' || value.type === 'error') return fields(value, value)
  if (value.detail !== undefined && value.choices === undefined && value.data === undefined) return fields({ message: detailText(value.detail) }, value)
  if (typeof value.message === 'string' && value.choices === undefined && value.data === undefined && value.content === undefined) return fields(value, value)
  return null
}

function fields(error: Record<string, unknown>, whole: Record<string, unknown>): ErrorFields {
  const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null)
  const numeric = [error.code, error.status, whole.code].find((v) => typeof v === 'number' && v >= 100 && v <= 599) as number | undefined
  const code = text(error.code) ?? text(error.type) ?? text(error.status) ?? (isObject(whole.error) ? null : text(whole.type === 'error' ? null : whole.type))
  const message = text(error.message) ?? text(error.msg) ?? text(error.detail) ?? (code ? code : JSON.stringify(error).slice(0, 300))
  const details = Array.isArray(error.details) ? error.details : []
  const retry = details.find((d) => isObject(d) && typeof d['@type'] === 'string' && d['@type'].endsWith('RetryInfo')) as Record<string, unknown> | undefined
  const { message: _m, code: _c, type: _t, param: _p, ...rest } = error
  return {
    message,
    code,
    param: text(error.param),
    status: numeric ?? null,
    retryDelay: text(retry?.retryDelay),
    extra: Object.keys(rest).length > 0 ? JSON.stringify(rest).slice(0, 500) : '',
  }
}

/** FastAPI's detail: a string, or a list of validation errors each with `msg` and `loc`. */
function detailText(detail: unknown): string {
  if (typeof detail === 'string') return detail
  if (Array.isArray(detail)) {
    return detail
      .map((d) => (isObject(d) ? `${Array.isArray(d.loc) ? `${d.loc.join('.')}: ` : ''}${String(d.msg ?? JSON.stringify(d))}` : String(d)))
      .join('; ')
      .slice(0, 500)
  }
  return JSON.stringify(detail).slice(0, 500)
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
