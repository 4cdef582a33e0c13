/** Ollama (localhost:11434): its OpenAI-compatible /v1 endpoint, and its native /api root when base_url points there. */
import type { Behaviour } from '../behaviours.ts'
import { chatCompletion, judgeMessages, simulate, type FakeRequest } from '../dialects.ts'
import { STOP_AT_PREFLIGHT, promptTokens } from '../wire.ts'

const family = 'Ollama'
/** Ollama's default num_ctx before 0.6 (and on small GPUs since): a longer prompt is cut to it, silently. */
const NUM_CTX = 2048

/**
 * The reply to what the model saw after Ollama cut the prompt to NUM_CTX tokens: the runner keeps
 * the first few tokens and the end ("truncating input prompt" limit=2048 keep=5 new=2048), so the
 * beginning of the user turn (the question, the contexts) is gone. The judge still sees its
 * instructions here so the fake stays deterministic; what it reads of the row is only the tail.
 */
function truncatedReply(req: FakeRequest): Record<string, unknown> {
  const messages = judgeMessages(req.body)
  const excess = JSON.stringify(messages).length - NUM_CTX * 4
  const cut = messages.map((m) => (m.role === 'user' ? { ...m, content: String(m.content).slice(Math.min(String(m.content).length, excess)) } : m))
  return chatCompletion(req, { content: simulate(cut, req.body), promptTokens: NUM_CTX })
}

export const OLLAMA: Behaviour[] = [
  {
    id: 'ollama-404-model-not-found',
    family,
    source: 'netease-youdao/QAnything#555',
    what: 'Every chat request for a model that was not pulled gets 404 {"error":{"message":"model \\"…\\" not found, try pulling it first","type":"api_error","param":null,"code":null}}.',
    dialect: 'openai',
    expect: { kind: 'stop', words: /not found|pull/i, maxRequests: STOP_AT_PREFLIGHT },
    respond: (req) =>
      req.kind === 'chat' ? { status: 404, body: { error: { message: `model "${String(req.body?.model)}" not found, try pulling it first`, type: 'api_error', param: null, code: null } } } : null,
  },
  {
    id: 'ollama-num-ctx-silent-truncation',
    family,
    source: 'ollama/ollama#8099',
    what: `A prompt longer than the default num_ctx (${NUM_CTX}) is cut to its last ${NUM_CTX} tokens without an error: 200, a reply to the cut prompt, and usage.prompt_tokens exactly ${NUM_CTX} although the prompt was longer.`,
    dialect: 'openai',
    expect: { kind: 'question-error', words: /num_ctx|truncat/i, hits: 'long-prompt' },
    respond: (req) => (req.kind === 'chat' && promptTokens(req) > NUM_CTX ? { status: 200, body: truncatedReply(req) } : null),
  },
  {
    id: 'ollama-v1-embeddings-empty-on-batch',
    family,
    source: 'garrytan/gbrain#328',
    what: '/v1/embeddings with an array input answers 200 {"data":[{"embedding":[],"index":0},…]}: every vector empty (Ollama 0.21); a string input works.',
    dialect: 'openai',
    expect: { kind: 'stop', words: /embedding/i, maxRequests: STOP_AT_PREFLIGHT },
    respond: (req) =>
      req.kind === 'embeddings' && Array.isArray(req.body?.input)
        ? {
            status: 200,
            body: {
              object: 'list',
              data: (req.body.input as unknown[]).map((_, index) => ({ object: 'embedding', embedding: [], index })),
              model: req.body.model,
              usage: { prompt_tokens: 0, total_tokens: 0 },
            },
          }
        : null,
  },
  {
    id: 'ollama-native-api-as-base-url',
    family,
    source: 'ollama/ollama#7490',
    what: 'With base_url on the native /api root: {base}/embeddings is the legacy /api/embeddings, which reads `prompt`, not `input`, and answers 200 {"embedding":[]}; {base}/chat/completions is no route: 404 text/plain "404 page not found" (ollama/ollama#3050).',
    dialect: 'openai',
    expect: { kind: 'stop', words: /404|not found|embedding/i, maxRequests: STOP_AT_PREFLIGHT },
    respond: (req) => {
      if (req.kind === 'embeddings') return { status: 200, body: { embedding: [] } }
      return { status: 404, contentType: 'text/plain', body: '404 page not found' }
    },
  },
]
