/**
 * One fake judge endpoint on 127.0.0.1 that serves one documented behaviour (behaviours.ts) over
 * real HTTP, and answers everything the behaviour leaves alone as the well-behaved server of its
 * dialect does (dialects.ts). It records every request with the status it got.
 *
 *   const server = await new BehaviourServer(behaviour('openrouter-402-insufficient-credits')).start()
 *   // judge.base_url: server.url
 *   server.counts()  // { total, chat, embeddings, other, preflight, scoring }
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Behaviour } from './behaviours.ts'
import { MAX_DELAY_MS, isPreflight, routeOf, wellBehaved, type Dialect, type FakeRequest, type FakeResponse } from './dialects.ts'
import type { BehaviourState } from './wire.ts'

export interface RecordedRequest extends FakeRequest {
  /** the status sent, or null when the socket was reset without a reply */
  status: number | null
}

export interface RequestCounts {
  total: number
  chat: number
  embeddings: number
  other: number
  /** the preflight's chat and embeddings requests */
  preflight: number
  /** chat and embeddings requests that are not the preflight's */
  scoring: number
}

/** Pause between the writes of a chunked reply, so they reach the client as separate reads. */
const CHUNK_GAP_MS = 5

export class BehaviourServer {
  readonly behaviour: Behaviour | null
  readonly dialect: Dialect
  readonly requests: RecordedRequest[] = []
  /** the behaviour's mutable bag, for a test to look into */
  readonly state: BehaviourState = {}
  /** scheme, host and port */
  origin = ''
  /** the base URL to configure: {origin}/v1 for OpenAI-compatible servers, the origin (the resource root, the Anthropic API root) for Azure and Anthropic */
  url = ''
  private readonly server: Server
  private readonly timers = new Set<NodeJS.Timeout>()

  /** A server with this behaviour, or a well-behaved one of `dialect` when `behaviour` is null. */
  constructor(behaviour: Behaviour | null, dialect: Dialect = behaviour?.dialect ?? 'openai') {
    this.behaviour = behaviour
    this.dialect = dialect
    this.server = createServer((req, res) => void this.handle(req, res))
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve))
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
    this.url = this.dialect === 'openai' ? `${this.origin}/v1` : this.origin
    return this
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer)
    this.timers.clear()
    this.server.closeAllConnections()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }

  counts(): RequestCounts {
    const of = (kind: FakeRequest['kind']) => this.requests.filter((r) => r.kind === kind).length
    const judged = this.requests.filter((r) => r.kind !== 'other')
    return {
      total: this.requests.length,
      chat: of('chat'),
      embeddings: of('embeddings'),
      other: of('other'),
      preflight: judged.filter((r) => r.preflight).length,
      scoring: judged.filter((r) => !r.preflight).length,
    }
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    let body: unknown = null
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
    } catch {
      // null: the well-behaved server answers 400
    }
    const method = req.method ?? 'GET'
    const path = req.url ?? '/'
    const { kind } = routeOf(this.dialect, method, path, req.headers)
    const fake: FakeRequest = {
      method,
      path,
      headers: req.headers,
      body,
      kind,
      preflight: isPreflight(kind, body),
      n: this.requests.length + 1,
      nOfKind: this.requests.filter((r) => r.kind === kind).length + 1,
    }
    const record: RecordedRequest = { ...fake, status: null }
    this.requests.push(record)
    let response: FakeResponse
    try {
      response = this.behaviour?.respond(fake, this.state) ?? wellBehaved(this.dialect, fake)
    } catch (error) {
      response = { status: 500, body: { error: { message: `BehaviourServer: ${this.behaviour?.id} threw: ${error instanceof Error ? error.message : String(error)}`, type: 'fake_error' } } }
    }
    this.later(Math.min(Math.max(response.delayMs ?? 0, 0), MAX_DELAY_MS), () => this.send(res, record, response))
  }

  private send(res: ServerResponse, record: RecordedRequest, response: FakeResponse): void {
    if (res.destroyed) return
    if (response.destroy) {
      res.socket?.destroy()
      return
    }
    record.status = response.status
    const text = typeof response.body === 'string' ? response.body : JSON.stringify(response.body)
    res.writeHead(response.status, { 'content-type': response.contentType ?? 'application/json', ...response.headers })
    if (!response.chunks) {
      res.end(text)
      return
    }
    const pending = [...response.chunks]
    const next = () => {
      if (res.destroyed) return
      const chunk = pending.shift()
      if (chunk === undefined) return void res.end()
      res.write(chunk)
      this.later(CHUNK_GAP_MS, next)
    }
    next()
  }

  private later(ms: number, run: () => void): void {
    if (ms <= 0) return run()
    const timer = setTimeout(() => {
      this.timers.delete(timer)
      run()
    }, ms)
    this.timers.add(timer)
  }
}
