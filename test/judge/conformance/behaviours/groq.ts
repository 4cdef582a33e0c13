/** Groq (api.groq.com/openai/v1). */
import type { Behaviour } from '../behaviours.ts'
import { openaiError } from '../dialects.ts'
import { STOP_AT_PREFLIGHT, firstTimes, isScoringChat } from '../wire.ts'

const family = 'Groq'

export const GROQ: Behaviour[] = [
  {
    id: 'groq-400-json-validate-failed-once',
    family,
    source: 'thepersonalaicompany/amurex-backend#38',
    what: "The first scoring request that asks for a response format gets 400 json_validate_failed \"Failed to generate JSON. Please adjust your prompt. See 'failed_generation' for more details.\" with the model's broken output in error.failed_generation; every later request succeeds in the same format.",
    dialect: 'openai',
    // a sporadic validation failure is no format rejection: the run keeps json_schema
    expect: { kind: 'same', format: 'json_schema' },
    respond: (req, state) =>
      firstTimes(state, 'failed', 1, isScoringChat(req) && req.body?.response_format !== undefined)
        ? {
            status: 400,
            body: {
              error: {
                message: "Failed to generate JSON. Please adjust your prompt. See 'failed_generation' for more details.",
                type: 'invalid_request_error',
                code: 'json_validate_failed',
                failed_generation: '```json\n{"accuracy": 4, "relevance": 4, "reason": "no deductions"\n```',
              },
            },
          }
        : null,
  },
  {
    id: 'groq-429-tokens-retry-after',
    family,
    source: 'https://console.groq.com/docs/rate-limits',
    what: "The first scoring request gets 429 rate_limit_exceeded (type tokens) with retry-after: 1, x-ratelimit-remaining-tokens: 0 and x-ratelimit-reset-tokens: 1s, beside a request limit that is far from used up (x-ratelimit-remaining-requests: 14370) but resets in 2m59.56s; the wait to honour is the exhausted limit's, not the longest.",
    dialect: 'openai',
    expect: { kind: 'same' },
    respond: (req, state) =>
      firstTimes(state, 'limited', 1, isScoringChat(req))
        ? openaiError(
            429,
            'Rate limit reached for model `llama-3.3-70b-versatile` in organization `org_01conformance` service tier `on_demand` on tokens per minute (TPM): Limit 12000, Used 11500, Requested 1200. Please try again in 1s. Need more tokens? Upgrade to Dev Tier today at https://console.groq.com/settings/billing',
            'tokens',
            null,
            'rate_limit_exceeded',
            {
              'retry-after': '1',
              'x-ratelimit-limit-requests': '14400',
              'x-ratelimit-remaining-requests': '14370',
              'x-ratelimit-reset-requests': '2m59.56s',
              'x-ratelimit-limit-tokens': '12000',
              'x-ratelimit-remaining-tokens': '0',
              'x-ratelimit-reset-tokens': '1s',
            },
          )
        : null,
  },
  {
    id: 'groq-400-model-decommissioned',
    family,
    source: 'RightNow-AI/openfang#60',
    what: 'Every chat request gets 400 model_decommissioned "The model `…` has been decommissioned and is no longer supported. Please refer to https://console.groq.com/docs/deprecations …" with request_id and created_at beside the error.',
    dialect: 'openai',
    expect: { kind: 'stop', words: /decommissioned/i, maxRequests: STOP_AT_PREFLIGHT },
    respond: (req) =>
      req.kind === 'chat'
        ? {
            status: 400,
            body: {
              request_id: 'req_01kjf0gsxyej1syt7a6t1dptd1',
              created_at: '2026-02-27T07:37:56.926Z',
              error: {
                message: `The model \`${String(req.body?.model)}\` has been decommissioned and is no longer supported. Please refer to https://console.groq.com/docs/deprecations for a recommendation on which model to use instead.`,
                type: 'invalid_request_error',
                param: '',
                code: 'model_decommissioned',
              },
            },
          }
        : null,
  },
  {
    id: 'groq-404-no-embeddings-endpoint',
    family,
    source: 'crewAIInc/crewAI#522',
    what: 'Groq has no embeddings endpoint: every embeddings request gets 404 unknown_url "Unknown request URL: POST /openai/v1/embeddings. Please check the URL for typos, or see the docs at https://console.groq.com/docs/"; chat works.',
    dialect: 'openai',
    // with an embeddings model configured on this endpoint (with embeddings_model: none the run is the same, answer_relevancy off)
    expect: { kind: 'stop', words: /embeddings/i, maxRequests: STOP_AT_PREFLIGHT },
    respond: (req) =>
      req.kind === 'embeddings'
        ? openaiError(
            404,
            'Unknown request URL: POST /openai/v1/embeddings. Please check the URL for typos, or see the docs at https://console.groq.com/docs/',
            'invalid_request_error',
            null,
            'unknown_url',
          )
        : null,
  },
]
