/** A count and its noun, singular for one: `1 question`, `3 questions`. */
export function countOf(n: number, noun: string, plural = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : plural}`
}
