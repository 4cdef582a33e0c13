/**
 * The pieces that let the judge talk to any endpoint, one at a time: the strict schema it sends,
 * the JSON it finds behind reasoning, the embeddings it decodes, the request shape it negotiates,
 * and what reaches the wire (query, headers, keyless).
 */
import { after, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import OpenAI from 'openai'
import { decodeEmbedding } from '../../src/judge/embeddings.ts'
import { endpointCacheIdentity, endpointOrigin } from '../../src/judge/endpoint.ts'
import { Negotiation, type RequestShape } from '../../src/judge/negotiation.ts'
import { OpenAIJudge } from '../../src/judge/openai.ts'
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

const status = (code: number, message: string, param: string | null = null) => Object.assign(new OpenAI.APIError(code, { message, param }, undefined, new Headers()), {})
const SAMPLING = { responseFormat: 'auto', temperature: 0, maxTokens: 4096 } as const

describe('the request shape, negotiated once per run', () => {
  const shape = (over: Partial<RequestShape> = {}): RequestShape => ({ format: 'json_schema', temperature: true, tokens: 'max_tokens', ...over })

  it('tries the next format for any 400 or 422, whatever the wording, and steps the run down only once that format works', () => {
    const said: string[] = []
    const n = new Negotiation(SAMPLING, null, (m) => said.push(m))
    assert.deepEqual(n.adapt(status(422, 'Failed to deserialize the JSON body into the target type'), shape()), shape({ format: 'json_object' }))
    assert.equal(n.current().format, 'json_schema', 'not yet: the next format has not worked')
    assert.equal(n.confirm(shape({ format: 'json_object' }), 422), true)
    assert.equal(n.current().format, 'json_object')
    assert.equal(n.confirm(shape({ format: 'json_object' }), 422), false, 'said once')
    assert.deepEqual(said, ['judge: the endpoint rejected response_format json_schema (HTTP 422): using json_object from now on'])
    assert.deepEqual(n.adapt(status(400, 'nope'), shape({ format: 'json_object' })), shape({ format: 'text' }))
    assert.equal(n.adapt(status(400, 'nope'), shape({ format: 'text' })), null, 'nothing below text')
  })

  it('leaves errors that are not about the request shape alone', () => {
    const n = new Negotiation(SAMPLING, null, () => undefined)
    for (const error of [status(401, 'Incorrect API key'), status(404, 'model not found'), status(429, 'slow down'), status(400, "This model's maximum context length is 8192 tokens")]) {
      assert.equal(n.adapt(error, shape()), null)
    }
  })

  it('never steps a forced format down', () => {
    const n = new Negotiation({ ...SAMPLING, responseFormat: 'json_schema' }, { format: 'text', temperature: true, tokens: 'max_tokens' }, () => undefined)
    assert.equal(n.current().format, 'json_schema', 'a remembered shape does not override the setting')
    assert.equal(n.adapt(status(400, 'response_format not supported'), shape()), null)
  })

  it("recognises OpenAI's temperature and max_tokens rejections, changes the run at once and says so once", () => {
    const said: string[] = []
    const n = new Negotiation(SAMPLING, null, (m) => said.push(m))
    const temperature = status(400, "Unsupported value: 'temperature' does not support 0 with this model. Only the default (1) value is supported.", 'temperature')
    assert.deepEqual(n.adapt(temperature, shape()), shape({ temperature: false }))
    assert.deepEqual(n.adapt(temperature, shape()), shape({ temperature: false }), 'a call in flight retries too')
    assert.deepEqual(n.sampling(n.current()), { max_tokens: 4096 })
    const tokens = status(400, "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.", 'max_tokens')
    assert.deepEqual(n.adapt(tokens, shape({ temperature: false })), shape({ temperature: false, tokens: 'max_completion_tokens' }))
    assert.deepEqual(n.sampling(n.current()), { max_completion_tokens: 4096 })
    assert.equal(n.current().format, 'json_schema', 'the format is untouched')
    assert.equal(said.length, 2)
  })

  it('sends neither with temperature and max_tokens set to default', () => {
    const n = new Negotiation({ responseFormat: 'auto', temperature: 'default', maxTokens: 'default' }, null, () => undefined)
    assert.deepEqual(n.sampling(n.current()), {})
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
    const judge = new OpenAIJudge({
      baseURL: `${server.url}?tenant=t1`,
      apiKey: null,
      model: 'm',
      embeddingsModel: 'e',
      timeoutMs: 5000,
      concurrency: 1,
      cacheDir: null,
      identity: { provider: 'openai', model: 'm', embeddings_model: 'e', definitions_hash: 'test' },
      headers: { 'X-Gateway-Key': 'gw-secret' },
      query: { route: 'judge' },
    })
    const reply = await judge.embed(['a'])
    assert.ok(reply.ok)
    const request = server.requests[0]!
    assert.equal(request.url, '/v1/embeddings?tenant=t1&route=judge')
    assert.equal(request.headers['x-gateway-key'], 'gw-secret')
    assert.equal(request.headers.authorization, undefined)
  })

  it('shows an endpoint as its origin only, and keys the cache by origin and path without the query', () => {
    assert.equal(endpointOrigin('https://user:pw@gw.example.com:8443/tenant-123/v1?key=s3cret'), 'https://gw.example.com:8443')
    assert.equal(endpointCacheIdentity({ dialect: 'openai', baseURL: 'https://gw.example.com/v1/?key=s3cret' }), 'openai https://gw.example.com/v1')
  })
})
