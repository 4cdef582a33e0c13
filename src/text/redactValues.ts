import { anySecrets, redactSecrets } from './redact.ts'

/**
 * Where a JSON document carries text that came from outside evalgate (a candidate's answer, an
 * error message, a judge's reply, a label that can hold a URL): a path of keys from the root,
 * `*` standing for every key of a record or every item of an array.
 */
export type TextPaths = readonly (readonly string[])[]

interface Trie {
  text: boolean
  any: Trie | undefined
  keys: Map<string, Trie>
}

const compiled = new WeakMap<TextPaths, Trie>()

/**
 * `value` with every string at one of `paths` redacted (redact.ts), before it is serialised:
 * the structure, every key and every other value stay exactly as they were, so a secret equal
 * to `true`, `null`, a digit or a verdict word can neither break the JSON nor change what it
 * says. Only what changes is copied; with no secret registered `value` itself comes back.
 */
export function redactAt<T>(value: T, paths: TextPaths): T {
  return anySecrets() ? (redactNode(value, trieOf(paths)) as T) : value
}

/** As redactAt, for the value found at `key` under the root: a document written piece by piece. */
export function redactMember<T>(value: T, paths: TextPaths, ...keys: string[]): T {
  if (!anySecrets()) return value
  let node: Trie | undefined = trieOf(paths)
  for (const key of keys) node = node && step(node, key)
  return node ? (redactNode(value, node) as T) : value
}

function step(node: Trie, key: string): Trie | undefined {
  return node.keys.get(key) ?? node.any
}

function redactNode(value: unknown, node: Trie): unknown {
  if (typeof value === 'string') return node.text ? redactSecrets(value) : value
  if (value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) {
    const child = node.any
    if (!child) return value
    let out: unknown[] | null = null
    value.forEach((item, i) => {
      const redacted = redactNode(item, child)
      if (redacted !== item) (out ??= value.slice())[i] = redacted
    })
    return out ?? value
  }
  let out: Record<string, unknown> | null = null
  for (const key of Object.keys(value)) {
    const child = step(node, key)
    if (!child) continue
    const item = (value as Record<string, unknown>)[key]
    const redacted = redactNode(item, child)
    if (redacted === item) continue
    out ??= copyOf(value as Record<string, unknown>)
    define(out, key, redacted)
  }
  return out ?? value
}

/** A copy with the same prototype (null for an id record) and key order. */
function copyOf(value: Record<string, unknown>): Record<string, unknown> {
  const copy = Object.create(Object.getPrototypeOf(value) as object | null) as Record<string, unknown>
  for (const key of Object.keys(value)) define(copy, key, value[key])
  return copy
}

/** Defined, not assigned: a `__proto__` key stays a key. */
function define(record: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true })
}

function trieOf(paths: TextPaths): Trie {
  let trie = compiled.get(paths)
  if (trie) return trie
  trie = emptyTrie()
  for (const path of paths) {
    let node = trie
    for (const key of path) {
      if (key === '*') node = node.any ??= emptyTrie()
      else {
        let next = node.keys.get(key)
        if (!next) node.keys.set(key, (next = emptyTrie()))
        node = next
      }
    }
    node.text = true
  }
  compiled.set(paths, trie)
  return trie
}

function emptyTrie(): Trie {
  return { text: false, any: undefined, keys: new Map() }
}
