import { existsSync, readFileSync } from 'node:fs'
import { isMap, isScalar, LineCounter, parseDocument, type Document } from 'yaml'
import { checkGateMetricNames } from '../baseline/gate.ts'
import { CANDIDATE_KINDS, ConfigSchema, RunConfigSchema, type Config, type RunConfig } from '../schemas/config.ts'
import type { GateIssueParams } from '../schemas/gateIssue.ts'
import { GateError } from '../io/errors.ts'

export const DEFAULT_CONFIG_FILE = 'evalgate.yml'

/**
 * Reads evalgate.yml. An explicitly named file must exist; the default one is optional (source
 * null when there is none).
 * Returns the raw object: it is validated after flags / inputs are merged over it.
 */
export function readConfigFile(path: string | undefined): { source: string | null; data: Record<string, unknown> } {
  const file = path ?? DEFAULT_CONFIG_FILE
  if (!existsSync(file)) {
    if (path) throw new GateError('bad_config', `${path}: config file not found`, 'check the --config path, or leave it out to use flags only')
    return { source: null, data: {} }
  }
  const data = parseYamlFile(file, readFileSync(file, 'utf8'))
  if (data === null || data === undefined) return { source: file, data: {} }
  if (typeof data !== 'object' || Array.isArray(data))
    throw new GateError('bad_config', `${file}: expected a mapping of settings at the top level`, 'see evalgate.yml in the evalgate README for the layout')
  return { source: file, data: movedEmbeddingsModel(file, data as Record<string, unknown>) }
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

function parseYamlFile(file: string, text: string): unknown {
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
  return data
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
      const current = out[key]
      out[key] = isPlainObject(value) && isPlainObject(current) ? mergeLayers(current, value) : value
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

/** Validates the merged config; errors name the setting and where it came from. */
export function parseConfig(data: Record<string, unknown>, source: string): Config {
  return validated(ConfigSchema, data, source)
}

/** A config `run` can run with: RunConfigSchema's checks make the eval set and its version present. */
export function parseRunConfig(data: Record<string, unknown>, source: string): RunConfig {
  return validated(RunConfigSchema, data, source) as RunConfig
}

/** A broken invariant becomes the GateError it carries; any other issue names the setting. */
function validated(schema: typeof ConfigSchema, data: Record<string, unknown>, source: string): Config {
  const parsed = schema.safeParse(data)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    const own = issue.code === 'custom' ? (issue.params as Partial<GateIssueParams> | undefined)?.gate : undefined
    if (own) throw new GateError(own.code, own.located ? `${source}: ${issue.message}` : issue.message, own.hint)
    const path = issue.path.join('.')
    const hint =
      issue.code === 'unrecognized_keys' ? `remove or rename it; known settings: ${Object.keys(ConfigSchema.shape).join(', ')}` : 'fix the value (flags and Action inputs override evalgate.yml)'
    throw new GateError('bad_config', `${source}: setting "${path || (issue as { keys?: string[] }).keys?.join(', ')}": ${issue.message}`, hint)
  }
  checkGateMetricNames(parsed.data.gate, source)
  return parsed.data
}
