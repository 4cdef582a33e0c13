/**
 * One probe per behaviour: sample requests over real HTTP and the documented wire detail each
 * must get back (status, headers, body shape), and the well-behaved answer where the behaviour
 * leaves a request alone. fakeEndpoint.test.ts runs them all and checks none is missing.
 */
import assert from 'node:assert/strict'
import { EMBEDDING_DIMENSIONS, embedText } from '../../../fakes/openai-server.ts'
import type { BehaviourServer } from './fakeEndpoint.ts'
import { isWellBehavedChat, isWellBehavedEmbeddings, type ProbeClient, type Reply } from './probeClient.ts'
import { LEAK_INTERVAL_MS, WINDOW_LIMIT, WINDOW_MS } from './behaviours/limiters.ts'
import { RUBRIC_REASONING_TOKENS } from './behaviours/openai.ts'

type Probe = (client: ProbeClient, server: BehaviourServer) => Promise<void>

const ok = (reply: Reply, dialect = 'openai') => assert.ok(isWellBehavedChat(reply, dialect), `expected a well-behaved reply, got ${reply.status} ${reply.contentType} ${reply.text.slice(0, 300)}`)
const okEmbeddings = (reply: Reply, inputs = 1) => assert.ok(isWellBehavedEmbeddings(reply, inputs), `expected embeddings, got ${reply.status} ${reply.text.slice(0, 200)}`)
const status = (reply: Reply, expected: number) => assert.equal(reply.status, expected, reply.text.slice(0, 300))
const err = (reply: Reply) => reply.json?.error
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The preflight passes, the first `failures` scoring chats get `check`ed, then the next one is well-behaved. */
function transient(failures: number, check: (reply: Reply) => void, dialect = 'openai'): Probe {
  return async (c) => {
    ok(await c.chat({ preflight: true }), dialect)
    for (let i = 0; i < failures; i++) check(await c.chat())
    ok(await c.chat(), dialect)
  }
}

/** Every chat request fails the same way; with `embeddingsWork`, embeddings still answer. */
function everyChat(check: (reply: Reply) => void, embeddingsWork: boolean): Probe {
  return async (c) => {
    check(await c.chat({ preflight: true }))
    check(await c.chat())
    check(await c.chat())
    if (embeddingsWork) okEmbeddings(await c.embed(['evalgate preflight']))
  }
}

/** Flagged requests get `check`ed; others are well-behaved. */
function flagged(check: (reply: Reply) => void, dialect = 'openai', extra: Record<string, unknown> = {}): Probe {
  return async (c) => {
    check(await c.chat({ flagged: true }, extra))
    ok(await c.chat({}, extra), dialect)
  }
}

/** Long prompts get `check`ed; ordinary ones are well-behaved. */
function longPrompt(check: (reply: Reply) => void): Probe {
  return async (c) => {
    check(await c.chat({ long: true }))
    ok(await c.chat())
  }
}

