/**
 * The transports build requests and read replies, nothing else (no network here: the policy
 * layer sends). Each reply is read against its contract: a body that is not the expected shape
 * is an observation for the fault taxonomy, never a crash and never a score.
 */
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { ANTHROPIC_VERSION, anthropicTransport } from '../../src/judge/transports/anthropic.ts'
import { azureTransport } from '../../src/judge/transports/azure.ts'
import { openaiTransport } from '../../src/judge/transports/openai.ts'
import { TRANSPORTS } from '../../src/judge/transports/registry.ts'
import type { ChatRequest, EndpointSettings, RequestShape } from '../../src/judge/transports/types.ts'
import type { WireResponse } from '../../src/judge/wire/body.ts'
import { CHAT_PROVIDERS } from '../../src/schemas/judgeConfig.ts'

const SETTINGS: EndpointSettings = { baseURL: 'https://api.example.test/v1', apiKey: 'sk-test', apiVersion: null, headers: {}, query: {} }
const REQUEST: ChatRequest = {
  model: 'm',
  system: '[evalgate:verdict@1] Judge.',
  turns: [{ role: 'user', content: 'Claim: x' }],
  schema: { name: 'verdict', jsonSchema: { type: 'object', properties: { verdict: { type: 'string' } }, required: ['verdict'], additionalProperties: false } },
  temperature: 0,
  maxTokens: 512,
}
const SHAPE: RequestShape = { format: 'json_schema', temperature: true, tokens: 'max_tokens' }

function response(status: number, body: unknown, contentType = 'application/json'): WireResponse {
  return { status, headers: new Headers({ 'content-type': contentType }), contentType, text: typeof body === 'string' ? body : JSON.stringify(body) }
}

const completion = (content: string | null, finish = 'stop', usage: unknown = { prompt_tokens: 100, completion_tokens: 10 }) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  model: 'm-2026',
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: finish }],
  usage,
})

describe('the transport registry', () => {
  it('has one API definition per provider the settings allow, each with its wire format, its defaults and what it offers', () => {
    assert.deepEqual(Object.keys(TRANSPORTS).sort(), [...CHAT_PROVIDERS].sort())
    assert.deepEqual([TRANSPORTS.anthropic.formats, TRANSPORTS.anthropic.capRequired, TRANSPORTS.anthropic.embeddings], [['json_schema', 'text'], true, undefined])
    assert.deepEqual([TRANSPORTS.azure.defaultBaseUrl, TRANSPORTS.azure.deployments, TRANSPORTS.azure.apiVersion], [null, true, true])
    for (const [name, api] of Object.entries(TRANSPORTS)) assert.ok(api.defaultKeyEnv.endsWith('_API_KEY'), name)
  })
})

