import type { PromptId, ResponseOf } from '../schemas/judge.ts'
import type { PlannedJudge } from './callPlan.ts'
import { failure } from './judge.ts'

/**
 * An ask whose reply must line up with what it was about (one verdict per chunk, one statement
 * per reference point). A reply that does not is asked once more, with what was wrong and
 * `fix` said after the prompt; only a second reply that does not line up either is an error.
 * The call plan states the second ask as a fallback ask of the same prompt.
 */
export async function reasked<P extends PromptId>(
  judge: PlannedJudge,
  prompt: P,
  vars: Record<string, string | number>,
  lineUp: (reply: ResponseOf<P>) => string | null,
  fix: string,
): Promise<{ ok: true; value: ResponseOf<P> } | { ok: false; error: string }> {
  const first = await judge.ask(prompt, vars)
  if (!first.ok) return { ok: false, error: failure(first) }
  const problem = lineUp(first.value)
  if (problem === null) return first
  const again = await judge.ask(prompt, vars, { reask: `Your previous reply gave ${problem}. ${fix}` })
  if (!again.ok) return { ok: false, error: `the judge gave ${problem}; asked again: ${failure(again)}` }
  const still = lineUp(again.value)
  return still === null ? again : { ok: false, error: `the judge gave ${problem}, and ${still} when asked again` }
}

/**
 * What keeps the numbers a judge gave (`claim`, `chunk`) from naming 1…n once each, or null
 * when they do: `none for chunk 3; more than one for chunk 2; there is no chunk 7`.
 */
export function misnumbered(numbers: readonly number[], n: number, what: string): string | null {
  const seen = new Map<number, number>()
  for (const k of numbers) seen.set(k, (seen.get(k) ?? 0) + 1)
  const missing = Array.from({ length: n }, (_, i) => i + 1).filter((k) => !seen.has(k))
  const repeated = [...seen].filter(([k, times]) => times > 1 && k >= 1 && k <= n).map(([k]) => k)
  const unknown = [...seen.keys()].filter((k) => k < 1 || k > n)
  const problems = [
    missing.length > 0 ? `none for ${what} ${list(missing)}` : null,
    repeated.length > 0 ? `more than one for ${what} ${list(repeated)}` : null,
    unknown.length > 0 ? `there is no ${what} ${list(unknown)}` : null,
  ].filter((p) => p !== null)
  return problems.length > 0 ? problems.join('; ') : null
}

const LISTED = 5

function list(numbers: readonly number[]): string {
  const sorted = [...numbers].sort((a, b) => a - b)
  const more = sorted.length - LISTED
  return sorted.slice(0, LISTED).join(', ') + (more > 0 ? ` and ${more} more` : '')
}
