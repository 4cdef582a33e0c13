import OpenAI from 'openai'
import type { JudgeIdentity } from '../schemas/results.ts'
import { ResponseCache } from './cache.ts'
import { Limiter } from '../io/limiter.ts'
import { PROMPTS, renderPrompt, type Prompt } from './prompts.ts'
import { CachedChatSchema, CachedEmbeddingsSchema, type PromptId, type ResponseOf } from '../schemas/judge.ts'
import { rateLimitOrServerError, realRetryDeps, statusOf, withRetry, type RetryDeps, type RetryPolicy } from '../io/retry.ts'
import { REPAIRS_PER_ASK, type AskOptions, type CallGate, type CallOptions, type Judge, type JudgeResult } from '../metrics/judge.ts'
import type { FamilyUsage } from '../schemas/results.ts'
import { UsageMeter } from './usage.ts'
import { registerSecret, redactSecrets } from '../io/redact.ts'

export interface OpenAIJudgeOptions {
  baseURL: string
  apiKey: string
  model: string
  embeddingsModel: string | null
  timeoutMs: number
  concurrency: number
  cacheDir: string | null
  identity: JudgeIdentity
  /** over JUDGE_RETRY */
  retry?: Partial<RetryPolicy>
  retryDeps?: RetryDeps
  /** salts every cache key: a run with its own variant never reads another run's answers */
  variant?: string
}

/** 408 and 409 too: the OpenAI API answers a lock timeout with 409 and asks for a retry. */
export const JUDGE_RETRY: RetryPolicy = {
  maxRetries: 4,
  baseDelayMs: 500,
  maxDelayMs: 20_000,
  maxRetryAfterMs: 60_000,
  retryStatus: (status) => status === 408 || status === 409 || rateLimitOrServerError(status),
}

type ResponseFormat = 'json_schema' | 'json_object' | 'text'
type Message = { role: 'system' | 'user' | 'assistant'; content: string }

/**
 * The judge over any OpenAI-compatible endpoint (OpenAI, Azure, vLLM, Ollama, a gateway),
 * through the official SDK with its own retries off: ours honour Retry-After and are
 * counted. temperature 0; the response schema is sent as json_schema, falling back to
 * json_object and then to JSON in plain text for servers that reject it.
 */
export class OpenAIJudge implements Judge {
  readonly identity: JudgeIdentity
  private readonly client: OpenAI
  private readonly limiter: Limiter
  private readonly cache: ResponseCache
  private readonly meter = new UsageMeter()
  private format: ResponseFormat = 'json_schema'
  private readonly options: OpenAIJudgeOptions
  private readonly retry: RetryPolicy

  constructor(options: OpenAIJudgeOptions) {
    this.options = options
    this.retry = { ...JUDGE_RETRY, ...options.retry }
    this.identity = options.identity
    // a server that echoes the key in its error (a 401) puts it into error rows: they are redacted at creation
    registerSecret(options.apiKey)
    this.client = new OpenAI({ baseURL: options.baseURL, apiKey: options.apiKey, maxRetries: 0, timeout: options.timeoutMs })
    this.limiter = new Limiter(options.concurrency)
    this.cache = new ResponseCache(options.cacheDir)
  }

  usageByFamily(): Record<string, FamilyUsage> {
    return this.meter.byFamily()
  }

  problems(): string[] {
    return this.cache.problems()
  }

  async ask<P extends PromptId>(id: P, vars: Record<string, string | number>, options: AskOptions = {}): Promise<JudgeResult<ResponseOf<P>>> {
    const prompt = PROMPTS[id] as Prompt<P>
    const family = this.meter.family(id)
    const messages: Message[] = [
      { role: 'system', content: renderPrompt(prompt.system, vars) },
      { role: 'user', content: renderPrompt(prompt.user, vars) },
    ]
    const key = ResponseCache.key('chat', this.options.model, { messages, temperature: 0, schema: prompt.jsonSchema, variant: [this.options.variant ?? null, options.variant ?? null] })
    const cached = this.cache.get(key, CachedChatSchema)
    if (cached) {
      const parsed = parseReply(cached.content, prompt)
      if (parsed.ok) {
        family.cache_hits += 1
        return parsed
      }
    }
    let reply = await this.gatedChat(messages, prompt, family, options.gate)
    if (!reply.ok) {
      family.errors += 1
      return { ok: false, error: reply.error, raw: null }
    }
    let conversation = messages
    let content = reply.content
    let parsed = parseReply(content, prompt)
    // at most REPAIRS_PER_ASK repairs (the call plan counts them): show the model its reply and what was wrong with it
    for (let repairs = 0; !parsed.ok && repairs < REPAIRS_PER_ASK; repairs++) {
      conversation = [...conversation, { role: 'assistant', content }, { role: 'user', content: `That reply was not valid: ${parsed.error}. Reply again with only the JSON object described above.` }]
      reply = await this.gatedChat(conversation, prompt, family, options.gate)
      if (!reply.ok) {
        family.errors += 1
        return { ok: false, error: `invalid JSON from the judge, and the repair call ${reply.refused ? 'was not made' : 'failed'}: ${reply.error}`, raw: content }
      }
      content = reply.content
      parsed = parseReply(content, prompt)
    }
    if (!parsed.ok) {
      family.errors += 1
      return { ok: false, error: `invalid JSON from the judge after ${REPAIRS_PER_ASK === 1 ? 'one repair' : `${REPAIRS_PER_ASK} repairs`}: ${parsed.error}`, raw: content }
    }
    this.cache.set(key, { content })
    return parsed
  }

