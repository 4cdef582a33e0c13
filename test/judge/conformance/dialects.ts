/**
 * The well-behaved half of every fake endpoint: what an endpoint that follows its own documented
 * wire format answers, in the three dialects the judge speaks. The simulated judge
 * (fakes/sim-judge.ts) writes every reply, so a behaviour that ends in "the same numbers" can
 * be checked against a run on a server that answers only from here.
 *
 *   openai     POST {base}/chat/completions and {base}/embeddings (api.openai.com/v1 and the
 *              servers that copy it); any key or none
 *   azure      POST /openai/deployments/{deployment}/chat/completions|embeddings?api-version=…
 *              with the key in `api-key` (Azure OpenAI classic layout)
 *   anthropic  POST /v1/messages with `x-api-key` and `anthropic-version` (Anthropic Messages
 *              API); embeddings, which Anthropic has none of, are served OpenAI-style at
 *              /v1/embeddings so a test can point a separate embeddings transport at the same port
 */
import { embedText, parsePromptId, type ChatMessage } from '../../../fakes/openai-server.ts'
import { simulatedReply } from '../../../fakes/sim-judge.ts'

/* eslint-disable @typescript-eslint/no-explicit-any -- request bodies are whatever the client sent */

export type Dialect = 'openai' | 'azure' | 'anthropic'

export interface FakeRequest {
  method: string
  /** the path with its query string, as received */
  path: string
  headers: Record<string, string | string[] | undefined>
  /** the parsed JSON body, or null when it is not JSON */
  body: any
  kind: 'chat' | 'embeddings' | 'other'
  /** the judge's preflight: a system prompt carrying [evalgate:preflight], or an embedding of ["evalgate preflight"] */
  preflight: boolean
  /** 1-based index among all requests this server got */
  n: number
  /** 1-based index among the requests of this kind */
  nOfKind: number
}

export interface FakeResponse {
  status: number
  headers?: Record<string, string>
  /** objects are sent as JSON */
  body: string | object
  /** default application/json */
  contentType?: string
  /** wait this long before answering (bounded: at most MAX_DELAY_MS) */
  delayMs?: number
  /** reset the socket without a reply */
  destroy?: true
  /** the body as separate writes (SSE frames, keep-alive blank lines), replacing `body` */
  chunks?: string[]
}

export const MAX_DELAY_MS = 3000
const CREATED = 1_767_225_600 // fixed, so replies are deterministic

/** Tokens as the fakes count them: a quarter of the characters, rounded up. */
export const tokensOf = (text: string) => Math.ceil(text.length / 4)

/** The prompt's size as the well-behaved servers report it in usage: the messages (and Anthropic's `system`) as JSON. */
export function promptTokensOf(req: FakeRequest): number {
  const body = req.body ?? {}
  return tokensOf(JSON.stringify(body.system === undefined ? (body.messages ?? []) : { system: body.system, messages: body.messages ?? [] }))
}

/** Text of a message content: a string or an array of text parts/blocks. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content
  if (Array.isArray(content)) return content.map((part) => (typeof part?.text === 'string' ? part.text : '')).join('')
  return ''
}

/** The chat messages as the simulated judge reads them: Anthropic's top-level `system` becomes the first message. */
export function judgeMessages(body: any): ChatMessage[] {
  const messages: ChatMessage[] = Array.isArray(body?.messages) ? body.messages.map((m: any) => ({ role: String(m?.role), content: contentText(m?.content) })) : []
  return body?.system === undefined ? messages : [{ role: 'system', content: contentText(body.system) }, ...messages]
}

/** The user-visible text of a request (user turns only), where a content filter or a flag looks. */
export function userText(req: FakeRequest): string {
  return judgeMessages(req.body)
    .filter((m) => m.role === 'user')
    .map((m) => String(m.content))
    .join('\n')
}

export function isPreflight(kind: FakeRequest['kind'], body: any): boolean {
  if (kind === 'embeddings') return JSON.stringify(body?.input) === '["evalgate preflight"]'
  if (kind !== 'chat') return false
  const system = judgeMessages(body).find((m) => m.role === 'system' || m.role === 'developer')
  return system !== undefined && String(system.content).includes('[evalgate:preflight]')
}

