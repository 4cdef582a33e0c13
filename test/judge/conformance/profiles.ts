/**
 * The servers of the conformance suite, each with the evalgate.yml judge settings that work
 * against it (docs/judge.md's endpoint table lists the same). Sources of each quirk are cited.
 */
import { openaiError, type Profile } from './servers.ts'

export interface Case {
  profile: Profile
  /** evalgate.yml `judge:` lines beside provider, base_url and cache_dir (base_url is the server's unless `resourceEndpoint`) */
  settings: Record<string, string>
  provider: 'openai' | 'azure'
  /** azure: base_url is the server's root (the resource endpoint), not a /v1 path */
  resourceEndpoint?: boolean
  /** environment variables the case needs (keys) */
  env?: Record<string, string>
  /** the response format the run ends with */
  endsWith: 'json_schema' | 'json_object' | 'text'
  /** no embeddings endpoint: answer_relevancy is off */
  noEmbeddings?: boolean
}

const OPENAI_KEY = 'sk-conformance-not-a-real-key'

/** api.openai.com: Bearer key (401 invalid_api_key without it), strict structured outputs, base64 embeddings when asked (the SDK's default ask). */
const openai: Profile = { name: 'api.openai.com', basePath: '/v1', bearer: OPENAI_KEY, jsonSchema: 'accept', jsonObject: 'accept', embeddings: 'openai' }

/**
 * Azure OpenAI classic endpoints: /openai/deployments/{deployment}/chat/completions?api-version=…,
 * the key in the `api-key` header, 401 "Access denied due to invalid subscription key or wrong
 * API endpoint" without it (e.g. microsoft/semantic-kernel#10337, SciSharp/BotSharp#386).
 */
const azure: Profile = {
  name: 'Azure OpenAI (classic)',
  basePath: null,
  azure: { apiVersion: '2024-10-21', key: 'azure-conformance-key', deployments: ['judge-deploy', 'embed-deploy'] },
  jsonSchema: 'accept',
  jsonObject: 'accept',
  embeddings: 'openai',
}

/**
 * Ollama's OpenAI-compatible endpoint: keyless, embeddings as float arrays whatever
 * encoding_format asks (ollama/ollama#6934; the base64 mis-decode in openclaw/openclaw#45985),
 * and, in versions without structured outputs, no json_schema (ollama/ollama#10001, #3102);
 * json_object is JSON mode.
 */
const ollama: Profile = {
  name: 'Ollama',
  basePath: '/v1',
  jsonSchema: openaiError(400, 'invalid response_format: json_schema is not supported', 'invalid_request_error', null, null),
  jsonObject: 'accept',
  embeddings: 'float',
}

/** LM Studio: json_schema only ("'response_format.type' must be 'json_schema'" for anything else, lmstudio-ai/lmstudio-bug-tracker#307), float embeddings, keyless. */
const lmStudio: Profile = {
  name: 'LM Studio',
  basePath: '/v1',
  jsonSchema: 'accept',
  jsonObject: { status: 400, body: { error: "'response_format.type' must be 'json_schema'" } },
  embeddings: 'float',
}

/** vLLM's OpenAI server: json_schema through guided decoding, float embeddings, keyless unless started with --api-key. */
const vllm: Profile = { name: 'vLLM', basePath: '/v1', jsonSchema: 'accept', jsonObject: 'accept', embeddings: 'float' }

/**
 * llama.cpp's llama-server started without --embeddings: 501 not_supported_error "This server
 * does not support embeddings. Start it with `--embeddings`" (tools/server/server.cpp
 * handle_embeddings; ggml-org/llama.cpp#10887). json_schema becomes a grammar.
 */
const llamaCpp: Profile = {
  name: 'llama.cpp without --embeddings',
  basePath: '/v1',
  jsonSchema: 'accept',
  jsonObject: 'accept',
  embeddings: { status: 501, body: { error: { code: 501, message: 'This server does not support embeddings. Start it with `--embeddings`', type: 'not_supported_error' } } },
}

/**
 * Groq: base URL https://api.groq.com/openai/v1, no embeddings endpoint — 404 unknown_url
 * "Unknown request URL: POST /openai/v1/embeddings" (crewAIInc/crewAI#522, groq/groq-python#96).
 */
const groq: Profile = {
  name: 'Groq',
  basePath: '/openai/v1',
  bearer: 'gsk-conformance-not-a-real-key',
  jsonSchema: 'accept',
  jsonObject: 'accept',
  embeddings: openaiError(
    404,
    'Unknown request URL: POST /openai/v1/embeddings. Please check the URL for typos, or see the docs at https://console.groq.com/docs/',
    'invalid_request_error',
    null,
    'unknown_url',
  ),
}

/**
 * OpenAI reasoning models (o-series, gpt-5 family): 400 unsupported_value on any temperature but
 * 1, 400 unsupported_parameter on max_tokens (OpenHands/OpenHands#4131, QwenLM/qwen-code#921,
 * griptape-ai/ComfyUI-Griptape#312, teilomillet/gollm#33).
 */
