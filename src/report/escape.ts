/**
 * Everything that came from the eval set, the candidate or the judge goes through here
 * before it reaches Markdown: it must not break a table, inject HTML, open a code span,
 * or notify anyone through an @mention.
 */
export function escapeCell(text: string, maxChars = 160): string {
  const flat = text.replace(/\r?\n|\r/g, ' ').replace(/\s+/g, ' ').trim()
  const clipped = [...flat].length > maxChars ? `${[...flat].slice(0, maxChars - 1).join('')}…` : flat
  return escapeInline(clipped)
}

export function escapeInline(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    // "#123" would link an issue; done before the numeric entities below, which contain "#"
    .replace(/#(?=\d)/g, '#\u2060')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\|/g, '&#124;')
    .replace(/`/g, '&#96;')
    .replace(/\\/g, '&#92;')
    .replace(/\[/g, '&#91;')
    .replace(/\]/g, '&#93;')
    .replace(/\*/g, '&#42;')
    .replace(/_/g, '&#95;')
    .replace(/~/g, '&#126;')
    // a zero-width joiner after @ keeps "@octocat" readable but stops the mention
    .replace(/@/g, '@\u2060')
}
