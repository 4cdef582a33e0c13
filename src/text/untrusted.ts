import { redactSecrets } from './redact.ts'
import { showInvisible } from './visible.ts'

/**
 * Every kind of line break: CR LF, LF, CR, the vertical tab and the form feed, NEL (U+0085),
 * the line and paragraph separators (U+2028, U+2029).
 */
export const LINE_BREAK = /\r\n|[\n\v\f\r\u0085\u2028\u2029]/g

/** U+2060 WORD JOINER: invisible, and not a word character, so nothing reads `@`, the joiner and `team` as one token. */
export const WORD_JOINER = '\u2060'

/**
 * The first step of escaping any text that came from outside evalgate (the eval set, the
 * candidate, the judge, an API's error, a configured label): one line whatever it holds.
 * Registered secrets become `***`; every line break of any kind, every control, bidi and
 * invisible character is shown as its visible code (`\x0a`, `\u2028`, `\u202e`). The
 * terminal and annotations show text so; the Markdown escapers (report/escape.ts) start from
 * redactedLine and show the codes after their own escapes. Either way untrusted text never
 * starts a line of its own: no heading, no fake verdict, no workflow command.
 */
export function untrustedLine(text: string): string {
  return showInvisible(redactSecrets(text))
}

/** For a renderer that escapes further (Markdown): secrets redacted and every kind of line break a space; it shows the other controls after its own escapes. */
export function redactedLine(text: string): string {
  return redactSecrets(text).replace(LINE_BREAK, ' ')
}

/**
 * Untrusted text that mentions nobody and links nothing wherever GitHub renders it (Markdown,
 * the HTML of a <summary>, an annotation): a word joiner after every `#` (headings, issue
 * references `#12` and `owner/repo#12`), after an `@` that would start a mention (GitHub sees
 * one after a non-word character, so `precision@5` is left alone) or an e-mail address's
 * domain (`a@b.example` is linked), inside `GH-12`, after the
 * `:` of a URL scheme and the `.` of `www.`, and every six digits of a word of hex digits a commit
 * SHA could be. Characters, not HTML entities: GitHub's mention and reference filters are reported to
 * see through entities, never through a character that is there.
 */
export function unlinked(text: string): string {
  return text
    .replace(/#/g, `#${WORD_JOINER}`)
    .replace(/(?<![\p{L}\p{N}_])@(?=[\p{L}\p{N}_-])|@(?=[\p{L}\p{N}_-]+(?:\.[\p{L}\p{N}_-]+)*\.\p{L})/gu, `@${WORD_JOINER}`)
    .replace(/\b(GH)-(?=\d)/gi, `$1-${WORD_JOINER}`)
    .replace(/\b([a-z][a-z0-9+.-]*):(?=\/\/)/gi, `$1:${WORD_JOINER}`)
    .replace(/\b(www)\.(?=[\p{L}\p{N}])/giu, `$1.${WORD_JOINER}`)
    .replace(/\b(?=[0-9a-f]*[0-9])(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b/gi, (hex) => hex.replace(/[0-9a-f]{6}(?=[0-9a-f])/gi, `$&${WORD_JOINER}`))
}
