import { statusOf } from '../io/retry.ts'
import type { ResponseFormatSetting } from '../schemas/config.ts'

export type ResponseFormatMode = 'json_schema' | 'json_object' | 'text'

/** How this run's chat requests are shaped: what the endpoint accepted so far. */
export interface RequestShape {
  format: ResponseFormatMode
  /** judge.temperature is sent (false: the endpoint accepts only its default) */
  temperature: boolean
  /** the name the reply cap goes under: reasoning models want max_completion_tokens */
  tokens: 'max_tokens' | 'max_completion_tokens'
}

/** Each adaptation of the request shape is one step; a call takes at most this many before its error stands. */
export const MAX_ADAPTATIONS = 4

/** Whether two shapes send the same request (and so have the same cache key). */
export function sameShape(a: RequestShape, b: RequestShape): boolean {
  return a.format === b.format && a.temperature === b.temperature && a.tokens === b.tokens
}

export interface SamplingSettings {
  responseFormat: ResponseFormatSetting
  temperature: number | 'default'
  maxTokens: number | 'default'
}

const STEP_DOWN: Record<ResponseFormatMode, ResponseFormatMode | null> = { json_schema: 'json_object', json_object: 'text', text: null }

/**
 * 400s that are about the input, not the request's shape: stepping the format down for them
 * would degrade every later call of the run and still fail this one.
 */
const NOT_ABOUT_SHAPE = /context[_ ]length|maximum context|too many tokens|\bmax_tokens\b|content[_ ]filter|content management policy|ResponsibleAIPolicyViolation/i

/**
 * The request shape shared by every call of a run, adapted at most once per step. A 400 or 422
 * that rejects the temperature stops sending it, one that rejects `max_tokens` in favour of
 * `max_completion_tokens` renames it: both recognised by their wording (OpenAI's), both for
 * the rest of the run at once. Any other 400/422 of a request that carried a response format,
 * whatever its wording, is tried again in the next format down (json_schema → json_object →
 * text) when judge.response_format is auto; the run steps down only when that call then
 * succeeds, so a 400 about something else (the same in every format) degrades nothing. Each
 * change is said once.
 */
export class Negotiation {
  private shape: RequestShape
  private readonly settings: SamplingSettings
  private readonly notify: (message: string) => void
  private readonly changes: string[] = []

  constructor(settings: SamplingSettings, remembered: RequestShape | null, notify: (message: string) => void) {
    this.settings = settings
    this.notify = notify
    const forced = settings.responseFormat === 'auto' ? null : settings.responseFormat
    this.shape = { format: 'json_schema', temperature: settings.temperature !== 'default', tokens: 'max_tokens', ...(remembered ?? {}) }
    if (forced) this.shape.format = forced
  }

  current(): RequestShape {
    return { ...this.shape }
  }

  /** What changed this run, in words: the judge line and the report say it. */
  adaptations(): readonly string[] {
    return this.changes
  }

  /** The sampling parameters of a request in this shape. */
  sampling(shape: RequestShape): Record<string, number> {
    const out: Record<string, number> = {}
    if (shape.temperature && this.settings.temperature !== 'default') out.temperature = this.settings.temperature
    if (this.settings.maxTokens !== 'default') out[shape.tokens] = this.settings.maxTokens
    return out
  }

  /**
   * After an error of a request sent in shape `sent`: the shape to send it in next, or null
   * when the error is not about the shape and stands.
   */
  adapt(error: unknown, sent: RequestShape): RequestShape | null {
    const status = statusOf(error)
    if (status !== 400 && status !== 422) return null
    const { param, text } = errorText(error)
    // OpenAI's reasoning models: "Unsupported value: 'temperature' does not support 0 with this model. Only the default (1) value is supported." (param temperature)
    if (sent.temperature && this.settings.temperature !== 'default' && (param === 'temperature' || /\btemperature\b/i.test(text))) {
      if (this.shape.temperature) this.change({ temperature: false }, `the endpoint rejected temperature ${this.settings.temperature}: it is no longer sent (the model's default applies)`)
      return { ...sent, temperature: false }
    }
    // and "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead." (param max_tokens)
    if (sent.tokens === 'max_tokens' && this.settings.maxTokens !== 'default' && /max_completion_tokens/.test(text)) {
      if (this.shape.tokens === 'max_tokens') this.change({ tokens: 'max_completion_tokens' }, 'the endpoint wants max_completion_tokens instead of max_tokens: sent so from now on')
      return { ...sent, tokens: 'max_completion_tokens' }
    }
    const next = STEP_DOWN[sent.format]
    if (this.settings.responseFormat !== 'auto' || next === null || NOT_ABOUT_SHAPE.test(text)) return null
    // another call may already have stepped further down
    return { ...sent, format: RANK[this.shape.format] > RANK[next] ? this.shape.format : next }
  }

  /** A request in this shape succeeded: a lower format than the run's becomes the run's. True when the shape changed. */
  confirm(sent: RequestShape, status: number | undefined): boolean {
    if (RANK[sent.format] <= RANK[this.shape.format]) return false
    const from = this.shape.format
    this.change(
      { format: sent.format },
      `the endpoint rejected response_format ${from}${status ? ` (HTTP ${status})` : ''}: ${sent.format === 'text' ? 'asking for JSON in the prompt' : `using ${sent.format}`} from now on`,
    )
    return true
  }

  private change(to: Partial<RequestShape>, message: string): void {
    this.shape = { ...this.shape, ...to }
    this.changes.push(message)
    this.notify(`judge: ${message}`)
  }
}

const RANK: Record<ResponseFormatMode, number> = { json_schema: 0, json_object: 1, text: 2 }

/** The error's parameter name and its words: the SDK's message and whatever body the server sent. */
function errorText(error: unknown): { param: string | null; text: string } {
  const e = error as { message?: unknown; param?: unknown; error?: unknown } | null
  const param = typeof e?.param === 'string' ? e.param : null
  const body = e?.error === undefined ? '' : JSON.stringify(e.error)
  return { param, text: `${typeof e?.message === 'string' ? e.message : String(error)} ${body}` }
}
