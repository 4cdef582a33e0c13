/**
 * The fake endpoint itself, over real HTTP: the well-behaved dialects answer as their documented
 * wire formats do, every behaviour in the catalogue produces its documented response for sample
 * requests (behaviourProbes.ts) and leaves the rest alone, and the catalogue holds what the
 * conformance suite needs (≥ 30 behaviours, ≥ 9 families, a source and an outcome for each).
 */
import { after, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { EMBEDDING_DIMENSIONS, embedText } from '../../../fakes/openai-server.ts'
import { BEHAVIOURS, type Behaviour } from './behaviours.ts'
import { PROBES } from './behaviourProbes.ts'
import type { Dialect } from './dialects.ts'
import { BehaviourServer } from './fakeEndpoint.ts'
import { ProbeClient, isWellBehavedChat, isWellBehavedEmbeddings, judgePrompt, type Reply } from './probeClient.ts'

const servers: BehaviourServer[] = []
after(async () => {
  for (const server of servers) await server.stop()
})

async function serve(behaviour: Behaviour | null, dialect?: Dialect): Promise<{ server: BehaviourServer; client: ProbeClient }> {
  const server = await new BehaviourServer(behaviour, dialect).start()
  servers.push(server)
  return { server, client: new ProbeClient(server) }
}

const sourceForm = /^(https:\/\/[^\s]+|[A-Za-z0-9][\w.-]*\/[\w.-]+#\d+)$/

describe('the catalogue of documented behaviours', () => {
  it('holds at least 30 behaviours across at least 9 endpoint families', () => {
    assert.ok(BEHAVIOURS.length >= 30, String(BEHAVIOURS.length))
    assert.ok(new Set(BEHAVIOURS.map((b) => b.family)).size >= 9)
  })

  it('gives every behaviour a unique kebab-case id, a family, one sentence of what it does and a source that is a URL or owner/repo#number', () => {
    assert.equal(new Set(BEHAVIOURS.map((b) => b.id)).size, BEHAVIOURS.length, 'ids unique')
    for (const b of BEHAVIOURS) {
      assert.match(b.id, /^[a-z0-9]+(-[a-z0-9]+)+$/, b.id)
      assert.ok(b.family.trim().length > 0, b.id)
      assert.match(b.source, sourceForm, `${b.id}: ${b.source}`)
      assert.ok(b.what.length > 20 && /[.)"]$/.test(b.what), `${b.id}: ${b.what}`)
    }
  })

  it('bounds every stop: a cause to name and a request budget the issue calls "few"', () => {
    for (const b of BEHAVIOURS) {
      if (b.expect.kind !== 'stop') continue
      assert.ok(b.expect.maxRequests >= 1 && b.expect.maxRequests <= 12, b.id)
      assert.ok(b.expect.words.source.length > 2, b.id)
    }
  })

  it('covers the classes the issue names: 200 bodies that are no completion, terminal stops, question errors, step-downs, retried transients', () => {
    const kinds = new Set(BEHAVIOURS.map((b) => b.expect.kind))
    assert.deepEqual([...kinds].sort(), ['question-error', 'same', 'stop'])
    for (const id of [
      'openrouter-200-error-body-429-once',
      'kaito-sse-although-stream-false',
      'router-json-labelled-event-stream',
      'cloudflare-access-sign-in-page',
      'ollama-v1-embeddings-empty-on-batch',
    ])
      assert.ok(
        BEHAVIOURS.some((b) => b.id === id),
        id,
      )
    assert.ok(
      BEHAVIOURS.some((b) => b.expect.kind === 'same' && b.expect.format === 'json_object'),
      'a format rejection that steps down',
    )
    assert.ok(
      BEHAVIOURS.some((b) => b.expect.kind === 'same' && b.expect.format === 'json_schema'),
      'a sporadic failure that must not step down',
    )
  })

  it('lists every behaviour in SOURCES.md with its source', () => {
    const table = readFileSync(new URL('./SOURCES.md', import.meta.url), 'utf8')
    for (const b of BEHAVIOURS) {
      const row = table.split('\n').find((line) => line.startsWith(`| \`${b.id}\` |`))
      assert.ok(row, `${b.id} has a row`)
      assert.ok(row.includes(b.source), `${b.id}: the row cites ${b.source}`)
    }
  })

  it('has a probe for every behaviour and no probe for a behaviour that is not in it', () => {
    assert.deepEqual(Object.keys(PROBES).sort(), BEHAVIOURS.map((b) => b.id).sort())
  })
})

describe('the well-behaved dialects', () => {
  it('openai: a chat.completion from the simulated judge with usage estimated from the messages and reasoning_tokens 0', async () => {
    const { client, server } = await serve(null, 'openai')
    const reply = await client.chat()
    assert.ok(isWellBehavedChat(reply, 'openai'), reply.text)
    assert.deepEqual(JSON.parse(reply.json.choices[0].message.content), { accuracy: 4, relevance: 4, completeness: 4, citation: 4, context_retention: null, reason: 'no deductions' })
    const sent = server.requests.at(-1)!.body.messages
    assert.equal(reply.json.usage.prompt_tokens, Math.ceil(JSON.stringify(sent).length / 4))
    assert.equal(reply.json.usage.completion_tokens_details.reasoning_tokens, 0)
    assert.equal(reply.json.usage.total_tokens, reply.json.usage.prompt_tokens + reply.json.usage.completion_tokens)
    assert.equal(server.url, `${server.origin}/v1`)
  })

  it('openai: embeddings as floats, or as little-endian float32 base64 when encoding_format asks, in input order with their index', async () => {
    const { client } = await serve(null, 'openai')
    const floats = await client.embed(['甲', '乙'])
    assert.ok(isWellBehavedEmbeddings(floats, 2))
    assert.deepEqual(floats.json.data[1].embedding, embedText('乙'))
    const encoded = await client.embed('甲', { encoding_format: 'base64' })
    const bytes = Buffer.from(encoded.json.data[0].embedding as string, 'base64')
    const decoded = Array.from(new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4))
    assert.equal(decoded.length, EMBEDDING_DIMENSIONS)
    assert.ok(decoded.every((v, i) => Math.abs(v - embedText('甲')[i]!) < 1e-6))
  })

  it('counts requests by kind and tells the preflight (a [evalgate:preflight] system prompt, an embedding of "evalgate preflight") from scoring', async () => {
    const { client, server } = await serve(null, 'openai')
    await client.chat({ preflight: true })
    await client.embed(['evalgate preflight'])
    await client.chat()
    await client.embed(['a'])
    await client.get('/v1/models')
    assert.deepEqual(server.counts(), { total: 5, chat: 2, embeddings: 2, other: 1, preflight: 2, scoring: 2 })
    assert.deepEqual(
      server.requests.map((r) => [r.n, r.nOfKind, r.status]),
      [
        [1, 1, 200],
        [2, 1, 200],
        [3, 2, 200],
        [4, 2, 200],
        [5, 1, 404],
      ],
    )
  })

  it('azure: deployment paths with api-version and the key in api-key; 401 without the key, 404 without the version', async () => {
    const { client, server } = await serve(null, 'azure')
    assert.equal(server.url, server.origin)
    assert.ok(isWellBehavedChat(await client.chat(), 'azure'))
    assert.ok(isWellBehavedEmbeddings(await client.embed('a'), 1))
    const body = { model: 'judge', messages: [{ role: 'user', content: 'hi' }] }
    const keyless = await client.post('/openai/deployments/judge/chat/completions?api-version=2024-10-21', body)
    assert.equal(keyless.status, 401)
    assert.match(keyless.json.error.message, /^Access denied due to invalid subscription key/)
    assert.equal((await client.post('/openai/deployments/judge/chat/completions', body, { 'api-key': 'k' })).status, 404)
  })

  it('anthropic: /v1/messages checks x-api-key and anthropic-version and reads the prompt id from the top-level system', async () => {
    const { client, server } = await serve(null, 'anthropic')
    assert.equal(server.url, server.origin)
    const reply = await client.chat({ prompt: 'claims@1' })
    assert.ok(isWellBehavedChat(reply, 'anthropic'), reply.text)
    assert.deepEqual(Object.keys(reply.json).sort(), ['content', 'id', 'model', 'role', 'stop_reason', 'stop_sequence', 'type', 'usage'])
    assert.deepEqual([reply.json.role, reply.json.stop_reason, reply.json.content[0].type], ['assistant', 'end_turn', 'text'])
    assert.deepEqual(JSON.parse(reply.json.content[0].text), { claims: ['满一年5天'] })
    const { system, user } = judgePrompt()
    const body = { model: 'm', max_tokens: 10, system, messages: [{ role: 'user', content: user }] }
    const noKey = await client.post('/v1/messages', body, { 'anthropic-version': '2023-06-01' })
    assert.deepEqual([noKey.status, noKey.json.error.type], [401, 'authentication_error'])
    const noVersion = await client.post('/v1/messages', body, { 'x-api-key': 'k' })
    assert.deepEqual([noVersion.status, noVersion.json.error.type], [400, 'invalid_request_error'])
  })

  it('anthropic: a forced tool (tools + tool_choice {type: tool, name}) gets a tool_use block whose input is the judge object', async () => {
    const { client } = await serve(null, 'anthropic')
    const reply = await client.chat({}, { tools: [{ name: 'grade', description: 'grade', input_schema: { type: 'object' } }], tool_choice: { type: 'tool', name: 'grade' } })
    assert.ok(isWellBehavedChat(reply, 'anthropic'), reply.text)
    const block = reply.json.content[0]
    assert.deepEqual([reply.json.stop_reason, block.type, block.name, block.input.accuracy], ['tool_use', 'tool_use', 'grade', 4])
    assert.ok(reply.json.usage.input_tokens > 0 && reply.json.usage.output_tokens > 0)
  })
})

/** The requests a judge run starts with: the preflight's chat and embeddings, then scoring calls, a flagged row and a long row. */
async function runOpening(client: ProbeClient): Promise<{ preflightChat: Reply; preflightEmbed: Reply; flagged: Reply; plain: Reply; long: Reply }> {
  const preflightChat = await client.chat({ preflight: true })
  const preflightEmbed = await client.embed(['evalgate preflight'])
  await client.chat()
  await client.embed(['甲'])
  const flagged = await client.chat({ flagged: true })
  const plain = await client.chat()
  const long = await client.chat({ long: true })
  await client.get('/v1/models')
  return { preflightChat, preflightEmbed, flagged, plain, long }
}

/**
 * What every behaviour promises about the requests it hits, checked on the opening of a judge run:
 * it never answers with a fault of the fake itself; a stop within STOP_AT_PREFLIGHT requests is
 * catchable by the preflight (its chat or embeddings request already goes wrong); a question
 * error hits only its rows (the flagged or long-prompt request goes wrong, an ordinary one does not).
 */
async function checkOpening(b: Behaviour): Promise<void> {
  const { client, server } = await serve(b)
  const { preflightChat, preflightEmbed, flagged, plain, long } = await runOpening(client)
  const unanswered = server.requests.filter((r) => r.status === null)
  assert.equal(unanswered.length, b.id === 'proxy-connection-reset-once' ? 1 : 0, 'requests reset without a reply')
  assert.ok(!server.requests.some((r) => r.status === 500 && JSON.stringify(r).includes('fake_error')), 'the fake threw')
  const chat = (reply: Reply) => isWellBehavedChat(reply, b.dialect)
  if (b.expect.kind === 'stop') assert.ok(!chat(preflightChat) || !isWellBehavedEmbeddings(preflightEmbed, 1), 'the preflight sees nothing wrong')
  if (b.expect.kind === 'question-error') {
    const hit = b.expect.hits === 'flagged' ? flagged : long
    // Ollama's truncation is the one that answers well-formed: it lies in usage instead
    assert.ok(!chat(hit) || hit.json?.usage?.prompt_tokens === 2048, `the ${b.expect.hits} row got a well-behaved reply`)
    assert.ok(chat(plain), `an ordinary row got ${plain.status} ${plain.text.slice(0, 200)}`)
  }
}

describe('every behaviour over HTTP', () => {
  for (const b of BEHAVIOURS) {
    describe(b.id, () => {
      it(`answers its sample requests as documented: ${b.what}`, async () => {
        const probe = PROBES[b.id]
        assert.ok(probe, `no probe for ${b.id}`)
        const { client, server } = await serve(b)
        await probe(client, server)
      })

      it(`keeps its promise (${b.expect.kind}) on the opening requests of a judge run`, async () => {
        await checkOpening(b)
      })
    })
  }
})
