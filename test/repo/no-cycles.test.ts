/**
 * No file of src/ reaches itself through its imports, type imports included: lint's
 * import-x/no-cycle skips `import type`, and a type-only circle (run/judgePlan.ts ↔
 * run/llmTier.ts) still means two files that cannot be understood, moved or tested apart.
 */
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { test } from 'node:test'

const SRC = resolve(import.meta.dirname, '../../src')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return entry.name.endsWith('.ts') ? [path] : []
  })
}

/** file → the files of src/ it imports (values and types, static and dynamic). */
export function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files)
  const specifier = /(?:from\s+|import\s*\(\s*)'(\.{1,2}\/[^']+)'/g
  return new Map(files.map((file) => [file, [...readFileSync(file, 'utf8').matchAll(specifier)].map((m) => resolve(dirname(file), m[1] ?? '')).filter((to) => known.has(to))]))
}

/** The strongly connected components of more than one file (Tarjan), each a circle of imports. */
export function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const found: string[][] = []
  const visit = (v: string): void => {
    index.set(v, next)
    low.set(v, next++)
    stack.push(v)
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0))
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0))
    }
    if (low.get(v) !== index.get(v)) return
    const component: string[] = []
    for (let w = stack.pop(); w !== undefined; w = w === v ? undefined : stack.pop()) component.push(w)
    if (component.length > 1) found.push(component)
  }
  for (const v of graph.keys()) if (!index.has(v)) visit(v)
  return found
}

test('circles finds a circle of type imports and nothing in a line', () => {
  const graph = new Map([
    ['a', ['b']],
    ['b', ['c']],
    ['c', ['a']],
    ['d', ['a']],
  ])
  assert.deepEqual(
    circles(graph).map((c) => [...c].sort()),
    [['a', 'b', 'c']],
  )
  assert.deepEqual(
    circles(
      new Map([
        ['a', ['b']],
        ['b', []],
      ]),
    ),
    [],
  )
})

test('no file of src/ imports itself back, type imports included', () => {
  const found = circles(importGraph(sourceFiles(SRC))).map((c) => c.map((f) => relative(SRC, f)).join(' → '))
  assert.deepEqual(found, [], `import circles in src/: move the shared piece (often a type) into a file both can import:\n${found.join('\n')}`)
})
