import { existsSync } from 'node:fs'
import { decodeUtf8 } from '../../io/encoding.ts'
import { readInput } from '../../io/input.ts'
import { isMap, isScalar, LineCounter, parseDocument, type Document } from 'yaml'
import { checkGateMetricNames } from '../../baseline/gate.ts'
import { CANDIDATE_KINDS, ConfigSchema, RunConfigSchema, type Config, type RunConfig } from '../../schemas/config.ts'
import type { GateIssueParams } from '../../schemas/gateIssue.ts'
import { GateError } from '../../io/errors.ts'
import { knownAt } from '../../io/known.ts'
import { similarName } from '../../text/similarName.ts'
import { settingProblem } from './settingProblem.ts'
import type { z } from 'zod'

export const DEFAULT_CONFIG_FILE = 'evalgate.yml'

/** Where evalgate.yml gives the setting at `path`: `file:line:column` of its value, or of the nearest enclosing one the file has; null when it has none. */
export type SettingLocator = (path: readonly PropertyKey[]) => string | null

/** Where a problem with the setting at `path` is reported: its place in evalgate.yml, or who gave it (the flags, the inputs). */
export type SettingSource = (path: readonly PropertyKey[]) => string

const NOWHERE: SettingLocator = () => null

/**
 * Reads evalgate.yml. An explicitly named file must exist; the default one is optional (source
 * null when there is none).
 * Returns the raw object: it is validated after flags / inputs are merged over it.
 */
export async function readConfigFile(path: string | undefined): Promise<{ source: string | null; data: Record<string, unknown>; locate: SettingLocator }> {
  const file = path ?? DEFAULT_CONFIG_FILE
  if (!existsSync(file)) {
    if (path) throw new GateError('bad_config', `${path}: config file not found`, 'check the --config path, or leave it out to use flags only')
    return { source: null, data: {}, locate: NOWHERE }
  }
  const { data, locate } = parseYamlFile(file, decodeUtf8(file, await readInput(file, 'config file')))
  if (data === null || data === undefined) return { source: file, data: {}, locate }
  if (typeof data !== 'object' || Array.isArray(data))
    throw new GateError('bad_config', `${file}: expected a mapping of settings at the top level`, 'see evalgate.yml in the evalgate README for the layout')
  return { source: file, data: movedEmbeddingsModel(file, data as Record<string, unknown>), locate }
}

/**
 * Where a setting's problem is reported (SettingSource): the flag or input that gives it (they
 * win over the file), else its line and column in evalgate.yml, else `source`, the layers
 * together ("evalgate.yml + flags").
 */
export function settingSource(overrides: Record<string, unknown>, givenBy: SettingSource, locate: SettingLocator, source: string): SettingSource {
  return (path) => (valueAt(overrides, path) !== undefined ? givenBy(path) : (locate(path) ?? source))
}

/**
 * `judge.embeddings_model`, the older home of the embeddings model, read as `embeddings.model`
 * (its one home now, which --embeddings-model and the Action input set), so that a flag
 * overrides it as it overrides any setting of the file. Both in one file is one fact said twice.
 */
function movedEmbeddingsModel(file: string, data: Record<string, unknown>): Record<string, unknown> {
  const judge = data.judge
  if (!isPlainObject(judge) || judge.embeddings_model === undefined) return data
  const { embeddings_model: model, ...rest } = judge
  const embeddings = isPlainObject(data.embeddings) ? data.embeddings : {}
  if (embeddings.model !== undefined) {
    throw new GateError(
      'bad_config',
      `${file}: judge.embeddings_model and embeddings.model are both set`,
      'keep embeddings.model (judge.embeddings_model is its older name) and remove judge.embeddings_model',
    )
  }
  return { ...data, judge: rest, embeddings: { ...embeddings, model } }
}