/** What the simulated judge answers these messages with (a JSON text). */
export function simulate(messages: ChatMessage[], body: any): string {
  return simulatedReply({ body, promptId: parsePromptId(messages), messages, attempt: 1 })
}

export interface ChatOptions {
  /** the content (default: the simulated judge's reply to the request's messages) */
  content?: string | null
  finishReason?: string
  promptTokens?: number
  completionTokens?: number
  reasoningTokens?: number
  /** fields added to choices[0].message (refusal, reasoning_content) */
  message?: Record<string, unknown>
  /** fields added to choices[0] (Azure's content_filter_results) */
  choice?: Record<string, unknown>
}

/** An OpenAI chat.completion, as api.openai.com sends it. */
export function chatCompletion(req: FakeRequest, options: ChatOptions = {}): Record<string, unknown> {
  const content = options.content === undefined ? simulate(judgeMessages(req.body), req.body) : options.content
  const prompt = options.promptTokens ?? promptTokensOf(req)
  const reasoning = options.reasoningTokens ?? 0
  const completion = options.completionTokens ?? tokensOf(content ?? '') + reasoning
  return {
    id: `chatcmpl-conformance-${req.n}`,
    object: 'chat.completion',
    created: CREATED,
    model: req.body?.model ?? 'unknown',
    choices: [{ index: 0, message: { role: 'assistant', content, refusal: null, ...options.message }, logprobs: null, finish_reason: options.finishReason ?? 'stop', ...options.choice }],
    usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion, completion_tokens_details: { reasoning_tokens: reasoning } },
  }
}

export interface MessageOptions {
  /** the text the model writes (default: the simulated judge's reply) */
  text?: string
  stopReason?: string
  outputTokens?: number
  /** replaces the content blocks */
  content?: unknown[]
  extra?: Record<string, unknown>
}

/** Whether the request forces Anthropic's tool use: `tools` plus `tool_choice: {type: "tool", name}`. */
export function forcedTool(body: any): string | null {
  const choice = body?.tool_choice
  return Array.isArray(body?.tools) && choice?.type === 'tool' && typeof choice.name === 'string' ? choice.name : null
}

/** An Anthropic Messages API reply: a tool_use block when the request forces a tool, else a text block. */
export function anthropicMessage(req: FakeRequest, options: MessageOptions = {}): Record<string, unknown> {
  const text = options.text ?? simulate(judgeMessages(req.body), req.body)
  const tool = forcedTool(req.body)
  let content = options.content
  if (!content) content = tool ? [{ type: 'tool_use', id: `toolu_conformance_${req.n}`, name: tool, input: parseObject(text) }] : [{ type: 'text', text }]
  return {
    id: `msg_conformance_${req.n}`,
    type: 'message',
    role: 'assistant',
    model: req.body?.model ?? 'unknown',
    content,
    stop_reason: options.stopReason ?? (tool ? 'tool_use' : 'end_turn'),
    stop_sequence: null,
    usage: { input_tokens: promptTokensOf(req), output_tokens: options.outputTokens ?? tokensOf(text) },
    ...options.extra,
  }
}

function parseObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text)
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : { value }
  } catch {
    return {}
  }
}

/** OpenAI's embeddings list; base64 (little-endian float32) when `encoding_format` asks for it, as api.openai.com does. */
export function embeddingsList(req: FakeRequest): FakeResponse {
  const raw: unknown = req.body?.input
  const inputs = typeof raw === 'string' ? [raw] : Array.isArray(raw) && raw.length > 0 && raw.every((s) => typeof s === 'string') ? (raw as string[]) : null
  if (inputs === null) return openaiError(400, "'input' must be a string or a non-empty array of strings", 'invalid_request_error', 'input', null)
  const base64 = req.body?.encoding_format === 'base64'
  const data = inputs.map((text, index) => {
    const vector = embedText(text)
    return { object: 'embedding', index, embedding: base64 ? Buffer.from(new Float32Array(vector).buffer).toString('base64') : vector }
  })
  const tokens = inputs.reduce((sum, s) => sum + tokensOf(s), 0)
  return { status: 200, body: { object: 'list', data, model: req.body?.model ?? 'unknown', usage: { prompt_tokens: tokens, total_tokens: tokens } } }
}