describe('OpenAI-compatible', () => {
  const t = openaiTransport({ ...SETTINGS, baseURL: 'https://api.example.test/v1?tenant=a', query: { route: 'r' }, headers: { 'X-Team': 'rag' } })

  it('posts to {base}/chat/completions with the key as a Bearer token, the schema as json_schema, the cap under the negotiated name', () => {
    const out = t.chat(REQUEST, { ...SHAPE, tokens: 'max_completion_tokens' })
    assert.equal(out.url, 'https://api.example.test/v1/chat/completions?tenant=a&route=r')
    assert.equal(out.headers.authorization, 'Bearer sk-test')
    assert.equal(out.headers['X-Team'], 'rag')
    const body = JSON.parse(out.body!)
    assert.deepEqual(body.response_format, { type: 'json_schema', json_schema: { name: 'verdict', schema: REQUEST.schema.jsonSchema, strict: true } })
    assert.equal(body.max_completion_tokens, 512)
    assert.equal(body.max_tokens, undefined)
    assert.equal(body.temperature, 0)
  })

  it('puts the schema in the system prompt where no format carries it', () => {
    const body = JSON.parse(openaiTransport(SETTINGS).chat(REQUEST, { ...SHAPE, format: 'text' }).body!)
    assert.equal(body.response_format, undefined)
    assert.match(body.messages[0].content, /It must match this JSON schema:\n\{"type":"object"/)
  })

  it('reads a completion: content, finish reason, usage with reasoning tokens, model and id', () => {
    const read = t.readChat(response(200, completion('{"verdict":"supported"}', 'stop', { prompt_tokens: 120, completion_tokens: 900, completion_tokens_details: { reasoning_tokens: 880 } })))
    assert.deepEqual(read, { ok: true, value: { content: '{"verdict":"supported"}', finish: 'stop', usage: { prompt: 120, completion: 900, reasoning: 880 }, model: 'm-2026', id: 'chatcmpl-1' } })
  })

  it('reads a structured-outputs refusal as a refusal, keeping its words', () => {
    const body = completion(null)
    ;(body.choices[0]!.message as Record<string, unknown>).refusal = "I'm sorry, I can't help with that."
    const read = t.readChat(response(200, body))
    assert.ok(read.ok)
    assert.equal(read.value.finish, 'refusal')
    assert.equal(read.value.content, "I'm sorry, I can't help with that.")
  })

  it('joins the text parts of a content list and leaves a thinking part out', () => {
    const body = completion(null)
    ;(body.choices[0]!.message as Record<string, unknown>).content = [
      { type: 'thinking', thinking: [{ type: 'text', text: 'hmm' }] },
      { type: 'text', text: '{"verdict":' },
      { type: 'text', text: '"supported"}' },
    ]
    const read = t.readChat(response(200, body))
    assert.ok(read.ok)
    assert.equal(read.value.content, '{"verdict":"supported"}')
  })

  it('assembles a completion streamed as server-sent events although none were asked for', () => {
    const chunk = (delta: string, finish: string | null) =>
      `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', model: 'm', choices: [{ index: 0, delta: { content: delta }, finish_reason: finish }] })}\n\n`
    const usage = `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', choices: [], usage: { prompt_tokens: 50, completion_tokens: 7 } })}\n\n`
    const sse = chunk('{"verdict":', null) + chunk('"supported"}', 'stop') + usage + 'data: [DONE]\n\n'
    const read = t.readChat(response(200, sse, 'text/event-stream'))
    assert.deepEqual(read, { ok: true, value: { content: '{"verdict":"supported"}', finish: 'stop', usage: { prompt: 50, completion: 7, reasoning: null }, model: 'm', id: 'c1' } })
  })

  it('reads JSON sent as text/event-stream as the JSON it is', () => {
    const read = t.readChat(response(200, completion('{"verdict":"supported"}'), 'text/event-stream'))
    assert.ok(read.ok)
  })

  for (const [name, r, kind] of [
    ["OpenRouter's error object in a 200", response(200, { error: { code: 402, message: 'Insufficient credits' } }), 'reply'],
    ['an HTML page in a 200', response(200, '<!DOCTYPE html><html><body>Sign in</body></html>', 'text/html'), 'reply'],
    ['an embeddings reply where a completion was due', response(200, { object: 'list', data: [{ embedding: [0.1] }] }), 'shape'],
    ['an empty choices list', response(200, { choices: [] }), 'shape'],
    ['an empty body', response(200, ''), 'shape'],
    ['a 500', response(500, { error: { message: 'boom' } }), 'reply'],
  ] as const) {
    it(`turns ${name} into a "${kind}" observation, never a crash`, () => {
      const read = t.readChat(r)
      assert.equal(read.ok, false)
      if (!read.ok) assert.equal(read.observation.kind, kind)
    })
  }

  it('reads embeddings by index, decodes base64, and refuses a wrong count, mixed lengths or another shape', () => {
    const base64 = Buffer.from(new Float32Array([0.5, -1]).buffer).toString('base64')
    const ok = t.readEmbeddings(
      response(200, {
        data: [
          { index: 1, embedding: [3, 4] },
          { index: 0, embedding: base64 },
        ],
        usage: { prompt_tokens: 4 },
      }),
      2,
    )
    assert.deepEqual(ok, {
      ok: true,
      value: {
        vectors: [
          [0.5, -1],
          [3, 4],
        ],
        tokens: 4,
        model: null,
      },
    })
    const bad = [
      t.readEmbeddings(response(200, { data: [{ index: 0, embedding: [1, 2] }] }), 2),
      t.readEmbeddings(response(200, { data: [{ embedding: [1, 2] }, { embedding: [1] }] }), 2),
      t.readEmbeddings(response(200, { embeddings: [[1, 2]] }), 1),
    ]
    assert.deepEqual(
      bad.map((r) => (r.ok ? 'ok' : r.observation.kind === 'shape' ? r.observation.what : r.observation.kind)),
      ['1 embeddings for 2 inputs', 'embeddings of different lengths (2, 1)', 'a JSON object with keys embeddings'],
    )
  })
})

describe('Azure OpenAI', () => {
  it('posts to the deployment with the api-version and the key in api-key, from a resource endpoint or an …/openai base', () => {
    for (const baseURL of ['https://res.openai.azure.com/', 'https://res.openai.azure.com/openai']) {
      const out = azureTransport({ ...SETTINGS, baseURL, apiVersion: '2024-10-21' }).chat({ ...REQUEST, model: 'judge deploy' }, SHAPE)
      assert.equal(out.url, 'https://res.openai.azure.com/openai/deployments/judge%20deploy/chat/completions?api-version=2024-10-21')
      assert.equal(out.headers['api-key'], 'sk-test')
      assert.equal(out.headers.authorization, undefined)
    }
  })
})

describe('Anthropic Messages', () => {
  const t = anthropicTransport({ ...SETTINGS, baseURL: 'https://api.anthropic.com' })

  it('posts to /v1/messages with x-api-key and anthropic-version, the system prompt apart, and JSON through a forced tool', () => {
    const out = t.chat(REQUEST, SHAPE)
    assert.equal(out.url, 'https://api.anthropic.com/v1/messages')
    assert.equal(out.headers['x-api-key'], 'sk-test')
    assert.equal(out.headers['anthropic-version'], ANTHROPIC_VERSION)
    const body = JSON.parse(out.body!)
    assert.equal(body.system, REQUEST.system)
    assert.deepEqual(body.messages, REQUEST.turns)
    assert.equal(body.max_tokens, 512)
    assert.deepEqual(body.tool_choice, { type: 'tool', name: 'verdict' })
    assert.deepEqual(body.tools[0].input_schema, REQUEST.schema.jsonSchema)
    assert.equal(anthropicTransport({ ...SETTINGS, baseURL: 'https://gw.example.test/anthropic/v1' }).chat(REQUEST, SHAPE).url, 'https://gw.example.test/anthropic/v1/messages')
  })

  it('asks for JSON in the prompt in text format, with no tool', () => {
    const body = JSON.parse(t.chat(REQUEST, { ...SHAPE, format: 'text' }).body!)
    assert.equal(body.tools, undefined)
    assert.match(body.system, /must match this JSON schema/)
  })

  it("reads a forced tool call's input as the JSON, and maps stop reasons to the taxonomy's words", () => {
    const message = (content: unknown[], stop: string) => ({
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: 'claude-x',
      content,
      stop_reason: stop,
      usage: { input_tokens: 90, output_tokens: 12, cache_read_input_tokens: 10 },
    })
    const tool = t.readChat(response(200, message([{ type: 'tool_use', id: 't1', name: 'verdict', input: { verdict: 'supported' } }], 'tool_use')))
    assert.deepEqual(tool, { ok: true, value: { content: '{"verdict":"supported"}', finish: 'stop', usage: { prompt: 100, completion: 12, reasoning: null }, model: 'claude-x', id: 'msg_1' } })
    const cut = t.readChat(response(200, message([{ type: 'text', text: '{"verd' }], 'max_tokens')))
    assert.ok(cut.ok && cut.value.finish === 'length')
    const refused = t.readChat(response(200, message([], 'refusal')))
    assert.ok(refused.ok && refused.value.finish === 'refusal')
  })

  it("reads Anthropic's error envelope as an error reply", () => {
    const read = t.readChat(response(529, { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }))
    assert.ok(!read.ok && read.observation.kind === 'reply')
  })
})
