/**
 * Reads of what the code itself has put in place: a key it has just checked or filled, an id
 * taken from the same object, an index below the length it loops to. The types cannot say
 * "present" there (a Map's get, an index under noUncheckedIndexedAccess), and a non-null
 * assertion would carry an undefined on unnoticed; these throw instead, naming what is missing.
 * A plain Error, not a GateError: a miss is a bug in evalgate, which the shells report as an
 * internal error (exit 3), never as bad input.
 */
import { quoteId } from './ids.ts'

/** Any value but undefined, which is how a miss shows. */
type Defined = NonNullable<unknown> | null

/** `map.get(key)` for a key the map is known to hold. */
export function knownKey<K, V extends Defined>(map: ReadonlyMap<K, V>, key: K, what: string): V {
  const value = map.get(key)
  if (value === undefined) throw missing(what, String(key))
  return value
}

/** `record[key]` for a key the record is known to hold (one of its own keys, or one checked before). */
export function knownField<V extends Defined>(record: Readonly<Record<string, V>>, key: string, what: string): V {
  const value = record[key]
  if (value === undefined) throw missing(what, key)
  return value
}

/** `items[index]` for an index known to be inside the list. */
export function knownAt<T extends Defined>(items: ArrayLike<T>, index: number, what: string): T {
  const value = items[index]
  if (value === undefined) throw new Error(`${what}: no item at index ${index} of ${items.length}`)
  return value
}

function missing(what: string, key: string): Error {
  return new Error(`${what}: nothing for ${quoteId(key)}`)
}
