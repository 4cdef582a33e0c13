/**
 * Fake judge endpoints on 127.0.0.1, one per server people point evalgate at, each reproducing
 * that server's documented behaviour where it differs from api.openai.com: the path layout and
 * how the key is sent, which response formats it takes, how it sends embeddings (or that it
 * has none, and the error it answers with), what it rejects of the sampling parameters, and
 * whether reasoning comes inside the content. Behind every one the same simulated judge answers
 * (fakes/sim-judge.ts), so the scores must come out the same whatever the quirks.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { embedText, parsePromptId, type ChatMessage } from '../../../fakes/openai-server.ts'
import { simulatedReply } from '../../../fakes/sim-judge.ts'

/* eslint-disable @typescript-eslint/no-explicit-any -- request bodies are whatever the client sent */

export type Rejection = { status: number; body: unknown; contentType?: string }

export interface Profile {
  name: string
  /** the base path chat and embeddings hang under: /v1, Groq's /openai/v1; null for Azure's deployment layout */
  basePath: string | null
  /** Azure classic: /openai/deployments/{name}/…?api-version=V with the key in `api-key` */
  azure?: { apiVersion: string; key: string; deployments: string[] }
  /** the Bearer key it insists on (api.openai.com); absent: any or none */
  bearer?: string
  /** what a json_schema request gets: accepted (checked as strict structured outputs when `strict` is true), or a rejection */
  jsonSchema: 'accept' | Rejection
  jsonObject: 'accept' | Rejection
  /** float: arrays whatever encoding_format asks (Ollama, LM Studio, vLLM); openai: base64 when asked, else floats; base64: always base64; or the error it answers */
  embeddings: 'float' | 'openai' | 'base64' | Rejection
  /** rejections of sampling parameters, as reasoning models answer them */
  rejectTemperature?: Rejection
  rejectMaxTokens?: Rejection
  /** the content wrapped in <think>…</think> (DeepSeek-R1-style servers without a reasoning parser) */
  think?: boolean
  /** a reasoning_content field beside the content (vLLM's reasoning parsers, DeepSeek's API) */
  reasoningContent?: boolean
}

export interface Recorded {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: any
  status: number
  /** the judge's preflight (a chat marked [evalgate:preflight], an embedding of "evalgate preflight"), not a scoring call */
  preflight: boolean
}

/** OpenAI's error envelope, which most OpenAI-compatible servers copy */
export function openaiError(status: number, message: string, type: string, param: string | null = null, code: string | null = null): Rejection {
  return { status, body: { error: { message, type, param, code } } }
}

export class ConformanceServer {
  readonly requests: Recorded[] = []
  url = ''
  /** the root (scheme, host, port), for Azure's resource endpoint */
  origin = ''
  private readonly server: Server
  readonly profile: Profile

