/** OpenRouter (openrouter.ai/api/v1). */
import type { Behaviour } from '../behaviours.ts'
import { userText } from '../dialects.ts'
import { STOP_AT_PREFLIGHT, firstTimes, isFlagged, isScoringChat } from '../wire.ts'

const family = 'OpenRouter'
const ERRORS_DOCS = 'https://openrouter.ai/docs/api/reference/errors-and-debugging'

export const OPENROUTER: Behaviour[] = [
  {
    id: 'openrouter-200-error-body-429-once',
    family,
    source: ERRORS_DOCS,
    what: 'The first scoring request gets HTTP 200 whose body is not a completion but {"error":{"message":"Provider returned error","code":429,"metadata":{"raw":"… temporarily rate-limited upstream. Please retry shortly …","provider_name":…}}} (the shape from open-webui/computer#293); the error\'s code is the real status.',
    dialect: 'openai',
    expect: { kind: 'same' },
    respond: (req, state) =>
      firstTimes(state, 'failed', 1, isScoringChat(req))
        ? {
            status: 200,
            body: {
              error: {
                message: 'Provider returned error',
                code: 429,
                metadata: {
                  raw: 'z-ai/glm-4.6 is temporarily rate-limited upstream. Please retry shortly, or add your own key to accumulate your rate limits: https://openrouter.ai/settings/integrations',
                  provider_name: 'BaseTen',
                },
              },
              user_id: 'user_conformance',
            },
          }
        : null,
  },
  {
    id: 'openrouter-402-insufficient-credits',
    family,
    source: ERRORS_DOCS,
    what: 'Every request gets 402 {"error":{"code":402,"message":"Your account or API key has insufficient credits. Add more credits and retry the request."}}.',
    dialect: 'openai',
    expect: { kind: 'stop', words: /credit/i, maxRequests: STOP_AT_PREFLIGHT },
    respond: () => ({ status: 402, body: { error: { code: 402, message: 'Your account or API key has insufficient credits. Add more credits and retry the request.' } } }),
  },
  {
    id: 'openrouter-403-moderation-flagged',
    family,
    source: ERRORS_DOCS,
    what: 'A flagged request gets 403 {"error":{"code":403,"message":…,"metadata":{"reasons":[…],"flagged_input":…,"provider_name":…,"model_slug":…}}}: the chosen model requires moderation and the input was flagged.',
    dialect: 'openai',
    expect: { kind: 'question-error', words: /moderation|flagged/i, hits: 'flagged' },
    respond: (req) =>
      req.kind === 'chat' && isFlagged(req)
        ? {
            status: 403,
            body: {
              error: {
                code: 403,
                message: 'Your chosen model requires moderation and your input was flagged',
                metadata: { reasons: ['illicit'], flagged_input: userText(req).slice(0, 100), provider_name: 'OpenAI', model_slug: 'openai/gpt-4o-mini' },
              },
            },
          }
        : null,
  },
]
