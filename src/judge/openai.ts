import type OpenAI from 'openai'
import type { FamilyUsage, JudgeIdentity } from '../schemas/results.ts'
import { ResponseCache } from './cache.ts'
import { Limiter } from '../io/limiter.ts'
import { PROMPTS, renderPrompt, type Prompt } from './prompts.ts'
import { CachedChatSchema, CachedEmbeddingsSchema, RequestShapeSchema, type PromptId, type ResponseOf } from '../schemas/judge.ts'
import { rateLimitOrServerError, realRetryDeps, statusOf, withRetry, type RetryDeps, type RetryPolicy } from '../io/retry.ts'
import { REPAIRS_PER_ASK, type AskOptions, type CallOptions, type Judge, type JudgeResult } from '../metrics/judge.ts'
import { UsageMeter } from './usage.ts'
import { registerSecret } from '../io/redact.ts'
import { endpointCacheIdentity, makeClient, type EndpointDialect } from './endpoint.ts'
import { MAX_ADAPTATIONS, Negotiation, sameShape, type RequestShape, type ResponseFormatMode, type SamplingSettings } from './negotiation.ts'
import { describeApiError, parseReply } from './reply.ts'
import { decodeEmbedding } from './embeddings.ts'
import { CircuitBreaker, type JudgeStop } from './breaker.ts'
import { explainFault } from './preflight.ts'
import { SharedStrings, tracedString } from './trace.ts'

export interface OpenAIJudgeOptions {
  baseURL: string
  /** null: a keyless endpoint (a local server), no Authorization header */
  apiKey: string | null
  /** the variable the key was read from, for the fix when the endpoint refuses it (default: the dialect's usual one) */
  keyEnv?: string
  model: string
  embeddingsModel: string | null
  timeoutMs: number
  concurrency: number
  cacheDir: string | null
  identity: JudgeIdentity
  /** openai (default): any OpenAI-compatible server; azure: deployments, api-version, api-key */
  dialect?: EndpointDialect
  apiVersion?: string | null
  /** judge.headers and judge.query, filled in */
  headers?: Record<string, string>
  query?: Record<string, string>
  /** judge.response_format, judge.temperature, judge.max_tokens (default auto, 0, 4096) */
  sampling?: SamplingSettings
  /** told once of each change to the request shape (a rejected temperature, a format stepped down) */
  notify?: (message: string) => void
  /** told when the judge stops mid-run (its circuit breaker opened), with the cause and the fix */
  warn?: (message: string) => void
  /** over JUDGE_RETRY */
  retry?: Partial<RetryPolicy>
  retryDeps?: RetryDeps
  /** salts every cache key: a run with its own variant never reads another run's answers */
  variant?: string
}

/** 408 and 409 too: the OpenAI API answers a lock timeout with 409 and asks for a retry. Never 501: a server without the endpoint (llama.cpp without --embeddings) stays without it. */
export const JUDGE_RETRY: RetryPolicy = {
  maxRetries: 4,
  baseDelayMs: 500,
  maxDelayMs: 20_000,
  maxRetryAfterMs: 60_000,
  retryStatus: (status) => status === 408 || status === 409 || (status !== 501 && rateLimitOrServerError(status)),
}

export const DEFAULT_SAMPLING: SamplingSettings = { responseFormat: 'auto', temperature: 0, maxTokens: 4096 }

type Message = { role: 'system' | 'user' | 'assistant'; content: string }
type Reply = { ok: true; content: string; shape: RequestShape; model: string | null; id: string | null } | { ok: false; error: string; refused: boolean }

/**
 * The judge over any OpenAI-compatible endpoint (OpenAI, Azure, vLLM, Ollama, a gateway),
 * through the official SDK with its own retries off: ours honour Retry-After and are counted.
 * The request shape (response format, temperature, the reply cap's name) is negotiated once
 * per run and remembered in the cache folder, so a re-run starts where this one ended.
 */