const reasoning: Profile = {
  ...openai,
  name: 'a reasoning model (o-series, gpt-5)',
  rejectTemperature: openaiError(
    400,
    "Unsupported value: 'temperature' does not support 0 with this model. Only the default (1) value is supported.",
    'invalid_request_error',
    'temperature',
    'unsupported_value',
  ),
  rejectMaxTokens: openaiError(
    400,
    "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
    'invalid_request_error',
    'max_tokens',
    'unsupported_parameter',
  ),
}

/**
 * DeepSeek-R1-style models on a server without a reasoning parser: `<think>…</think>` before the
 * answer in the content (together.ai and SambaNova docs); vLLM's deepseek_r1 parser puts it in
 * `reasoning_content` instead. No structured outputs here, so JSON mode and then the prompt.
 */
const think: Profile = {
  name: 'a <think> model (DeepSeek-R1 style)',
  basePath: '/v1',
  jsonSchema: openaiError(400, "response_format type 'json_schema' is not supported", 'invalid_request_error', 'response_format', null),
  jsonObject: 'accept',
  embeddings: 'float',
  think: true,
  reasoningContent: true,
}

/**
 * 422 for json_schema: serde/pydantic request validation (DeepSeek's API: "Failed to deserialize
 * the JSON body into the target type: response_format…", LeapLabTHU/cooragent#49; TGI before
 * huggingface/text-generation-inference#3276), as plain text rather than an OpenAI envelope.
 */
const unprocessable: Profile = {
  name: 'a 422 server (serde / FastAPI validation)',
  basePath: '/v1',
  jsonSchema: {
    status: 422,
    body: 'Failed to deserialize the JSON body into the target type: response_format: unknown variant `json_schema`, expected `text` or `json_object` at line 1 column 2048',
    contentType: 'text/plain; charset=utf-8',
  },
  jsonObject: 'accept',
  embeddings: 'float',
}

const keyless = { api_key_env: 'EVALGATE_CONFORMANCE_NO_KEY' }

export const CASES: Case[] = [
  {
    profile: openai,
    provider: 'openai',
    settings: { model: 'gpt-4o-mini', embeddings_model: 'text-embedding-3-small', api_key_env: 'EVALGATE_CONFORMANCE_OPENAI_KEY' },
    env: { EVALGATE_CONFORMANCE_OPENAI_KEY: OPENAI_KEY },
    endsWith: 'json_schema',
  },
  {
    profile: azure,
    provider: 'azure',
    resourceEndpoint: true,
    settings: { model: 'judge-deploy', embeddings_model: 'embed-deploy', api_version: '2024-10-21' },
    env: { AZURE_OPENAI_API_KEY: 'azure-conformance-key' },
    endsWith: 'json_schema',
  },
  { profile: ollama, provider: 'openai', settings: { model: 'qwen2.5:7b', embeddings_model: 'nomic-embed-text', ...keyless }, endsWith: 'json_object' },
  { profile: lmStudio, provider: 'openai', settings: { model: 'qwen2.5-7b-instruct', embeddings_model: 'text-embedding-nomic-embed-text-v1.5', ...keyless }, endsWith: 'json_schema' },
  { profile: vllm, provider: 'openai', settings: { model: 'Qwen/Qwen2.5-7B-Instruct', embeddings_model: 'BAAI/bge-m3', ...keyless }, endsWith: 'json_schema' },
  { profile: llamaCpp, provider: 'openai', settings: { model: 'qwen2.5-7b', embeddings_model: 'none', ...keyless }, endsWith: 'json_schema', noEmbeddings: true },
  {
    profile: groq,
    provider: 'openai',
    settings: { model: 'llama-3.3-70b-versatile', embeddings_model: 'none', api_key_env: 'EVALGATE_CONFORMANCE_GROQ_KEY' },
    env: { EVALGATE_CONFORMANCE_GROQ_KEY: 'gsk-conformance-not-a-real-key' },
    endsWith: 'json_schema',
    noEmbeddings: true,
  },
  {
    profile: reasoning,
    provider: 'openai',
    settings: { model: 'o4-mini', embeddings_model: 'text-embedding-3-small', api_key_env: 'EVALGATE_CONFORMANCE_OPENAI_KEY' },
    env: { EVALGATE_CONFORMANCE_OPENAI_KEY: OPENAI_KEY },
    endsWith: 'json_schema',
  },
  { profile: think, provider: 'openai', settings: { model: 'deepseek-r1:8b', embeddings_model: 'nomic-embed-text', ...keyless }, endsWith: 'json_object' },
  { profile: unprocessable, provider: 'openai', settings: { model: 'deepseek-chat', embeddings_model: 'bge-m3', ...keyless }, endsWith: 'json_object' },
]
