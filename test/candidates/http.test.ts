import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, beforeEach, describe, it } from 'node:test'
import { HttpCandidateSchema, planHttpCandidate, runHttpCandidate, type HttpCandidateConfig } from '../../src/candidates/http.ts'
import { compileJsonPath } from '../../src/candidates/http/jsonPath.ts'
import { loadPredictions } from '../../src/candidates/predictions.ts'
import { GateError } from '../../src/io/errors.ts'
import type { EvalRow } from '../../src/schemas/evalSet.ts'
import { makeRow as makeEvalRow } from '../metrics/factories.ts'

function makeRow(id: string, question: string, extra: Record<string, unknown> = {}): EvalRow {
  return makeEvalRow({ id, question, extra })
}

interface Received {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
}

type Handler = (req: Received, res: ServerResponse, index: number) => void | Promise<void>

/** One local endpoint for the whole file; each test scripts its answers through `handler`. */
const server = {
  url: '',
  received: [] as Received[],
  handler: ((_req, res) => json(res, 200, { answer: 'ok' })) as Handler,
  inFlight: 0,
  maxInFlight: 0,
}

const http = createServer((req, res) => {
  const chunks: Buffer[] = []
  req.on('data', (chunk: Buffer) => chunks.push(chunk))
  req.on('end', () => {
    const received = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') }
    server.received.push(received)
    server.inFlight++
    server.maxInFlight = Math.max(server.maxInFlight, server.inFlight)
    res.on('close', () => server.inFlight--)
    void server.handler(received, res, server.received.length - 1)
  })
})

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(typeof body === 'string' ? body : JSON.stringify(body))
}

before(async () => {
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  server.url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
})

after(async () => {
  http.closeAllConnections()
  await new Promise<void>((resolve) => http.close(() => resolve()))
})

beforeEach(() => {
  server.received = []
  server.inFlight = 0
  server.maxInFlight = 0
  server.handler = (_req, res) => json(res, 200, { answer: 'ok' })
})

function config(over: Partial<Record<keyof HttpCandidateConfig, unknown>> = {}): HttpCandidateConfig {
  return HttpCandidateSchema.parse({ url: `${server.url}/ask`, ...over })
}

/** Records the waits instead of sleeping, so retry tests stay fast. */
function recordingDeps(env: Record<string, string | undefined> = {}) {
  const waits: number[] = []
  return { waits, deps: { env, sleep: async (ms: number) => void waits.push(ms), random: () => 0.5 } }
}

function catchGateError(fn: () => unknown): GateError {
  try {
    fn()
  } catch (error) {
    assert.ok(error instanceof GateError, `expected a GateError, got ${String(error)}`)
    return error
  }
  assert.fail('expected a GateError')
}

describe('HttpCandidateSchema', () => {
  it('fills in the documented defaults', () => {
    const parsed = HttpCandidateSchema.parse({ url: 'http://localhost:8000/ask' })
    assert.deepEqual(parsed, {
      url: 'http://localhost:8000/ask',
      method: 'POST',
      body: '{"question": "{{question}}", "id": "{{id}}"}',
      headers: {},
      answer_path: 'answer',
      timeout_ms: 30000,
      retries: 2,
      concurrency: 4,
      max_response_mb: 10,
      total_timeout_ms: 1800000,
    })
  })

  it('rejects unknown keys and a concurrency outside 1-64', () => {
    assert.equal(HttpCandidateSchema.safeParse({ url: 'http://x', answerPath: 'a' }).success, false)
    assert.equal(HttpCandidateSchema.safeParse({ url: 'http://x', concurrency: 0 }).success, false)
    assert.equal(HttpCandidateSchema.safeParse({ url: 'http://x', concurrency: 65 }).success, false)
    assert.equal(HttpCandidateSchema.safeParse({ url: 'http://x', method: 'PUT' }).success, false)
  })
})

