/**
 * A minimal client for probing a BehaviourServer over real HTTP: judge-shaped requests (a rubric
 * prompt, the preflight, embeddings) in whichever dialect the server speaks, and checks of whether
 * a reply is the well-behaved shape.
 */
import { EMBEDDING_DIMENSIONS } from '../../../fakes/openai-server.ts'
import type { BehaviourServer } from './fakeEndpoint.ts'
import { FLAGGED_MARKER, LONG_PROMPT_CHARS } from './wire.ts'

/* eslint-disable @typescript-eslint/no-explicit-any -- replies are whatever the fake sent */

export interface Reply {
  /** 0 when the connection failed (reset) */
  status: number
  headers: Headers
  contentType: string
  text: string
  /** the parsed body, or undefined when it is not JSON */
  json: any
  ms: number
  error?: string
}

export interface PromptOptions {
  flagged?: boolean
  long?: boolean
  preflight?: boolean
  /** the judge prompt id (default rubric@2) */
  prompt?: string
}

const RUBRIC_SYSTEM = 'You grade one answer of a question-answering system against its reference points. Reply with JSON: accuracy, relevance, completeness, citation (0-4), context_retention, reason.'

/** A rubric prompt as the judge sends it: the prompt id on the system prompt's first line, the row in tagged blocks. */
export function judgePrompt(options: PromptOptions = {}): { system: string; user: string } {
  const id = options.preflight ? 'preflight' : (options.prompt ?? 'rubric@2')
  const question = options.flagged ? `怎么${FLAGGED_MARKER}发票？` : '年假有几天？'
  const filler = options.long ? '\n[文档2] ' + '员工手册第三章说明了请假流程与审批权限。'.repeat(Math.ceil(LONG_PROMPT_CHARS / 19)) : ''
  return {
    system: `[evalgate:${id}]\n${RUBRIC_SYSTEM}`,
    user: `<question>${question}</question>\n<contexts>\n[文档1] 入职满一年5天年假。${filler}\n</contexts>\n<answer>满一年5天[文档1]。</answer>\n<reference_points>\n1. 满一年5天\n</reference_points>\n<claim>入职满一年5天年假</claim>\n<history></history>`,
  }
}

export class ProbeClient {
  constructor(readonly server: BehaviourServer) {}

  /** A chat request in the server's dialect; `extra` is merged into the body (undefined values removed). */
  async chat(options: PromptOptions = {}, extra: Record<string, unknown> = {}, init: RequestInit = {}): Promise<Reply> {
    const { system, user } = judgePrompt(options)
    if (this.server.dialect === 'anthropic') {
      const body = clean({ model: 'claude-3-haiku-20240307', max_tokens: 4096, temperature: 0, system, messages: [{ role: 'user', content: user }], ...extra })
      return this.post('/v1/messages', body, { 'x-api-key': 'sk-ant-conformance', 'anthropic-version': '2023-06-01' }, init)
    }
    const body = clean({
      model: 'judge-model',
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: user },
      ],
      temperature: 0,
      max_tokens: 4096,
      response_format: { type: 'json_schema', json_schema: { name: 'rubric', strict: true, schema: { type: 'object' } } },
      ...extra,
    })
    return this.post(this.server.dialect === 'azure' ? '/openai/deployments/judge/chat/completions?api-version=2024-10-21' : '/v1/chat/completions', body, this.keyHeaders(), init)
  }

  async embed(input: string | string[], extra: Record<string, unknown> = {}): Promise<Reply> {
    const path = this.server.dialect === 'azure' ? '/openai/deployments/embed/embeddings?api-version=2024-10-21' : '/v1/embeddings'
    return this.post(path, { model: 'embed-model', input, encoding_format: 'float', ...extra }, this.keyHeaders())
  }

  async get(path: string, init: RequestInit = {}): Promise<Reply> {
    return this.send(path, { method: 'GET', ...init })
  }

  async post(path: string, body: unknown, headers: Record<string, string> = {}, init: RequestInit = {}): Promise<Reply> {
    return this.send(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body), ...init })
  }

  private keyHeaders(): Record<string, string> {
    return this.server.dialect === 'azure' ? { 'api-key': 'azure-conformance-key' } : { authorization: 'Bearer sk-conformance' }
  }

  private async send(path: string, init: RequestInit): Promise<Reply> {
    const started = Date.now()
    try {
      const response = await fetch(`${this.server.origin}${path}`, { ...init, signal: AbortSignal.timeout(5000) })
      const text = await response.text()
      return { status: response.status, headers: response.headers, contentType: response.headers.get('content-type') ?? '', text, json: parseJson(text), ms: Date.now() - started }
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code
      return { status: 0, headers: new Headers(), contentType: '', text: '', json: undefined, ms: Date.now() - started, error: cause ?? String(error) }
    }
  }
}

function clean(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined))
}

function parseJson(text: string): any {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** The well-behaved chat shape of the dialect: a JSON chat.completion (or Messages reply) with non-empty content that stopped naturally. */
export function isWellBehavedChat(reply: Reply, dialect: string): boolean {
  if (reply.status !== 200 || !reply.contentType.includes('application/json') || typeof reply.json !== 'object' || reply.json === null) return false
  if (dialect === 'anthropic') {
    const block = reply.json.content?.[0]
    return reply.json.type === 'message' && ['end_turn', 'tool_use'].includes(reply.json.stop_reason) && (typeof block?.text === 'string' ? block.text.length > 0 : block?.type === 'tool_use')
  }
  const choice = reply.json.choices?.[0]
  return reply.json.object === 'chat.completion' && choice?.finish_reason === 'stop' && typeof choice.message?.content === 'string' && choice.message.content.length > 0
}

/** The well-behaved embeddings shape: a JSON list with one full-length vector per input, each with its index. */
export function isWellBehavedEmbeddings(reply: Reply, inputs: number): boolean {
  if (reply.status !== 200 || !reply.contentType.includes('application/json')) return false
  const data = reply.json?.data
  return Array.isArray(data) && data.length === inputs && data.every((d: any, i: number) => d.index === i && Array.isArray(d.embedding) && d.embedding.length === EMBEDDING_DIMENSIONS)
}