function parseYamlFile(file: string, text: string): { data: unknown; locate: SettingLocator } {
  const lines = new LineCounter()
  const doc = parseDocument(text, { lineCounter: lines })
  let data: unknown
  try {
    if (doc.errors[0]) throw doc.errors[0]
    // toJS refuses an alias bomb (billion laughs) with an error of its own
    data = doc.toJS()
  } catch (error) {
    const e = error as Error & { linePos?: { line: number; col: number }[] }
    const where = e.linePos?.[0] ? `:${e.linePos[0].line}:${e.linePos[0].col}` : ''
    throw new GateError('bad_config', `${file}${where}: not valid YAML: ${e.message.split('\n')[0]}`, 'fix the YAML syntax (indentation, quotes around strings with ": ")')
  }
  checkVersionsAreText(doc, file, lines)
  return { data, locate: locator(file, doc, lines) }
}

/** SettingLocator over a parsed evalgate.yml: the deepest node of the path the document holds. */
function locator(file: string, doc: Document, lines: LineCounter): SettingLocator {
  return (path) => {
    for (let depth = path.length; depth > 0; depth--) {
      const node: unknown = doc.getIn(path.slice(0, depth), true)
      const range = (node as { range?: readonly number[] } | null | undefined)?.range
      const start = range?.[0]
      if (start === undefined) continue
      const at = lines.linePos(start)
      return `${file}:${at.line}:${at.col}`
    }
    return null
  }
}

/**
 * A version is a label, but YAML reads `eval_set_version: 1.10` as the number 1.1: the run
 * would then be labelled (and compared with baselines) as "1.1". Every version given as a
 * number is refused, with the quoted form as the fix.
 */
function checkVersionsAreText(doc: Document, file: string, lines: LineCounter): void {
  if (!isMap(doc.contents)) return
  for (const pair of doc.contents.items) {
    const key = isScalar(pair.key) ? pair.key.value : null
    const value = pair.value
    if (typeof key !== 'string' || !/^(.+_)?version$/.test(key) || !isScalar(value) || typeof value.value !== 'number') continue
    const written = value.source ?? String(value.value)
    const at = value.range ? lines.linePos(value.range[0]) : null
    throw new GateError(
      'bad_config',
      `${file}${at ? `:${at.line}:${at.col}` : ''}: ${key}: ${written} is a number to YAML (it reads as ${String(value.value)}), but a version is a label`,
      `quote it: ${key}: "${written}"`,
    )
  }
}

/**
 * Later layers win; nested objects merge, arrays and scalars replace; undefined means unset.
 * A null in a later layer removes the setting below it (--no-baseline).
 */
export function mergeLayers(...layers: Record<string, unknown>[]): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  layers.forEach((layer, i) => {
    for (const [key, value] of Object.entries(layer)) {
      if (value === undefined) continue
      if (value === null && i > 0) {
        delete out[key]
        continue
      }
      const current = Object.hasOwn(out, key) ? out[key] : undefined
      // defined, not assigned: a `__proto__` key stays a key (and is refused as an unknown setting) instead of becoming the prototype
      Object.defineProperty(out, key, { value: isPlainObject(value) && isPlainObject(current) ? mergeLayers(current, value) : value, enumerable: true, writable: true, configurable: true })
    }
  })
  return out
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/**
 * Flags / inputs over the file. A flag that picks a candidate (predictions or command)
 * replaces the file's choice instead of merging with it, or the two would conflict.
 */
export function applyOverrides(file: Record<string, unknown>, overrides: Record<string, unknown>): Record<string, unknown> {
  const candidate = overrides.candidate as Record<string, unknown> | undefined
  const kinds = CANDIDATE_KINDS
  const picked = kinds.filter((k) => candidate?.[k] !== undefined)
  let base = file
  if (picked.length > 0 && isPlainObject(file.candidate)) {
    // the other kinds are dropped; the picked one merges (a URL flag keeps the file's paths and headers)
    const cleared = Object.fromEntries(kinds.filter((k) => !picked.includes(k)).map((k) => [k, undefined]))
    base = { ...file, candidate: { ...file.candidate, ...cleared } }
  }
  return mergeLayers(base, overrides)
}

/**
 * Validates the merged config; errors name the setting and where it came from: `where` places
 * a setting (settingSource: its line in evalgate.yml, or the flags), else `source` names the layers.
 */
