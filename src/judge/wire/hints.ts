import { parseRetryAfter } from '../../io/retry.ts'
import type { ErrorFields } from './body.ts'
import { knownAt, knownField } from '../../io/known.ts'

/**
 * How long the server asks a client to wait, from every place servers put it, in ms
 * (uncapped: the policy decides what a wait too long means), or null when it names none:
 * - `retry-after-ms` (OpenAI, Azure), `retry-after` in seconds or as an HTTP date (RFC 9110);
 * - `x-ratelimit-reset-requests` / `x-ratelimit-reset-tokens` (OpenAI, Groq: "1s", "6m0s",
 *   "20ms", "2m59.56s"), the longer of those whose `x-ratelimit-remaining-*` is 0 (a limit
 *   that is not spent says nothing about this 429);
 * - `anthropic-ratelimit-{requests,tokens,input-tokens,output-tokens}-reset` (RFC 3339 times),
 *   likewise for the spent ones;
 * - Gemini's `google.rpc.RetryInfo` `retryDelay` in the error body ("39s", "0.5s");
 * - the words of the message ("Please try again in 1.5s", "Please retry after 20 seconds").
 */
export function waitHintMs(headers: Headers | null, error: ErrorFields | null, nowMs: number): number | null {
  const header = (name: string) => headers?.get(name) ?? null
  const ms = header('retry-after-ms')
  if (ms !== null && ms.trim() !== '' && Number.isFinite(Number(ms))) return Math.max(0, Number(ms))
  const after = parseRetryAfter(header('retry-after'), nowMs, Number.POSITIVE_INFINITY)
  if (after !== null) return after
  const resets = resetHeaders(headers, nowMs)
  if (resets !== null) return resets
  const delay = error?.retryDelay ? durationMs(error.retryDelay) : null
  if (delay !== null) return delay
  return error ? waitInWords(`${error.message} ${error.extra}`) : null
}

function resetHeaders(headers: Headers | null, nowMs: number): number | null {
  if (!headers) return null
  const openai = (['requests', 'tokens'] as const).flatMap((kind) => {
    const reset = headers.get(`x-ratelimit-reset-${kind}`)
    const wait = reset === null ? null : durationMs(reset)
    return wait === null ? [] : [{ wait, exhausted: headers.get(`x-ratelimit-remaining-${kind}`) === '0' }]
  })
  const anthropic = ['requests', 'tokens', 'input-tokens', 'output-tokens'].flatMap((kind) => {
    const reset = headers.get(`anthropic-ratelimit-${kind}-reset`)
    const at = reset === null ? NaN : Date.parse(reset)
    return Number.isNaN(at) ? [] : [{ wait: Math.max(0, at - nowMs), exhausted: headers.get(`anthropic-ratelimit-${kind}-remaining`) === '0' }]
  })
  // only a limit that is spent says how long to wait: Groq sends reset-requests of minutes while requests remain
  const exhausted = [...openai, ...anthropic].filter((r) => r.exhausted)
  return exhausted.length === 0 ? null : Math.max(...exhausted.map((r) => r.wait))
}

/** "1s", "6m0s", "20ms", "2m59.56s", "1h2m", "39s", "0.5s", "17.38ms"; null when it is none of these. */
export function durationMs(text: string): number | null {
  const trimmed = text.trim()
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed) * 1000
  const parts = [...trimmed.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)]
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== trimmed) return null
  const unit: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1 }
  return Math.round(parts.reduce((sum, p) => sum + Number(p[1]) * knownField(unit, knownAt(p, 2, 'a duration unit'), 'ms per unit'), 0))
}

const IN_WORDS = /(?:try again|retry) (?:in|after) (\d+(?:\.\d+)?) ?(ms|milliseconds?|s|secs?|seconds?|m|mins?|minutes?)\b/i

function waitInWords(text: string): number | null {
  const match = IN_WORDS.exec(text)
  if (!match) return null
  const unit = knownAt(match, 2, 'the unit of a wait').toLowerCase()
  const scale = unit.startsWith('ms') || unit.startsWith('milli') ? 1 : unit.startsWith('m') ? 60_000 : 1000
  return Math.round(Number(match[1]) * scale)
}
