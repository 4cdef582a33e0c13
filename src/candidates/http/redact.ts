/**
 * Header values that came from the environment (tokens, keys) never appear in a message:
 * every occurrence becomes `***`. Secrets are matched longest first (see `secretsOf`), so
 * one that contains another is hidden whole.
 */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text
  for (const secret of secrets) out = out.split(secret).join('***')
  return out
}

/** The values to hide, in the order `redact` needs. */
export function secretsOf(values: readonly string[]): string[] {
  return [...values].sort((a, b) => b.length - a.length)
}
