import { GateError } from '../io/errors.ts'
import { REPAIRS_PER_ASK, type AskOptions, type CallGate, type CallOptions, type Judge, type JudgeResult } from '../metrics/judge.ts'
import { CachedChatSchema, CachedEmbeddingsSchema, type PromptId, type ResponseOf } from '../schemas/judge.ts'
import type { FamilyUsage, JudgeIdentity } from '../schemas/results.ts'
import type { JudgeStop } from './breaker.ts'
import { ResponseCache } from './cache.ts'
import { chatOnce, type ChatOutcome } from './chatCall.ts'
import type { EndpointClient } from './client.ts'
import type { Fault } from './faults.ts'
import { Negotiation, type ResponseFormatMode, type SamplingSettings } from './negotiation.ts'
import type { ResponseFormats } from './transports/types.ts'
import { PROMPTS, renderPrompt, type Prompt } from './prompts.ts'
import { parseReply } from './reply.ts'
import { SharedStrings, tracedString } from './trace.ts'
import type { ChatRequest, ChatTransport, EmbeddingsTransport } from './transports/types.ts'
import { EMBEDDINGS_FAMILY, PREFLIGHT_EMBEDDINGS_FAMILY, PREFLIGHT_FAMILY, UsageMeter } from './usage.ts'
import { knownAt } from '../io/known.ts'

export interface ChatEndpoint {
  transport: ChatTransport
  /** the response formats the API offers, most structured first: what the negotiation steps down */
  formats: ResponseFormats
  client: EndpointClient
  model: string
}

export interface EmbeddingsEndpoint {
  transport: EmbeddingsTransport
  client: EndpointClient
  model: string
}

export interface ModelJudgeOptions {
  identity: JudgeIdentity
  chat: ChatEndpoint
  /** null: no embeddings (embeddings.provider: none), answer_relevancy is off */
  embeddings: EmbeddingsEndpoint | null
  sampling: SamplingSettings
  cacheDir: string | null
  /**
   * What the cache key holds besides each request: the transports, the endpoints, the header
   * and query templates as configured (never their filled-in secrets): anything that can change
   * a reply changes the key
   */
  cacheIdentity: { chat: unknown; embeddings: unknown }
  /** told once of each change to the request shape (a rejected temperature, a format stepped down) */
  notify?: (message: string) => void
  /** salts every cache key: a run with its own variant never reads another run's answers */
  variant?: string
}

