import { GateError } from '../../io/errors.ts'
import { llmJudgeProvider } from './llmJudge.ts'

/**
 * `provider: openai`: any OpenAI-compatible endpoint (api.openai.com, Azure's /openai/v1,
 * vLLM, Ollama, LM Studio, llama.cpp, Groq, a gateway). Keyless at any base URL but
 * api.openai.com's.
 */
export const openaiProvider = llmJudgeProvider({
  name: 'openai',
  dialect: 'openai',
  label: 'openai-compatible',
  defaultKeyEnv: 'OPENAI_API_KEY',
  keyless: true,
  check(judge) {
    if (judge.api_version) {
      throw new GateError(
        'bad_config',
        `judge.api_version is set (${judge.api_version}) but judge.provider is openai: only azure sends an api-version`,
        'set judge.provider: azure for an Azure OpenAI resource, or remove judge.api_version (a server that wants extra query parameters takes them in judge.query)',
      )
    }
  },
})
