// How the HTTP candidate quotes what it did not write (response bodies, error messages) in its own messages

/** How much of a response body an error row quotes. */
export const BODY_EXCERPT_CHARS = 200

export function excerpt(text: string, chars: number): string {
  const trimmed = text.trim()
  if (trimmed === '') return '(empty body)'
  return trimmed.length > chars ? `${trimmed.slice(0, chars)}…` : trimmed
}

/** An error's message with its cause (fetch's "fetch failed" says nothing without it). */
export function errorMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const cause = (error as { cause?: unknown }).cause
  return cause instanceof Error && cause.message ? `${error.message} (${cause.message})` : error.message
}
