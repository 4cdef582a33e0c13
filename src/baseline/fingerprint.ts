import { createHash, hash } from 'node:crypto'
import type { EvalRow } from '../schemas/evalSet.ts'
import { knownAt } from '../io/known.ts'

/**
 * The eval set's fingerprint: which questions, answers, labels and relevance judgements the
 * scores belong to, so that an edited set that kept its eval_set_version is caught.
 *
 * Since results schema 3 it is the sum, modulo 2^256, of the SHA-256 of each normalised row:
 * a sum does not depend on the order of its terms, so reordering rows or switching CSV ↔ JSONL
 * keeps it, and the sum over the shards' rows equals the sum over the whole set. A shard
 * hashes only its own rows, and `merge` adds the shards' sums up. Ids are unique, so no row
 * is counted twice. Pass-through columns are not part of it: they do not change any score.
 *
 * Before, it was one SHA-256 over every row sorted by id (`sha256:` and 64 hex digits): a
 * baseline with such a fingerprint is recognised by recomputing that hash from the eval set
 * (legacyFingerprint), never taken for an edited set.
 */
export const FINGERPRINT_PREFIX = 'sha256-sum:'
const LEGACY_PREFIX = 'sha256:'
const WORDS = 8

/** The fingerprint of the kind evalgate wrote before results schema 3. */
export function isLegacyFingerprint(fingerprint: string): boolean {
  return fingerprint.startsWith(LEGACY_PREFIX)
}

/** The first 12 hex digits, for a report line or a message. */
export function shortFingerprint(fingerprint: string): string {
  return fingerprint.slice(fingerprint.indexOf(':') + 1).slice(0, 12)
}

/** What a row's fingerprint covers, as one JSON text: the legacy hash and the sum read the same fields. */
function canonicalRow(row: EvalRow): string {
  return JSON.stringify([
    row.id,
    row.question,
    row.ground_truth,
    row.reference_points,
    row.category,
    row.difficulty,
    row.should_refuse,
    row.relevant_docs.map((d) => [d.id, d.grade]),
    row.expect_json,
    row.required_keys,
    // only when present: a set without conversations keeps the fingerprint it always had
    ...(row.conversation ? [['conversation', row.conversation.id, row.conversation.turn]] : []),
    ...(row.history ? [['history', row.history.map((m) => [m.role, m.content])]] : []),
  ])
}

/** A running sum of row hashes: add rows (or other sums, for merge) in any order. */
export class FingerprintSum {
  /** the 256-bit sum as eight 32-bit words, most significant first */
  private readonly words = new Uint32Array(WORDS)

  addRow(row: EvalRow): void {
    this.addBytes(hash('sha256', canonicalRow(row), 'buffer'))
  }

  /** Adds a fingerprint of this kind (a shard's); false for any other text. */
  addFingerprint(fingerprint: string): boolean {
    const hex = fingerprint.slice(FINGERPRINT_PREFIX.length)
    if (!fingerprint.startsWith(FINGERPRINT_PREFIX) || !/^[0-9a-f]{64}$/.test(hex)) return false
    this.addBytes(Buffer.from(hex, 'hex'))
    return true
  }

  private addBytes(bytes: Buffer): void {
    let carry = 0
    for (let i = WORDS - 1; i >= 0; i--) {
      const sum = knownAt(this.words, i, 'a fingerprint word') + bytes.readUInt32BE(i * 4) + carry
      this.words[i] = sum >>> 0
      carry = sum > 0xffffffff ? 1 : 0
    }
  }

  toString(): string {
    let hex = ''
    for (const word of this.words) hex += word.toString(16).padStart(8, '0')
    return FINGERPRINT_PREFIX + hex
  }
}

/** The fingerprint of these rows (a whole set, or one shard's rows). */
export function fingerprintRows(rows: Iterable<EvalRow>): string {
  const sum = new FingerprintSum()
  for (const row of rows) sum.addRow(row)
  return sum.toString()
}

/** The sum of shards' fingerprints (each over its own rows); null when one is not of this kind. */
export function combineFingerprints(fingerprints: Iterable<string>): string | null {
  const sum = new FingerprintSum()
  for (const fingerprint of fingerprints) if (!sum.addFingerprint(fingerprint)) return null
  return sum.toString()
}

/**
 * The fingerprint evalgate wrote before results schema 3: one SHA-256 over the rows sorted by
 * id, each row's text then a newline. Only to recognise a baseline written then.
 */
export function legacyFingerprint(rows: readonly EvalRow[]): string {
  const digest = createHash('sha256')
  const sorted = [...rows].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  for (const row of sorted) {
    digest.update(canonicalRow(row))
    digest.update('\n')
  }
  return `${LEGACY_PREFIX}${digest.digest('hex')}`
}
