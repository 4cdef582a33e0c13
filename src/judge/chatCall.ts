import type { CallCost, CallGate } from '../metrics/judge.ts'
import type { FamilyUsage } from '../schemas/results.ts'
import type { CallResult, EndpointClient } from './client.ts'
import type { Fault } from './faults.ts'
import type { Observation } from './wire/observation.ts'
import { MAX_ADAPTATIONS, type Negotiation } from './negotiation.ts'
import { CHARS_PER_TOKEN } from './tokenEstimate.ts'
import { schemaInstruction, type ChatReply, type ChatRequest, type ChatTransport, type RequestShape } from './transports/types.ts'

export type ChatOutcome = { ok: true; reply: ChatReply; shape: RequestShape } | { ok: false; error: string; fault: Fault | null }

/** Context sizes servers are started with: a prompt read as exactly one of these, when it was longer, was cut to it. */
const CONTEXT_SIZES = new Set([512, 1024, 2048, 4096, 8192, 16384, 32768, 65536, 131072])
/** Below this share of the prompt's own estimate, a reported prompt was cut whatever its size. */
const TRUNCATED_BELOW = 0.5
/** Prompts shorter than this are not checked: an estimate of a few hundred tokens is too rough. */
const CHECKED_FROM_TOKENS = 400

/**
 * One chat request through the policy layer, in the run's negotiated shape: a fault the shape
 * can answer (a rejected format, temperature or token parameter name) is sent again in the
 * shape the negotiation proposes; a reply cut at the cap is asked once more with twice the
 * cap; any other fault stands, classified. Every request is counted in the family's usage.
 */
export async function chatOnce(
  parts: { transport: ChatTransport; client: EndpointClient; negotiation: Negotiation },
  request: ChatRequest,
  family: FamilyUsage,
  options: { gate?: CallGate | undefined; probe?: boolean; reasoning?: (tokens: number) => void },
): Promise<ChatOutcome> {
  const { transport, client, negotiation } = parts
  let shape = negotiation.current()
  let sent = request
  let raised: Fault | null = null
  let rejected: Fault | null = null
  for (let step = 0; ; step++) {
    const asked = shape
    const asking = sent
    const result: CallResult<ChatReply> = await client.call({
      build: () => transport.chat(asking, asked),
      read: (response) => transport.readChat(response),
      check: (reply) => contract(reply, asking, asked),
      upTo: upTo(asking, asked),
      spent: (reply) => (reply.usage ? { prompt: reply.usage.prompt, completion: reply.usage.completion, embedding: 0 } : null),
      ...(options.gate ? { gate: options.gate } : {}),
      ...(options.probe ? { probe: true } : {}),
      // "where the model allows it": a raised cap the model refuses ends the raise, it says nothing of the endpoint
      ...(raised ? { reclassify: (f: Fault) => (f.kind === 'max_tokens' ? { ...f, class: 'request' as const, retry: false } : f) } : {}),
    })
    family.requests = (family.requests ?? 0) + result.requests
    family.retries += result.retries
    family.prompt_tokens += result.billed.prompt
    family.completion_tokens += result.billed.completion
    if (result.ok) {
      negotiation.confirm(asked, rejected)
      if (result.value.usage?.reasoning) options.reasoning?.(result.value.usage.reasoning)
      return { ok: true, reply: result.value, shape: asked }
    }
    if ('refused' in result) return { ok: false, error: result.refused, fault: null }
    const fault: Fault = result.fault
    const next = step < MAX_ADAPTATIONS ? negotiation.next(fault, asked) : null
    if (next) {
      if (fault.class === 'format') rejected = fault
      shape = next
      continue
    }
    if (fault.kind === 'cut' && !raised && sent.maxTokens !== null) {
      raised = fault
      sent = { ...sent, maxTokens: sent.maxTokens * 2 }
      continue
    }
    // the model allows no larger cap: the reply stays cut, and that is what the question's error says
    const final = raised && fault.kind === 'max_tokens' ? raised : fault
    // a rejection nothing about the shape can answer any more is this request's fault
    if (fault.class === 'format' || fault.class === 'adapt') client.breaker.failed({ ...fault, class: 'request' }, true)
    const attempts = result.requests
    // a request fault stays on its question's row: the fix goes with it (raise num_ctx, max_tokens)
    const fix = final.class === 'request' && final.rowFix !== false ? `; fix: ${final.fix}` : ''
    return { ok: false, error: `${final.cause}${attempts > 1 ? ` (${attempts} requests)` : ''}${fix}`, fault: final }
  }
}

/** The contract beyond the shape: a reply that ended early, or one whose prompt the server cut. */
function contract(reply: ChatReply, request: ChatRequest, shape: RequestShape): Observation | null {
  if (reply.finish === 'length' || reply.finish === 'content_filter' || reply.finish === 'refusal') {
    return { kind: 'finish', reason: reply.finish, empty: reply.content.trim() === '', reasoningTokens: reply.usage?.reasoning ?? null, cap: request.maxTokens, text: reply.content }
  }
  const reported = reply.usage?.prompt
  if (reported === undefined || reported === 0) return null
  const estimated = estimatePromptTokens(request, shape)
  if (estimated < CHECKED_FROM_TOKENS) return null
  if (reported < estimated * TRUNCATED_BELOW || (CONTEXT_SIZES.has(reported) && reported < estimated)) return { kind: 'truncated', reported, estimated }
  return null
}

function promptText(request: ChatRequest, shape: RequestShape): string[] {
  const schema = shape.format === 'json_schema' ? '' : schemaInstruction(request.schema)
  return [request.system + schema, ...request.turns.map((t) => t.content)]
}

/** The prompt's tokens as the plan estimates them (characters / CHARS_PER_TOKEN). */
export function estimatePromptTokens(request: ChatRequest, shape: RequestShape): number {
  return Math.ceil(promptText(request, shape).reduce((n, t) => n + t.length, 0) / CHARS_PER_TOKEN)
}

/**
 * The most a request can cost, for the budget's reservation: a tokenizer never makes more
 * tokens than the text has UTF-8 bytes, plus a few per message for the chat template, plus
 * the schema when it travels as the response format; the reply at most its cap (without a cap
 * there is no bound: a token or dollar budget then refuses to start, see llmJudge.ts).
 */
export function upTo(request: ChatRequest, shape: RequestShape): CallCost {
  const texts = promptText(request, shape)
  const schema = shape.format === 'json_schema' ? Buffer.byteLength(JSON.stringify(request.schema.jsonSchema)) : 0
  const prompt = texts.reduce((n, t) => n + Buffer.byteLength(t) + 8, 0) + schema + 16
  return { prompt, completion: request.maxTokens ?? 0, embedding: 0 }
}
