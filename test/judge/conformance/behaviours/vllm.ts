/** vLLM's OpenAI-compatible server (vllm serve), before and after 0.10.1 moved its errors under a top-level `error`. */
import type { Behaviour } from '../behaviours.ts'
import { STOP_AT_PREFLIGHT, outputCap, promptTokens } from '../wire.ts'

const family = 'vLLM'
/** --max-model-len of a 4k model: the default max_tokens of 4,096 alone fills it. */
const MAX_MODEL_LEN = 4096

/** vLLM's ErrorResponse before 0.10.1: the fields at the top level, no `error` object. */
const flatError = (status: number, type: string, message: string) => ({ status, body: { object: 'error', message, type, param: null, code: status } })

export const VLLM: Behaviour[] = [
  {
    id: 'vllm-404-model-does-not-exist',
    family,
    source: 'vllm-project/vllm#3485',
    what: 'Every chat request naming a model the server does not serve gets 404 {"object":"error","message":"The model `…` does not exist.","type":"NotFoundError","param":null,"code":404} (no top-level error object).',
    dialect: 'openai',
    expect: { kind: 'stop', words: /does not exist|model/i, maxRequests: STOP_AT_PREFLIGHT },
    respond: (req) => (req.kind === 'chat' ? flatError(404, 'NotFoundError', `The model \`${String(req.body?.model)}\` does not exist.`) : null),
  },
  {
    id: 'vllm-400-max-tokens-over-context-flat',
    family,
    source: 'vllm-project/vllm#12886',
    what: `A ${MAX_MODEL_LEN}-token model (before 0.10.1) answers every request whose prompt plus max_tokens exceeds it with 400 {"object":"error","message":"This model's maximum context length is ${MAX_MODEL_LEN} tokens. However, you requested N tokens (P in the messages, M in the completion). Please reduce the length of the messages or completion.","type":"BadRequestError",…}; max_tokens: 4096 alone fills it, max_tokens: 1 passes.`,
    dialect: 'openai',
    expect: { kind: 'stop', words: /max_tokens|context length/i, maxRequests: STOP_AT_PREFLIGHT },
    respond: (req) => {
      const cap = outputCap(req)
      if (req.kind !== 'chat' || cap === null || promptTokens(req) + cap <= MAX_MODEL_LEN) return null
      const prompt = promptTokens(req)
      return flatError(
        400,
        'BadRequestError',
        `This model's maximum context length is ${MAX_MODEL_LEN} tokens. However, you requested ${prompt + cap} tokens (${prompt} in the messages, ${cap} in the completion). Please reduce the length of the messages or completion.`,
      )
    },
  },
  {
    id: 'vllm-400-max-tokens-too-large',
    family,
    source: 'vllm-project/vllm#22099',
    what: `Since 0.10.1 the same server answers the same request with 400 {"error":{"message":"'max_tokens' or 'max_completion_tokens' is too large: M. This model's maximum context length is ${MAX_MODEL_LEN} tokens and your request has P input tokens (M > ${MAX_MODEL_LEN} - P).","type":"BadRequestError","param":null,"code":400}}.`,
    dialect: 'openai',
    expect: { kind: 'stop', words: /max_tokens|context length/i, maxRequests: STOP_AT_PREFLIGHT },
    respond: (req) => {
      const cap = outputCap(req)
      if (req.kind !== 'chat' || cap === null || promptTokens(req) + cap <= MAX_MODEL_LEN) return null
      const prompt = promptTokens(req)
      const message = `'max_tokens' or 'max_completion_tokens' is too large: ${cap}. This model's maximum context length is ${MAX_MODEL_LEN} tokens and your request has ${prompt} input tokens (${cap} > ${MAX_MODEL_LEN} - ${prompt}).`
      return { status: 400, body: { error: { message, type: 'BadRequestError', param: null, code: 400 } } }
    },
  },
]