const PREFLIGHT_SCHEMA = { name: 'preflight', jsonSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'], additionalProperties: false } }

/**
 * The judge over any transport (openai, azure, anthropic; embeddings from another), with the
 * policy layer every transport shares: the content-addressed cache, the negotiated request
 * shape, one repair per ask, usage and the trace here; sending, limiting, rate-limit pauses,
 * retries, the breaker and the budget in each endpoint's EndpointClient.
 */
export class ModelJudge implements Judge {
  readonly identity: JudgeIdentity
  private readonly options: ModelJudgeOptions
  private readonly cache: ResponseCache
  private readonly meter = new UsageMeter()
  private readonly models = new SharedStrings()
  private readonly negotiation: Negotiation
  private readonly reasoning = { calls: 0, tokens: 0 }
  private dimension: number | null = null

  constructor(options: ModelJudgeOptions) {
    this.options = options
    this.identity = options.identity
    this.cache = new ResponseCache(options.cacheDir)
    this.negotiation = new Negotiation(options.sampling, options.chat.formats, options.notify ?? (() => undefined))
  }

  usageByFamily(): Record<string, FamilyUsage> {
    return this.meter.byFamily()
  }

  problems(): string[] {
    return this.cache.problems()
  }

  /** Why the judge stopped sending requests (its chat or its embeddings endpoint), or null. */
  stopped(): JudgeStop | null {
    return this.options.chat.client.breaker.stopped() ?? this.options.embeddings?.client.breaker.stopped() ?? null
  }

  negotiated(): { responseFormat: ResponseFormatMode; adaptations: readonly string[] } {
    return { responseFormat: this.negotiation.current().format, adaptations: this.negotiation.adaptations() }
  }

  /** Hidden reasoning tokens per chat call seen so far (completion_tokens_details.reasoning_tokens), null before any. */
  reasoningPerCall(): number | null {
    return this.reasoning.calls === 0 ? null : this.reasoning.tokens / this.reasoning.calls
  }

  /** How often the endpoints rate-limited the run, and how long every slot stood still. */
  rateLimits(): { limited: number; pausedMs: number } {
    const chat = this.options.chat.client.rate.summary()
    // embeddings on the judge's own endpoint share its gate: counted once
    const endpoint = this.options.embeddings
    const embeddings = endpoint && endpoint.client.rate !== this.options.chat.client.rate ? endpoint.client.rate.summary() : { limited: 0, pausedMs: 0 }
    return { limited: chat.limited + embeddings.limited, pausedMs: chat.pausedMs + embeddings.pausedMs }
  }

  async ask<P extends PromptId>(id: P, vars: Record<string, string | number>, options: AskOptions = {}): Promise<JudgeResult<ResponseOf<P>>> {
    const prompt = PROMPTS[id] as Prompt<P>
    const family = this.meter.family(id)
    const request = this.request(prompt, vars, options.reask)
    const key = this.chatKey(request, options.variant)
    const cached = this.cache.get(key, CachedChatSchema)
    if (cached) {
      const parsed = parseReply(cached.content, prompt)
      if (parsed.ok) {
        family.cache_hits += 1
        options.trace?.({ family: id, model: this.models.of(cached.model ?? null), id: cached.id ?? null, cached: true })
        return parsed
      }
    }
    const started = performance.now()
    try {
      return await this.askAndRepair(prompt, request, key, family, options)
    } finally {
      this.meter.timed(id, started, performance.now())
    }
  }

  private async askAndRepair<P extends PromptId>(prompt: Prompt<P>, request: ChatRequest, key: string, family: FamilyUsage, options: AskOptions): Promise<JudgeResult<ResponseOf<P>>> {
    let turns = request.turns
    let outcome = await this.chat({ ...request, turns }, family, options)
    if (!outcome.ok) return this.failed(family, outcome.error, null)
    let parsed = parseReply(outcome.reply.content, prompt)
    // at most REPAIRS_PER_ASK repairs (the call plan counts them): the model sees its reply and what was wrong with it
    for (let repairs = 0; !parsed.ok && repairs < REPAIRS_PER_ASK; repairs++) {
      const error = parsed.error
      turns = [...turns, { role: 'assistant', content: outcome.reply.content }, { role: 'user', content: `That reply was not valid: ${error}. Reply again with only the JSON object described above.` }]
      const previous: string = outcome.reply.content
      outcome = await this.chat({ ...request, turns }, family, options)
      if (!outcome.ok) return this.failed(family, `invalid JSON from the judge, and the repair call ${outcome.fault === null ? 'was not made' : 'failed'}: ${outcome.error}`, previous)
      parsed = parseReply(outcome.reply.content, prompt)
    }
    if (!parsed.ok) {
      this.options.chat.client.breaker.unusableReply(parsed.error)
      return this.failed(family, `invalid JSON from the judge after ${REPAIRS_PER_ASK === 1 ? 'one repair' : `${REPAIRS_PER_ASK} repairs`}: ${parsed.error}`, outcome.reply.content)
    }
    // a cached reply keeps the model and id of the call that gave it, so a re-run traces it to that call
    this.cache.set(key, { content: outcome.reply.content, model: outcome.reply.model, id: outcome.reply.id })
    return parsed
  }

  private failed(family: FamilyUsage, error: string, raw: string | null): { ok: false; error: string; raw: string | null } {
    family.errors += 1
    return { ok: false, error, raw }
  }

  private async chat(request: ChatRequest, family: FamilyUsage, options: CallOptions & { probe?: boolean }): Promise<ChatOutcome> {
    const outcome = await chatOnce({ ...this.options.chat, negotiation: this.negotiation }, request, family, {
      gate: options.gate,
      ...(options.probe ? { probe: true } : {}),
      reasoning: (tokens) => {
        this.reasoning.calls += 1
        this.reasoning.tokens += tokens
      },
    })
    if (!outcome.ok) return outcome
    family.calls += 1
    const answeredBy = { model: this.models.of(tracedString(outcome.reply.model)), id: tracedString(outcome.reply.id) }
    options.trace?.({ family: request.schema.name as PromptId, ...answeredBy, cached: false })
    return { ...outcome, reply: { ...outcome.reply, ...answeredBy } }
  }

  async embed(texts: readonly string[], options: CallOptions = {}): Promise<JudgeResult<number[][]>> {
    return (await this.embedIn(EMBEDDINGS_FAMILY, texts, options)).result
  }

  private async embedIn(familyName: string, texts: readonly string[], options: CallOptions & { probe?: boolean }): Promise<{ result: JudgeResult<number[][]>; fault: Fault | null }> {
    const endpoint = this.options.embeddings
    if (!endpoint) return { result: { ok: false, error: 'no embeddings endpoint (embeddings.provider: none)', raw: null }, fault: null }
    const family = this.meter.family(familyName)
    const key = ResponseCache.key('embeddings@3', endpoint.model, { endpoint: this.options.cacheIdentity.embeddings, input: texts, variant: this.options.variant ?? null })
    const cached = familyName === EMBEDDINGS_FAMILY ? this.cache.get(key, CachedEmbeddingsSchema) : undefined
    if (cached && cached.vectors.length === texts.length) {
      family.cache_hits += 1
      options.trace?.({ family: 'embeddings', model: this.models.of(cached.model ?? null), id: null, cached: true })
      return { result: { ok: true, value: cached.vectors }, fault: null }
    }
    const started = performance.now()
    const upTo = { prompt: 0, completion: 0, embedding: texts.reduce((n, t) => n + Buffer.byteLength(t) + 2, 0) }
    const result = await endpoint.client.call({
      build: () => endpoint.transport.embeddings(endpoint.model, texts),
      read: (response) => endpoint.transport.readEmbeddings(response, texts.length),
      check: (reply) => {
        if (this.dimension === null) return null
        // readEmbeddings checked there is one vector per text, each as long as the others
        const length = knownAt(reply.vectors, 0, 'the first embedding').length
        return length !== this.dimension ? { kind: 'shape', contentType: '', text: '', what: `embeddings of length ${length}, where this run's earlier ones had ${this.dimension}` } : null
      },
      upTo,
      spent: (reply) => (reply.tokens === null ? null : { prompt: 0, completion: 0, embedding: reply.tokens }),
      ...(options.gate ? { gate: options.gate } : {}),
      ...(options.probe ? { probe: true } : {}),
    })
    this.meter.timed(familyName, started, performance.now())
    family.requests = (family.requests ?? 0) + result.requests
    family.retries += result.retries
    family.prompt_tokens += result.billed.embedding
    if (!result.ok) return 'refused' in result ? { result: this.failed(family, result.refused, null), fault: null } : { result: this.failed(family, result.fault.cause, null), fault: result.fault }
    family.calls += 1
    const reported = this.models.of(tracedString(result.value.model))
    options.trace?.({ family: 'embeddings', model: reported, id: null, cached: false })
    this.dimension ??= result.value.vectors[0]?.length ?? null
    if (familyName === EMBEDDINGS_FAMILY) this.cache.set(key, { vectors: result.value.vectors, model: reported })
    return { result: { ok: true, value: result.value.vectors }, fault: null }
  }

  /**
   * Proves, before the candidate's answers are paid for, what the run needs from the endpoints:
   * one chat request in the configured response format with the configured cap (the format
   * negotiated here when the endpoint rejects it), its reply checked against the contract, and
   * one embeddings request. Any failure stops the run with exit 2, the cause and the fix.
   */
  async preflight(gate?: CallGate): Promise<void> {
    const family = this.meter.family(PREFLIGHT_FAMILY)
    const s = this.options.sampling
    const request: ChatRequest = {
      model: this.options.chat.model,
      // the marker lets a test server tell this request from the scoring calls
      system: '[evalgate:preflight] You check that this endpoint works.',
      turns: [{ role: 'user', content: 'Reply with the JSON object {"ok": true}.' }],
      schema: PREFLIGHT_SCHEMA,
      temperature: s.temperature === 'default' ? null : s.temperature,
      maxTokens: s.maxTokens === 'default' ? null : s.maxTokens,
    }
    const chat = await this.chat(request, family, { ...(gate ? { gate } : {}), probe: true })
    if (!chat.ok) throw preflightError(chat.fault?.cause ?? chat.error, chat.fault?.fix ?? 'see the cause')
    if (!this.options.embeddings) return
    const embedded = await this.embedIn(PREFLIGHT_EMBEDDINGS_FAMILY, ['evalgate preflight'], { ...(gate ? { gate } : {}), probe: true })
    if (!embedded.result.ok) throw preflightError(embedded.fault?.cause ?? embedded.result.error, embedded.fault?.fix ?? 'see the cause')
  }

  /** The neutral request for a prompt: the system and user messages filled in, the reply's schema, the run's sampling. */
  private request(prompt: Prompt, vars: Record<string, string | number>, reask: string | undefined): ChatRequest {
    const s = this.options.sampling
    return {
      model: this.options.chat.model,
      system: renderPrompt(prompt.system, vars),
      // a re-ask says what was wrong after the prompt's data, so it is its own request and cache entry
      turns: [{ role: 'user', content: renderPrompt(prompt.user, vars) + (reask ? `\n\n${reask}` : '') }],
      schema: { name: prompt.id, jsonSchema: prompt.jsonSchema },
      temperature: s.temperature === 'default' ? null : s.temperature,
      maxTokens: s.maxTokens === 'default' ? null : s.maxTokens,
    }
  }

  private chatKey(request: ChatRequest, variant: string | undefined): string {
    const { sampling, cacheIdentity, variant: runVariant } = this.options
    return ResponseCache.key('chat@3', request.model, {
      endpoint: cacheIdentity.chat,
      sampling,
      system: request.system,
      turns: request.turns,
      schema: request.schema,
      variant: [runVariant ?? null, variant ?? null],
    })
  }
}

function preflightError(cause: string, fix: string): GateError {
  return new GateError('bad_config', `judge preflight: ${cause}; nothing was run`, fix)
}
