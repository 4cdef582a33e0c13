/**
 * What one HTTP candidate may cost evalgate: its headers never leave its origin (a redirect
 * elsewhere is an error row naming both origins), a body over max_response_mb is an error row
 * read no further, and total_timeout_ms bounds the whole step. Real servers on 127.0.0.1.
 */
import assert from 'node:assert/strict'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, beforeEach, describe, it } from 'node:test'
import { HttpCandidateSchema, runHttpCandidate, type HttpCandidateConfig } from '../../src/candidates/http.ts'
import type { EvalRow } from '../../src/schemas/evalSet.ts'
import { makeRow as makeEvalRow } from '../metrics/factories.ts'

interface Seen {
  method: string
  path: string
  headers: IncomingMessage['headers']
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void

/** A server that records what reached it; each test scripts `handler`. */
class Endpoint {
  readonly seen: Seen[] = []
  handler: Handler = (_req, res) => res.end('{"answer": "ok"}')
  url = ''
  /** bytes of a streamed body written before the client dropped the connection */
  streamed = 0
  private readonly server: Server = createServer((req, res) => {
    this.seen.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers })
    req.resume()
    req.on('end', () => this.handler(req, res))
  })

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve))
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }
}

const home = new Endpoint()
const elsewhere = new Endpoint()

before(async () => {
  await Promise.all([home.start(), elsewhere.start()])
})
after(async () => {
  await Promise.all([home.stop(), elsewhere.stop()])
})
beforeEach(() => {
  for (const e of [home, elsewhere]) {
    e.seen.length = 0
    e.streamed = 0
    e.handler = (_req, res) => res.end('{"answer": "ok"}')
  }
})

const rows = (...ids: string[]): EvalRow[] => ids.map((id) => makeEvalRow({ id, question: `question ${id}` }))
const config = (over: Record<string, unknown> = {}): HttpCandidateConfig => HttpCandidateSchema.parse({ url: `${home.url}/ask`, headers: { 'X-Api-Key': '${RAG_KEY}' }, retries: 0, ...over })
const deps = { env: { RAG_KEY: 'rag-key-0123456789' }, sleep: async () => undefined }

function redirectTo(location: string, status = 302): Handler {
  return (_req, res) => {
    res.writeHead(status, { location })
    res.end()
  }
}

describe('redirects', () => {
  it('refuses a redirect to another origin: an error row naming both origins, and nothing sent there', async () => {
    home.handler = redirectTo(`${elsewhere.url}/steal`)
    const outputs = await runHttpCandidate(rows('q1'), config(), deps)
    const error = outputs.get('q1')!.error ?? ''
    assert.ok(error.includes(home.url) && error.includes(elsewhere.url), error)
    assert.match(error, /another origin/)
    assert.equal(elsewhere.seen.length, 0, 'the other origin got a request')
    assert.equal(outputs.get('q1')!.answer, '')
  })

  it('follows a redirect within the same origin, with the headers, and a 303 after a POST as a GET', async () => {
    home.handler = (req, res) => {
      if (req.url === '/ask') return redirectTo('/v2/ask', 307)(req, res)
      if (req.url === '/v2/ask') return redirectTo('/v2/result', 303)(req, res)
      res.end('{"answer": "moved"}')
    }
    const outputs = await runHttpCandidate(rows('q1'), config(), deps)
    assert.equal(outputs.get('q1')!.error, null)
    assert.equal(outputs.get('q1')!.answer, 'moved')
    assert.deepEqual(
      home.seen.map((s) => `${s.method} ${s.path} ${String(s.headers['x-api-key'])}`),
      ['POST /ask rag-key-0123456789', 'POST /v2/ask rag-key-0123456789', 'GET /v2/result rag-key-0123456789'],
    )
  })

  it('stops a redirect loop within the origin with an error row', async () => {
    home.handler = redirectTo('/ask')
    const outputs = await runHttpCandidate(rows('q1'), config(), deps)
    assert.match(outputs.get('q1')!.error ?? '', /more than 5 redirects/)
    assert.equal(home.seen.length, 6)
  })
})

describe('response size', () => {
  it('turns a body over max_response_mb into an error row and stops reading it', async () => {
    const chunk = Buffer.alloc(64 * 1024, 'a')
    home.handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write('{"answer": "')
      // endless, unless the client stops reading: bounded at 64 MB so a broken client cannot hang the test
      const pump = () => {
        while (home.streamed < 64 * 1024 * 1024 && !res.destroyed) {
          home.streamed += chunk.length
          if (!res.write(chunk)) return void res.once('drain', pump)
        }
        res.end('"}')
      }
      pump()
    }
    const outputs = await runHttpCandidate(rows('q1'), config({ max_response_mb: 1 }), deps)
    assert.match(outputs.get('q1')!.error ?? '', /body over 1 MB \(candidate\.http\.max_response_mb\)/)
    assert.ok(home.streamed < 64 * 1024 * 1024, `the whole body was sent (${home.streamed} bytes): the client kept reading`)
  })

  it('refuses a declared Content-Length over the cap without reading the body, and keeps a body under it', async () => {
    home.handler = (req, res) => {
      if (req.method === 'POST' && home.seen.length === 1) {
        res.writeHead(200, { 'content-length': String(2 * 1024 * 1024) })
        res.write('{')
        return
      }
      res.end('{"answer": "small"}')
    }
    const outputs = await runHttpCandidate(rows('q1', 'q2'), config({ max_response_mb: 1, concurrency: 1 }), deps)
    assert.match(outputs.get('q1')!.error ?? '', /body over 1 MB/)
    assert.equal(outputs.get('q2')!.answer, 'small')
  })
})

describe('total deadline', () => {
  it('after total_timeout_ms every question still unanswered is an error row with the reason, the one in flight included', async () => {
    home.handler = (req, res) => {
      // the first question is answered; the second never is
      if (home.seen.length === 1) res.end('{"answer": "first"}')
    }
    const outputs = await runHttpCandidate(rows('q1', 'q2', 'q3', 'q4'), config({ total_timeout_ms: 300, timeout_ms: 600_000, concurrency: 1 }), deps)
    assert.equal(outputs.get('q1')!.answer, 'first')
    for (const id of ['q2', 'q3', 'q4']) assert.match(outputs.get(id)!.error ?? '', /total time limit \(candidate\.http\.total_timeout_ms, 300 ms\) ran out/, id)
    assert.match(outputs.get('q2')!.error ?? '', /before this question was answered/)
    assert.match(outputs.get('q4')!.error ?? '', /before this question was asked/)
    assert.equal(home.seen.length, 2, 'questions were sent after the deadline')
  })

  it('cuts a long Retry-After wait short at the deadline', async () => {
    home.handler = (_req, res) => {
      res.writeHead(429, { 'retry-after': '3600' })
      res.end('{}')
    }
    const outputs = await runHttpCandidate(rows('q1'), config({ total_timeout_ms: 200, retries: 3 }), { env: deps.env })
    assert.match(outputs.get('q1')!.error ?? '', /total time limit/)
  })
})
