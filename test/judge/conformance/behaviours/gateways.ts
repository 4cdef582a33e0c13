/** What sits between the judge and a model: reverse proxies, access gateways, routers and serving stacks. */
import type { Behaviour } from '../behaviours.ts'
import { anthropicMessage, chatCompletion } from '../dialects.ts'
import { STOP_AT_PREFLIGHT, firstTimes, isScoringChat, nginxPage, sseFrames } from '../wire.ts'

const family = 'Proxies and gateways'

const ACCESS_LOGIN = '/cdn-cgi/access/login/judge.example.com'
const ACCESS_PAGE = `<!DOCTYPE html><html lang="en-US"><head><meta charset="utf-8"><title>Sign in ・ Cloudflare Access</title></head><body><div class="AuthBox"><h1>Sign in</h1><p>judge.example.com is protected by Cloudflare Access. Get a login code emailed to you.</p><form method="POST" action="${ACCESS_LOGIN}"><input type="email" name="email" placeholder="Email"><button type="submit">Send me a code</button></form></div></body></html>`

export const GATEWAYS: Behaviour[] = [
  {
    id: 'nginx-502-bad-gateway-html',
    family,
    source: 'Mintplex-Labs/anything-llm#3223',
    what: 'nginx in front of a stopped upstream answers every request with its built-in 502 page: text/html "<html>…<title>502 Bad Gateway</title>…<center>nginx</center>…".',
    dialect: 'openai',
    expect: { kind: 'stop', words: /502|bad gateway|html/i, maxRequests: STOP_AT_PREFLIGHT },
    respond: () => ({ status: 502, contentType: 'text/html', body: nginxPage(502, 'Bad Gateway') }),
  },
  {
    id: 'cloudflare-access-sign-in-page',
    family,
    source: 'StuMason/coolify-mcp#373',
    what: 'An endpoint behind Cloudflare Access answers a request without a service token with 302 to /cdn-cgi/access/login/…, where a 200 text/html sign-in page waits: a client that follows redirects gets HTML with status 200.',
    dialect: 'openai',
    expect: { kind: 'stop', words: /html|sign in|access/i, maxRequests: STOP_AT_PREFLIGHT },
    respond: (req) =>
      req.path.startsWith(ACCESS_LOGIN)
        ? { status: 200, contentType: 'text/html; charset=UTF-8', body: ACCESS_PAGE }
        : { status: 302, headers: { location: `${ACCESS_LOGIN}?kid=conformance&redirect_url=${encodeURIComponent(req.path)}` }, contentType: 'text/html', body: '' },
  },
  {
    id: 'kaito-sse-although-stream-false',
    family,
    source: 'kaito-project/kaito#1880',
    what: 'The serving stack wraps every chat reply in a StreamingResponse: 200 text/event-stream chat.completion.chunk frames ending in "data: [DONE]", although the request said stream: false (also unslothai/unsloth#6570).',
    dialect: 'openai',
    // the frames carry the whole completion: joined, they give the numbers a well-behaved endpoint gives
    expect: { kind: 'same' },
    respond: (req) => (req.kind === 'chat' ? { status: 200, contentType: 'text/event-stream', body: '', chunks: sseFrames(req) } : null),
  },
  {
    id: 'router-json-labelled-event-stream',
    family,
    source: 'decolua/9router#3301',
    what: 'A chat request without a `stream` field is treated as streaming: the reply is a complete chat.completion JSON body but labelled Content-Type: text/event-stream; with "stream": false it is application/json.',
    dialect: 'openai',
    expect: { kind: 'same' },
    respond: (req) => (req.kind === 'chat' && req.body?.stream === undefined ? { status: 200, contentType: 'text/event-stream', body: chatCompletion(req) } : null),
  },
  {
    id: 'router-messages-json-then-done',
    family,
    source: 'decolua/9router#1396',
    what: 'A /v1/messages request with stream: false gets 200 text/event-stream whose body is the Messages JSON with "data: [DONE]" glued to its end, so the body is not JSON.',
    dialect: 'anthropic',
    expect: { kind: 'stop', words: /event-stream|json/i, maxRequests: STOP_AT_PREFLIGHT },
    respond: (req) => (req.kind === 'chat' ? { status: 200, contentType: 'text/event-stream', body: `${JSON.stringify(anthropicMessage(req))}data: [DONE]` } : null),
  },
  {
    id: 'litellm-429-budget-exceeded',
    family,
    source: 'BerriAI/litellm#40002',
    what: 'A LiteLLM proxy key over its max_budget answers every request with 429 {"error":{"message":"Budget has been exceeded! … Max budget: 2.5","type":"budget_exceeded","param":null,"code":"429"}}: a 429 that no wait fixes.',
    dialect: 'openai',
    expect: { kind: 'stop', words: /budget/i, maxRequests: STOP_AT_PREFLIGHT },
    respond: () => ({
      status: 429,
      body: {
        error: {
          message: 'Budget has been exceeded! Key=e7fbc61f8b495ca3d88994cfa0fda7f12a8134d23f1346dccd7a2532dbd61a6d Current cost: 2.51, Max budget: 2.5',
          type: 'budget_exceeded',
          param: null,
          code: '429',
        },
      },
    }),
  },
  {
    id: 'llama-stack-500-detail-on-every-call',
    family,
    source: 'ogx-ai/ogx#2990',
    what: 'A Llama Stack server whose upstream rejects its key answers every chat request with 500 {"detail":"Internal server error: An unexpected error occurred."} (FastAPI\'s detail body, no error object): a 5xx that retries cannot fix.',
    dialect: 'openai',
    // a 5xx is retried, but a run must not send every planned call into it
    expect: { kind: 'stop', words: /500|internal server error/i, maxRequests: 12 },
    respond: (req) => (req.kind === 'chat' ? { status: 500, body: { detail: 'Internal server error: An unexpected error occurred.' } } : null),
  },
  {
    id: 'proxy-connection-reset-once',
    family,
    source: 'scalaone/azure-openai-proxy#21',
    what: 'A proxy resets the connection (ECONNRESET, no response) on the first scoring chat request; every later request succeeds.',
    dialect: 'openai',
    expect: { kind: 'same' },
    respond: (req, state) => (firstTimes(state, 'reset', 1, isScoringChat(req)) ? { status: 0, body: '', destroy: true } : null),
  },
]
