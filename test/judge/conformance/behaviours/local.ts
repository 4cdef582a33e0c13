/** Local servers: llama.cpp's llama-server and LM Studio. */
import type { Behaviour } from '../behaviours.ts'
import { STOP_AT_PREFLIGHT, firstTimes, promptTokens } from '../wire.ts'

/** llama-server's -c (context size): a prompt longer than it is refused, not truncated. */
const N_CTX = 4096

export const LLAMA_CPP: Behaviour[] = [
  {
    id: 'llamacpp-503-loading-model',
    family: 'llama.cpp',
    source: 'mostlygeek/llama-swap#146',
    what: 'While the model loads, the first two requests of any kind (the preflight included) get 503 {"error":{"code":503,"message":"Loading model","type":"unavailable_error"}}; then every request succeeds.',
    dialect: 'openai',
    expect: { kind: 'same' },
    respond: (_req, state) => (firstTimes(state, 'loading', 2, true) ? { status: 503, body: { error: { code: 503, message: 'Loading model', type: 'unavailable_error' } } } : null),
  },
  {
    id: 'llamacpp-400-exceed-context-size',
    family: 'llama.cpp',
    source: 'ggml-org/llama.cpp#15780',
    what: `A prompt longer than the slot's context (${N_CTX}) gets 400 {"error":{"code":400,"message":"the request exceeds the available context size, try increasing it","type":"exceed_context_size_error","n_prompt_tokens":P,"n_ctx":${N_CTX}}} (status and wording as in continuedev/continue#9797).`,
    dialect: 'openai',
    expect: { kind: 'question-error', words: /context size|context/i, hits: 'long-prompt' },
    respond: (req) =>
      req.kind === 'chat' && promptTokens(req) > N_CTX
        ? {
            status: 400,
            body: {
              error: { code: 400, message: 'the request exceeds the available context size, try increasing it', type: 'exceed_context_size_error', n_prompt_tokens: promptTokens(req), n_ctx: N_CTX },
            },
          }
        : null,
  },
  {
    id: 'llamacpp-501-embeddings-not-enabled',
    family: 'llama.cpp',
    source: 'https://github.com/ggml-org/llama.cpp/blob/master/tools/server/server.cpp',
    what: 'llama-server started without --embeddings answers every embeddings request with 501 {"error":{"code":501,"message":"This server does not support embeddings. Start it with `--embeddings`","type":"not_supported_error"}}; chat works.',
    dialect: 'openai',
    // with an embeddings model configured on this endpoint (with embeddings_model: none the run is the same, answer_relevancy off)
    expect: { kind: 'stop', words: /embeddings/i, maxRequests: STOP_AT_PREFLIGHT },
    respond: (req) =>
      req.kind === 'embeddings' ? { status: 501, body: { error: { code: 501, message: 'This server does not support embeddings. Start it with `--embeddings`', type: 'not_supported_error' } } } : null,
  },
]

export const LM_STUDIO: Behaviour[] = [
  {
    id: 'lmstudio-404-no-models-loaded',
    family: 'LM Studio',
    source: 'canopyai/Orpheus-TTS#229',
    what: 'With no model loaded (and just-in-time loading off), every chat request gets 404 model_not_found "No models loaded. Please load a model in the developer page or use the `lms load` command."',
    dialect: 'openai',
    expect: { kind: 'stop', words: /no models loaded|lms load/i, maxRequests: STOP_AT_PREFLIGHT },
    respond: (req) =>
      req.kind === 'chat'
        ? {
            status: 404,
            body: {
              error: { message: 'No models loaded. Please load a model in the developer page or use the `lms load` command.', type: 'invalid_request_error', param: 'model', code: 'model_not_found' },
            },
          }
        : null,
  },
  {
    id: 'lmstudio-400-json-object-string-error',
    family: 'LM Studio',
    source: 'willmiao/ComfyUI-Lora-Manager#1033',
    what: "response_format json_object gets 400 {\"error\":\"'response_format.type' must be 'json_schema' or 'text'\"} (LM Studio 0.4.19) — the error a bare string, not an object; json_schema works.",
    dialect: 'openai',
    expect: { kind: 'same', format: 'json_schema' },
    respond: (req) => (req.kind === 'chat' && req.body?.response_format?.type === 'json_object' ? { status: 400, body: { error: "'response_format.type' must be 'json_schema' or 'text'" } } : null),
  },
]