/** OpenAI's error envelope, which most OpenAI-compatible servers copy. */
export function openaiError(status: number, message: string, type: string | null, param: string | null = null, code: string | null = null, headers?: Record<string, string>): FakeResponse {
  return { status, body: { error: { message, type, param, code } }, ...(headers ? { headers } : {}) }
}

/** Anthropic's error envelope (docs.claude.com/en/api/errors). */
export function anthropicError(status: number, type: string, message: string, headers?: Record<string, string>): FakeResponse {
  return { status, body: { type: 'error', error: { type, message }, request_id: 'req_011CConformanceFake' }, ...(headers ? { headers } : {}) }
}

const AZURE_DENIED =
  'Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource.'

/**
 * The route of a request in a dialect: its kind by path, and the error this server answers when
 * the path is unknown or the key or version header is missing.
 */
export function routeOf(dialect: Dialect, method: string, path: string, headers: FakeRequest['headers']): { kind: FakeRequest['kind']; reject: FakeResponse | null } {
  const url = new URL(path, 'http://fake')
  const post = method === 'POST'
  if (dialect === 'azure' && url.pathname.startsWith('/openai/')) {
    const match = /^\/openai\/deployments\/([^/]+)\/(chat\/completions|embeddings)$/.exec(url.pathname)
    if (!post || !match) return { kind: 'other', reject: { status: 404, body: { error: { code: '404', message: 'Resource not found' } } } }
    const kind = match[2] === 'embeddings' ? 'embeddings' : 'chat'
    if (!url.searchParams.get('api-version')) return { kind, reject: { status: 404, body: { error: { code: '404', message: 'Resource not found' } } } }
    return { kind, reject: headers['api-key'] ? null : { status: 401, body: { error: { code: '401', message: AZURE_DENIED } } } }
  }
  if (post && url.pathname.endsWith('/embeddings')) return { kind: 'embeddings', reject: null }
  if (dialect === 'anthropic' && post && url.pathname === '/v1/messages') {
    if (!headers['x-api-key']) return { kind: 'chat', reject: anthropicError(401, 'authentication_error', 'x-api-key header is required') }
    if (!headers['anthropic-version']) return { kind: 'chat', reject: anthropicError(400, 'invalid_request_error', 'anthropic-version: header is required') }
    return { kind: 'chat', reject: null }
  }
  if (dialect !== 'anthropic' && post && url.pathname.endsWith('/chat/completions')) return { kind: 'chat', reject: null }
  return { kind: 'other', reject: openaiError(404, `Unknown request URL: ${method} ${url.pathname}. Please check the URL for typos.`, 'invalid_request_error', null, 'unknown_url') }
}

/** What the well-behaved server of a dialect answers a routed request with. */
export function wellBehaved(dialect: Dialect, req: FakeRequest): FakeResponse {
  const { reject } = routeOf(dialect, req.method, req.path, req.headers)
  if (reject) return reject
  if (req.body === null || typeof req.body !== 'object') {
    return dialect === 'anthropic' && req.kind === 'chat'
      ? anthropicError(400, 'invalid_request_error', 'There was an issue with the format or content of your request.')
      : openaiError(400, 'We could not parse the JSON body of your request.', 'invalid_request_error')
  }
  if (req.kind === 'embeddings') return embeddingsList(req)
  if (dialect === 'anthropic') {
    if (typeof req.body.max_tokens !== 'number') return anthropicError(400, 'invalid_request_error', 'max_tokens: Field required')
    return { status: 200, body: anthropicMessage(req) }
  }
  return { status: 200, body: chatCompletion(req) }
}
