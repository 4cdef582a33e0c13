/**
 * The catalogue of documented endpoint behaviours the judge must survive: one entry per thing a
 * real server does that differs from the well-behaved wire format (dialects.ts), each with the
 * page or public issue that documents it (SOURCES.md repeats them with the wire detail) and what
 * a correct client must end with. BehaviourServer (fakeEndpoint.ts) serves one of them.
 *
 * Which request a behaviour hits is part of its definition and is deterministic:
 *   - "once" faults hit the first scoring request(s) of a kind, never the preflight, so a run
 *     must get past them by retrying (llama.cpp's model loading answers whatever comes first,
 *     the preflight included, and the rate limiters count every request);
 *   - "flagged" behaviours hit requests whose user turns contain FLAGGED_MARKER, as a content
 *     filter, a moderation check or a refusal would;
 *   - "long prompt" behaviours hit requests whose prompt is over a context size; an eval-set row
 *     whose contexts together exceed LONG_PROMPT_CHARS characters trips every one of them, while
 *     the judge's ordinary prompts (under 8,000 characters) trip none.
 */
import type { BehaviourState } from './wire.ts'
import type { Dialect, FakeRequest, FakeResponse } from './dialects.ts'
import { OPENAI } from './behaviours/openai.ts'
import { AZURE } from './behaviours/azure.ts'
import { ANTHROPIC } from './behaviours/anthropic.ts'
import { GEMINI } from './behaviours/gemini.ts'
import { GROQ } from './behaviours/groq.ts'
import { OPENROUTER } from './behaviours/openrouter.ts'
import { DEEPSEEK } from './behaviours/deepseek.ts'
import { OLLAMA } from './behaviours/ollama.ts'
import { VLLM } from './behaviours/vllm.ts'
import { LLAMA_CPP, LM_STUDIO } from './behaviours/local.ts'
import { GATEWAYS } from './behaviours/gateways.ts'
import { LIMITERS } from './behaviours/limiters.ts'

export type { BehaviourState } from './wire.ts'
export type { Dialect, FakeRequest, FakeResponse } from './dialects.ts'
export { FLAGGED_MARKER, LONG_PROMPT_CHARS } from './wire.ts'

export type ResponseFormat = 'json_schema' | 'json_object' | 'text'

export type Expectation =
  /**
   * The scores a well-behaved endpoint gives (after retries or adaptation). `format`, where it
   * matters, is the response format the run must end with: kept (a sporadic validation failure
   * is no format rejection) or stepped down to (the endpoint rejected the format).
   */
  | { kind: 'same'; format?: ResponseFormat }
  /** Exit 2 early; stderr names the cause (`words`); at most `maxRequests` requests reach the server in total. */
  | { kind: 'stop'; words: RegExp; maxRequests: number }
  /**
   * The run completes; on the rows the behaviour hits (`hits`: the flagged row, or the row whose
   * prompt is long) the affected metric is an error naming the cause (`words`); every other score
   * is the same as on a well-behaved endpoint.
   */
  | { kind: 'question-error'; words: RegExp; hits: 'flagged' | 'long-prompt' }

export interface Behaviour {
  /** kebab-case, unique */
  id: string
  family: string
  /** a vendor documentation URL or a public issue/PR as owner/repo#number */
  source: string
  /** one sentence: what the server does */
  what: string
  expect: Expectation
  /** the wire format the well-behaved part speaks */
  dialect: Dialect
  /** the response for this request, or null to answer as the well-behaved server does */
  respond: (req: FakeRequest, state: BehaviourState) => FakeResponse | null
  /**
   * judge.timeout_ms for the run against it, when the behaviour is about a timeout; else
   * JUDGE_TIMEOUT_MS, long enough that a loaded machine's slow reply is not taken for one (at
   * 1,000 ms for every behaviour, a loaded CI machine timed out and retried 14 requests of a
   * well-behaved reply)
   */
  timeoutMs?: number
}

/** judge.timeout_ms of a run against a behaviour that sets none (Behaviour.timeoutMs) */
export const JUDGE_TIMEOUT_MS = 15_000

export const BEHAVIOURS: Behaviour[] = [...OPENAI, ...AZURE, ...ANTHROPIC, ...GEMINI, ...GROQ, ...OPENROUTER, ...DEEPSEEK, ...OLLAMA, ...VLLM, ...LLAMA_CPP, ...LM_STUDIO, ...GATEWAYS, ...LIMITERS]

export function behaviour(id: string): Behaviour {
  const found = BEHAVIOURS.find((b) => b.id === id)
  if (!found) throw new Error(`no behaviour ${id}`)
  return found
}
