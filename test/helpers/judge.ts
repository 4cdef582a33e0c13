import { buildModelJudge, type JudgeSpec } from '../../src/judge/build.ts'
import type { ModelJudge } from '../../src/judge/modelJudge.ts'

/**
 * A ModelJudge on an OpenAI-compatible test server, as the scorer builds one (judge/build.ts):
 * chat and embeddings on the same endpoint, no cache unless given, every setting overridable.
 */
export function testJudge(url: string, overrides: Partial<JudgeSpec> = {}): ModelJudge {
  const endpoint = {
    provider: 'openai' as const,
    baseURL: url,
    apiKey: 'sk-test-not-a-real-key',
    keyEnv: 'OPENAI_API_KEY',
    apiVersion: null,
    headers: {},
    query: {},
    templates: { headers: {}, query: {} },
    model: 'judge-model',
  }
  return buildModelJudge({
    identity: { provider: 'openai', model: 'judge-model', embeddings_model: 'embed-model', definitions_hash: 'test' },
    chat: endpoint,
    embeddings: { same: true, model: 'embed-model' },
    sampling: { responseFormat: 'auto', temperature: 0, maxTokens: 4096 },
    cacheDir: null,
    concurrency: 4,
    timeoutMs: 5000,
    maxRetries: 4,
    ...overrides,
  })
}
