/**
 * Ids (question ids, doc ids, category labels) come from users' files, so `__proto__`,
 * `constructor`, `toString` and `hasOwnProperty` are ordinary ids. Anything keyed by them is a
 * Map or a record without a prototype: no id then collides with Object.prototype, and
 * assigning `record['__proto__']` stores a value instead of replacing the prototype.
 */

/** A record keyed by ids, with no prototype; filled from `entries` when given. */
export function idRecord<T>(entries?: Iterable<readonly [string, T]>): Record<string, T> {
  const record = Object.create(null) as Record<string, T>
  if (entries) for (const [id, value] of entries) record[id] = value
  return record
}

/** The value stored under `id`, never one inherited from a prototype (`constructor`, `toString`). */
export function ownValue<T>(record: Readonly<Record<string, T>> | null | undefined, id: string): T | undefined {
  return record && Object.hasOwn(record, id) ? record[id] : undefined
}

/** How every id is compared: NFC (the same text typed on macOS and on Linux is one id), line breaks as \n, no surrounding blanks. */
export function normaliseId(id: string): string {
  return (BEYOND_PLAIN_ASCII.test(id) ? id.normalize('NFC').replace(/\r\n?/g, '\n') : id).trim()
}

/** Anything but tab, line feed and printable ASCII: a text without any is NFC already (composing needs a character beyond ASCII) and has no CR. */
const BEYOND_PLAIN_ASCII = /[^\t\n -~]/

/**
 * `text.normalize('NFC')`, skipped for plain ASCII text, which NFC never changes: most ids and
 * English text, read a million times per 100,000 questions, at a fifth of the cost.
 */
export function nfc(text: string): string {
  return BEYOND_PLAIN_ASCII.test(text) ? text.normalize('NFC') : text
}

// C0/C1 controls, bidi overrides and isolates, zero-width and other invisible characters: matching them is the point
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g

/** An id as the terminal shows it: quoted, with control, bidi and invisible characters written as \uXXXX. */
export function quoteId(id: string): string {
  return `"${id.replace(/["\\]/g, (c) => `\\${c}`).replace(INVISIBLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}"`
}

/** Up to `max` ids, quoted, and how many more there are. */
export function previewIds(ids: readonly string[], max = 10): string {
  const shown = ids.slice(0, max).map(quoteId).join(', ')
  return ids.length > max ? `${shown} … (+${ids.length - max} more)` : shown
}