  async embed(texts: readonly string[], options: CallOptions = {}): Promise<JudgeResult<number[][]>> {
    const model = this.options.embeddingsModel
    if (!model) return { ok: false, error: 'no embeddings model configured (judge.embeddings_model)', raw: null }
    const family = this.meter.family('embeddings')
    const key = ResponseCache.key('embeddings', model, { input: texts })
    const cached = this.cache.get(key, CachedEmbeddingsSchema)
    if (cached && cached.vectors.length === texts.length) {
      family.cache_hits += 1
      return { ok: true, value: cached.vectors }
    }
    const refused = options.gate?.open() ?? null
    if (refused !== null) {
      family.errors += 1
      return { ok: false, error: refused, raw: null }
    }
    const started = performance.now()
    const result = await this.call(() => this.client.embeddings.create({ model, input: [...texts] }))
    family.retries += result.retries
    if (!result.ok) {
      options.gate?.close(0)
      family.errors += 1
      return { ok: false, error: describeApiError(result.error, result.retries), raw: null }
    }
    const response = result.value
    const tokens = response.usage?.prompt_tokens ?? 0
    options.gate?.close(tokens)
    family.calls += 1
    family.prompt_tokens += tokens
    family.ms += performance.now() - started
    const vectors = [...response.data].sort((a, b) => a.index - b.index).map((d) => d.embedding)
    if (vectors.length !== texts.length) return { ok: false, error: `the embeddings endpoint returned ${vectors.length} vectors for ${texts.length} inputs`, raw: null }
    this.cache.set(key, { vectors })
    return { ok: true, value: vectors }
  }

  /** One chat call if the gate lets it go: its content, or why there is none (`refused`: the gate said no, no call was made). */
  private async gatedChat(
    messages: Message[],
    prompt: Prompt,
    family: FamilyUsage,
    gate: CallGate | undefined,
  ): Promise<{ ok: true; content: string } | { ok: false; error: string; refused: boolean }> {
    const refused = gate?.open() ?? null
    if (refused !== null) return { ok: false, error: refused, refused: true }
    const reply = await this.complete(messages, prompt, family)
    gate?.close(reply.ok ? reply.tokens : 0)
    return reply.ok ? { ok: true, content: reply.content } : { ok: false, error: reply.error, refused: false }
  }

  /** One chat completion with retries: the content and the tokens it used, or the last API error in words. */
  private async complete(messages: Message[], prompt: Prompt, family: FamilyUsage): Promise<{ ok: true; content: string; tokens: number } | { ok: false; error: string }> {
    const started = performance.now()
    const result = await this.call(() => this.create(messages, prompt))
    family.retries += result.retries
    family.ms += performance.now() - started
    if (!result.ok) return { ok: false, error: describeApiError(result.error, result.retries) }
    const response = result.value
    family.calls += 1
    const prompted = response.usage?.prompt_tokens ?? 0
    const completed = response.usage?.completion_tokens ?? 0
    family.prompt_tokens += prompted
    family.completion_tokens += completed
    return { ok: true, content: response.choices[0]?.message?.content ?? '', tokens: prompted + completed }
  }

  /** Every attempt holds a concurrency slot only while it runs, not while it waits out a backoff. */
  private call<T>(request: () => Promise<T>) {
    return withRetry(() => this.limiter.run(request), this.retry, this.options.retryDeps ?? realRetryDeps)
  }

  private async create(messages: Message[], prompt: Prompt): Promise<OpenAI.Chat.Completions.ChatCompletion> {
    for (;;) {
      const format = this.format
      try {
        return await this.client.chat.completions.create({
          model: this.options.model,
          temperature: 0,
          messages,
          ...(format === 'json_schema'
            ? { response_format: { type: 'json_schema' as const, json_schema: { name: prompt.id, schema: prompt.jsonSchema, strict: false } } }
            : format === 'json_object'
              ? { response_format: { type: 'json_object' as const } }
              : {}),
        })
      } catch (error) {
        if (statusOf(error) === 400 && format !== 'text' && /response_format|json_schema|json_object|not supported|unsupported/i.test(String((error as Error).message))) {
          // the server does not take this response format: step down once, for every later call too
          if (this.format === format) this.format = format === 'json_schema' ? 'json_object' : 'text'
          continue
        }
        throw error
      }
    }
  }
}

/** JSON from the reply (a ```json fence or surrounding prose tolerated in text mode), checked by the prompt's schema. */
export function parseReply<P extends PromptId>(content: string, prompt: Prompt<P>): JudgeResult<ResponseOf<P>> {
  const text = extractJson(content)
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    return { ok: false, error: `not JSON (${(error as Error).message})`, raw: content }
  }
  const result = prompt.schema.safeParse(data)
  if (!result.success) {
    const issue = result.error.issues[0]!
    return { ok: false, error: `${issue.path.join('.') || 'reply'}: ${issue.message}`, raw: content }
  }
  return { ok: true, value: result.data as ResponseOf<P> }
}

function extractJson(content: string): string {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(content)
  if (fenced) return fenced[1]!.trim()
  const start = content.indexOf('{')
  const end = content.lastIndexOf('}')
  return start !== -1 && end > start ? content.slice(start, end + 1) : content.trim()
}

export function describeApiError(error: unknown, retries: number): string {
  const status = statusOf(error)
  const attempts = retries + 1
  const message = redactSecrets(error instanceof Error ? error.message : String(error))
  return `${status ? `HTTP ${status}` : 'network error'} after ${attempts} attempt${attempts === 1 ? '' : 's'}: ${message.slice(0, 300)}`
}
