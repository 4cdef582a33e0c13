/**
 * fakes/: stand-ins for third-party servers, shared by test/ and bench/ (nothing outside test/
 * imports from test/; lint holds it). This one speaks OpenAI's chat completions and embeddings
 * wire on 127.0.0.1, records every call, and injects the faults a test asks for.
 */
import { mulberry32 } from '../src/stats/bootstrap.ts'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/* eslint-disable @typescript-eslint/no-explicit-any -- request bodies are whatever the client sent; tests read them freely */

export interface RecordedCall {
  kind: 'chat' | 'embeddings'
  body: any
  promptId: string | null
  status: number
  /** false when an injected fault or a response_format rejection answered before the handler */
  handled: boolean
  /** the Authorization header as sent (undefined: none, as from a keyless client) */
  authorization: string | undefined
  /** the judge's preflight (a chat marked [evalgate:preflight], an embedding of "evalgate preflight"): not a scoring call */
  preflight: boolean
}

export interface UnexpectedRequest {
  method: string
  path: string
  body: string
  reason: string
}

export interface ChatMessage {
  role: string
  content: unknown
}

export interface ChatCall {
  body: any
  promptId: string | null
  messages: ChatMessage[]
  /** 1 the first time this exact request body reaches the handler, 2 the second time, … */
  attempt: number
}

export interface EmbeddingsCall {
  body: any
  inputs: string[]
  attempt: number
}

/** A content string for a 200, or a raw status / body / headers. */
export type ScriptedReply = string | { status: number; body?: unknown; headers?: Record<string, string> }
export type ChatHandler = (call: ChatCall) => ScriptedReply | Promise<ScriptedReply>
export type EmbeddingsHandler = (call: EmbeddingsCall) => number[][] | { status: number; body?: unknown; headers?: Record<string, string> }

export interface FakeOpenAIOptions {
  /** delay before every response */
  latencyMs?: number
  /** seed of the fault-injection random stream */
  seed?: number
  /** answer `response_format: {type: 'json_schema'}` with 400, as a server without structured outputs does */
  rejectJsonSchema?: boolean
  /** answer `response_format: {type: 'json_object'}` with 400 */
  rejectJsonObject?: boolean
  /** the `model` every response reports, as an API reports the dated snapshot behind a requested alias (default: the requested model) */
  reportedModel?: string
  /** hidden reasoning tokens every chat reply reports (in completion_tokens, and completion_tokens_details.reasoning_tokens), as a reasoning model's do */
  reasoningTokens?: number
  /** false: keep no request (`requests` stays empty, every attempt is the first), for benches of many thousands of requests */
  record?: boolean
}

export interface FaultOptions {
  rate429?: number
  retryAfterSeconds?: number
  rate500?: number
  /** extra delay on every request while faults are on */
  slowMs?: number
  /** transient faults: a request (the same body) that failed this many times in a row goes through on its next attempt (default: no limit) */
  maxInARow?: number
}

export const EMBEDDING_DIMENSIONS = 256
const CREATED = 1_767_225_600 // fixed, so every response is deterministic

/**
 * The two endpoints of the OpenAI API the judge uses, on 127.0.0.1, in the real wire format
 * (the official SDK talks to it): scripted chat answers keyed by the `[evalgate:<id>]` prompt
 * marker, deterministic embeddings, seeded fault injection. Anything else is a 404 recorded
 * in `unexpected`, so a test can assert none happened.
 */
export class FakeOpenAI {
  /** the scoring requests; the judge's preflight requests are in `preflights` */
  readonly requests: RecordedCall[] = []
  readonly preflights: RecordedCall[] = []
  readonly unexpected: UnexpectedRequest[] = []
  options: FakeOpenAIOptions
  url = ''
  /** the most requests that were being answered at once */
  maxInFlight = 0
  private server: Server
  private timers = new Set<NodeJS.Timeout>()
  private inFlight = 0
  private chatHandler: ChatHandler = () => ({ status: 500, body: errorBody('FakeOpenAI: no onChat handler scripted', 'server_error') })
  private embeddingsHandler: EmbeddingsHandler | null = null
  private faultOptions: FaultOptions | null = null
  private random: () => number
  private faultsInjected = 0
  /** consecutive faults per request body, for `maxInARow` */
  private faultsInARow = new Map<string, number>()
  private attempts = new Map<string, number>()
  private invalidJsonPending = new Map<string, number>()