describe('request rendering', () => {
  it('sends a POST body that stays valid JSON for quotes, newlines, backslashes and Chinese', async () => {
    const question = 'He said "年假" is\nten days \\ or more? {{id}}'
    const rows = [makeRow('q-1', question, { lang: 'zh', top_k: 5 })]
    const outputs = await runHttpCandidate(rows, config({ body: '{"q": "{{question}}", "id": "{{ id }}", "meta": "lang={{lang}}", "k": {{top_k}}}' }), { env: {} })
    assert.equal(outputs.get('q-1')?.error, null)
    assert.equal(server.received.length, 1)
    const sent = server.received[0]!
    assert.equal(sent.method, 'POST')
    assert.match(String(sent.headers['content-type']), /application\/json/)
    assert.deepEqual(JSON.parse(sent.body), { q: question, id: 'q-1', meta: 'lang=zh', k: 5 })
  })

  it('URL-encodes {{question}} and {{id}} in a GET URL and sends no body', async () => {
    const rows = [makeRow('a/b', '年假 & "sick" days?')]
    await runHttpCandidate(rows, config({ method: 'GET', url: `${server.url}/ask?q={{question}}&id={{id}}` }), { env: {} })
    const sent = server.received[0]!
    assert.equal(sent.method, 'GET')
    assert.equal(sent.body, '')
    assert.equal(sent.url, `/ask?q=${encodeURIComponent('年假 & "sick" days?')}&id=a%2Fb`)
    const query = new URL(sent.url, server.url).searchParams
    assert.equal(query.get('q'), '年假 & "sick" days?')
  })

  it('fills a header from the environment', async () => {
    await runHttpCandidate([makeRow('q1', 'hi')], config({ headers: { Authorization: 'Bearer ${RAG_TOKEN}', 'X-Team': 'hr' } }), { env: { RAG_TOKEN: 's3cret-token' } })
    assert.equal(server.received[0]!.headers.authorization, 'Bearer s3cret-token')
    assert.equal(server.received[0]!.headers['x-team'], 'hr')
  })

  it('stops before any request when a header names an unset environment variable', async () => {
    const cfg = config({ headers: { Authorization: 'Bearer ${RAG_TOKEN}' } })
    await assert.rejects(runHttpCandidate([makeRow('q1', 'hi')], cfg, { env: {} }), (error: unknown) => {
      assert.ok(error instanceof GateError)
      assert.equal(error.code, 'bad_config')
      assert.match(error.message, /Authorization/)
      assert.match(error.message, /RAG_TOKEN/)
      return true
    })
    assert.equal(server.received.length, 0)
  })

  it('names an unknown placeholder and the question that lacks it', () => {
    const error = catchGateError(() => planHttpCandidate([makeRow('q1', 'hi', { lang: 'zh' })], config({ body: '{"q": "{{question}}", "u": "{{user}}"}' }), {}))
    assert.match(error.message, /\{\{user\}\}/)
    assert.match(error.message, /q1/)
    assert.match(error.hint ?? '', /lang/)
  })

  it('rejects a body template that is not JSON once filled in, before any request', async () => {
    const cfg = config({ body: '{"q": "{{question}}", }' })
    await assert.rejects(runHttpCandidate([makeRow('q1', 'hi')], cfg, { env: {} }), (error: unknown) => {
      assert.ok(error instanceof GateError)
      assert.match(error.message, /candidate\.http\.body.*not valid JSON/)
      return true
    })
    assert.equal(server.received.length, 0)
  })

  it('does not check the body of a GET', () => {
    assert.doesNotThrow(() => planHttpCandidate([makeRow('q1', 'hi')], config({ method: 'GET', body: 'not json' }), {}))
  })

  it('rejects a URL that is not http(s)', () => {
    assert.match(catchGateError(() => planHttpCandidate([makeRow('q1', 'hi')], config({ url: 'localhost:8000/ask' }), {})).message, /not (a valid|an http)/)
  })
})