export function parseConfig(data: Record<string, unknown>, source: string, where?: SettingSource): Config {
  return validated(ConfigSchema, data, source, where)
}

/** A config `run` can run with: RunConfigSchema's checks make the eval set and its version present. */
export function parseRunConfig(data: Record<string, unknown>, source: string, where?: SettingSource): RunConfig {
  return validated(RunConfigSchema, data, source, where) as RunConfig
}

/** A broken invariant becomes the GateError it carries; any other issue names the setting, and where it was given. */
function validated(schema: typeof ConfigSchema, data: Record<string, unknown>, source: string, where: SettingSource = () => source): Config {
  const parsed = schema.safeParse(data)
  if (!parsed.success) {
    const issue = knownAt(parsed.error.issues, 0, 'the first issue of a failed parse')
    const own = issue.code === 'custom' ? (issue.params as Partial<GateIssueParams> | undefined)?.gate : undefined
    if (own) throw new GateError(own.code, own.located ? `${where(issue.path)}: ${issue.message}` : issue.message, own.hint)
    if (issue.code === 'unrecognized_keys') throw unknownSetting(schema, issue.path, issue.keys, where([...issue.path, knownAt(issue.keys, 0, 'the first key of an unrecognized_keys issue')]))
    throw settingError(issue, data, where)
  }
  checkGateMetricNames(parsed.data.gate, source)
  return parsed.data
}

/**
 * The error for a schema issue on the setting at `issue.path` of `data` (the settings, merged):
 * where it was given, what is wrong with it in evalgate.yml's terms (settingProblem), the fix.
 */
export function settingError(issue: z.core.$ZodIssue, data: Record<string, unknown>, where: SettingSource): GateError {
  const problem = settingProblem(issue, valueAt(data, issue.path))
  return new GateError(
    'bad_config',
    `${where(issue.path)}: setting "${issue.path.join('.')}": ${problem?.message ?? issue.message}`,
    problem?.hint ?? 'fix the value (flags and Action inputs override evalgate.yml)',
  )
}

/**
 * A key the schema does not know, at any depth: "did you mean" the known key of the same
 * level it was probably meant to be (judge.provder → judge.provider), else the keys that
 * level knows.
 */
function unknownSetting(schema: z.ZodType, at: readonly PropertyKey[], keys: readonly string[], source: string): GateError {
  const known = keysAt(schema, at)
  const prefix = at.length > 0 ? `${at.join('.')}.` : ''
  const level = at.length > 0 ? `under ${at.join('.')}` : 'at the top level'
  const key = knownAt(keys, 0, 'the first key of an unrecognized_keys issue')
  const meant = similarName(key, known)
  if (meant)
    return new GateError(
      'bad_config',
      `${source}: setting "${prefix}${key}": unknown setting; did you mean "${prefix}${meant}"?`,
      `rename it to ${meant} (known settings ${level}: ${known.join(', ')})`,
    )
  return new GateError('bad_config', `${source}: setting "${prefix}${keys.join(', ')}": unknown setting`, `remove or rename it; known settings ${level}: ${known.join(', ')}`)
}

/** The keys of the object schema at `path` inside `schema`, looking through defaults, optionals and pipes. */
function keysAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  let current: unknown = schema
  for (let i = 0; i <= path.length; i++) {
    current = objectInside(current)
    const shape = (current as { shape?: Record<string, unknown> } | undefined)?.shape
    if (!shape) return []
    if (i === path.length) return Object.keys(shape)
    current = shape[String(path[i])]
  }
  return []
}

function objectInside(schema: unknown): unknown {
  let current = schema as { def?: { type?: string; innerType?: unknown; in?: unknown } } | undefined
  for (let depth = 0; depth < 10 && current?.def && current.def.type !== 'object'; depth++) {
    current = (current.def.innerType ?? current.def.in) as typeof current
  }
  return current
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let current = data
  for (const key of path) current = current !== null && typeof current === 'object' ? (current as Record<PropertyKey, unknown>)[key] : undefined
  return current
}
