/**
 * The one redactor. Every secret evalgate knows (the judge key, the HTTP candidate's `${ENV}`
 * header values, the GitHub token, every value the Action masks with setSecret) is registered
 * here by whoever learns it, and every way out redacts with it: the terminal and the Action's
 * log line by line (text/visible.ts), every untrusted value in Markdown as the escaper writes it
 * (report/escape.ts), the outside text of results.json and baseline.json as values before they
 * are serialised (redactValues.ts); never a file after it is written. Process-wide on purpose:
 * a sink cannot forget a secret that a layer above it learnt, and GitHub masks its log only,
 * never a comment body or a file.
 */

/** Shorter values are not masked: hiding every "ab" would garble the output and protect nothing. */
export const MIN_SECRET_CHARS = 4

/** What one character of a secret may have become once escaped: a Markdown / JSON backslash, an HTML entity. */
const PUNCTUATION = /[!-/:-@[-`{-~]/

const registry = new Set<string>()
let compiled: RegExp | null = null

/** Remembers a secret (and each line of a multi-line one); empty and very short values are ignored. */
export function registerSecret(value: string | undefined | null): void {
  if (!value) return
  const parts = [value, ...value.split(/\r?\n/).map((line) => line.trim())]
  for (const part of parts) {
    if (part.length < MIN_SECRET_CHARS || registry.has(part)) continue
    registry.add(part)
    compiled = null
  }
}

/** Whether any secret is registered: with none, nothing needs a look. */
export function anySecrets(): boolean {
  return registry.size > 0
}

/** For tests: forget every secret. */
export function clearSecrets(): void {
  registry.clear()
  compiled = null
}

/** Every occurrence of a registered secret becomes `***`, raw or as Markdown, JSON or HTML escaped it. */
export function redactSecrets(text: string): string {
  const pattern = compile()
  return pattern === null ? text : text.replace(pattern, '***')
}

/** Every occurrence of one of `secrets` becomes `***` (for a message made before the secrets are registered). */
export function redact(text: string, secrets: readonly string[]): string {
  const pattern = patternOf(secrets)
  return pattern === null ? text : text.replace(pattern, '***')
}

function compile(): RegExp | null {
  if (compiled === null && registry.size > 0) compiled = patternOf([...registry])
  return compiled
}

/** Longest first, so a secret that contains another is hidden whole. */
function patternOf(secrets: readonly string[]): RegExp | null {
  const kept = [...new Set(secrets)].filter((s) => s.length > 0).sort((a, b) => b.length - a.length)
  if (kept.length === 0) return null
  return new RegExp(kept.map(tolerant).join('|'), 'gu')
}

/** A secret's characters in order; each punctuation character may appear backslash-escaped or as an entity. */
function tolerant(secret: string): string {
  return [...secret].map((ch) => (PUNCTUATION.test(ch) ? `\\\\?(?:${escapeRegExp(ch)}|&#\\d+;|&#x[0-9a-fA-F]+;|&[a-zA-Z]+;)` : escapeRegExp(ch))).join('')
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
}
