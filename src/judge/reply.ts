import type { JudgeResult } from '../metrics/judge.ts'
import type { PromptId, ResponseOf } from '../schemas/judge.ts'
import type { Prompt } from './prompts.ts'
import { knownAt } from '../io/known.ts'

/** JSON from the reply (reasoning, a ```json fence or surrounding prose tolerated), checked by the prompt's schema. */
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
    const issue = knownAt(result.error.issues, 0, 'the first issue of a failed parse')
    return { ok: false, error: `${issue.path.join('.') || 'reply'}: ${issue.message}`, raw: content }
  }
  return { ok: true, value: result.data as ResponseOf<P> }
}

/**
 * Reasoning is not the answer: DeepSeek-R1-style servers put `<think>…</think>` before the JSON
 * in json_object and text modes (vLLM's deepseek_r1 reasoning parser moves it to
 * `reasoning_content`, which is never read). A server whose template opens the block itself
 * sends only the closing tag: everything before it is reasoning too.
 */
export function withoutReasoning(content: string): string {
  const unwrapped = content.replace(/<think(?:ing)?>[\s\S]*?<\/think(?:ing)?>/gi, '')
  const lastClose = [...unwrapped.matchAll(/<\/think(?:ing)?>/gi)].at(-1)
  const answer = lastClose ? unwrapped.slice(lastClose.index + lastClose[0].length) : unwrapped
  // an unclosed block (the reply was cut off while thinking) holds no answer
  return answer.replace(/<think(?:ing)?>[\s\S]*$/i, '').trim()
}

function extractJson(content: string): string {
  const answer = withoutReasoning(content)
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(answer)
  if (fenced) return knownAt(fenced, 1, 'the fenced text').trim()
  const start = answer.indexOf('{')
  const end = answer.lastIndexOf('}')
  return start !== -1 && end > start ? answer.slice(start, end + 1) : answer
}
