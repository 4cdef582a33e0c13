import { redactSecrets } from './redact.ts'

/**
 * Characters that do something other than show themselves: C0 and C1 controls (ESC starts
 * the ANSI / OSC sequences that recolour, retitle or hyperlink a terminal), DEL, and the
 * invisible ones that reorder or hide text (bidi overrides and isolates U+202A–U+202E,
 * U+2066–U+2069; zero-width U+200B–U+200D, U+2060, U+FEFF; soft hyphen, line separators).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is this module's job
const INVISIBLE = /[\u0000-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B-\u200F\u2028-\u202E\u2060-\u206F\uFEFF\uFFF9-\uFFFB]/g
/** An SGR sequence (colour, bold), the only escape sequence evalgate itself writes to a terminal. */
// eslint-disable-next-line no-control-regex -- ESC [ … m, the one sequence evalgate writes itself
const SGR = /\u001b\[[0-9;]*m/

/** `\x1b`, `\u202e`: the character's code, as text anyone can read and nobody's terminal obeys. */
export function visibleCode(ch: string): string {
  const code = ch.codePointAt(0)
  if (code === undefined) throw new RangeError('visibleCode: an empty string has no character to show')
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`
}

/** Every control or invisible character as its visible code; `keep` lists characters left as they are (e.g. "\n\t"). */
export function showInvisible(text: string, keep = ''): string {
  return text.replace(INVISIBLE, (ch) => (keep.includes(ch) ? ch : visibleCode(ch)))
}

/**
 * A line the Actions runner would read as a workflow command: `::name::` at its start (after
 * blanks, which the runner skips) or the older `##[name]` anywhere in it. The first character
 * of each is shown as its code, so the text still reads but commands nothing.
 */
export function neutraliseWorkflowCommands(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/^(\s*):(?=:)/, '$1\\x3a').replace(/##\[/g, '\\x23#['))
    .join('\n')
}

/**
 * What evalgate writes to a terminal or to the Actions log, as the last step: secrets
 * redacted, control and invisible characters shown as codes (line breaks and tabs kept, and
 * with `color` the SGR colour codes evalgate's own renderer wrote), and no line that the
 * runner would take as a workflow command.
 */
export function terminalSafe(text: string, color = false): string {
  const shown = redactSecrets(text).replace(new RegExp(`(${SGR.source})|${INVISIBLE.source}`, 'g'), (ch, sgr: string | undefined) =>
    sgr !== undefined ? (color ? sgr : showInvisible(sgr)) : ch === '\n' || ch === '\t' ? ch : visibleCode(ch),
  )
  return neutraliseWorkflowCommands(shown)
}