describe('JSON paths', () => {
  const response = {
    data: { answer: '十天', 'x-y': 1 },
    result: {
      docs: [
        { text: 'c1', id: 7 },
        { text: 'c2', id: 'D2' },
      ],
    },
    choices: [{ message: { content: 'first' } }, { message: { content: 'second' } }],
    nested: [{ items: [{ v: 1 }, { v: 2 }] }, { items: [{ v: 3 }] }],
  }
  const cases: [string, unknown][] = [
    ['data.answer', '十天'],
    ['$.data.answer', '十天'],
    ['data.x-y', 1],
    ['result.docs[*].text', ['c1', 'c2']],
    ['$.result.docs[*].id', [7, 'D2']],
    ['choices[0].message.content', 'first'],
    ['choices[1].message.content', 'second'],
    ['nested[*].items[*].v', [1, 2, 3]],
    ["data['answer']", '十天'],
    ['$', response],
  ]
  for (const [path, expected] of cases) {
    it(`resolves ${path}`, () => {
      assert.deepEqual(compileJsonPath(path).resolve(response), { ok: true, value: expected })
    })
  }

  const misses = ['data.missing', 'choices[5].message.content', 'data.answer.deeper', 'result[0]', 'result.docs[*].title']
  for (const path of misses) {
    it(`reports that ${path} does not resolve`, () => {
      const found = compileJsonPath(path).resolve(response)
      assert.equal(found.ok, false)
    })
  }

  it('rejects a malformed path at startup', () => {
    assert.throws(() => compileJsonPath('data..answer', 'candidate.http.answer_path'), /candidate\.http\.answer_path/)
    assert.throws(() => compileJsonPath('docs[x]'), GateError)
  })

  it('extracts answer, contexts and retrieved ids from each response', async () => {
    server.handler = (req, res) => {
      const { id } = JSON.parse(req.body) as { id: string }
      json(res, 200, {
        data: { result: { text: `answer ${id}` } },
        sources: [
          { chunk: `ctx ${id}`, doc_id: 12 },
          { chunk: 'shared', doc_id: 'D7' },
        ],
      })
    }
    const cfg = config({ answer_path: '$.data.result.text', contexts_path: 'sources[*].chunk', retrieved_ids_path: 'sources[*].doc_id' })
    const outputs = await runHttpCandidate([makeRow('q1', 'a'), makeRow('q2', 'b')], cfg, { env: {} })
    const q1 = outputs.get('q1')!
    assert.equal(q1.answer, 'answer q1')
    assert.deepEqual(q1.contexts, ['ctx q1', 'shared'])
    assert.deepEqual(q1.retrieved_ids, ['12', 'D7'])
    assert.equal(q1.error, null)
    assert.equal(outputs.get('q2')!.answer, 'answer q2')
  })

  it('takes choices[0].message.content and a single context string', async () => {
    server.handler = (_req, res) => json(res, 200, { choices: [{ message: { content: 'yes' } }], context: 'one chunk' })
    const outputs = await runHttpCandidate([makeRow('q1', 'a')], config({ answer_path: 'choices[0].message.content', contexts_path: 'context' }), { env: {} })
    assert.deepEqual({ answer: outputs.get('q1')!.answer, contexts: outputs.get('q1')!.contexts }, { answer: 'yes', contexts: ['one chunk'] })
  })

  it('turns a response the path does not fit into an error row for that question only', async () => {
    server.handler = (req, res) => {
      const { id } = JSON.parse(req.body) as { id: string }
      if (id === 'q2') json(res, 200, { detail: 'no answer field here' })
      else if (id === 'q3') json(res, 200, 'not json at all {')
      else json(res, 200, { answer: `fine ${id}`, docs: [{ text: 1 }] })
    }
    const outputs = await runHttpCandidate([makeRow('q1', 'a'), makeRow('q2', 'b'), makeRow('q3', 'c')], config(), { env: {} })
    assert.equal(outputs.size, 3)
    assert.deepEqual(outputs.get('q1'), { id: 'q1', answer: 'fine q1', contexts: [], retrieved_ids: [], latency_ms: outputs.get('q1')!.latency_ms, error: null })
    const q2 = outputs.get('q2')!
    assert.deepEqual({ ...q2, error: null }, { id: 'q2', answer: '', contexts: [], retrieved_ids: [], latency_ms: null, error: null })
    assert.match(q2.error ?? '', /answer_path "answer" does not resolve/)
    assert.match(outputs.get('q3')!.error ?? '', /not JSON/)
  })

  it('gives an error row when contexts are not strings', async () => {
    server.handler = (_req, res) => json(res, 200, { answer: 'a', docs: [{ text: 1 }] })
    const outputs = await runHttpCandidate([makeRow('q1', 'a')], config({ contexts_path: 'docs[*].text' }), { env: {} })
    assert.match(outputs.get('q1')!.error ?? '', /contexts_path .* expected an array of strings/)
  })
})

