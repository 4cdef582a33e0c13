/** api.openai.com, including its reasoning models (o-series, gpt-5). */
import type { Behaviour } from '../behaviours.ts'
import { chatCompletion, openaiError, tokensOf, simulate, judgeMessages } from '../dialects.ts'
import { STOP_AT_PREFLIGHT, firstTimes, isFlagged, isScoringChat, outputCap, promptIdOf, promptTokens } from '../wire.ts'

const family = 'OpenAI'

/** What the reasoning model spends thinking on a rubric prompt before it writes a word: more than the default cap of 4,096, well within its 100,000-token output limit. */
export const RUBRIC_REASONING_TOKENS = 4500
const OTHER_REASONING_TOKENS = 300
const CONTEXT_TOKENS = 8192

export const OPENAI: Behaviour[] = [
  {
    id: 'openai-401-invalid-api-key',
    family,
    source: 'https://platform.openai.com/docs/guides/error-codes',
    what: 'Every request gets 401 {"error":{"message":"Incorrect API key provided: sk-confo…-key. You can find your API key at https://platform.openai.com/account/api-keys.","type":"invalid_request_error","param":null,"code":"invalid_api_key"}}.',
    dialect: 'openai',
    expect: { kind: 'stop', words: /api key|401/i, maxRequests: STOP_AT_PREFLIGHT },
    respond: () =>
      openaiError(
        401,
        'Incorrect API key provided: sk-confo**************-key. You can find your API key at https://platform.openai.com/account/api-keys.',
        'invalid_request_error',
        null,
        'invalid_api_key',
      ),
  },
  {
    id: 'openai-429-insufficient-quota',
    family,
    source: 'mattvr/ShellGPT#23',
    what: 'Every request gets 429 {"error":{"message":"You exceeded your current quota, please check your plan and billing details. …","type":"insufficient_quota","param":null,"code":"insufficient_quota"}} and no retry-after: a billing stop behind the rate-limit status.',
    dialect: 'openai',
    expect: { kind: 'stop', words: /quota|billing/i, maxRequests: STOP_AT_PREFLIGHT },
    respond: () =>
      openaiError(
        429,
        'You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.',
        'insufficient_quota',
        null,
        'insufficient_quota',
      ),
  },
  {
    id: 'openai-404-model-not-found',
    family,
    source: 'timkmecl/chatgpt-vscode#45',
    what: 'Every chat request gets 404 model_not_found "The model `…` does not exist or you do not have access to it."; embeddings work.',
    dialect: 'openai',
    expect: { kind: 'stop', words: /does not exist|model/i, maxRequests: STOP_AT_PREFLIGHT },
    respond: (req) =>
      req.kind === 'chat' ? openaiError(404, `The model \`${String(req.body?.model)}\` does not exist or you do not have access to it.`, 'invalid_request_error', null, 'model_not_found') : null,
  },
  {
    id: 'openai-429-ratelimit-reset-headers',
    family,
    source: 'https://platform.openai.com/docs/guides/rate-limits',
    what: 'The first two scoring chat requests get 429 rate_limit_exceeded with no retry-after, only x-ratelimit-remaining-requests: 0 and x-ratelimit-reset-requests: 20ms (Go duration format), then every request succeeds.',
    dialect: 'openai',
    expect: { kind: 'same' },
    respond: (req, state) =>
      firstTimes(state, 'limited', 2, isScoringChat(req))
        ? openaiError(
            429,
            'Rate limit reached for gpt-4o-mini in organization org-conformance on requests per min (RPM): Limit 3, Used 3, Requested 1. Please try again in 20ms. Visit https://platform.openai.com/account/rate-limits to learn more.',
            'requests',
            null,
            'rate_limit_exceeded',
            {
              'x-ratelimit-limit-requests': '3',
              'x-ratelimit-remaining-requests': '0',
              'x-ratelimit-reset-requests': '20ms',
              'x-ratelimit-limit-tokens': '150000',
              'x-ratelimit-remaining-tokens': '149984',
              'x-ratelimit-reset-tokens': '6ms',
            },
          )
        : null,
  },
  {
    id: 'openai-500-server-error-once',
    family,
    source: 'openai/openai-cua-sample-app#54',
    what: 'The first scoring chat request gets 500 server_error "The server had an error processing your request…", then every request succeeds.',
    dialect: 'openai',
    expect: { kind: 'same' },
    respond: (req, state) =>
      firstTimes(state, 'failed', 1, isScoringChat(req))
        ? openaiError(
            500,
            'The server had an error processing your request. Sorry about that! You can retry your request, or contact us through our help center at help.openai.com if you keep seeing this error. (Please include the request ID req_540c6eaab7f4556b2baa22bcba915d51 in your email.)',
            'server_error',
          )
        : null,
  },
  {
    id: 'openai-slow-reply-once',
    family,
    source: 'langchain-ai/langchain#21919',
    what: 'The first scoring chat request is answered only after 2.5 s (past a judge.timeout_ms of 1,000, which the test sets), then every request is answered at once.',
    dialect: 'openai',
    expect: { kind: 'same' },
    respond: (req, state) => (firstTimes(state, 'slow', 1, isScoringChat(req)) ? { status: 200, body: chatCompletion(req), delayMs: 2500 } : null),
    timeoutMs: 1000,
  },
  {
    id: 'openai-reasoning-rejects-temperature',
    family,
    source: 'OpenHands/OpenHands#4131',
    what: 'A reasoning model answers any temperature but 1 with 400 unsupported_value "Unsupported value: \'temperature\' does not support 0 with this model. Only the default (1) value is supported."',
    dialect: 'openai',
    expect: { kind: 'same' },
    respond: (req) =>
      req.kind === 'chat' && req.body?.temperature !== undefined && req.body?.temperature !== 1
        ? openaiError(
            400,
            `Unsupported value: 'temperature' does not support ${String(req.body.temperature)} with this model. Only the default (1) value is supported.`,
            'invalid_request_error',
            'temperature',
            'unsupported_value',
          )
        : null,
  },
  {
    id: 'openai-reasoning-rejects-max-tokens',
    family,
    source: 'ITSpecialist111/ai_automation_suggester#38',
    what: "A reasoning model answers max_tokens with 400 unsupported_parameter \"Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.\"",
    dialect: 'openai',
    expect: { kind: 'same' },
    respond: (req) =>
      req.kind === 'chat' && req.body?.max_tokens !== undefined
        ? openaiError(400, "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.", 'invalid_request_error', 'max_tokens', 'unsupported_parameter')
        : null,
  },
  {
    id: 'openai-reasoning-budget-exhausted',
    family,
    source: 'covan-ai/covan#112',
    what: `A reasoning model spends ${RUBRIC_REASONING_TOKENS} hidden tokens on a rubric prompt (${OTHER_REASONING_TOKENS} on others) and reports them in usage.completion_tokens_details.reasoning_tokens; when the request's cap is smaller it answers 200 with content "", finish_reason length and reasoning_tokens equal to the cap.`,
    dialect: 'openai',
    // the rule: a reply cut at the cap is retried once with a larger cap where the model allows it (this one allows 100,000)
    expect: { kind: 'same' },
    respond: (req) => {
      if (req.kind !== 'chat') return null
      const reasoning = promptIdOf(req)?.startsWith('rubric@') ? RUBRIC_REASONING_TOKENS : OTHER_REASONING_TOKENS
      const answer = simulate(judgeMessages(req.body), req.body)
      const cap = outputCap(req)
      if (cap !== null && cap < reasoning + tokensOf(answer)) return { status: 200, body: chatCompletion(req, { content: '', finishReason: 'length', completionTokens: cap, reasoningTokens: cap }) }
      return { status: 200, body: chatCompletion(req, { content: answer, reasoningTokens: reasoning }) }
    },
  },
  {
    id: 'openai-structured-outputs-refusal',
    family,
    source: 'https://platform.openai.com/docs/guides/structured-outputs#refusals',
    what: 'A flagged request gets 200 with message.content null, message.refusal "I\'m sorry, I cannot assist with that request." and finish_reason stop.',
    dialect: 'openai',
    expect: { kind: 'question-error', words: /refus/i, hits: 'flagged' },
    respond: (req) =>
      req.kind === 'chat' && isFlagged(req) ? { status: 200, body: chatCompletion(req, { content: null, message: { refusal: "I'm sorry, I cannot assist with that request." } }) } : null,
  },
  {
    id: 'openai-context-length-exceeded',
    family,
    source: 'crewAIInc/crewAI-examples#121',
    what: `An ${CONTEXT_TOKENS}-token model answers a prompt longer than its context with 400 context_length_exceeded "This model's maximum context length is ${CONTEXT_TOKENS} tokens. However, your messages resulted in N tokens…" (and prompt plus max_tokens over it with "However, you requested N tokens (P in the messages, M in the completion)…").`,
    dialect: 'openai',
    expect: { kind: 'question-error', words: /context length/i, hits: 'long-prompt' },
    respond: (req) => {
      if (req.kind !== 'chat') return null
      const prompt = promptTokens(req)
      const cap = outputCap(req) ?? 0
      const limit = `This model's maximum context length is ${CONTEXT_TOKENS} tokens.`
      if (prompt > CONTEXT_TOKENS)
        return openaiError(
          400,
          `${limit} However, your messages resulted in ${prompt} tokens. Please reduce the length of the messages.`,
          'invalid_request_error',
          'messages',
          'context_length_exceeded',
        )
      if (prompt + cap > CONTEXT_TOKENS)
        return openaiError(
          400,
          `${limit} However, you requested ${prompt + cap} tokens (${prompt} in the messages, ${cap} in the completion). Please reduce the length of the messages or completion.`,
          'invalid_request_error',
          'messages',
          'context_length_exceeded',
        )
      return null
    },
  },
]
