import assert from 'node:assert/strict'
import { after, before, beforeEach, describe, it } from 'node:test'
import OpenAI from 'openai'
import { cosine, embedText, FakeOpenAI, mulberry32, parsePromptId } from '../../fakes/openai-server.ts'

const fake = new FakeOpenAI({ seed: 7 })
let client: OpenAI

before(async () => {
  await fake.start()
  client = new OpenAI({ baseURL: fake.url, apiKey: 'test', maxRetries: 0 })
})

after(() => fake.stop())

beforeEach(() => {
  fake.reset()
  fake.options.rejectJsonSchema = false
  fake.options.rejectJsonObject = false
  fake.onChat(() => '{"accuracy": 4}')
  fake.onEmbeddings(null)
})

async function statusOf(promise: Promise<unknown>): Promise<InstanceType<typeof OpenAI.APIError>> {
  try {
    await promise
  } catch (error) {
    assert.ok(error instanceof OpenAI.APIError, `expected an APIError, got ${String(error)}`)
    return error
  }
  assert.fail('expected the call to fail')
}

const rubricMessages = [
  { role: 'system' as const, content: '[evalgate:rubric@2]\nYou grade answers.' },
  { role: 'user' as const, content: 'Question: 年假有几天？' },
]

describe('FakeOpenAI chat completions', () => {
  it('answers the SDK in the real format with the scripted content and parses the prompt id', async () => {
    fake.onChat(({ promptId, messages, attempt }) => JSON.stringify({ promptId, turns: messages.length, attempt }))
    const completion = await client.chat.completions.create({ model: 'gpt-test', messages: rubricMessages, temperature: 0 })
    assert.equal(completion.object, 'chat.completion')
    assert.equal(completion.model, 'gpt-test')
    assert.equal(completion.choices[0]?.finish_reason, 'stop')
    assert.deepEqual(JSON.parse(completion.choices[0]?.message.content ?? ''), { promptId: 'rubric@2', turns: 2, attempt: 1 })
    const promptChars = rubricMessages.reduce((sum, m) => sum + m.content.length, 0)
    assert.equal(completion.usage?.prompt_tokens, Math.ceil(promptChars / 4))
    assert.equal(completion.usage?.total_tokens, (completion.usage?.prompt_tokens ?? 0) + (completion.usage?.completion_tokens ?? 0))
    assert.deepEqual(fake.counts(), { chat: 1, embeddings: 0, byPrompt: { 'rubric@2': 1 }, faultsInjected: 0 })
    assert.equal(fake.requests[0]?.body.temperature, 0)
    assert.deepEqual(fake.unexpected, [])
  })

  it('counts a repeated identical request as attempt 2', async () => {
    const attempts: number[] = []
    fake.onChat(({ attempt }) => (attempts.push(attempt), 'ok'))
    await client.chat.completions.create({ model: 'm', messages: rubricMessages })
    await client.chat.completions.create({ model: 'm', messages: rubricMessages })
    assert.deepEqual(attempts, [1, 2])
  })

  it('passes a scripted status through to the SDK', async () => {
    fake.onChat(() => ({ status: 503, body: { error: { message: 'overloaded', type: 'server_error' } } }))
    const error = await statusOf(client.chat.completions.create({ model: 'm', messages: rubricMessages }))
    assert.equal(error.status, 503)
  })

  it('rejects json_schema with 400 when configured, and still takes json_object', async () => {
    fake.options.rejectJsonSchema = true
    const schema = { type: 'json_schema' as const, json_schema: { name: 'grade', schema: { type: 'object', properties: { accuracy: { type: 'integer' } } } } }
    const error = await statusOf(client.chat.completions.create({ model: 'm', messages: rubricMessages, response_format: schema }))
    assert.equal(error.status, 400)
    assert.match(error.message, /response_format json_schema is not supported/)
    const fallback = await client.chat.completions.create({ model: 'm', messages: rubricMessages, response_format: { type: 'json_object' } })
    assert.equal(fallback.choices[0]?.message.content, '{"accuracy": 4}')
    assert.equal(fake.counts().chat, 1)
  })

  it('rejects json_object with 400 when configured', async () => {
    fake.options.rejectJsonObject = true
    const error = await statusOf(client.chat.completions.create({ model: 'm', messages: rubricMessages, response_format: { type: 'json_object' } }))
    assert.equal(error.status, 400)
  })

  it('cuts the next answer for one prompt short of valid JSON, once', async () => {
    fake.onChat(() => '{"accuracy": 3, "reason": "covers both points"}')
    fake.invalidJsonOnce('rubric@2')
    const first = await client.chat.completions.create({ model: 'm', messages: rubricMessages })
    assert.throws(() => JSON.parse(first.choices[0]?.message.content ?? ''))
    const second = await client.chat.completions.create({ model: 'm', messages: rubricMessages })
    assert.deepEqual(JSON.parse(second.choices[0]?.message.content ?? ''), { accuracy: 3, reason: 'covers both points' })
  })
})

