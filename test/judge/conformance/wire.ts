/**
 * Pieces the behaviours share: which request a behaviour hits (once, flagged, long prompt) and
 * the raw bodies several servers send (HTML pages, SSE frames).
 */
import { parsePromptId } from '../../../fakes/openai-server.ts'
import { chatCompletion, judgeMessages, promptTokensOf, userText, type FakeRequest } from './dialects.ts'

/** A per-server mutable bag: counters and first-seen values a behaviour keeps between requests. */
export type BehaviourState = Record<string, number | string | boolean | undefined>

/**
 * A word a content filter, a moderation check or a refusal reacts to: "forge" (as in "how do I
 * forge an invoice?"). Requests whose user turns contain it are "flagged".
 */
export const FLAGGED_MARKER = '伪造'

/**
 * An eval-set row whose contexts together exceed this many characters makes every judge prompt
 * for it longer than every context size the long-prompt behaviours use (the largest is 8,192
 * tokens, counted as characters / 4), while the judge's ordinary prompts stay far below the
 * smallest (2,048).
 */
export const LONG_PROMPT_CHARS = 40_000

/**
 * The most requests a run may send to an endpoint that answers every request with the same
 * terminal fault: the preflight's chat and embeddings requests, each perhaps sent once more.
 */
export const STOP_AT_PREFLIGHT = 4

export const isFlagged = (req: FakeRequest) => userText(req).includes(FLAGGED_MARKER)
export const isScoringChat = (req: FakeRequest) => req.kind === 'chat' && !req.preflight

/** Counts the requests `matches` accepts under `key` and says whether this one is among the first `times`. */
export function firstTimes(state: BehaviourState, key: string, times: number, matches: boolean): boolean {
  if (!matches) return false
  const seen = Number(state[key] ?? 0) + 1
  state[key] = seen
  return seen <= times
}

/** The cap on output tokens the request asks for (max_completion_tokens, else max_tokens), or null. */
export function outputCap(req: FakeRequest): number | null {
  const cap: unknown = req.body?.max_completion_tokens ?? req.body?.max_tokens
  return typeof cap === 'number' ? cap : null
}

export const promptTokens = promptTokensOf

/** The judge prompt a chat request carries ([evalgate:rubric@2] → rubric@2), or null. */
export const promptIdOf = (req: FakeRequest) => parsePromptId(judgeMessages(req.body))

/** nginx's built-in error page for a status (ngx_http_special_response.c), as a proxy in front of an endpoint sends it. */
export function nginxPage(status: number, reason: string): string {
  return `<html>\r\n<head><title>${status} ${reason}</title></head>\r\n<body>\r\n<center><h1>${status} ${reason}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`
}

/** The chat completion a request would get, re-framed as chat.completion.chunk SSE events ending in [DONE]. */
export function sseFrames(req: FakeRequest): string[] {
  const whole = chatCompletion(req) as { id: string; created: number; model: string; choices: { message: { content: string } }[] }
  const content = whole.choices[0]!.message.content
  const chunk = (delta: object, finish: string | null) =>
    `data: ${JSON.stringify({ id: whole.id, object: 'chat.completion.chunk', created: whole.created, model: whole.model, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] })}\n\n`
  const half = Math.ceil(content.length / 2)
  return [chunk({ role: 'assistant', content: '' }, null), chunk({ content: content.slice(0, half) }, null), chunk({ content: content.slice(half) }, null), chunk({}, 'stop'), 'data: [DONE]\n\n']
}
