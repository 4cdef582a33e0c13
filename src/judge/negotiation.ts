import type { ResponseFormatSetting } from '../schemas/judgeConfig.ts'
import type { Fault } from './faults.ts'
import type { RequestShape, ResponseFormatMode, ResponseFormats } from './transports/types.ts'

export type { RequestShape, ResponseFormatMode }

/** Each adaptation of a request is one step; a call takes at most this many before its error stands. */
export const MAX_ADAPTATIONS = 5

export interface SamplingSettings {
  responseFormat: ResponseFormatSetting
  temperature: number | 'default'
  maxTokens: number | 'default'
}

/**
 * The request shape shared by every call of a run, changed only by the fault classes that are
 * about it (faults.ts): a `format` fault (a 4xx that names the response format or schema)
 * tries the next format the transport offers, and the run moves there once a request in it
 * succeeds; an `adapt` fault stops sending the temperature, or renames max_tokens, for the rest
 * of the run. Nothing else moves it: a sporadic validation failure is not a format fault. It
 * starts from the configured format every run (the preflight finds the shape again; nothing
 * is remembered across runs), and each change is said once.
 */
export class Negotiation {
  private shape: RequestShape
  private readonly settings: SamplingSettings
  private readonly formats: ResponseFormats
  private readonly notify: (message: string) => void
  private readonly changes: string[] = []

  constructor(settings: SamplingSettings, formats: ResponseFormats, notify: (message: string) => void) {
    this.settings = settings
    this.formats = formats
    this.notify = notify
    const first = settings.responseFormat === 'auto' ? formats[0] : settings.responseFormat
    this.shape = { format: first, temperature: settings.temperature !== 'default', tokens: 'max_tokens' }
  }

  current(): RequestShape {
    return { ...this.shape }
  }

  /** What changed this run, in words: the judge line and the report say it. */
  adaptations(): readonly string[] {
    return this.changes
  }

  /** After a fault of a request sent in shape `sent`: the shape to send it in next, or null when nothing about the shape can help. */
  next(fault: Fault, sent: RequestShape): RequestShape | null {
    if (fault.class === 'adapt' && fault.adapt === 'temperature' && sent.temperature) {
      if (this.shape.temperature) this.change({ temperature: false }, `the endpoint rejected temperature ${this.settings.temperature}: it is no longer sent (the model's default applies)`)
      return { ...sent, temperature: false }
    }
    if (fault.class === 'adapt' && fault.adapt === 'max_completion_tokens' && sent.tokens === 'max_tokens') {
      if (this.shape.tokens === 'max_tokens') this.change({ tokens: 'max_completion_tokens' }, 'the endpoint wants max_completion_tokens instead of max_tokens: sent so from now on')
      return { ...sent, tokens: 'max_completion_tokens' }
    }
    if (fault.class !== 'format' || this.settings.responseFormat !== 'auto') return null
    const lower = this.formats[this.formats.indexOf(sent.format) + 1]
    if (lower === undefined) return null
    // another call may already have stepped further down
    return { ...sent, format: this.rank(this.shape.format) > this.rank(lower) ? this.shape.format : lower }
  }

  /** A request in this shape succeeded after `fault` rejected a higher format: the run moves down to it. */
  confirm(sent: RequestShape, fault: Fault | null): void {
    if (this.rank(sent.format) <= this.rank(this.shape.format)) return
    const from = this.shape.format
    const why = fault ? ` (${fault.cause})` : ''
    this.change({ format: sent.format }, `the endpoint rejected response_format ${from}${why}: ${sent.format === 'text' ? 'asking for JSON in the prompt' : `using ${sent.format}`} for this run`)
  }

  private rank(format: ResponseFormatMode): number {
    const at = this.formats.indexOf(format)
    return at === -1 ? this.formats.length : at
  }

  private change(to: Partial<RequestShape>, message: string): void {
    this.shape = { ...this.shape, ...to }
    this.changes.push(message)
    this.notify(`judge: ${message}`)
  }
}
