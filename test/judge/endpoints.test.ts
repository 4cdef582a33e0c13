/**
 * The pieces that let the judge talk to any endpoint, one at a time: the strict schema it sends,
 * the JSON it finds behind reasoning, the embeddings it decodes, the request shape it negotiates,
 * and what reaches the wire (query, headers, keyless).
 */
import { after, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { decodeEmbedding } from '../../src/judge/embeddings.ts'
import { endpointAddress, endpointOrigin } from '../../src/judge/endpoint.ts'
import { classify, type Fault } from '../../src/judge/faults.ts'
import type { EndpointFacts } from '../../src/judge/wire/observation.ts'
import { openaiTransport } from '../../src/judge/transports/openai.ts'
import { readBody } from '../../src/judge/wire/body.ts'
import { testJudge } from '../helpers/judge.ts'
import { Negotiation, type RequestShape } from '../../src/judge/negotiation.ts'
import { PROMPTS } from '../../src/judge/prompts.ts'
import { parseReply, withoutReasoning } from '../../src/judge/reply.ts'
import { ConformanceServer } from './conformance/servers.ts'

/* eslint-disable @typescript-eslint/no-explicit-any -- walking JSON schemas */

function walk(node: any, visit: (node: any) => void): void {
  if (typeof node !== 'object' || node === null) return
  visit(node)
  for (const child of Object.values(node)) walk(child, visit)
}

describe('the response schemas sent as strict structured outputs', () => {
  for (const prompt of Object.values(PROMPTS)) {
    it(`${prompt.id}: no $schema, no ±2^53 bounds, every object closed with every property required`, () => {
      assert.ok(!('$schema' in prompt.jsonSchema))
      walk(prompt.jsonSchema, (node) => {
        for (const bound of ['minimum', 'maximum']) if (bound in node) assert.ok(Math.abs(node[bound]) < 2 ** 53, `${prompt.id}: ${bound} ${node[bound]}`)
        if (node.type === 'object') {
          assert.equal(node.additionalProperties, false)
          assert.deepEqual([...node.required].sort(), Object.keys(node.properties).sort())
        }
      })
    })
  }

  it('writes the 0-4 rubric scores and the 0/1 noncommittal flag as enums, which every server takes', () => {
    const rubric = PROMPTS.rubric.jsonSchema as any
    assert.deepEqual(rubric.properties.accuracy, { type: 'integer', enum: [0, 1, 2, 3, 4] })
    const questions = PROMPTS.questions.jsonSchema as any
    assert.deepEqual(questions.properties.questions.items.properties.noncommittal, { type: 'integer', enum: [0, 1] })
    const verdicts = PROMPTS.verdicts.jsonSchema as any
    assert.deepEqual(verdicts.properties.verdicts.items.properties.claim, { type: 'integer' })
  })
})

describe('reasoning is not the answer', () => {
  const verdict = '{"verdict": "supported", "evidence": "e"}'
  const cases: [string, string][] = [
    ['a <think> block before the JSON', `<think>\nmaybe {"verdict": "contradicted"}\n</think>\n${verdict}`],
    ['a <think> block holding a ```json fence', `<think>\`\`\`json\n{"verdict": "contradicted", "evidence": ""}\n\`\`\`</think>\n\`\`\`json\n${verdict}\n\`\`\``],
    ['only the closing tag (the template opened the block)', `I should check the contexts {"x": 1}.</think>${verdict}`],
    ['upper-case tags and a <thinking> block', `<THINK>no</THINK><thinking>{"a":1}</thinking> ${verdict}`],
  ]
  for (const [name, content] of cases) {
    it(`finds the JSON after ${name}`, () => {
      const parsed = parseReply(content, PROMPTS.verdict)
      assert.ok(parsed.ok, JSON.stringify(parsed))
      assert.equal(parsed.value.verdict, 'supported')
    })
  }

  it('treats a reply cut off while thinking as no answer', () => {
    assert.equal(withoutReasoning('<think>{"verdict": "supported", "evidence": ""}'), '')
    assert.equal(parseReply('<think>{"verdict": "supported", "evidence": ""}', PROMPTS.verdict).ok, false)
  })
})

describe('embeddings as the endpoint sent them', () => {
  it('takes float arrays as they are', () => assert.deepEqual(decodeEmbedding([0.25, -1, 3]), [0.25, -1, 3]))

  it('decodes base64 as little-endian float32', () => {
    const bytes = Buffer.alloc(8)
    bytes.writeFloatLE(0.5, 0)
    bytes.writeFloatLE(-2, 4)
    assert.deepEqual(decodeEmbedding(bytes.toString('base64')), [0.5, -2])
  })

  it('refuses anything else rather than scoring garbage', () => {
    for (const bad of ['', 'AAA', [1, 'x'], { 0: 1 }, null, [Number.NaN]]) assert.equal(decodeEmbedding(bad), null, JSON.stringify(bad))
  })
})

const SAMPLING = { responseFormat: 'auto', temperature: 0, maxTokens: 4096 } as const
const FORMATS = ['json_schema', 'json_object', 'text'] as const
const FACTS: EndpointFacts = { role: 'judge', host: 'h.test', model: 'm', keyEnv: 'K', keyed: true, deployments: false, maxTokens: 4096, timeoutMs: 1000, concurrency: 1 }
const rejected = (status: number, body: unknown): Fault => {
  const text = typeof body === 'string' ? body : JSON.stringify(body)
  return classify({ kind: 'reply', status, contentType: 'application/json', headers: null, body: readBody({ contentType: 'application/json', text }), text }, FACTS)
}
const formatRejection = rejected(400, { error: { message: "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.", type: 'invalid_request_error' } })

describe('the request shape, negotiated once per run', () => {
  const shape = (over: Partial<RequestShape> = {}): RequestShape => ({ format: 'json_schema', temperature: true, tokens: 'max_tokens', ...over })

  it("steps down the transport's formats only on a format fault, and moves the run only once the lower format worked", () => {
    const said: string[] = []
    const n = new Negotiation(SAMPLING, FORMATS, (m) => said.push(m))
    assert.deepEqual(n.next(formatRejection, shape()), shape({ format: 'json_object' }))
    assert.equal(n.current().format, 'json_schema', 'not yet: the next format has not worked')
    n.confirm(shape({ format: 'json_object' }), formatRejection)
    assert.equal(n.current().format, 'json_object')
    n.confirm(shape({ format: 'json_object' }), formatRejection)
    assert.equal(said.length, 1, 'said once')
    assert.match(said[0]!, /^judge: the endpoint rejected response_format json_schema \(the endpoint rejects the response format: HTTP 400.*\): using json_object for this run$/)
    assert.deepEqual(n.next(formatRejection, shape({ format: 'json_object' })), shape({ format: 'text' }))
    assert.equal(n.next(formatRejection, shape({ format: 'text' })), null, 'nothing below text')
  })

  it('follows the transport: Anthropic offers json_schema (a forced tool) and text', () => {
    const n = new Negotiation(SAMPLING, ['json_schema', 'text'], () => undefined)
    assert.deepEqual(n.next(formatRejection, shape()), shape({ format: 'text' }))
  })

  it('leaves faults that are not about the request shape alone: a sporadic validation failure never steps down', () => {
    const n = new Negotiation(SAMPLING, FORMATS, () => undefined)
    const faults = [
      rejected(401, { error: { message: 'Incorrect API key', code: 'invalid_api_key' } }),
      rejected(404, { error: { message: 'model not found', code: 'model_not_found' } }),
      rejected(429, { error: { message: 'slow down' } }),
      rejected(400, { error: { message: "This model's maximum context length is 8192 tokens", code: 'context_length_exceeded' } }),
      rejected(400, { error: { message: 'Failed to generate JSON. Please adjust your prompt.', code: 'json_validate_failed' } }),
      rejected(400, { error: { message: 'bad request' } }),
    ]
    for (const fault of faults) assert.equal(n.next(fault, shape()), null, fault.cause)
  })

  it('never steps a forced format down, and starts every run from the configured format (nothing is remembered across runs)', () => {
    const n = new Negotiation({ ...SAMPLING, responseFormat: 'json_object' }, FORMATS, () => undefined)
    assert.equal(n.current().format, 'json_object')
    assert.equal(n.next(formatRejection, shape({ format: 'json_object' })), null)
  })

  it("recognises OpenAI's temperature and max_tokens rejections, changes the run at once and says so once", () => {
    const said: string[] = []
    const n = new Negotiation(SAMPLING, FORMATS, (m) => said.push(m))
    const temperature = rejected(400, {
      error: { message: "Unsupported value: 'temperature' does not support 0 with this model. Only the default (1) value is supported.", param: 'temperature', code: 'unsupported_value' },
    })
    assert.deepEqual(n.next(temperature, shape()), shape({ temperature: false }))
    assert.deepEqual(n.next(temperature, shape()), shape({ temperature: false }), 'a call in flight retries too')
    const tokens = rejected(400, {
      error: { message: "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.", param: 'max_tokens', code: 'unsupported_parameter' },
    })
    assert.deepEqual(n.next(tokens, shape({ temperature: false })), shape({ temperature: false, tokens: 'max_completion_tokens' }))
    assert.equal(n.current().format, 'json_schema', 'the format is untouched')
    assert.deepEqual(n.current(), shape({ temperature: false, tokens: 'max_completion_tokens' }))
    assert.equal(said.length, 2)
  })
})

describe('what reaches the wire', () => {
  const servers: ConformanceServer[] = []
  after(async () => {
    for (const s of servers) await s.stop()
  })

  it("keeps a base URL's query a query, adds judge.query and judge.headers, and sends no Authorization without a key", async () => {
    const server = await new ConformanceServer({ name: 'gateway', basePath: '/v1', jsonSchema: 'accept', jsonObject: 'accept', embeddings: 'float' }).start()
    servers.push(server)
    const endpoint = {
      provider: 'openai' as const,
      baseURL: `${server.url}?tenant=t1`,
      apiKey: null,
      keyEnv: 'K',
      apiVersion: null,
      headers: { 'X-Gateway-Key': 'gw-secret' },
      query: { route: 'judge' },
      templates: { headers: {}, query: {} },
      model: 'm',
    }
    const judge = testJudge(server.url, { chat: endpoint, embeddings: { same: true, model: 'e' }, concurrency: 1 })
    const reply = await judge.embed(['a'])
    assert.ok(reply.ok)
    const request = server.requests[0]!
    assert.equal(request.url, '/v1/embeddings?tenant=t1&route=judge')
    assert.equal(request.headers['x-gateway-key'], 'gw-secret')
    assert.equal(request.headers.authorization, undefined)
    const chat = openaiTransport(endpoint).chat(
      { model: 'm', system: 's', turns: [], schema: { name: 'x', jsonSchema: {} }, temperature: null, maxTokens: null },
      { format: 'text', temperature: false, tokens: 'max_tokens' },
    )
    assert.deepEqual(
      JSON.parse(chat.body as string),
      { model: 'm', messages: [{ role: 'system', content: 's\n\nReply with one JSON object and nothing else. It must match this JSON schema:\n{}' }] },
      'no temperature, no cap, no format: the server decides',
    )
  })

  it('shows an endpoint as its origin only, and keys the cache by origin and path, never the user-info part', () => {
    assert.equal(endpointOrigin('https://user:pw@gw.example.com:8443/tenant-123/v1?key=s3cret'), 'https://gw.example.com:8443')
    assert.equal(endpointAddress('https://user:pw@gw.example.com/v1/?key=s3cret'), 'https://gw.example.com/v1')
  })
})
