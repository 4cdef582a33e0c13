import OpenAI from 'openai'
import type { JudgeIdentity } from '../schemas/results.ts'
import { ResponseCache } from './cache.ts'
import { Limiter } from '../io/limiter.ts'
import { PROMPTS, renderPrompt, type Prompt } from './prompts.ts'
import type { PromptId, ResponseOf } from '../schemas/judge.ts'
import { DEFAULT_RETRY, realRetryDeps, statusOf, withRetry, type RetryDeps, type RetryPolicy } from '../io/retry.ts'
import { REPAIRS_PER_ASK, type AskOptions, type CallGate, type CallOptions, type Judge, type JudgeResult } from '../metrics/judge.ts'
import type { FamilyUsage } from '../schemas/results.ts'
import { UsageMeter } from './usage.ts'

export interface OpenAIJudgeOptions {
  baseURL: string
  apiKey: string
  model: string
  embeddingsModel: string | null
  timeoutMs: number
  concurrency: number
  cacheDir: string | null
  identity: JudgeIdentity
  retry?: RetryPolicy
  retryDeps?: RetryDeps
  /** salts every cache key: a run with its own variant never reads another run's answers */
  variant?: string
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

  constructor(options: OpenAIJudgeOptions) {
    this.options = options
    this.identity = options.identity
    this.client = new OpenAI({ baseURL: options.baseURL, apiKey: options.apiKey, maxRetries: 0, timeout: options.timeoutMs })
    this.limiter = new Limiter(options.concurrency)
    this.cache = new ResponseCache(options.cacheDir)
  }

  usageByFamily(): Record<string, FamilyUsage> {
    return this.meter.byFamily()
  }

  async ask<P extends PromptId>(id: P, vars: Record<string, string | number>, options: AskOptions = {}): Promise<JudgeResult<ResponseOf<P>>> {
    const prompt = PROMPTS[id] as Prompt<P>
    const family = this.meter.family(id)
    const messages: Message[] = [
      { role: 'system', content: renderPrompt(prompt.system, vars) },
      { role: 'user', content: renderPrompt(prompt.user, vars) },
    ]
    const key = ResponseCache.key('chat', this.options.model, { messages, temperature: 0, schema: prompt.jsonSchema, variant: [this.options.variant ?? null, options.variant ?? null] })
    const cached = this.cache.get<{ content: string }>(key)
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
    const cached = this.cache.get<{ vectors: number[][] }>(key)
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
    let tokens = 0
    try {
      const { value: response, retries } = await withRetry(
        () => this.limiter.run(() => this.client.embeddings.create({ model, input: [...texts] })),
        this.options.retry ?? DEFAULT_RETRY,
        this.options.retryDeps ?? realRetryDeps,
      )
      family.calls += 1
      family.retries += retries
      tokens = response.usage?.prompt_tokens ?? 0
      family.prompt_tokens += tokens
      family.ms += performance.now() - started
      const vectors = [...response.data].sort((a, b) => a.index - b.index).map((d) => d.embedding)
      if (vectors.length !== texts.length) return { ok: false, error: `the embeddings endpoint returned ${vectors.length} vectors for ${texts.length} inputs`, raw: null }
      this.cache.set(key, { vectors })
      return { ok: true, value: vectors }
    } catch (error) {
      family.errors += 1
      family.retries += (error as { retries?: number }).retries ?? 0
      return { ok: false, error: describeApiError(error), raw: null }
    } finally {
      options.gate?.close(tokens)
    }
  }

  /** One chat call if the gate lets it go: its content, or why there is none (`refused`: the gate said no, no call was made). */
  private async gatedChat(messages: Message[], prompt: Prompt, family: FamilyUsage, gate: CallGate | undefined): Promise<{ ok: true; content: string } | { ok: false; error: string; refused: boolean }> {
    const refused = gate?.open() ?? null
    if (refused !== null) return { ok: false, error: refused, refused: true }
    let tokens = 0
    try {
      const reply = await this.complete(messages, prompt, family)
      tokens = reply.tokens
      return { ok: true, content: reply.content }
    } catch (error) {
      return { ok: false, error: describeApiError(error), refused: false }
    } finally {
      gate?.close(tokens)
    }
  }

  /** One chat completion with retries; returns the content and the tokens it used, or throws the last API error. */
  private async complete(messages: Message[], prompt: Prompt, family: FamilyUsage): Promise<{ content: string; tokens: number }> {
    const started = performance.now()
    try {
      const { value: response, retries } = await withRetry(
        () => this.limiter.run(() => this.create(messages, prompt)),
        this.options.retry ?? DEFAULT_RETRY,
        this.options.retryDeps ?? realRetryDeps,
      )
      family.calls += 1
      family.retries += retries
      const prompted = response.usage?.prompt_tokens ?? 0
      const completed = response.usage?.completion_tokens ?? 0
      family.prompt_tokens += prompted
      family.completion_tokens += completed
      return { content: response.choices[0]?.message?.content ?? '', tokens: prompted + completed }
    } catch (error) {
      family.retries += (error as { retries?: number }).retries ?? 0
      throw error
    } finally {
      family.ms += performance.now() - started
    }
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

export function describeApiError(error: unknown): string {
  const status = statusOf(error)
  const retries = (error as { retries?: number }).retries ?? 0
  const attempts = retries + 1
  const message = error instanceof Error ? error.message : String(error)
  return `${status ? `HTTP ${status}` : 'network error'} after ${attempts} attempt${attempts === 1 ? '' : 's'}: ${message.slice(0, 300)}`
}