  constructor(options: FakeOpenAIOptions = {}) {
    this.options = options
    this.random = mulberry32(options.seed ?? 1)
    this.server = createServer((req, res) => void this.handle(req, res))
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve))
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`
    return this
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer)
    this.timers.clear()
    this.server.closeAllConnections()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }

  onChat(handler: ChatHandler): this {
    this.chatHandler = handler
    return this
  }

  onEmbeddings(handler: EmbeddingsHandler | null): this {
    this.embeddingsHandler = handler
    return this
  }

  /** Replaces the fault settings and restarts the seeded random stream; `faults({})` turns them off. */
  faults(options: FaultOptions): this {
    this.faultOptions = options
    this.faultsInARow.clear()
    this.random = mulberry32(this.options.seed ?? 1)
    return this
  }

  /** The next chat answer for this prompt is cut off mid-JSON, as a model that hit max_tokens. */
  invalidJsonOnce(promptId: string): this {
    this.invalidJsonPending.set(promptId, (this.invalidJsonPending.get(promptId) ?? 0) + 1)
    return this
  }

  /** Scoring requests that reached a handler (injected faults are counted apart). */
  counts(): { chat: number; embeddings: number; byPrompt: Record<string, number>; faultsInjected: number } {
    const handled = this.requests.filter((r) => r.handled)
    const byPrompt: Record<string, number> = {}
    for (const call of handled) if (call.kind === 'chat' && call.promptId !== null) byPrompt[call.promptId] = (byPrompt[call.promptId] ?? 0) + 1
    return {
      chat: handled.filter((r) => r.kind === 'chat').length,
      embeddings: handled.filter((r) => r.kind === 'embeddings').length,
      byPrompt,
      faultsInjected: this.faultsInjected,
    }
  }

  /** Forgets recorded calls, faults and pending scripted failures; handlers stay. */
  reset(): this {
    this.requests.length = 0
    this.preflights.length = 0
    this.unexpected.length = 0
    this.faultOptions = null
    this.faultsInjected = 0
    this.maxInFlight = 0
    this.attempts.clear()
    this.faultsInARow.clear()
    this.invalidJsonPending.clear()
    this.random = mulberry32(this.options.seed ?? 1)
    return this
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.inFlight++
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight)
    res.on('close', () => this.inFlight--)
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const text = Buffer.concat(chunks).toString('utf8')
    const path = new URL(req.url ?? '/', 'http://fake').pathname
    const kind = req.method === 'POST' && path === '/v1/chat/completions' ? 'chat' : req.method === 'POST' && path === '/v1/embeddings' ? 'embeddings' : null
    if (kind === null) {
      this.unexpected.push({ method: req.method ?? '', path: req.url ?? '', body: text, reason: 'no such endpoint' })
      return this.send(res, 404, errorBody(`Unknown request URL: ${req.method} ${req.url}`, 'invalid_request_error', 'unknown_url'))
    }
    let body: any
    try {
      body = JSON.parse(text)
    } catch {
      this.unexpected.push({ method: req.method ?? '', path: req.url ?? '', body: text, reason: 'body is not JSON' })
      return this.send(res, 400, errorBody('We could not parse the JSON body of your request.', 'invalid_request_error'))
    }
    const messages: ChatMessage[] = kind === 'chat' && Array.isArray(body?.messages) ? body.messages : []
    const promptId = kind === 'chat' ? parsePromptId(messages) : null
    const preflight = kind === 'chat' ? promptId === 'preflight' : JSON.stringify(body?.input) === '["evalgate preflight"]'
    const call: RecordedCall = { kind, body, promptId, status: 0, handled: false, authorization: req.headers.authorization, preflight }
    if (this.options.record !== false) (preflight ? this.preflights : this.requests).push(call)
    const reply = (status: number, payload: unknown, headers: Record<string, string> = {}, extraDelayMs = 0) => {
      call.status = status
      return this.send(res, status, payload, headers, extraDelayMs)
    }

    // faults are drawn for scoring requests only, so a run's fault sequence does not depend on the preflight
    const fault = preflight ? null : this.drawFault(`${kind}:${text}`)
    if (fault) {
      this.faultsInjected++
      return reply(fault.status, fault.body, fault.headers, fault.slowMs)
    }
    const slowMs = this.faultOptions?.slowMs ?? 0
    if (kind === 'chat' && body.stream) {
      this.unexpected.push({ method: 'POST', path: req.url ?? '', body: text, reason: 'stream: true is not supported by the fake' })
      return reply(400, errorBody('FakeOpenAI does not stream', 'invalid_request_error'))
    }
    const format = body?.response_format?.type
    if ((format === 'json_schema' && this.options.rejectJsonSchema) || (format === 'json_object' && this.options.rejectJsonObject)) {
      return reply(400, errorBody(`response_format ${format} is not supported`, 'invalid_request_error', null, 'response_format'), {}, slowMs)
    }

    call.handled = true
    const key = `${kind}:${text}`
    const attempt = this.options.record === false ? 1 : (this.attempts.get(key) ?? 0) + 1
    if (this.options.record !== false) this.attempts.set(key, attempt)
    try {
      if (kind === 'embeddings') {
        const { status, payload, headers } = this.embeddings(body, attempt)
        return reply(status, payload, headers, slowMs)
      }
      const scripted = await this.chatHandler({ body, promptId: call.promptId, messages, attempt })
      if (typeof scripted !== 'string')
        return reply(scripted.status, scripted.body ?? (scripted.status >= 400 ? errorBody(`scripted HTTP ${scripted.status}`, 'server_error') : {}), scripted.headers, slowMs)
      return reply(200, this.chatCompletion(body, messages, this.maybeTruncate(call.promptId, scripted)), {}, slowMs)
    } catch (error) {
      return reply(500, errorBody(`FakeOpenAI handler threw: ${error instanceof Error ? error.message : String(error)}`, 'server_error'), {}, slowMs)
    }
  }

  private drawFault(request: string): { status: number; body: unknown; headers: Record<string, string>; slowMs: number } | null {
    const options = this.faultOptions
    if (!options) return null
    // one draw per request, so the fault sequence depends only on the seed and the arrival order
    const draw = this.random()
    const inARow = this.faultsInARow.get(request) ?? 0
    if (options.maxInARow !== undefined && inARow >= options.maxInARow) {
      this.faultsInARow.delete(request)
      return null
    }
    const fault = this.faultFor(draw, options)
    if (fault) this.faultsInARow.set(request, inARow + 1)
    else this.faultsInARow.delete(request)
    return fault
  }

  private faultFor(draw: number, options: FaultOptions): { status: number; body: unknown; headers: Record<string, string>; slowMs: number } | null {
    const rate429 = options.rate429 ?? 0
    const slowMs = options.slowMs ?? 0
    if (draw < rate429) {
      const retryAfter = String(options.retryAfterSeconds ?? 1)
      return { status: 429, slowMs, headers: { 'retry-after': retryAfter }, body: errorBody('Rate limit reached for requests. Please try again later.', 'requests', 'rate_limit_exceeded') }
    }
    if (draw < rate429 + (options.rate500 ?? 0)) {
      return { status: 500, slowMs, headers: {}, body: errorBody('The server had an error while processing your request. Sorry about that!', 'server_error') }
    }
    return null
  }

  private maybeTruncate(promptId: string | null, content: string): string {
    const pending = promptId === null ? 0 : (this.invalidJsonPending.get(promptId) ?? 0)
    if (pending === 0) return content
    this.invalidJsonPending.set(promptId!, pending - 1)
    const cut = content.slice(0, Math.ceil(content.length / 2))
    return isJson(cut) ? '{"accuracy": 3, "rea' : cut
  }

  private chatCompletion(body: any, messages: ChatMessage[], content: string): unknown {
    const promptChars = messages.reduce((sum, m) => sum + messageText(m.content).length, 0)
    const promptTokens = Math.ceil(promptChars / 4)
    const reasoning = this.options.reasoningTokens ?? 0
    const completionTokens = Math.ceil(content.length / 4) + reasoning
    return {
      id: `chatcmpl-fake-${this.requests.length}`,
      object: 'chat.completion',
      created: CREATED,
      model: this.options.reportedModel ?? body.model,
      choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, logprobs: null, finish_reason: 'stop' }],
      usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens, completion_tokens_details: { reasoning_tokens: reasoning } },
    }
  }

  private embeddings(body: any, attempt: number): { status: number; payload: unknown; headers: Record<string, string> } {
    const raw: unknown = body?.input
    const inputs = typeof raw === 'string' ? [raw] : Array.isArray(raw) && raw.every((s) => typeof s === 'string') ? (raw as string[]) : null
    if (inputs === null || inputs.length === 0) {
      return { status: 400, payload: errorBody("'input' must be a string or a non-empty array of strings", 'invalid_request_error', null, 'input'), headers: {} }
    }
    let vectors: number[][]
    if (this.embeddingsHandler) {
      const scripted = this.embeddingsHandler({ body, inputs, attempt })
      if (!Array.isArray(scripted)) return { status: scripted.status, payload: scripted.body ?? errorBody(`scripted HTTP ${scripted.status}`, 'server_error'), headers: scripted.headers ?? {} }
      vectors = scripted
    } else {
      vectors = inputs.map(embedText)
    }
    // the SDK asks for base64 unless told otherwise: little-endian float32, as the real API sends
    const base64 = body.encoding_format === 'base64'
    const tokens = inputs.reduce((sum, s) => sum + Math.ceil(s.length / 4), 0)
    return {
      status: 200,
      headers: {},
      payload: {
        object: 'list',
        data: vectors.map((embedding, index) => ({ object: 'embedding', index, embedding: base64 ? Buffer.from(new Float32Array(embedding).buffer).toString('base64') : embedding })),
        model: this.options.reportedModel ?? body.model,
        usage: { prompt_tokens: tokens, total_tokens: tokens },
      },
    }
  }

  private send(res: ServerResponse, status: number, payload: unknown, headers: Record<string, string> = {}, extraDelayMs = 0): void {
    const write = () => {
      if (res.destroyed) return
      res.writeHead(status, { 'content-type': 'application/json', ...headers })
      res.end(JSON.stringify(payload))
    }
    const wait = (this.options.latencyMs ?? 0) + extraDelayMs
    if (wait <= 0) return write()
    const timer = setTimeout(() => {
      this.timers.delete(timer)
      write()
    }, wait)
    this.timers.add(timer)
  }
}

/** `[evalgate:rubric@2]` on the first line of the first system (or developer) message. */
export function parsePromptId(messages: readonly ChatMessage[]): string | null {
  const system = messages.find((m) => m.role === 'system' || m.role === 'developer')
  if (!system) return null
  const firstLine = messageText(system.content).split('\n', 1)[0] ?? ''
  return /^\s*\[evalgate:([^\]\s]+)\]/.exec(firstLine)?.[1] ?? null
}

/** 256 hashed character-bigram counts (FNV-1a mod 256), L2-normalised: same text → cosine 1, unrelated → near 0. */
export function embedText(text: string): number[] {
  const chars = Array.from(`\u0002${text}\u0003`)
  const vector = new Array<number>(EMBEDDING_DIMENSIONS).fill(0)
  for (let i = 0; i + 1 < chars.length; i++) {
    const bucket = fnv1a(chars[i]! + chars[i + 1]!) % EMBEDDING_DIMENSIONS
    vector[bucket]! += 1
  }
  const norm = Math.sqrt(vector.reduce((sum, v) => sum + v * v, 0))
  return vector.map((v) => v / norm)
}

export function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0
  let na = 0
  let nb = 0
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * (b[i] ?? 0)
    na += a[i]! * a[i]!
    nb += (b[i] ?? 0) * (b[i] ?? 0)
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb)
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5
  for (const byte of Buffer.from(text, 'utf8')) {
    hash ^= byte
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}

/** A small, fast, seedable PRNG; the same seed gives the same fault sequence on every machine. */
export { mulberry32 }

function messageText(content: unknown): string {
  if (typeof content === 'string') return content
  if (Array.isArray(content)) return content.map((part) => (typeof part?.text === 'string' ? part.text : '')).join('')
  return ''
}

function errorBody(message: string, type: string, code: string | null = null, param: string | null = null) {
  return { error: { message, type, param, code } }
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}