export class OpenAIJudge implements Judge {
  readonly identity: JudgeIdentity
  private readonly client: OpenAI
  private readonly limiter: Limiter
  private readonly cache: ResponseCache
  private readonly meter = new UsageMeter()
  private readonly models = new SharedStrings() // every question's judge_calls keep the reported model: one copy of each
  private readonly negotiation: Negotiation
  private readonly breaker: CircuitBreaker
  private readonly options: OpenAIJudgeOptions
  private readonly retry: RetryPolicy
  private readonly endpointId: string
  private readonly shapeKey: string

  constructor(options: OpenAIJudgeOptions) {
    this.options = options
    this.retry = { ...JUDGE_RETRY, ...options.retry }
    this.identity = options.identity
    // a server that echoes the key in its error (a 401) puts it into error rows: they are redacted at creation
    registerSecret(options.apiKey)
    const dialect = options.dialect ?? 'openai'
    this.client = makeClient({
      dialect,
      baseURL: options.baseURL,
      apiKey: options.apiKey,
      apiVersion: options.apiVersion ?? null,
      headers: options.headers ?? {},
      query: options.query ?? {},
      timeoutMs: options.timeoutMs,
    })
    this.limiter = new Limiter(options.concurrency)
    const keyEnv = options.keyEnv ?? (dialect === 'azure' ? 'AZURE_OPENAI_API_KEY' : 'OPENAI_API_KEY')
    const facts = { baseURL: options.baseURL, model: options.model, embeddingsModel: options.embeddingsModel, keyEnv, keyed: options.apiKey !== null, deployments: dialect === 'azure' }
    const onStop = (stop: JudgeStop) => options.warn?.(`judge stopped: ${stop.cause}; no further judge request is sent, so this run has no verdict. Fix: ${stop.fix}`)
    this.breaker = new CircuitBreaker((fault) => explainFault(fault, facts, options.model), { onStop })
    this.cache = new ResponseCache(options.cacheDir)
    this.endpointId = endpointCacheIdentity({ dialect, baseURL: options.baseURL })
    const sampling = options.sampling ?? DEFAULT_SAMPLING
    this.shapeKey = ResponseCache.key('request-shape', options.model, { endpoint: this.endpointId, sampling })
    this.negotiation = new Negotiation(sampling, this.cache.get(this.shapeKey, RequestShapeSchema) ?? null, options.notify ?? (() => undefined))
  }

  usageByFamily(): Record<string, FamilyUsage> {
    return this.meter.byFamily()
  }

  problems(): string[] {
    return this.cache.problems()
  }

  /** Why the judge stopped sending requests mid-run (a refused key, an unreachable server), or null. */
  stopped(): JudgeStop | null {
    return this.breaker.stopped()
  }

  /** The response format the run ended with, and every change made to the request shape on the way. */
  negotiated(): { responseFormat: ResponseFormatMode; adaptations: readonly string[] } {
    return { responseFormat: this.negotiation.current().format, adaptations: this.negotiation.adaptations() }
  }

