import { showInvisible } from '../io/visible.ts'

/**
 * Everything that came from the eval set, the candidate or the judge goes through here
 * before it reaches Markdown: it must not break a table, inject HTML, open a code span,
 * notify anyone through an @mention, link an issue or a URL, or hide and reorder text with
 * control, bidi or zero-width characters.
 */
export function escapeCell(text: string, maxChars = 160): string {
  return escapeInline(flatClip(text, maxChars))
}

/** One line of at most `maxChars` code points (the last one … when cut): line breaks and runs of blanks become one space. */
function flatClip(text: string, maxChars: number): string {
  const flat = text
    .replace(/\r?\n|\r/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return [...flat].length > maxChars ? `${[...flat].slice(0, maxChars - 1).join('')}…` : flat
}

export function escapeInline(text: string): string {
  // CommonMark lets any ASCII punctuation be escaped with a backslash: readable in the raw
  // Markdown (report.md, a terminal) and rendered literally (no link, emphasis, code span,
  // or extra table column)
  return inert(htmlEscaped(text).replace(/[\\`*_[\]|~]/g, '\\$&'))
}

/**
 * Text inside raw HTML (a <summary>), where Markdown is not parsed and a backslash would show:
 * entities only, on one line of at most `maxChars` code points.
 */
export function escapeHtmlText(text: string, maxChars = 160): string {
  return inert(htmlEscaped(flatClip(text, maxChars)))
}

function htmlEscaped(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/**
 * Controls as their codes, and entities, not invisible characters, so what is copied is what
 * was written: "#123" and "GH-123" would link an issue, "@octocat" notify a user (GitHub only
 * sees a mention after a non-word character, so "precision@5" is left alone), a bare URL
 * become a link.
 */
function inert(text: string): string {
  return showInvisible(text, '\n\t')
    .replace(/#(?=[\p{L}\p{N}_])/gu, '&#35;')
    .replace(/(?<![A-Za-z0-9_])@(?=[\p{L}\p{N}_-])/gu, '&#64;')
    .replace(/\b(GH)-(?=\d)/gi, '$1&#45;')
    .replace(/\b([a-z][a-z0-9+.-]*):(?=\/\/)/gi, '$1&#58;')
    .replace(/\b(www)\.(?=[\p{L}\p{N}])/giu, '$1&#46;')
}

/**
 * A code span holding `text` exactly as written: no backslash escape is needed (or shown)
 * inside it, because its fence is one backtick longer than the longest run of backticks in
 * the text (CommonMark), padded with a space when the text starts or ends with one. Line
 * breaks become spaces and control characters their visible codes. Not for table cells,
 * where `|` would still end the cell.
 */
export function codeSpan(text: string): string {
  const flat = showInvisible(text.replace(/\r?\n|\r/g, ' '))
  const longest = Math.max(0, ...[...flat.matchAll(/`+/g)].map((m) => m[0].length))
  const fence = '`'.repeat(longest + 1)
  const pad = flat.startsWith('`') || flat.endsWith('`') || (flat.startsWith(' ') && flat.endsWith(' ') && flat.trim() !== '') ? ' ' : ''
  return `${fence}${pad}${flat}${pad}${fence}`
}

/** A fenced code block around `text` as written: the fence is longer than any run of backticks in it. */
export function codeBlock(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length))
  const fence = '`'.repeat(Math.max(3, longest + 1))
  return `${fence}\n${text}\n${fence}`
}
