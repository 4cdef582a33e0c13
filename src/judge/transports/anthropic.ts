import { z } from 'zod'
import { GateError } from '../../io/errors.ts'
import type { Outgoing } from '../../io/http.ts'
import { isObject, readBody, type WireResponse } from '../wire/body.ts'
import { describe, notOk, shapeFault } from './openaiWire.ts'
import { splitQuery, withQuery } from './openai.ts'
import { schemaInstruction, type ChatReply, type ChatTransport, type EndpointSettings, type Read, type TransportDefinition } from './types.ts'

/** The Messages API version every request names (anthropic-version); the wire format below is this version's. */
export const ANTHROPIC_VERSION = '2023-06-01'

/**
 * Anthropic's native Messages API: POST {base}/v1/messages with `x-api-key` and
 * `anthropic-version`, the system prompt as a top-level field, `max_tokens` required. JSON
 * comes back through a forced tool call whose input schema is the reply's schema (json_schema),
 * or as text with the schema in the prompt. It has no embeddings endpoint: answer_relevancy
 * takes its embeddings from embeddings.provider.
 */
export const anthropic: TransportDefinition = {
  label: 'anthropic',
  defaultBaseUrl: 'https://api.anthropic.com',
  defaultKeyEnv: 'ANTHROPIC_API_KEY',
  // api.anthropic.com answers 401 without a key; a gateway of the user's own may take none
  keyless: true,
  deployments: false,
  modelHint: ', e.g. claude-sonnet-4-5',
  apiVersion: false,
  formats: ['json_schema', 'text'],
  capRequired: true,
  chat: anthropicTransport,
  check(judge) {
    if (typeof judge.temperature === 'number' && judge.temperature > 1) {
      throw new GateError('bad_config', `judge.temperature is ${judge.temperature}, but Anthropic's API takes 0 to 1`, 'set judge.temperature to a number from 0 to 1 (0 for a judge), or default')
    }
  },
}

export function anthropicTransport(settings: EndpointSettings): ChatTransport {
  const { base, query } = splitQuery(settings.baseURL)
  const root = base.replace(/\/+$/, '')
  const url = withQuery(/\/v1$/.test(root) ? `${root}/messages` : `${root}/v1/messages`, { ...query, ...settings.query })
  return {
    chat(request, shape): Outgoing {
      const tool = shape.format === 'json_schema'
      const body = {
        model: request.model,
        system: request.system + (tool ? '' : schemaInstruction(request.schema)),
        messages: request.turns,
        // required by the API: the configured cap (judge.max_tokens: default is refused before any request)
        max_tokens: request.maxTokens,
        ...(shape.temperature && request.temperature !== null ? { temperature: request.temperature } : {}),
        ...(tool
          ? {
              tools: [{ name: request.schema.name, description: 'Record the judgement in this exact structure.', input_schema: request.schema.jsonSchema }],
              tool_choice: { type: 'tool', name: request.schema.name },
            }
          : {}),
      }
      const headers = {
        ...(settings.apiKey === null ? {} : { 'x-api-key': settings.apiKey }),
        'anthropic-version': ANTHROPIC_VERSION,
        ...settings.headers,
        'content-type': 'application/json',
      }
      return { url, method: 'POST', headers, body: JSON.stringify(body) }
    },
    readChat: readMessage,
  }
}

const Block = z.object({ type: z.string(), text: z.string().optional(), input: z.unknown().optional() }).loose()
const Message = z
  .object({
    id: z.unknown().optional(),
    model: z.unknown().optional(),
    content: z.array(Block),
    stop_reason: z.string().nullish(),
    usage: z
      .object({ input_tokens: z.number(), output_tokens: z.number().optional(), cache_creation_input_tokens: z.number().nullish(), cache_read_input_tokens: z.number().nullish() })
      .loose()
      .nullish(),
  })
  .loose()

/** stop_reason in the taxonomy's words: the cap is `length`; `refusal` stays a refusal. */
const FINISH: Record<string, string> = { end_turn: 'stop', stop_sequence: 'stop', tool_use: 'stop', max_tokens: 'length', refusal: 'refusal' }

function readMessage(response: WireResponse): Read<ChatReply> {
  const body = readBody(response)
  const refused = notOk(response, body)
  if (refused) return refused
  const parsed = Message.safeParse(body.kind === 'json' ? body.value : null)
  if (!parsed.success) return shapeFault(response, describe(body))
  const m = parsed.data
  // the forced tool call's input is the JSON; a text reply carries it as text
  const tool = m.content.find((b) => b.type === 'tool_use' && isObject(b.input))
  const content = tool
    ? JSON.stringify(tool.input)
    : m.content
        .filter((b) => b.type === 'text')
        .map((b) => b.text ?? '')
        .join('')
  const stop = m.stop_reason ?? null
  return {
    ok: true,
    value: {
      content,
      finish: stop === null ? null : (FINISH[stop] ?? stop),
      // prompt caching reports the cached part apart: the prompt the model read is all three
      usage: m.usage
        ? { prompt: m.usage.input_tokens + (m.usage.cache_creation_input_tokens ?? 0) + (m.usage.cache_read_input_tokens ?? 0), completion: m.usage.output_tokens ?? 0, reasoning: null }
        : null,
      model: typeof m.model === 'string' ? m.model : null,
      id: typeof m.id === 'string' ? m.id : null,
    },
  }
}