/** What a predictions file with this one line is told, without its `file:line: ` location. */
async function predictionsProblem(record: Record<string, unknown>): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'evalgate-http-'))
  const file = join(dir, 'pred.jsonl')
  try {
    writeFileSync(file, JSON.stringify(record) + '\n')
    await loadPredictions(file, new Set([String(record.id)]))
  } catch (error) {
    assert.ok(error instanceof GateError, String(error))
    return error.message.slice(`${file}:1: `.length)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  assert.fail(`a predictions file with ${JSON.stringify(record)} was accepted`)
}

describe('responses through the candidate schema', () => {
  const paths = { answer_path: 'answer', contexts_path: 'contexts', retrieved_ids_path: 'ids' }
  const cases: { name: string; body: Record<string, unknown>; field: string; hint: RegExp }[] = [
    { name: 'an answer that is a number', body: { answer: 42 }, field: 'answer', hint: /\(fix: answer_path "answer" gave 42; expected a string\)$/ },
    { name: 'an answer that is an object', body: { answer: { text: 'x' } }, field: 'answer', hint: /answer_path "answer" gave \{"text":"x"\}; expected a string/ },
    { name: 'contexts that are numbers', body: { answer: 'a', contexts: [1, 2] }, field: 'contexts', hint: /contexts_path "contexts" gave \[1,2\]; expected an array of strings/ },
    { name: 'contexts that are an object', body: { answer: 'a', contexts: { text: 'c1' } }, field: 'contexts', hint: /contexts_path "contexts" gave \{"text":"c1"\}; expected an array of strings/ },
    {
      name: 'retrieved ids that are objects',
      body: { answer: 'a', ids: [{ id: 'D1' }] },
      field: 'retrieved_ids',
      hint: /retrieved_ids_path "ids" gave \[\{"id":"D1"\}\]; expected an array of strings or numbers/,
    },
    { name: 'retrieved ids that are a boolean', body: { answer: 'a', ids: true }, field: 'retrieved_ids', hint: /retrieved_ids_path "ids" gave true;/ },
  ]
  for (const c of cases) {
    it(`turns ${c.name} into an error row worded as for a predictions file`, async () => {
      const body = { answer: 'a', contexts: ['c1'], ids: ['D1'], ...c.body }
      server.handler = (_req, res) => json(res, 200, body)
      const outputs = await runHttpCandidate([makeRow('q1', 'a'), makeRow('q2', 'b')], config(paths), { env: {} })
      for (const id of ['q1', 'q2']) {
        const row = outputs.get(id)!
        assert.deepEqual({ ...row, error: null }, { id, answer: '', contexts: [], retrieved_ids: [], latency_ms: null, error: null })
        const problem = await predictionsProblem({ id, answer: body.answer, contexts: body.contexts, retrieved_ids: body.ids })
        assert.match(problem, new RegExp(`^column "${c.field}": `))
        assert.ok(row.error!.startsWith(`HTTP response: ${problem}`), `${row.error} should start with "HTTP response: ${problem}"`)
        assert.match(row.error!, c.hint)
      }
    })
  }

  it('names every field that does not fit, on one line, each with its fix', async () => {
    server.handler = (_req, res) => json(res, 200, { answer: 7, contexts: [1], ids: ['D1'] })
    const error = (await runHttpCandidate([makeRow('q1', 'a')], config(paths), { env: {} })).get('q1')!.error ?? ''
    assert.ok(!error.includes('\n'), error)
    assert.match(error, /^HTTP response: column "answer": expected text or null, got 7 \(fix: answer_path "answer" gave 7; expected a string\); /)
    assert.match(
      error,
      /; HTTP response: column "contexts": expected text, a list of text or null, got a list \[1\] \(fix: contexts_path "contexts" gave \[1\]; expected an array of strings, or one string\)$/,
    )
  })

  it('takes a null answer as an empty one, as a predictions file does', async () => {
    server.handler = (_req, res) => json(res, 200, { answer: null, contexts: ['c1'], ids: [] })
    const row = (await runHttpCandidate([makeRow('q1', 'a')], config(paths), { env: {} })).get('q1')!
    assert.deepEqual({ answer: row.answer, contexts: row.contexts, error: row.error }, { answer: '', contexts: ['c1'], error: null })
  })

  it('keeps a single context or id whole instead of splitting it like a CSV cell', async () => {
    server.handler = (_req, res) => json(res, 200, { answer: 'a', contexts: 'x || y', ids: 'D1|D2' })
    const row = (await runHttpCandidate([makeRow('q1', 'a')], config(paths), { env: {} })).get('q1')!
    assert.deepEqual({ contexts: row.contexts, retrieved_ids: row.retrieved_ids }, { contexts: ['x || y'], retrieved_ids: ['D1|D2'] })
  })

  it('normalises contexts to NFC and trims ids, numbers included', async () => {
    server.handler = (_req, res) => json(res, 200, { answer: 'Cafe\u0301', contexts: ['Cafe\u0301 menu'], ids: [' D1 ', 7, ''] })
    const row = (await runHttpCandidate([makeRow('q1', 'a')], config(paths), { env: {} })).get('q1')!
    assert.deepEqual({ answer: row.answer, contexts: row.contexts, retrieved_ids: row.retrieved_ids }, { answer: 'Café', contexts: ['Café menu'], retrieved_ids: ['D1', '7'] })
  })
})

