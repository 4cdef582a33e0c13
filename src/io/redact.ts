/**
 * The one redactor. Every secret evalgate knows (the judge key, the HTTP candidate's `${ENV}`
 * header values, the GitHub token, every value the Action masks with setSecret) is registered
 * here by whoever learns it, and every way out (the terminal and the Action's log, annotations,
 * every file through the safe writer, the job summary, the PR comment) passes its text through
 * `redactSecrets`. Process-wide on purpose: a sink cannot forget a secret that a layer above it
 * learnt, and GitHub masks its log only, never a comment body or a file.
 */

/** Shorter values are not masked: hiding every "ab" would garble the output and protect nothing. */
export const MIN_SECRET_CHARS = 4

/** What one character of a secret may have become once escaped: a Markdown / JSON backslash, an HTML entity. */
const PUNCTUATION = /[!-/:-@[-`{-~]/
/** Room for the longest escaped form of one character (`\&#x10FFFF;`). */
const ESCAPED_CHAR_MAX = 12

const registry = new Set<string>()
let compiled: { pattern: RegExp; maxMatch: number } | null = null

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

/** For tests: forget every secret. */
export function clearSecrets(): void {
  registry.clear()
  compiled = null
}

/** Every occurrence of a registered secret becomes `***`, raw or as Markdown, JSON or HTML escaped it. */
export function redactSecrets(text: string): string {
  const c = compile()
  return c === null ? text : text.replace(c.pattern, '***')
}

/** Every occurrence of one of `secrets` becomes `***` (for a message made before the secrets are registered). */
export function redact(text: string, secrets: readonly string[]): string {
  const pattern = patternOf(secrets)
  return pattern === null ? text : text.replace(pattern, '***')
}

/**
 * Redacts text that arrives in pieces (a file written chunk by chunk): a secret cut in two by a
 * chunk boundary is still found, because the end of each piece that could be the start of a
 * secret is held back until the next piece (or `end`).
 */
export class StreamRedactor {
  private carry = ''

  push(chunk: string): string {
    const c = compile()
    const text = this.carry + chunk
    if (c === null) {
      this.carry = ''
      return text
    }
    let cut = Math.max(0, text.length - c.maxMatch)
    for (const match of text.matchAll(c.pattern)) {
      const end = match.index + match[0].length
      if (match.index < cut && end > cut) cut = end
    }
    // never between the two halves of a surrogate pair: each piece is written as UTF-8 on its own
    if (cut > 0 && cut < text.length && /[\uD800-\uDBFF]/.test(text[cut - 1]!)) cut -= 1
    this.carry = text.slice(cut)
    return text.slice(0, cut).replace(c.pattern, '***')
  }

  end(): string {
    const rest = redactSecrets(this.carry)
    this.carry = ''
    return rest
  }
}

function compile(): { pattern: RegExp; maxMatch: number } | null {
  if (compiled === null && registry.size > 0) {
    const longest = Math.max(...[...registry].map((s) => s.length))
    compiled = { pattern: patternOf([...registry])!, maxMatch: longest * ESCAPED_CHAR_MAX }
  }
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