export const PROBES: Record<string, Probe> = {
  'openai-401-invalid-api-key': async (c) => {
    const reply = await c.chat()
    status(reply, 401)
    assert.equal(err(reply).code, 'invalid_api_key')
    status(await c.embed('x'), 401)
  },
  'openai-429-insufficient-quota': everyChat((r) => {
    status(r, 429)
    assert.equal(err(r).code, 'insufficient_quota')
    assert.equal(r.headers.get('retry-after'), null)
  }, false),
  'openai-404-model-not-found': everyChat((r) => {
    status(r, 404)
    assert.equal(err(r).code, 'model_not_found')
    assert.match(err(r).message, /`judge-model` does not exist/)
  }, true),
  'openai-429-ratelimit-reset-headers': transient(2, (r) => {
    status(r, 429)
    assert.equal(r.headers.get('retry-after'), null)
    assert.equal(r.headers.get('x-ratelimit-remaining-requests'), '0')
    assert.equal(r.headers.get('x-ratelimit-reset-requests'), '20ms')
    assert.equal(err(r).code, 'rate_limit_exceeded')
  }),
  'openai-500-server-error-once': transient(1, (r) => {
    status(r, 500)
    assert.equal(err(r).type, 'server_error')
  }),
  'openai-slow-reply-once': async (c) => {
    ok(await c.chat({ preflight: true }))
    const slow = await c.chat()
    ok(slow)
    assert.ok(slow.ms >= 2400, `answered after ${slow.ms} ms`)
    const fast = await c.chat()
    ok(fast)
    assert.ok(fast.ms < 1000, `answered after ${fast.ms} ms`)
  },
  'openai-reasoning-rejects-temperature': async (c) => {
    const reply = await c.chat({}, { temperature: 0 })
    status(reply, 400)
    assert.deepEqual([err(reply).param, err(reply).code], ['temperature', 'unsupported_value'])
    ok(await c.chat({}, { temperature: undefined }))
    ok(await c.chat({}, { temperature: 1 }))
  },
  'openai-reasoning-rejects-max-tokens': async (c) => {
    const reply = await c.chat()
    status(reply, 400)
    assert.deepEqual([err(reply).param, err(reply).code], ['max_tokens', 'unsupported_parameter'])
    ok(await c.chat({}, { max_tokens: undefined, max_completion_tokens: 4096 }))
  },
  'openai-reasoning-budget-exhausted': async (c) => {
    const cut = await c.chat({}, { max_tokens: undefined, max_completion_tokens: 4096 })
    status(cut, 200)
    const choice = cut.json.choices[0]
    assert.deepEqual([choice.message.content, choice.finish_reason], ['', 'length'])
    assert.deepEqual([cut.json.usage.completion_tokens, cut.json.usage.completion_tokens_details.reasoning_tokens], [4096, 4096])
    const roomy = await c.chat({}, { max_tokens: undefined, max_completion_tokens: 8192 })
    ok(roomy)
    assert.equal(roomy.json.usage.completion_tokens_details.reasoning_tokens, RUBRIC_REASONING_TOKENS)
    assert.ok(roomy.json.usage.completion_tokens > RUBRIC_REASONING_TOKENS)
    ok(await c.chat({ prompt: 'claims@1' }, { max_tokens: undefined, max_completion_tokens: 4096 }))
  },
  'openai-structured-outputs-refusal': flagged((r) => {
    status(r, 200)
    const message = r.json.choices[0].message
    assert.equal(message.content, null)
    assert.match(message.refusal, /cannot assist/)
    assert.equal(r.json.choices[0].finish_reason, 'stop')
  }),
  'openai-context-length-exceeded': async (c) => {
    const long = await c.chat({ long: true })
    status(long, 400)
    assert.equal(err(long).code, 'context_length_exceeded')
    assert.match(err(long).message, /maximum context length is 8192 tokens\. However, your messages resulted in \d+ tokens/)
    const greedy = await c.chat({}, { max_tokens: 8190 })
    status(greedy, 400)
    assert.match(err(greedy).message, /you requested \d+ tokens \(\d+ in the messages, 8190 in the completion\)/)
    ok(await c.chat())
  },
  'azure-401-access-denied': everyChat((r) => {
    status(r, 401)
    assert.deepEqual(Object.keys(err(r)).sort(), ['code', 'message'])
    assert.equal(err(r).code, '401')
  }, false),
  'azure-404-deployment-not-found': everyChat((r) => {
    status(r, 404)
    assert.equal(err(r).code, 'DeploymentNotFound')
  }, true),
  'azure-429-retry-after': transient(1, (r) => {
    status(r, 429)
    assert.equal(r.headers.get('retry-after'), '1')
    assert.match(err(r).message, /Please retry after 1 second/)
  }),
  'azure-content-filter-prompt-400': flagged((r) => {
    status(r, 400)
    assert.deepEqual([err(r).code, err(r).param, err(r).innererror.code], ['content_filter', 'prompt', 'ResponsibleAIPolicyViolation'])
    assert.equal(err(r).innererror.content_filter_result.violence.filtered, true)
  }),
  'azure-content-filter-completion': flagged((r) => {
    status(r, 200)
    const choice = r.json.choices[0]
    assert.deepEqual([choice.finish_reason, choice.message.content], ['content_filter', null])
    assert.equal(choice.content_filter_results.violence.severity, 'medium')
  }),
  'anthropic-401-invalid-x-api-key': everyChat((r) => {
    status(r, 401)
    assert.deepEqual([r.json.type, err(r).type, err(r).message], ['error', 'authentication_error', 'invalid x-api-key'])
  }, true),
  'anthropic-400-credit-balance-too-low': everyChat((r) => {
    status(r, 400)
    assert.equal(err(r).type, 'invalid_request_error')
    assert.match(err(r).message, /credit balance is too low/)
  }, true),
  'anthropic-529-overloaded-once': transient(
    1,
    (r) => {
      status(r, 529)
      assert.equal(err(r).type, 'overloaded_error')
    },
    'anthropic',
  ),
  'anthropic-429-ratelimit-headers': transient(
    1,
    (r) => {
      status(r, 429)
      assert.equal(err(r).type, 'rate_limit_error')
      assert.equal(r.headers.get('retry-after'), '1')
      assert.equal(r.headers.get('anthropic-ratelimit-input-tokens-remaining'), '0')
      const reset = Date.parse(r.headers.get('anthropic-ratelimit-input-tokens-reset') ?? '')
      assert.ok(reset > Date.now() && reset <= Date.now() + 2100, `reset ${r.headers.get('anthropic-ratelimit-input-tokens-reset')}`)
    },
    'anthropic',
  ),
  'anthropic-stop-reason-refusal': flagged((r) => {
    status(r, 200)
    assert.deepEqual([r.json.stop_reason, r.json.content, r.json.usage.output_tokens, r.json.stop_details.type], ['refusal', [], 0, 'refusal'])
  }, 'anthropic'),
  'anthropic-stop-reason-max-tokens': async (c) => {
    const cut = await c.chat({ flagged: true })
    status(cut, 200)
    assert.deepEqual([cut.json.stop_reason, cut.json.usage.output_tokens, cut.json.content[0].text.length], ['max_tokens', 4096, 4096 * 4])
    const tool = { tools: [{ name: 'grade', description: 'grade', input_schema: { type: 'object' } }], tool_choice: { type: 'tool', name: 'grade' } }
    const cutTool = await c.chat({ flagged: true }, tool)
    assert.deepEqual([cutTool.json.stop_reason, cutTool.json.content[0].type, cutTool.json.content[0].input], ['max_tokens', 'tool_use', {}])
    const larger = await c.chat({ flagged: true }, { max_tokens: 8192 })
    status(larger, 400)
    assert.equal(err(larger).message, 'max_tokens: 8192 > 4096, which is the maximum allowed number of output tokens for claude-3-haiku-20240307')
    ok(await c.chat(), 'anthropic')
  },
  'anthropic-compat-json-schema-needs-strict': async (c) => {
    const loose = await c.chat({}, { response_format: { type: 'json_schema', json_schema: { name: 'rubric', strict: false, schema: { type: 'object' } } } })
    status(loose, 400)
    assert.deepEqual([loose.json.type, err(loose).type, err(loose).message], ['error', 'invalid_request_error', 'response_format.json_schema.strict: Input should be True'])
    ok(await c.chat())
    ok(await c.chat({}, { response_format: { type: 'json_object' } }))
  },
  'gemini-429-array-retryinfo': transient(1, (r) => {
    status(r, 429)
    assert.ok(Array.isArray(r.json) && r.json.length === 1, r.text.slice(0, 100))
    assert.equal(r.headers.get('retry-after'), null)
    const details = r.json[0].error.details as { '@type': string; retryDelay?: string }[]
    assert.equal(details.find((d) => d['@type'].endsWith('RetryInfo'))?.retryDelay, '1s')
    assert.equal(r.json[0].error.status, 'RESOURCE_EXHAUSTED')
  }),
  'gemini-400-api-key-invalid-array': async (c) => {
    for (const reply of [await c.chat({ preflight: true }), await c.embed('x')]) {
      status(reply, 400)
      assert.ok(Array.isArray(reply.json))
      assert.equal(reply.json[0].error.details[0].reason, 'API_KEY_INVALID')
    }
  },
  'gemini-embeddings-omit-index-zero': async (c) => {
    const reply = await c.embed(['a', 'b'])
    status(reply, 200)
    assert.deepEqual(
      reply.json.data.map((d: { index?: number }) => d.index),
      [undefined, 1],
    )
    assert.deepEqual(reply.json.data[0].embedding, embedText('a'))
    ok(await c.chat())
  },
  'groq-400-json-validate-failed-once': transient(1, (r) => {
    status(r, 400)
    assert.equal(err(r).code, 'json_validate_failed')
    assert.equal(typeof err(r).failed_generation, 'string')
  }),
  'groq-429-tokens-retry-after': transient(1, (r) => {
    status(r, 429)
    assert.deepEqual(
      ['retry-after', 'x-ratelimit-remaining-tokens', 'x-ratelimit-reset-tokens', 'x-ratelimit-reset-requests'].map((h) => r.headers.get(h)),
      ['1', '0', '1s', '2m59.56s'],
    )
    assert.equal(err(r).type, 'tokens')
  }),
  'groq-400-model-decommissioned': everyChat((r) => {
    status(r, 400)
    assert.equal(err(r).code, 'model_decommissioned')
    assert.equal(typeof r.json.request_id, 'string')
  }, true),
  'groq-404-no-embeddings-endpoint': async (c) => {
    const reply = await c.embed(['evalgate preflight'])
    status(reply, 404)
    assert.equal(err(reply).code, 'unknown_url')
    ok(await c.chat())
  },
  'openrouter-200-error-body-429-once': transient(1, (r) => {
    status(r, 200)
    assert.equal(r.json.choices, undefined)
    assert.deepEqual([err(r).code, err(r).message], [429, 'Provider returned error'])
    assert.match(err(r).metadata.raw, /rate-limited upstream/)
  }),
  'openrouter-402-insufficient-credits': everyChat((r) => {
    status(r, 402)
    assert.equal(err(r).code, 402)
  }, false),
  'openrouter-403-moderation-flagged': flagged((r) => {
    status(r, 403)
    assert.equal(err(r).code, 403)
    assert.ok(Array.isArray(err(r).metadata.reasons))
    assert.ok(err(r).metadata.flagged_input.length <= 100)
  }),
  'deepseek-402-insufficient-balance': everyChat((r) => {
    status(r, 402)
    assert.equal(err(r).message, 'Insufficient Balance')
  }, false),
  'deepseek-keepalive-blank-lines': async (c) => {
    const reply = await c.chat()
    assert.ok(reply.text.startsWith('\n\n\n{'), JSON.stringify(reply.text.slice(0, 10)))
    ok(reply)
    ok(await c.chat({ preflight: true }))
  },
  'deepseek-422-json-schema-plain-text': async (c) => {
    const reply = await c.chat()
    status(reply, 422)
    assert.match(reply.contentType, /^text\/plain/)
    assert.match(reply.text, /^Failed to deserialize the JSON body into the target type: response_format: response_format.type `json_schema` is unavailable now at line 1 column \d+$/)
    ok(await c.chat({}, { response_format: { type: 'json_object' } }))
  },
  'ollama-404-model-not-found': everyChat((r) => {
    status(r, 404)
    assert.equal(err(r).message, 'model "judge-model" not found, try pulling it first')
  }, true),
  'ollama-num-ctx-silent-truncation': async (c, server) => {
    // a verdict prompt: what the model sees of the row's contexts decides the verdict
    const long = await c.chat({ long: true, prompt: 'verdict@1' })
    ok(long)
    assert.equal(long.json.usage.prompt_tokens, 2048)
    const sent = Math.ceil(JSON.stringify(server.requests.at(-1)!.body.messages).length / 4)
    assert.ok(sent > 2048, `the prompt was ${sent} tokens`)
    // the beginning of the row (its contexts) was cut off: the verdict differs from a whole read, silently
    assert.equal(JSON.parse(long.json.choices[0].message.content).verdict, 'not_mentioned')
    const short = await c.chat({ prompt: 'verdict@1' })
    ok(short)
    assert.equal(JSON.parse(short.json.choices[0].message.content).verdict, 'supported')
  },
  'ollama-v1-embeddings-empty-on-batch': async (c) => {
    const batch = await c.embed(['evalgate preflight'])
    status(batch, 200)
    assert.deepEqual(batch.json.data, [{ object: 'embedding', embedding: [], index: 0 }])
    assert.equal((await c.embed('one')).json.data[0].embedding.length, EMBEDDING_DIMENSIONS)
  },
  'ollama-native-api-as-base-url': async (c) => {
    const chat = await c.chat({ preflight: true })
    status(chat, 404)
    assert.deepEqual([chat.contentType, chat.text], ['text/plain', '404 page not found'])
    const embeddings = await c.embed(['evalgate preflight'])
    assert.deepEqual([embeddings.status, embeddings.json], [200, { embedding: [] }])
  },
  'vllm-404-model-does-not-exist': everyChat((r) => {
    status(r, 404)
    assert.deepEqual([r.json.object, r.json.type, r.json.code, r.json.error], ['error', 'NotFoundError', 404, undefined])
  }, true),
  'vllm-400-max-tokens-over-context-flat': async (c) => {
    const reply = await c.chat({ preflight: true })
    status(reply, 400)
    assert.deepEqual([reply.json.object, reply.json.type, reply.json.error], ['error', 'BadRequestError', undefined])
    assert.match(reply.json.message, /^This model's maximum context length is 4096 tokens\. However, you requested \d+ tokens \(\d+ in the messages, 4096 in the completion\)/)
    ok(await c.chat({ preflight: true }, { max_tokens: 1 }))
    ok(await c.chat({}, { max_tokens: undefined }))
  },
  'vllm-400-max-tokens-too-large': async (c) => {
    const reply = await c.chat()
    status(reply, 400)
    assert.match(err(reply).message, /^'max_tokens' or 'max_completion_tokens' is too large: 4096\. This model's maximum context length is 4096 tokens and your request has \d+ input tokens/)
    assert.equal(err(reply).code, 400)
    ok(await c.chat({}, { max_tokens: 100 }))
  },
  'llamacpp-503-loading-model': async (c) => {
    for (const reply of [await c.chat({ preflight: true }), await c.embed(['evalgate preflight'])]) {
      status(reply, 503)
      assert.deepEqual(err(reply), { code: 503, message: 'Loading model', type: 'unavailable_error' })
    }
    ok(await c.chat({ preflight: true }))
  },
  'llamacpp-400-exceed-context-size': longPrompt((r) => {
    status(r, 400)
    assert.equal(err(r).type, 'exceed_context_size_error')
    assert.ok(err(r).n_prompt_tokens > err(r).n_ctx)
  }),
  'llamacpp-501-embeddings-not-enabled': async (c) => {
    const reply = await c.embed(['evalgate preflight'])
    status(reply, 501)
    assert.equal(err(reply).type, 'not_supported_error')
    ok(await c.chat())
  },
  'lmstudio-404-no-models-loaded': everyChat((r) => {
    status(r, 404)
    assert.match(err(r).message, /^No models loaded/)
  }, true),
  'lmstudio-400-json-object-string-error': async (c) => {
    const reply = await c.chat({}, { response_format: { type: 'json_object' } })
    status(reply, 400)
    assert.equal(typeof err(reply), 'string')
    ok(await c.chat())
  },
  'nginx-502-bad-gateway-html': async (c) => {
    for (const reply of [await c.chat({ preflight: true }), await c.embed('x')]) {
      status(reply, 502)
      assert.equal(reply.contentType, 'text/html')
      assert.match(reply.text, /<title>502 Bad Gateway<\/title>[\s\S]*<center>nginx<\/center>/)
    }
  },
  'cloudflare-access-sign-in-page': async (c, server) => {
    const redirect = await c.chat({}, {}, { redirect: 'manual' })
    status(redirect, 302)
    assert.match(redirect.headers.get('location') ?? '', /^\/cdn-cgi\/access\/login\/.*redirect_url=%2Fv1%2Fchat%2Fcompletions/)
    const followed = await c.chat()
    assert.deepEqual([followed.status, followed.contentType], [200, 'text/html; charset=UTF-8'])
    assert.match(followed.text, /Cloudflare Access/)
    assert.deepEqual(
      server.requests.slice(-2).map((r) => [r.method, r.kind]),
      [
        ['POST', 'chat'],
        ['GET', 'other'],
      ],
    )
  },
  'kaito-sse-although-stream-false': async (c) => {
    const reply = await c.chat({}, { stream: false })
    status(reply, 200)
    assert.equal(reply.contentType, 'text/event-stream')
    const frames = reply.text.split('\n\n').filter(Boolean)
    assert.equal(frames.at(-1), 'data: [DONE]')
    const content = frames
      .slice(0, -1)
      .map((f) => JSON.parse(f.slice('data: '.length)).choices[0].delta.content ?? '')
      .join('')
    assert.deepEqual(JSON.parse(content).accuracy, 4)
  },
  'router-json-labelled-event-stream': async (c) => {
    const unlabelled = await c.chat()
    assert.equal(unlabelled.contentType, 'text/event-stream')
    assert.equal(unlabelled.json.object, 'chat.completion')
    ok(await c.chat({}, { stream: false }))
  },
  'router-messages-json-then-done': async (c) => {
    const reply = await c.chat({}, { stream: false })
    assert.deepEqual([reply.status, reply.contentType, reply.json], [200, 'text/event-stream', undefined])
    assert.ok(reply.text.endsWith('}data: [DONE]'))
    assert.equal(JSON.parse(reply.text.slice(0, -'data: [DONE]'.length)).type, 'message')
  },
  'litellm-429-budget-exceeded': everyChat((r) => {
    status(r, 429)
    assert.deepEqual([err(r).type, err(r).code], ['budget_exceeded', '429'])
    assert.equal(r.headers.get('retry-after'), null)
  }, false),
  'llama-stack-500-detail-on-every-call': everyChat((r) => {
    status(r, 500)
    assert.deepEqual(r.json, { detail: 'Internal server error: An unexpected error occurred.' })
  }, true),
  'proxy-connection-reset-once': async (c, server) => {
    ok(await c.chat({ preflight: true }))
    const reset = await c.chat()
    assert.equal(reset.status, 0)
    assert.equal(server.requests.at(-1)!.status, null)
    ok(await c.chat())
  },
  'openai-requests-per-window': async (c) => {
    await sleep(WINDOW_MS) // a fresh window
    const burst = await Promise.all(Array.from({ length: WINDOW_LIMIT + 2 }, () => c.chat()))
    assert.equal(burst.filter((r) => r.status === 200).length, WINDOW_LIMIT, burst.map((r) => r.status).join(','))
    for (const limited of burst.filter((r) => r.status === 429)) {
      assert.match(limited.headers.get('x-ratelimit-reset-requests') ?? '', /^\d+ms$/)
      assert.equal(limited.headers.get('retry-after'), null)
    }
    await sleep(WINDOW_MS)
    ok(await c.chat())
  },
  'nginx-limit-req-429-html': async (c) => {
    await sleep(LEAK_INTERVAL_MS)
    const pair = await Promise.all([c.chat(), c.chat()])
    assert.deepEqual(pair.map((r) => r.status).sort(), [200, 429])
    const limited = pair.find((r) => r.status === 429)!
    assert.equal(limited.contentType, 'text/html')
    assert.match(limited.text, /429 Too Many Requests/)
    await sleep(LEAK_INTERVAL_MS + 10)
    ok(await c.chat())
  },
}
