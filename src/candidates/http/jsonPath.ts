import { GateError } from '../../io/errors.ts'
import { knownAt } from '../../io/known.ts'

// JSON paths: `data.answer`, `result.docs[*].text`, `choices[0].message.content`, optional `$.`

type PathStep = { kind: 'key'; key: string } | { kind: 'index'; index: number } | { kind: 'all' }
export type Resolved = { ok: true; value: unknown } | { ok: false; reason: string }

export interface JsonPath {
  source: string
  /** a value, or an array of values when the path contains `[*]` */
  resolve(json: unknown): Resolved
}

/** Reads a path once, at startup: a malformed one is a config error before any request. */
export function compileJsonPath(source: string, where = 'JSON path'): JsonPath {
  const steps = parseSteps(source, where)
  const wildcard = steps.some((s) => s.kind === 'all')
  return {
    source,
    resolve(json: unknown): Resolved {
      let nodes: Node[] = [{ value: json, at: '$' }]
      for (const step of steps) {
        const next: Node[] = []
        for (const node of nodes) {
          const failed = takeStep(node, step, source, next)
          if (failed) return failed
        }
        nodes = next
      }
      return { ok: true, value: wildcard ? nodes.map((n) => n.value) : knownAt(nodes, 0, 'the value a path without [*] reached').value }
    },
  }
}

function parseSteps(source: string, where: string): PathStep[] {
  const steps: PathStep[] = []
  let rest = source.trim()
  if (rest === '$') rest = ''
  else if (rest.startsWith('$.') || rest.startsWith('$[')) rest = rest.slice(1)
  if (rest.startsWith('.')) rest = rest.slice(1)
  const token = /^(?:([^.[\]]+)|\[(\d+)\]|\[\*\]|\[(["'])(.*?)\3\])/
  let first = true
  while (rest !== '') {
    if (!first) {
      if (rest.startsWith('.')) rest = rest.slice(1)
      else if (!rest.startsWith('[')) break
    }
    const match = token.exec(rest)
    if (!match) break
    if (match[1] !== undefined) steps.push({ kind: 'key', key: match[1] })
    else if (match[2] !== undefined) steps.push({ kind: 'index', index: Number(match[2]) })
    else if (match[4] !== undefined) steps.push({ kind: 'key', key: match[4] })
    else steps.push({ kind: 'all' })
    rest = rest.slice(match[0].length)
    first = false
  }
  if (rest !== '') {
    throw new GateError('bad_config', `${where}: cannot read "${source}" at "${rest}"`, 'write a dotted path such as data.answer, result.docs[*].text or choices[0].message.content')
  }
  return steps
}

interface Node {
  value: unknown
  at: string
}

/** Pushes what `step` reaches from `node` onto `next`; a failure when it reaches nothing. */
function takeStep(node: Node, step: PathStep, source: string, next: Node[]): Resolved | null {
  const { value, at } = node
  if (step.kind === 'key') {
    if (value === null || typeof value !== 'object' || Array.isArray(value) || !Object.hasOwn(value, step.key)) {
      return { ok: false, reason: `"${source}" does not resolve: ${at} has no key "${step.key}" (it is ${describeValue(value)})` }
    }
    next.push({ value: (value as Record<string, unknown>)[step.key], at: `${at}.${step.key}` })
  } else if (!Array.isArray(value)) {
    return { ok: false, reason: `"${source}" does not resolve: ${at} is ${describeValue(value)}, not an array` }
  } else if (step.kind === 'index') {
    if (step.index >= value.length) return { ok: false, reason: `"${source}" does not resolve: ${at} has ${value.length} item(s), no [${step.index}]` }
    next.push({ value: value[step.index], at: `${at}[${step.index}]` })
  } else {
    value.forEach((item, i) => next.push({ value: item, at: `${at}[${i}]` }))
  }
  return null
}

export function describeValue(value: unknown): string {
  if (value === null) return 'null'
  if (value === undefined) return 'missing'
  if (Array.isArray(value)) return `an array of ${value.length}`
  if (typeof value === 'object') return 'an object'
  return `a ${typeof value}`
}