describe('FakeOpenAI embeddings', () => {
  it('gives identical texts cosine 1 and unrelated texts a low cosine through the SDK', async () => {
    const result = await client.embeddings.create({ model: 'text-embedding-3-small', input: ['年假有十天', '年假有十天', 'quarterly revenue grew'] })
    const [a, b, c] = result.data.map((d) => d.embedding)
    assert.equal(a?.length, 256)
    assert.ok(Math.abs(cosine(a!, b!) - 1) < 1e-6)
    assert.ok(cosine(a!, c!) < 0.2)
    assert.equal(result.model, 'text-embedding-3-small')
    assert.equal(fake.counts().embeddings, 1)
  })

  it('answers plain float arrays when the client asks for them', async () => {
    const result = await client.embeddings.create({ model: 'e', input: 'hello', encoding_format: 'float' })
    assert.deepEqual(result.data[0]?.embedding, embedText('hello'))
  })

  it('lets a test script the vectors', async () => {
    fake.onEmbeddings(({ inputs }) => inputs.map(() => [1, 0, 0]))
    const result = await client.embeddings.create({ model: 'e', input: ['x', 'y'], encoding_format: 'float' })
    assert.deepEqual(
      result.data.map((d) => d.embedding),
      [
        [1, 0, 0],
        [1, 0, 0],
      ],
    )
  })
})

describe('FakeOpenAI faults', () => {
  it('surfaces an injected 429 with its Retry-After header, not counted as handled', async () => {
    fake.faults({ rate429: 1, retryAfterSeconds: 3 })
    const error = await statusOf(client.chat.completions.create({ model: 'm', messages: rubricMessages }))
    assert.equal(error.status, 429)
    assert.equal(error.headers?.get('retry-after'), '3')
    assert.deepEqual(fake.counts(), { chat: 0, embeddings: 0, byPrompt: {}, faultsInjected: 1 })
    assert.equal(fake.requests[0]?.status, 429)
  })

  it('injects the same faults for the same seed', async () => {
    const run = async () => {
      fake.reset().faults({ rate500: 0.5 })
      const statuses: number[] = []
      for (let i = 0; i < 8; i++) {
        statuses.push(
          await client.chat.completions.create({ model: 'm', messages: rubricMessages }).then(
            () => 200,
            (e: InstanceType<typeof OpenAI.APIError>) => e.status ?? 0,
          ),
        )
      }
      return statuses
    }
    const first = await run()
    assert.deepEqual(await run(), first)
    assert.ok(first.includes(500) && first.includes(200), `expected a mix, got ${first.join(',')}`)
  })

  it('lets a request through after maxInARow faults in a row (transient faults)', async () => {
    fake.faults({ rate500: 1, maxInARow: 2 })
    const status = (content: string) =>
      client.chat.completions.create({ model: 'm', messages: [...rubricMessages, { role: 'user', content }] }).then(
        () => 200,
        (e: InstanceType<typeof OpenAI.APIError>) => e.status ?? 0,
      )
    const same = [await status('a'), await status('a'), await status('a'), await status('a')]
    assert.deepEqual(same, [500, 500, 200, 500])
    assert.equal(await status('b'), 500)
    assert.equal(fake.counts().faultsInjected, 4)
  })

  it('answers an unknown path with 404 and records it', async () => {
    const error = await statusOf(client.models.list())
    assert.equal(error.status, 404)
    assert.equal(fake.unexpected.length, 1)
    assert.equal(fake.unexpected[0]?.path, '/v1/models')
  })
})

describe('FakeOpenAI without recording (benches)', () => {
  it('answers as usual but keeps no request, and every repeat is a first attempt', async () => {
    const bare = await new FakeOpenAI({ record: false }).start()
    try {
      const attempts: number[] = []
      bare.onChat(({ attempt }) => (attempts.push(attempt), 'ok'))
      const bareClient = new OpenAI({ baseURL: bare.url, apiKey: 'test', maxRetries: 0 })
      for (let i = 0; i < 2; i++) {
        const completion = await bareClient.chat.completions.create({ model: 'm', messages: rubricMessages })
        assert.equal(completion.choices[0]?.message.content, 'ok')
      }
      assert.deepEqual(attempts, [1, 1])
      assert.equal(bare.requests.length, 0)
    } finally {
      await bare.stop()
    }
  })
})

describe('FakeOpenAI latency', () => {
  it('delays responses and stop() does not wait for pending timers', async () => {
    const slow = await new FakeOpenAI({ latencyMs: 60 }).start()
    slow.onChat(() => 'late')
    const slowClient = new OpenAI({ baseURL: slow.url, apiKey: 'test', maxRetries: 0 })
    const started = performance.now()
    await slowClient.chat.completions.create({ model: 'm', messages: rubricMessages })
    assert.ok(performance.now() - started >= 55)
    await slow.stop()
    // a reply due in 60 s: stop() must abort it rather than wait (the test would time out)
    const stuck = await new FakeOpenAI({ latencyMs: 60_000 }).start()
    stuck.onChat(() => 'never')
    const stuckClient = new OpenAI({ baseURL: stuck.url, apiKey: 'test', maxRetries: 0 })
    const pending = stuckClient.chat.completions.create({ model: 'm', messages: rubricMessages }).catch(() => 'aborted')
    await new Promise((resolve) => setTimeout(resolve, 10))
    await stuck.stop()
    assert.equal(await pending, 'aborted')
  })
})

describe('helpers', () => {
  it('parses the prompt id only from the first line of the first system message', () => {
    assert.equal(parsePromptId([{ role: 'system', content: '[evalgate:claims@2]\nrest' }]), 'claims@2')
    assert.equal(parsePromptId([{ role: 'system', content: [{ type: 'text', text: '[evalgate:x@1]' }] }]), 'x@1')
    assert.equal(parsePromptId([{ role: 'system', content: 'intro\n[evalgate:x@1]' }]), null)
    assert.equal(parsePromptId([{ role: 'user', content: '[evalgate:x@1]' }]), null)
  })

  it('mulberry32 is deterministic per seed', () => {
    const a = mulberry32(42)
    const b = mulberry32(42)
    assert.deepEqual([a(), a(), a()], [b(), b(), b()])
  })
})
