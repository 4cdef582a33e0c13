/**
 * Everything that came from the eval set, the candidate or the judge goes through here
 * before it reaches Markdown: it must not break a table, inject HTML, open a code span,
 * or notify anyone through an @mention.
 */
export function escapeCell(text: string, maxChars = 160): string {
  const flat = text
    .replace(/\r?\n|\r/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  const clipped = [...flat].length > maxChars ? `${[...flat].slice(0, maxChars - 1).join('')}…` : flat
  return escapeInline(clipped)
}

export function escapeInline(text: string): string {
  return (
    text
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      // CommonMark lets any ASCII punctuation be escaped with a backslash: readable in the raw
      // Markdown (report.md, a terminal) and rendered literally (no link, emphasis, code span,
      // or extra table column)
      .replace(/[\\`*_[\]|~]/g, '\\$&')
      // "#123" would link an issue and "@octocat" notify a user: a word joiner stops both
      .replace(/([#@])(?=[\p{L}\p{N}_-])/gu, '$1\u2060')
  )
}