  constructor(profile: Profile) {
    this.profile = profile
    this.server = createServer((req, res) => void this.handle(req, res))
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve))
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
    this.url = this.profile.basePath === null ? this.origin : `${this.origin}${this.profile.basePath}`
    return this
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }

  /** The requests that scored something: every request but the preflight's. */
  scoring(): Recorded[] {
    return this.requests.filter((r) => !r.preflight)
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    let body: any = null
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
    } catch {
      // recorded as null; the route answers 400
    }
    const preflight = Array.isArray(body?.messages) ? parsePromptId(body.messages as ChatMessage[]) === 'preflight' : JSON.stringify(body?.input) === '["evalgate preflight"]'
    const record: Recorded = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body, status: 0, preflight }
    this.requests.push(record)
    const send = (status: number, payload: unknown, contentType = 'application/json') => {
      record.status = status
      res.writeHead(status, { 'content-type': contentType })
      res.end(typeof payload === 'string' ? payload : JSON.stringify(payload))
    }
    const reject = (r: Rejection) => send(r.status, r.body, r.contentType)
    const route = this.route(req, record)
    if ('reject' in route) return reject(route.reject)
    if (body === null) return reject(openaiError(400, 'We could not parse the JSON body of your request.', 'invalid_request_error'))
    if (route.kind === 'embeddings') return this.embeddings(body, send, reject)
    return this.chat(body, send, reject)
  }

  /** Which endpoint the request is for, or the error this server answers a wrong path or a missing key with. */
  private route(req: IncomingMessage, record: Recorded): { kind: 'chat' | 'embeddings' } | { reject: Rejection } {
    const url = new URL(record.url, this.origin)
    const p = this.profile
    if (p.azure) {
      // Azure classic: "Access denied due to invalid subscription key or wrong API endpoint" without the api-key header
      if (req.headers['api-key'] !== p.azure.key) {
        return {
          reject: {
            status: 401,
            body: {
              error: {
                code: '401',
                message:
                  'Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource.',
              },
            },
          },
        }
      }
      const match = /^\/openai\/deployments\/([^/]+)\/(chat\/completions|embeddings)$/.exec(url.pathname)
      if (!match || url.searchParams.get('api-version') !== p.azure.apiVersion) return { reject: { status: 404, body: { error: { code: '404', message: 'Resource not found' } } } }
      if (!p.azure.deployments.includes(match[1]!)) {
        return {
          reject: {
            status: 404,
            body: {
              error: {
                code: 'DeploymentNotFound',
                message: 'The API deployment for this resource does not exist. If you created the deployment within the last 5 minutes, please wait a moment and try again.',
              },
            },
          },
        }
      }
      return { kind: match[2] === 'embeddings' ? 'embeddings' : 'chat' }
    }
    if (p.bearer && req.headers.authorization !== `Bearer ${p.bearer}`) {
      return { reject: openaiError(401, 'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.', 'invalid_request_error', null, 'invalid_api_key') }
    }
    if (req.method === 'POST' && url.pathname === `${p.basePath}/chat/completions`) return { kind: 'chat' }
    if (req.method === 'POST' && url.pathname === `${p.basePath}/embeddings`) return { kind: 'embeddings' }
    return { reject: openaiError(404, `Unknown request URL: ${req.method} ${url.pathname}. Please check the URL for typos.`, 'invalid_request_error', null, 'unknown_url') }
  }

  private chat(body: any, send: (status: number, payload: unknown) => void, reject: (r: Rejection) => void): void {
    const p = this.profile
    if (p.rejectTemperature && body.temperature !== undefined && body.temperature !== 1) return reject(p.rejectTemperature)
    if (p.rejectMaxTokens && body.max_tokens !== undefined) return reject(p.rejectMaxTokens)
    const format = body.response_format?.type
    if (format === 'json_schema') {
      if (p.jsonSchema !== 'accept') return reject(p.jsonSchema)
      const problem = body.response_format.json_schema?.strict === true ? strictSchemaProblem(body.response_format.json_schema.schema, []) : null
      if (problem) return reject(openaiError(400, `Invalid schema for response_format '${body.response_format.json_schema.name}': ${problem}`, 'invalid_request_error', 'response_format', null))
    }
    if (format === 'json_object' && p.jsonObject !== 'accept') return reject(p.jsonObject)
    const messages: ChatMessage[] = body.messages ?? []
    const answer = simulatedReply({ body, promptId: parsePromptId(messages), messages, attempt: 1 })
    // reasoning text that would break a parser reading it: braces, a fence, a wrong verdict
    const reasoning = 'The user wants JSON like {"accuracy": 0}. ```json\n{"verdict": "contradicted"}\n``` Let me check each point.'
    const content = p.think ? `<think>\n${reasoning}\n</think>\n\n${answer}` : answer
    const message: Record<string, unknown> = { role: 'assistant', content, refusal: null }
    if (p.reasoningContent) message.reasoning_content = reasoning
    const tokens = (text: string) => Math.ceil(text.length / 4)
    const prompt = tokens(JSON.stringify(messages))
    send(200, {
      id: `chatcmpl-${this.requests.length}`,
      object: 'chat.completion',
      created: 1_767_225_600,
      model: body.model,
      choices: [{ index: 0, message, logprobs: null, finish_reason: 'stop' }],
      usage: { prompt_tokens: prompt, completion_tokens: tokens(content), total_tokens: prompt + tokens(content) },
    })
  }

  private embeddings(body: any, send: (status: number, payload: unknown) => void, reject: (r: Rejection) => void): void {
    const mode = this.profile.embeddings
    if (typeof mode === 'object') return reject(mode)
    const inputs: string[] = typeof body.input === 'string' ? [body.input] : body.input
    const base64 = mode === 'base64' || (mode === 'openai' && body.encoding_format === 'base64')
    const data = inputs.map((text, index) => {
      const vector = embedText(text)
      return { object: 'embedding', index, embedding: base64 ? Buffer.from(new Float32Array(vector).buffer).toString('base64') : vector }
    })
    const tokens = inputs.reduce((sum, s) => sum + Math.ceil(s.length / 4), 0)
    send(200, { object: 'list', data, model: body.model, usage: { prompt_tokens: tokens, total_tokens: tokens } })
  }
}

/**
 * What OpenAI's strict structured outputs refuse in a schema, in its wording: an object without
 * `additionalProperties: false` or with a property missing from `required`. `$schema` and
 * bounds past 2^53 are refused too (Gemini's OpenAI endpoint and fine-tuned deployments do).
 */
function strictSchemaProblem(node: any, path: string[]): string | null {
  if (typeof node !== 'object' || node === null) return null
  const where = `In context=(${path.map((p) => `'${p}'`).join(', ')})`
  if ('$schema' in node) return `${where}, '$schema' is not permitted`
  for (const bound of ['minimum', 'maximum']) if (typeof node[bound] === 'number' && Math.abs(node[bound]) >= 2 ** 53) return `${where}, '${bound}' is out of range`
  if (node.type === 'object') {
    if (node.additionalProperties !== false) return `${where}, 'additionalProperties' is required to be supplied and to be false`
    const keys = Object.keys(node.properties ?? {})
    const missing = keys.filter((k) => !(node.required ?? []).includes(k))
    if (missing.length > 0) return `${where}, 'required' is required to be supplied and to be an array including every key in properties. Missing '${missing[0]}'`
  }
  for (const [key, child] of Object.entries(node)) {
    if (key === 'properties') {
      for (const [name, property] of Object.entries(child as object)) {
        const problem = strictSchemaProblem(property, [...path, 'properties', name])
        if (problem) return problem
      }
    } else if (typeof child === 'object') {
      const problem = strictSchemaProblem(child, [...path, key])
      if (problem) return problem
    }
  }
  return null
}
