/** DeepSeek (api.deepseek.com). */
import type { Behaviour } from '../behaviours.ts'
import { chatCompletion } from '../dialects.ts'
import { STOP_AT_PREFLIGHT } from '../wire.ts'

const family = 'DeepSeek'

export const DEEPSEEK: Behaviour[] = [
  {
    id: 'deepseek-402-insufficient-balance',
    family,
    source: 'Aider-AI/aider#4851',
    what: 'Every request gets 402 {"error":{"message":"Insufficient Balance","type":"unknown_error","param":null,"code":"invalid_request_error"}} (https://api-docs.deepseek.com/quick_start/error_codes: top up).',
    dialect: 'openai',
    expect: { kind: 'stop', words: /balance/i, maxRequests: STOP_AT_PREFLIGHT },
    respond: () => ({ status: 402, body: { error: { message: 'Insufficient Balance', type: 'unknown_error', param: null, code: 'invalid_request_error' } } }),
  },
  {
    id: 'deepseek-keepalive-blank-lines',
    family,
    source: 'https://api-docs.deepseek.com/quick_start/rate_limit',
    what: 'Under load a non-streaming reply is preceded by empty lines sent while the request waits (here three "\\n" writes), then the JSON completion, all as application/json.',
    dialect: 'openai',
    expect: { kind: 'same' },
    respond: (req) => (req.kind === 'chat' ? { status: 200, body: '', chunks: ['\n', '\n', '\n', JSON.stringify(chatCompletion(req))] } : null),
  },
  {
    id: 'deepseek-422-json-schema-plain-text',
    family,
    source: 'browser-use/browser-use#215',
    what: 'response_format json_schema gets 422 with a text/plain serde message "Failed to deserialize the JSON body into the target type: response_format: response_format.type `json_schema` is unavailable now at line 1 column N"; json_object works.',
    dialect: 'openai',
    // a 4xx that names the response format: step down for this run
    expect: { kind: 'same', format: 'json_object' },
    respond: (req) =>
      req.kind === 'chat' && req.body?.response_format?.type === 'json_schema'
        ? {
            status: 422,
            contentType: 'text/plain; charset=utf-8',
            body: `Failed to deserialize the JSON body into the target type: response_format: response_format.type \`json_schema\` is unavailable now at line 1 column ${JSON.stringify(req.body).indexOf('"response_format"') + 20}`,
          }
        : null,
  },
]
