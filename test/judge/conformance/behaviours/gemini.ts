/** Gemini's OpenAI-compatible endpoint (generativelanguage.googleapis.com/v1beta/openai/). */
import type { Behaviour } from '../behaviours.ts'
import { embeddingsList } from '../dialects.ts'
import { STOP_AT_PREFLIGHT, firstTimes, isScoringChat } from '../wire.ts'

const family = 'Gemini (OpenAI-compatible)'

export const GEMINI: Behaviour[] = [
  {
    id: 'gemini-429-array-retryinfo',
    family,
    source: 'AtomicBot-ai/atomic-agent#267',
    what: 'The first scoring request gets 429 whose body is a JSON array [{"error":{"code":429,"status":"RESOURCE_EXHAUSTED","message":"You exceeded your current quota…","details":[QuotaFailure (per-minute), RetryInfo {"retryDelay":"1s"}]}}] and no retry-after header; the wait is only in the body (the array framing: n4ze3m/page-assist#406).',
    dialect: 'openai',
    expect: { kind: 'same' },
    respond: (req, state) =>
      firstTimes(state, 'limited', 1, isScoringChat(req))
        ? {
            status: 429,
            body: [
              {
                error: {
                  code: 429,
                  message:
                    'You exceeded your current quota, please check your plan and billing details. For more information on this error, head to: https://ai.google.dev/gemini-api/docs/rate-limits.\n* Quota exceeded for metric: generativelanguage.googleapis.com/generate_content_free_tier_requests, limit: 10, model: gemini-2.5-flash\nPlease retry in 1s.',
                  status: 'RESOURCE_EXHAUSTED',
                  details: [
                    {
                      '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
                      violations: [
                        {
                          quotaMetric: 'generativelanguage.googleapis.com/generate_content_free_tier_requests',
                          quotaId: 'GenerateRequestsPerMinutePerProjectPerModel-FreeTier',
                          quotaDimensions: { location: 'global', model: 'gemini-2.5-flash' },
                          quotaValue: '10',
                        },
                      ],
                    },
                    { '@type': 'type.googleapis.com/google.rpc.Help', links: [{ description: 'Learn more about Gemini API quotas', url: 'https://ai.google.dev/gemini-api/docs/rate-limits' }] },
                    { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '1s' },
                  ],
                },
              },
            ],
          }
        : null,
  },
  {
    id: 'gemini-400-api-key-invalid-array',
    family,
    source: 'continuedev/continue#10290',
    what: 'Every request gets 400 with a JSON-array body [{"error":{"code":400,"message":"API key not valid. Please pass a valid API key.","status":"INVALID_ARGUMENT","details":[ErrorInfo reason API_KEY_INVALID, …]}}] — no top-level error object, and a 400 that means the key.',
    dialect: 'openai',
    expect: { kind: 'stop', words: /api key/i, maxRequests: STOP_AT_PREFLIGHT },
    respond: () => ({
      status: 400,
      body: [
        {
          error: {
            code: 400,
            message: 'API key not valid. Please pass a valid API key.',
            status: 'INVALID_ARGUMENT',
            details: [
              { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com', metadata: { service: 'generativelanguage.googleapis.com' } },
              { '@type': 'type.googleapis.com/google.rpc.LocalizedMessage', locale: 'en-US', message: 'API key not valid. Please pass a valid API key.' },
            ],
          },
        },
      ],
    }),
  },
  {
    id: 'gemini-embeddings-omit-index-zero',
    family,
    source: 'samfoy/pi-session-search#13',
    what: 'Embeddings replies leave out "index" on the first item (protobuf drops the default 0); the items are still in input order.',
    dialect: 'openai',
    expect: { kind: 'same' },
    respond: (req) => {
      if (req.kind !== 'embeddings') return null
      const reply = embeddingsList(req)
      const data = (reply.body as { data?: Record<string, unknown>[] }).data
      if (data?.[0]) delete data[0].index
      return reply
    },
  },
]
