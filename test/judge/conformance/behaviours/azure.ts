/** Azure OpenAI, classic deployment layout (/openai/deployments/{name}/…?api-version=…, key in `api-key`). */
import type { Behaviour } from '../behaviours.ts'
import { chatCompletion } from '../dialects.ts'
import { STOP_AT_PREFLIGHT, firstTimes, isFlagged, isScoringChat } from '../wire.ts'

const family = 'Azure OpenAI'
const CONTENT_FILTER_DOCS = 'https://learn.microsoft.com/en-us/azure/ai-services/openai/concepts/content-filter'

const safe = { filtered: false, severity: 'safe' }
/** The per-category verdicts Azure attaches to a filtered prompt or completion: here violence at medium. */
const filterResult = { hate: safe, self_harm: safe, sexual: safe, violence: { filtered: true, severity: 'medium' } }

export const AZURE: Behaviour[] = [
  {
    id: 'azure-401-access-denied',
    family,
    source: 'microsoft/semantic-kernel#10337',
    what: 'Every request gets 401 {"error":{"code":"401","message":"Access denied due to invalid subscription key or wrong API endpoint…"}} (no type, code a string).',
    dialect: 'azure',
    expect: { kind: 'stop', words: /access denied|key|401/i, maxRequests: STOP_AT_PREFLIGHT },
    respond: () => ({
      status: 401,
      body: {
        error: {
          code: '401',
          message:
            'Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource.',
        },
      },
    }),
  },
  {
    id: 'azure-404-deployment-not-found',
    family,
    source: 'chatboxai/chatbox#861',
    what: 'Every chat request gets 404 {"error":{"code":"DeploymentNotFound","message":"The API deployment for this resource does not exist…"}}.',
    dialect: 'azure',
    expect: { kind: 'stop', words: /deployment/i, maxRequests: STOP_AT_PREFLIGHT },
    respond: (req) =>
      req.kind === 'chat'
        ? {
            status: 404,
            body: {
              error: {
                code: 'DeploymentNotFound',
                message: 'The API deployment for this resource does not exist. If you created the deployment within the last 5 minutes, please wait a moment and try again.',
              },
            },
          }
        : null,
  },
  {
    id: 'azure-429-retry-after',
    family,
    source: 'microsoft/sample-app-aoai-chatGPT#406',
    what: 'The first scoring chat request gets 429 {"error":{"code":"429","message":"Requests to the ChatCompletions_Create Operation … have exceeded token rate limit … Please retry after 1 second. …"}} with retry-after: 1, then every request succeeds.',
    dialect: 'azure',
    expect: { kind: 'same' },
    respond: (req, state) =>
      firstTimes(state, 'limited', 1, isScoringChat(req))
        ? {
            status: 429,
            headers: { 'retry-after': '1' },
            body: {
              error: {
                code: '429',
                message:
                  'Requests to the ChatCompletions_Create Operation under Azure OpenAI API version 2024-10-21 have exceeded token rate limit of your current OpenAI S0 pricing tier. Please retry after 1 second. Please go here: https://aka.ms/oai/quotaincrease if you would like to further increase the default rate limit.',
              },
            },
          }
        : null,
  },
  {
    id: 'azure-content-filter-prompt-400',
    family,
    source: CONTENT_FILTER_DOCS,
    what: 'A flagged prompt gets 400 with error.code content_filter, param prompt and innererror {code: ResponsibleAIPolicyViolation, content_filter_result: {violence: {filtered: true, severity: medium}, …}}.',
    dialect: 'azure',
    expect: { kind: 'question-error', words: /content.?filter|filtered/i, hits: 'flagged' },
    respond: (req) =>
      req.kind === 'chat' && isFlagged(req)
        ? {
            status: 400,
            body: {
              error: {
                message:
                  "The response was filtered due to the prompt triggering Azure OpenAI's content management policy. Please modify your prompt and retry. To learn more about our content filtering policies please read our documentation: https://go.microsoft.com/fwlink/?linkid=2198766",
                type: null,
                param: 'prompt',
                code: 'content_filter',
                status: 400,
                innererror: { code: 'ResponsibleAIPolicyViolation', content_filter_result: filterResult },
              },
            },
          }
        : null,
  },
  {
    id: 'azure-content-filter-completion',
    family,
    source: CONTENT_FILTER_DOCS,
    what: 'A flagged request gets 200 whose choice has finish_reason content_filter, message.content null and content_filter_results naming the category.',
    dialect: 'azure',
    expect: { kind: 'question-error', words: /content.?filter|filtered/i, hits: 'flagged' },
    respond: (req) =>
      req.kind === 'chat' && isFlagged(req)
        ? { status: 200, body: chatCompletion(req, { content: null, finishReason: 'content_filter', completionTokens: 0, choice: { content_filter_results: filterResult } }) }
        : null,
  },
]