  async ask<P extends PromptId>(id: P, vars: Record<string, string | number>, options: AskOptions = {}): Promise<JudgeResult<ResponseOf<P>>> {
    const prompt = PROMPTS[id] as Prompt<P>
    const family = this.meter.family(id)
    const turns: Message[] = [
      { role: 'system', content: renderPrompt(prompt.system, vars) },
      // a re-ask says what was wrong after the prompt's data, so it is its own request and cache entry
      { role: 'user', content: renderPrompt(prompt.user, vars) + (options.reask ? `\n\n${options.reask}` : '') },
    ]
    const keyFor = (shape: RequestShape) => this.chatKey(this.request(turns, prompt, shape), options.variant)
    // the key of the shape asked in, kept for the answer: most answers come back in that shape
    const askedIn = this.negotiation.current()
    const askedKey = keyFor(askedIn)
    const cached = this.cache.get(askedKey, CachedChatSchema)
    if (cached) {
      const parsed = parseReply(cached.content, prompt)
      if (parsed.ok) {
        family.cache_hits += 1
        options.trace?.({ family: id, model: this.models.of(cached.model ?? null), id: cached.id ?? null, cached: true })
        return parsed
      }
    }
    let reply = await this.gatedChat(turns, prompt, family, options)
    if (!reply.ok) {
      family.errors += 1
      return { ok: false, error: reply.error, raw: null }
    }
    let conversation = turns
    let content = reply.content
    let shape = reply.shape
    let answeredBy = { model: reply.model, id: reply.id }
    let parsed = parseReply(content, prompt)
    // at most REPAIRS_PER_ASK repairs (the call plan counts them): show the model its reply and what was wrong with it
    for (let repairs = 0; !parsed.ok && repairs < REPAIRS_PER_ASK; repairs++) {
      conversation = [...conversation, { role: 'assistant', content }, { role: 'user', content: `That reply was not valid: ${parsed.error}. Reply again with only the JSON object described above.` }]
      reply = await this.gatedChat(conversation, prompt, family, options)
      if (!reply.ok) {
        family.errors += 1
        return { ok: false, error: `invalid JSON from the judge, and the repair call ${reply.refused ? 'was not made' : 'failed'}: ${reply.error}`, raw: content }
      }
      content = reply.content
      shape = reply.shape
      answeredBy = { model: reply.model, id: reply.id }
      parsed = parseReply(content, prompt)
    }
    if (!parsed.ok) {
      family.errors += 1
      return { ok: false, error: `invalid JSON from the judge after ${REPAIRS_PER_ASK === 1 ? 'one repair' : `${REPAIRS_PER_ASK} repairs`}: ${parsed.error}`, raw: content }
    }
    // a cached reply keeps the model and id of the call that gave it, so a re-run traces it to that call
    this.cache.set(sameShape(shape, askedIn) ? askedKey : keyFor(shape), { content, ...answeredBy })
    return parsed
  }

  async embed(texts: readonly string[], options: CallOptions = {}): Promise<JudgeResult<number[][]>> {
    const model = this.options.embeddingsModel
    if (!model) return { ok: false, error: 'no embeddings model configured (judge.embeddings_model)', raw: null }
    const family = this.meter.family('embeddings')
    // @2: vectors from before encoding_format "float" may be float arrays decoded as base64, i.e. garbage
    const key = ResponseCache.key('embeddings@2', model, { endpoint: this.endpointId, input: texts })
    const cached = this.cache.get(key, CachedEmbeddingsSchema)
    if (cached && cached.vectors.length === texts.length) {
      family.cache_hits += 1
      options.trace?.({ family: 'embeddings', model: this.models.of(cached.model ?? null), id: null, cached: true })
      return { ok: true, value: cached.vectors }
    }
    const refused = options.gate?.open() ?? null
    if (refused !== null) {
      family.errors += 1
      return { ok: false, error: refused, raw: null }
    }
    const started = performance.now()
    const result = await this.call(() => this.client.embeddings.create({ model, input: [...texts], encoding_format: 'float' }))
    family.retries += result.retries
    if (!result.ok) {
      options.gate?.close(0)
      family.errors += 1
      return { ok: false, error: describeApiError(result.error, result.retries), raw: null }
    }
    const response = result.value
    const reported = this.models.of(tracedString(response.model))
    options.trace?.({ family: 'embeddings', model: reported, id: null, cached: false })
    const tokens = response.usage?.prompt_tokens ?? 0
    options.gate?.close(tokens)
    family.calls += 1
    family.prompt_tokens += tokens
    this.meter.timed('embeddings', started, performance.now())
    const vectors = [...response.data].sort((a, b) => a.index - b.index).map((d) => decodeEmbedding(d.embedding))
    if (vectors.length !== texts.length) return { ok: false, error: `the embeddings endpoint returned ${vectors.length} vectors for ${texts.length} inputs`, raw: null }
    if (vectors.some((v) => v === null)) return { ok: false, error: 'the embeddings endpoint returned an embedding that is neither a list of numbers nor base64 float32', raw: null }
    const decoded = vectors as number[][]
    this.cache.set(key, { vectors: decoded, model: reported })
    return { ok: true, value: decoded }
  }

