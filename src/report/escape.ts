import { redactSecrets } from '../text/redact.ts'
import { showInvisible } from '../text/visible.ts'
import { LINE_BREAK, redactedLine, unlinked } from '../text/untrusted.ts'

/**
 * The one escaper for Markdown. Everything that came from the eval set, the candidate, the
 * judge or an API goes through one of these before it reaches the PR comment, the job summary
 * or report.md; each starts from text/untrusted.ts (secrets redacted, one line, controls shown),
 * so untrusted text cannot break a line, and so cannot start a heading, a list, a quote or a
 * table row of its own, nor close a <details>. It must not break a table cell either, inject
 * HTML, open a code span, notify anyone through an @mention, or link an issue, a commit or a
 * URL.
 */
export function escapeCell(text: string, maxChars = 160): string {
  return escapeInline(flatClip(text, maxChars))
}

/** One line of at most `maxChars` code points (the last one … when cut): runs of blanks become one space. */
function flatClip(text: string, maxChars: number): string {
  const flat = redactedLine(text).replace(/\s+/g, ' ').trim()
  return [...flat].length > maxChars ? `${[...flat].slice(0, maxChars - 1).join('')}…` : flat
}

/**
 * Inline Markdown. CommonMark lets any ASCII punctuation be escaped with a backslash: readable
 * in the raw Markdown (report.md, a terminal) and rendered literally (no link, emphasis, code
 * span, or extra table column). At the start of the text, where a renderer may have put it at
 * the start of a line or a list item, a list marker (`- `, `+ `, `1. `) or `---` is escaped too.
 */
export function escapeInline(text: string): string {
  const line = htmlEscaped(redactedLine(text))
    .replace(/[\\`*_[\]|~]/g, '\\$&')
    .replace(/^(\s*)([-+])(?=[\s-]|$)/, '$1\\$2')
    .replace(/^(\s*\d{1,9})([.)])(?=\s|$)/, '$1\\$2')
  // controls shown after the backslashes, so `\x1b` reads as written in the raw Markdown too
  return unlinked(showInvisible(line))
}

/**
 * Text inside raw HTML (a <summary>), where Markdown is not parsed and a backslash would show:
 * entities for `&`, `<` and `>` only, on one line of at most `maxChars` code points.
 */
export function escapeHtmlText(text: string, maxChars = 160): string {
  return unlinked(showInvisible(htmlEscaped(flatClip(text, maxChars))))
}

function htmlEscaped(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/**
 * A code span holding `text` exactly as written (secrets redacted): no backslash escape is
 * needed (or shown) inside it, because its fence is one backtick longer than the longest run
 * of backticks in the text (CommonMark), padded with a space when the text starts or ends with
 * one. Line breaks become spaces and control characters their visible codes. Nothing in a code
 * span mentions or links. Not for table cells, where `|` would still end the cell.
 */
export function codeSpan(text: string): string {
  const flat = showInvisible(redactedLine(text))
  const longest = Math.max(0, ...[...flat.matchAll(/`+/g)].map((m) => m[0].length))
  const fence = '`'.repeat(longest + 1)
  const pad = flat.startsWith('`') || flat.endsWith('`') || (flat.startsWith(' ') && flat.endsWith(' ') && flat.trim() !== '') ? ' ' : ''
  return `${fence}${pad}${flat}${pad}${fence}`
}

/**
 * A fenced code block around `text` as written, its lines kept (any kind of line break becomes
 * a newline), secrets redacted and controls shown: the fence is longer than any run of
 * backticks in it, so the text cannot close it.
 */
export function codeBlock(text: string, language = ''): string {
  const lines = showInvisible(redactSecrets(text).replace(LINE_BREAK, '\n'), '\n\t')
  const longest = Math.max(0, ...[...lines.matchAll(/`+/g)].map((m) => m[0].length))
  const fence = '`'.repeat(Math.max(3, longest + 1))
  return `${fence}${language}\n${lines}\n${fence}`
}
