/** Anthropic: the native Messages API (POST /v1/messages) and its OpenAI-compatible endpoint (/v1/chat/completions). */
import type { Behaviour } from '../behaviours.ts'
import { anthropicError, anthropicMessage, forcedTool, type FakeRequest } from '../dialects.ts'
import { STOP_AT_PREFLIGHT, firstTimes, isFlagged, isScoringChat } from '../wire.ts'

const family = 'Anthropic'
const ERRORS_DOCS = 'https://docs.claude.com/en/api/errors'
/** claude-3-haiku-20240307's output limit: a larger max_tokens is a 400, so a retry with a larger cap cannot help. */
const MODEL_MAX_OUTPUT = 4096

/** RFC 3339 time a second from now, rounded up to a whole second, as the anthropic-ratelimit-*-reset headers carry it. */
const resetInASecond = () => new Date(Math.ceil(Date.now() / 1000) * 1000 + 1000).toISOString().replace('.000Z', 'Z')

/** The reply a flagged request runs into the cap with: text that keeps going, cut at max_tokens tokens (4 characters each). */
function cutAtMaxTokens(req: FakeRequest, maxTokens: number): Record<string, unknown> {
  if (forcedTool(req.body)) {
    // the cap hit inside the tool call's input: the block is there, its input never finished
    return anthropicMessage(req, { content: [{ type: 'tool_use', id: `toolu_conformance_${req.n}`, name: forcedTool(req.body), input: {} }], stopReason: 'max_tokens', outputTokens: maxTokens })
  }
  const rambling = '{"accuracy": 2, "reason": "' + 'The answer restates the question before it gets to the reference points, '.repeat(Math.ceil((maxTokens * 4) / 70) + 1)
  return anthropicMessage(req, { text: rambling.slice(0, maxTokens * 4), stopReason: 'max_tokens', outputTokens: maxTokens })
}

export const ANTHROPIC: Behaviour[] = [
  {
    id: 'anthropic-401-invalid-x-api-key',
    family,
    source: ERRORS_DOCS,
    what: 'Every request gets 401 {"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"},"request_id":…}.',
    dialect: 'anthropic',
    expect: { kind: 'stop', words: /x-api-key|authentication|401/i, maxRequests: STOP_AT_PREFLIGHT },
    respond: (req) => (req.kind === 'chat' ? anthropicError(401, 'authentication_error', 'invalid x-api-key') : null),
  },
  {
    id: 'anthropic-400-credit-balance-too-low',
    family,
    source: 'anthropics/claude-code#4208',
    what: 'Every request gets 400 invalid_request_error "Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits." — a billing stop behind a 400.',
    dialect: 'anthropic',
    expect: { kind: 'stop', words: /credit/i, maxRequests: STOP_AT_PREFLIGHT },
    respond: (req) =>
      req.kind === 'chat'
        ? anthropicError(400, 'invalid_request_error', 'Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits.')
        : null,
  },
  {
    id: 'anthropic-529-overloaded-once',
    family,
    source: ERRORS_DOCS,
    what: 'The first scoring request gets 529 {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}, then every request succeeds.',
    dialect: 'anthropic',
    expect: { kind: 'same' },
    respond: (req, state) => (firstTimes(state, 'overloaded', 1, isScoringChat(req)) ? anthropicError(529, 'overloaded_error', 'Overloaded') : null),
  },
  {
    id: 'anthropic-429-ratelimit-headers',
    family,
    source: 'https://docs.claude.com/en/api/rate-limits',
    what: 'The first scoring request gets 429 rate_limit_error with retry-after: 1 and anthropic-ratelimit-input-tokens-remaining: 0 with its RFC 3339 reset a second ahead, then every request succeeds.',
    dialect: 'anthropic',
    expect: { kind: 'same' },
    respond: (req, state) =>
      firstTimes(state, 'limited', 1, isScoringChat(req))
        ? anthropicError(429, 'rate_limit_error', 'Number of request tokens has exceeded your per-minute rate limit', {
            'retry-after': '1',
            'anthropic-ratelimit-requests-limit': '50',
            'anthropic-ratelimit-requests-remaining': '49',
            'anthropic-ratelimit-requests-reset': resetInASecond(),
            'anthropic-ratelimit-input-tokens-limit': '50000',
            'anthropic-ratelimit-input-tokens-remaining': '0',
            'anthropic-ratelimit-input-tokens-reset': resetInASecond(),
          })
        : null,
  },
  {
    id: 'anthropic-stop-reason-refusal',
    family,
    source: 'https://platform.claude.com/docs/en/test-and-evaluate/strengthen-guardrails/handle-streaming-refusals',
    what: 'A flagged request gets 200 with content [], stop_reason "refusal", stop_details {type: refusal, category: cyber, explanation} and output_tokens 0.',
    dialect: 'anthropic',
    expect: { kind: 'question-error', words: /refus/i, hits: 'flagged' },
    respond: (req) =>
      req.kind === 'chat' && isFlagged(req)
        ? {
            status: 200,
            body: anthropicMessage(req, {
              content: [],
              stopReason: 'refusal',
              outputTokens: 0,
              extra: { stop_details: { type: 'refusal', category: 'cyber', explanation: 'This request was declined because it could enable cyber harm.' } },
            }),
          }
        : null,
  },
  {
    id: 'anthropic-stop-reason-max-tokens',
    family,
    source: 'https://platform.claude.com/docs/en/build-with-claude/handling-stop-reasons',
    what: `A flagged request runs into its cap: 200 with stop_reason "max_tokens", output_tokens equal to max_tokens and the text cut there (an empty tool_use input when a tool is forced); asking for more than the model's ${MODEL_MAX_OUTPUT} gets 400 "max_tokens: N > ${MODEL_MAX_OUTPUT}, which is the maximum allowed number of output tokens for claude-3-haiku-20240307" (OpenHands/OpenHands#11090).`,
    dialect: 'anthropic',
    expect: { kind: 'question-error', words: /max_tokens|max tokens/i, hits: 'flagged' },
    respond: (req) => {
      if (req.kind !== 'chat' || typeof req.body?.max_tokens !== 'number') return null
      const asked: number = req.body.max_tokens
      if (asked > MODEL_MAX_OUTPUT)
        return anthropicError(400, 'invalid_request_error', `max_tokens: ${asked} > ${MODEL_MAX_OUTPUT}, which is the maximum allowed number of output tokens for claude-3-haiku-20240307`)
      return isFlagged(req) ? { status: 200, body: cutAtMaxTokens(req, asked) } : null
    },
  },
  {
    id: 'anthropic-compat-json-schema-needs-strict',
    family,
    source: 'chrisvel/tududi#1383',
    what: 'The OpenAI-compatible endpoint (/v1/chat/completions) answers response_format json_schema without strict: true with 400 invalid_request_error "response_format.json_schema.strict: Input should be True"; with strict: true it answers.',
    dialect: 'openai',
    expect: { kind: 'same' },
    respond: (req) =>
      req.kind === 'chat' && req.body?.response_format?.type === 'json_schema' && req.body.response_format.json_schema?.strict !== true
        ? anthropicError(400, 'invalid_request_error', 'response_format.json_schema.strict: Input should be True')
        : null,
  },
]