  /** One chat call if the gate lets it go: its content and the shape it was sent in, or why there is none (`refused`: no call was made). */
  private async gatedChat(turns: Message[], prompt: Prompt, family: FamilyUsage, options: CallOptions): Promise<Reply> {
    const gate = options.gate
    const refused = gate?.open() ?? null
    if (refused !== null) return { ok: false, error: refused, refused: true }
    const started = performance.now()
    const result = await this.call(() => this.create(turns, prompt))
    family.retries += result.retries
    this.meter.timed(prompt.id, started, performance.now())
    if (!result.ok) {
      gate?.close(0)
      return { ok: false, error: describeApiError(result.error, result.retries), refused: false }
    }
    const { response, shape } = result.value
    family.calls += 1
    const prompted = response.usage?.prompt_tokens ?? 0
    const completed = response.usage?.completion_tokens ?? 0
    family.prompt_tokens += prompted
    family.completion_tokens += completed
    gate?.close(prompted + completed)
    const answeredBy = { model: this.models.of(tracedString(response.model)), id: tracedString(response.id) }
    options.trace?.({ family: prompt.id, ...answeredBy, cached: false })
    return { ok: true, content: response.choices[0]?.message?.content ?? '', shape, ...answeredBy }
  }

  /**
   * The one place requests are sent. Every attempt holds a concurrency slot only while it runs,
   * not while it waits out a backoff, and passes the circuit breaker: a call queued behind a
   * slot when the breaker opens is never sent.
   */
  private call<T>(request: () => Promise<T>) {
    return withRetry(() => this.limiter.run(() => this.breaker.run(request)), this.retry, this.options.retryDeps ?? realRetryDeps)
  }

  /**
   * Sends in the run's current shape; a rejection of the shape is sent again in the shape the
   * negotiation proposes, and a success in a lower format moves the whole run there. The last
   * error stands when no shape is left to try.
   */
  private async create(turns: Message[], prompt: Prompt): Promise<{ response: OpenAI.Chat.Completions.ChatCompletion; shape: RequestShape }> {
    let shape = this.negotiation.current()
    let rejectedWith: number | undefined
    for (let adaptations = 0; ; adaptations++) {
      const tried = shape
      try {
        const response = await this.client.chat.completions.create(this.request(turns, prompt, tried))
        if (this.negotiation.confirm(tried, rejectedWith)) this.cache.set(this.shapeKey, this.negotiation.current())
        return { response, shape: tried }
      } catch (error) {
        const next = adaptations < MAX_ADAPTATIONS ? this.negotiation.adapt(error, tried) : null
        if (!next) throw error
        rejectedWith ??= statusOf(error)
        shape = next
        if (next.temperature !== tried.temperature || next.tokens !== tried.tokens) this.cache.set(this.shapeKey, this.negotiation.current())
      }
    }
  }

  /** The request body for a shape: the response format, the sampling parameters, and the schema in the prompt where no format carries it. */
  private request(turns: Message[], prompt: Prompt, shape: RequestShape): OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming {
    const [system, ...rest] = turns
    const schemaInPrompt = shape.format === 'json_schema' ? '' : `\n\nReply with one JSON object and nothing else. It must match this JSON schema:\n${JSON.stringify(prompt.jsonSchema)}`
    const messages = [{ ...system!, content: system!.content + schemaInPrompt }, ...rest]
    const format =
      shape.format === 'json_schema'
        ? { response_format: { type: 'json_schema' as const, json_schema: { name: prompt.id, schema: prompt.jsonSchema, strict: true } } }
        : shape.format === 'json_object'
          ? { response_format: { type: 'json_object' as const } }
          : {}
    return { model: this.options.model, messages, ...this.negotiation.sampling(shape), ...format }
  }

  private chatKey(request: OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming, variant: string | undefined): string {
    return ResponseCache.key('chat', this.options.model, { endpoint: this.endpointId, request, variant: [this.options.variant ?? null, variant ?? null] })
  }
}