describe('concurrency, retries and timeouts', () => {
  it('never has more than `concurrency` requests in flight', async () => {
    server.handler = (_req, res) => void setTimeout(() => json(res, 200, { answer: 'ok' }), 50)
    const rows = Array.from({ length: 12 }, (_, i) => makeRow(`q${i + 1}`, `question ${i + 1}`))
    const outputs = await runHttpCandidate(rows, config({ concurrency: 3 }), { env: {} })
    assert.equal(server.maxInFlight, 3)
    assert.equal(server.received.length, 12)
    // every question answered once; the answers arrive in the order the endpoint replies (two
    // replies of the same 50 ms hold can swap on a loaded machine), and scoring places them by id
    assert.deepEqual([...outputs.keys()].sort(), rows.map((r) => r.id).sort())
    for (const output of outputs.values()) {
      assert.equal(output.error, null)
      assert.ok(output.latency_ms !== null && output.latency_ms >= 40, `latency ${output.latency_ms} should cover the 50 ms hold`)
    }
  })

  it('waits the Retry-After seconds after a 429, then answers', async () => {
    server.handler = (_req, res, index) => (index === 0 ? json(res, 429, { error: 'slow down' }, { 'retry-after': '1' }) : json(res, 200, { answer: 'after wait' }))
    const { waits, deps } = recordingDeps()
    const outputs = await runHttpCandidate([makeRow('q1', 'a')], config(), deps)
    assert.equal(outputs.get('q1')!.answer, 'after wait')
    assert.deepEqual(waits, [1000])
    assert.equal(server.received.length, 2)
  })

  it('retries a 500 twice with growing backoff and answers on the third attempt', async () => {
    server.handler = (_req, res, index) => (index < 2 ? json(res, 500, 'boom') : json(res, 200, { answer: 'third time' }))
    const { waits, deps } = recordingDeps()
    const outputs = await runHttpCandidate([makeRow('q1', 'a')], config({ retries: 2 }), deps)
    assert.equal(outputs.get('q1')!.answer, 'third time')
    assert.equal(outputs.get('q1')!.error, null)
    assert.equal(server.received.length, 3)
    // equal jitter with random() = 0.5: 3/4 of 250 ms, then of 500 ms
    assert.deepEqual(waits, [188, 375])
  })

  it('gives up after the last retry with an error row quoting the status and the body', async () => {
    server.handler = (_req, res) => json(res, 503, `overloaded ${'x'.repeat(300)}`)
    const { deps } = recordingDeps()
    const outputs = await runHttpCandidate([makeRow('q1', 'a')], config({ retries: 2 }), deps)
    const row = outputs.get('q1')!
    assert.deepEqual({ ...row, error: null }, { id: 'q1', answer: '', contexts: [], retrieved_ids: [], latency_ms: null, error: null })
    assert.match(row.error ?? '', /^HTTP 503 after 3 attempts: overloaded x+…$/)
    assert.ok((row.error ?? '').length < 260)
    assert.equal(server.received.length, 3)
  })

  it('does not retry a 400', async () => {
    server.handler = (_req, res) => json(res, 400, { detail: 'bad question' })
    const { waits, deps } = recordingDeps()
    const outputs = await runHttpCandidate([makeRow('q1', 'a')], config(), deps)
    assert.equal(server.received.length, 1)
    assert.deepEqual(waits, [])
    assert.match(outputs.get('q1')!.error ?? '', /HTTP 400 .*bad question/)
  })

  it('times out a request that never answers, retries once and finishes quickly', async () => {
    server.handler = () => undefined
    const { waits, deps } = recordingDeps()
    const started = performance.now()
    const outputs = await runHttpCandidate([makeRow('q1', 'a')], config({ timeout_ms: 100, retries: 1 }), deps)
    // a bound for a hang, not a speed target: the suite runs files side by side on a shared machine
    assert.ok(performance.now() - started < 20_000, 'it waited for the server instead of timing out')
    assert.equal(server.received.length, 2)
    assert.equal(waits.length, 1)
    assert.match(outputs.get('q1')!.error ?? '', /timed out after 100 ms \(2 attempts\)/)
    assert.equal(outputs.get('q1')!.latency_ms, null)
  })

  it('turns a refused connection into error rows, not a crash', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const { deps } = recordingDeps()
    const outputs = await runHttpCandidate([makeRow('q1', 'a'), makeRow('q2', 'b')], config({ url: `http://127.0.0.1:${port}/ask`, retries: 1 }), deps)
    assert.equal(outputs.size, 2)
    assert.match(outputs.get('q1')!.error ?? '', /request failed after 2 attempts/)
  })

  it('measures latency of the successful attempt with the injected clock', async () => {
    let tick = 0
    const now = () => (tick += 7)
    server.handler = (_req, res, index) => (index === 0 ? json(res, 502, 'bad gateway') : json(res, 200, { answer: 'ok' }))
    const { deps } = recordingDeps()
    const outputs = await runHttpCandidate([makeRow('q1', 'a')], config(), { ...deps, now })
    assert.equal(outputs.get('q1')!.latency_ms, 7)
  })
})

describe('secrets', () => {
  it('redacts env-sourced header values from error messages, even when the server echoes them', async () => {
    const secret = 'tok-' + 'z'.repeat(20)
    server.handler = (req, res) => json(res, 401, `invalid credentials: ${String(req.headers.authorization)}`)
    const outputs = await runHttpCandidate([makeRow('q1', 'a')], config({ headers: { Authorization: 'Bearer ${RAG_TOKEN}' } }), { env: { RAG_TOKEN: secret } })
    const error = outputs.get('q1')!.error ?? ''
    assert.match(error, /HTTP 401/)
    assert.match(error, /Bearer \*\*\*/)
    assert.ok(!error.includes(secret))
  })
})
