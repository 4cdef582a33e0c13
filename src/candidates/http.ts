import { setTimeout as delay } from 'node:timers/promises'
import { GateError, jsonErrorLocation } from '../io/errors.ts'
import { parseRetryAfter } from '../io/retry.ts'
import type { CandidateOutput, HttpCandidateConfig } from '../schemas/candidate.ts'
import type { EvalRow } from '../schemas/evalSet.ts'

export { DEFAULT_HTTP_BODY, HttpCandidateSchema, type HttpCandidateConfig } from '../schemas/candidate.ts'

export interface HttpCandidateDeps {
  env: Record<string, string | undefined>
  fetch?: typeof fetch
  /** a monotonic clock in ms, for latency */
  now?: () => number
  sleep?: (ms: number) => Promise<void>
  /** in [0, 1), for backoff jitter */
  random?: () => number
}

/** One question's request, fully rendered: everything that can be wrong with the config is found while building these. */
export interface PreparedRequest {
  id: string
  url: string
  body: string | undefined
}

export interface HttpPlan {
  requests: PreparedRequest[]
  headers: Record<string, string>
  /** header values that came from env vars; never shown in a message */
  secrets: string[]
  paths: { answer: JsonPath; contexts: JsonPath | null; retrievedIds: JsonPath | null }
}

const BACKOFF_BASE_MS = 250
const BACKOFF_CAP_MS = 8_000
const BODY_EXCERPT_CHARS = 200

/**
 * Renders every request and checks headers, URLs, JSON bodies and JSON paths. Throws a
 * GateError before any request is sent, so a typo in the config never costs a run.
 */
export function planHttpCandidate(rows: readonly EvalRow[], config: HttpCandidateConfig, env: Record<string, string | undefined>): HttpPlan {
  const { headers, secrets } = resolveHeaders(config, env)
  try {
    new Headers(headers)
  } catch (error) {
    throw new GateError('bad_config', `candidate.http.headers: ${redact(errorMessage(error), secrets)}`, 'header names are tokens like X-Api-Key; values cannot contain newlines')
  }
  if (config.method === 'POST' && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) {
    headers['content-type'] = 'application/json'
  }
  const paths = {
    answer: compileJsonPath(config.answer_path, 'candidate.http.answer_path'),
    contexts: config.contexts_path === undefined ? null : compileJsonPath(config.contexts_path, 'candidate.http.contexts_path'),
    retrievedIds: config.retrieved_ids_path === undefined ? null : compileJsonPath(config.retrieved_ids_path, 'candidate.http.retrieved_ids_path'),
  }
  const requests = rows.map((row) => {
    const url = renderTemplate(config.url, row, 'candidate.http.url', encodeURIComponent)
    checkUrl(url, row.id)
    if (config.method === 'GET') return { id: row.id, url, body: undefined }
    const body = renderJsonTemplate(config.body, row)
    try {
      JSON.parse(body)
    } catch (error) {
      throw new GateError(
        'bad_config',
        `candidate.http.body${jsonErrorLocation(body, error)}: not valid JSON once filled in for question "${row.id}": ${errorMessage(error)}\n  rendered: ${excerpt(body, 300)}`,
        'write the body as JSON with placeholders inside strings, e.g. {"question": "{{question}}", "id": "{{id}}"}',
      )
    }
    return { id: row.id, url, body }
  })
  return { requests, headers, secrets, paths }
}

/** Calls the endpoint once per question, at most `concurrency` at a time. A failed question becomes an error row, never a crash. */
export async function runHttpCandidate(rows: readonly EvalRow[], config: HttpCandidateConfig, deps: HttpCandidateDeps): Promise<Map<string, CandidateOutput>> {
  const plan = planHttpCandidate(rows, config, deps.env)
  const outputs = await mapWithConcurrency(plan.requests, config.concurrency, (request) => askOne(request, plan, config, deps))
  return new Map(outputs.map((output) => [output.id, output]))
}

export function httpCandidateLabel(config: HttpCandidateConfig): string {
  return `http ${config.method} ${config.url}`
}

type Attempt =
  | { kind: 'ok'; text: string; latencyMs: number }
  | { kind: 'status'; status: number; text: string; retryAfterMs: number | null }
  | { kind: 'timeout' }
  | { kind: 'network'; message: string }

async function askOne(request: PreparedRequest, plan: HttpPlan, config: HttpCandidateConfig, deps: HttpCandidateDeps): Promise<CandidateOutput> {
  const sleep = deps.sleep ?? ((ms: number) => delay(ms))
  const random = deps.random ?? Math.random
  const attempts = config.retries + 1
  let last: Attempt | undefined
  for (let attempt = 1; attempt <= attempts; attempt++) {
    last = await attemptOnce(request, plan, config, deps)
    if (last.kind === 'ok') return parseResponse(request.id, last.text, last.latencyMs, plan)
    if (!isRetryable(last) || attempt === attempts) break
    const backoff = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (attempt - 1))
    // equal jitter: at least half the backoff, so retries of many questions spread out but never hammer
    const jittered = Math.round(backoff / 2 + random() * (backoff / 2))
    await sleep(last.kind === 'status' && last.retryAfterMs !== null ? last.retryAfterMs : jittered)
  }
  return errorRow(request.id, redact(describeFailure(last!, attempts, config.timeout_ms), plan.secrets))
}

async function attemptOnce(request: PreparedRequest, plan: HttpPlan, config: HttpCandidateConfig, deps: HttpCandidateDeps): Promise<Attempt> {
  const fetchImpl = deps.fetch ?? globalThis.fetch
  const now = deps.now ?? (() => performance.now())
  const started = now()
  try {
    const response = await fetchImpl(request.url, {
      method: config.method,
      headers: plan.headers,
      body: request.body,
      signal: AbortSignal.timeout(config.timeout_ms),
    })
    // the body read is under the same timeout signal
    const text = await response.text()
    if (response.ok) return { kind: 'ok', text, latencyMs: Math.round((now() - started) * 10) / 10 }
    // redacted before it is cut to an excerpt, so no part of a secret the server echoes survives
    return { kind: 'status', status: response.status, text: redact(text, plan.secrets), retryAfterMs: parseRetryAfter(response.headers.get('retry-after')) }
  } catch (error) {
    const name = (error as { name?: unknown } | null)?.name
    if (name === 'TimeoutError' || name === 'AbortError') return { kind: 'timeout' }
    return { kind: 'network', message: redact(errorMessage(error), plan.secrets) }
  }
}

function isRetryable(attempt: Attempt): boolean {
  if (attempt.kind === 'status') return attempt.status === 429 || attempt.status >= 500
  return attempt.kind !== 'ok'
}

function describeFailure(attempt: Attempt, attempts: number, timeoutMs: number): string {
  const tries = `${attempts} attempt${attempts === 1 ? '' : 's'}`
  switch (attempt.kind) {
    case 'status':
      if (!isRetryable(attempt)) return `HTTP ${attempt.status} (not retried): ${excerpt(attempt.text, BODY_EXCERPT_CHARS)}`
      return `HTTP ${attempt.status} after ${tries}: ${excerpt(attempt.text, BODY_EXCERPT_CHARS)}`
    case 'timeout':
      return `timed out after ${timeoutMs} ms (${tries})`
    case 'network':
      return `request failed after ${tries}: ${attempt.message}`
    case 'ok':
      return 'no error'
  }
}

export { parseRetryAfter }

function parseResponse(id: string, text: string, latencyMs: number, plan: HttpPlan): CandidateOutput {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return errorRow(id, `response is not JSON: ${excerpt(redact(text, plan.secrets), BODY_EXCERPT_CHARS)}`)
  }
  const answer = plan.paths.answer.resolve(json)
  if (!answer.ok) return errorRow(id, `answer_path ${answer.reason}`)
  if (!['string', 'number', 'boolean'].includes(typeof answer.value)) {
    return errorRow(id, `answer_path "${plan.paths.answer.source}" resolved to ${describeValue(answer.value)}, expected a string`)
  }
  let contexts: string[] = []
  if (plan.paths.contexts) {
    const found = plan.paths.contexts.resolve(json)
    if (!found.ok) return errorRow(id, `contexts_path ${found.reason}`)
    const list = typeof found.value === 'string' ? [found.value] : found.value
    if (!Array.isArray(list) || !list.every((c) => typeof c === 'string')) {
      return errorRow(id, `contexts_path "${plan.paths.contexts.source}" resolved to ${describeValue(found.value)}, expected an array of strings`)
    }
    contexts = list.map((c: string) => c.normalize('NFC'))
  }
  let retrievedIds: string[] = []
  if (plan.paths.retrievedIds) {
    const found = plan.paths.retrievedIds.resolve(json)
    if (!found.ok) return errorRow(id, `retrieved_ids_path ${found.reason}`)
    const list = typeof found.value === 'string' || typeof found.value === 'number' ? [found.value] : found.value
    if (!Array.isArray(list) || !list.every((v) => typeof v === 'string' || typeof v === 'number')) {
      return errorRow(id, `retrieved_ids_path "${plan.paths.retrievedIds.source}" resolved to ${describeValue(found.value)}, expected an array of strings or numbers`)
    }
    retrievedIds = list.map((v: string | number) => String(v).trim()).filter((v: string) => v !== '')
  }
  return { id, answer: String(answer.value).normalize('NFC'), contexts, retrieved_ids: retrievedIds, latency_ms: latencyMs, error: null }
}

function errorRow(id: string, error: string): CandidateOutput {
  return { id, answer: '', contexts: [], retrieved_ids: [], latency_ms: null, error }
}

// ---- JSON paths: `data.answer`, `result.docs[*].text`, `choices[0].message.content`, optional `$.` ----

type PathStep = { kind: 'key'; key: string } | { kind: 'index'; index: number } | { kind: 'all' }
type Resolved = { ok: true; value: unknown } | { ok: false; reason: string }

export interface JsonPath {
  source: string
  /** a value, or an array of values when the path contains `[*]` */
  resolve(json: unknown): Resolved
}

export function compileJsonPath(source: string, where = 'JSON path'): JsonPath {
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
  const wildcard = steps.some((s) => s.kind === 'all')
  return {
    source,
    resolve(json: unknown): Resolved {
      let nodes: { value: unknown; at: string }[] = [{ value: json, at: '$' }]
      for (const step of steps) {
        const next: typeof nodes = []
        for (const node of nodes) {
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
        }
        nodes = next
      }
      return { ok: true, value: wildcard ? nodes.map((n) => n.value) : nodes[0]!.value }
    },
  }
}

function describeValue(value: unknown): string {
  if (value === null) return 'null'
  if (value === undefined) return 'missing'
  if (Array.isArray(value)) return `an array of ${value.length}`
  if (typeof value === 'object') return 'an object'
  return `a ${typeof value}`
}

// ---- templates and headers ----

const PLACEHOLDER = /\{\{\s*([^{}\s]+)\s*\}\}/g
const PLACEHOLDER_HERE = /\{\{\s*([^{}\s]+)\s*\}\}/y

function placeholderValue(row: EvalRow, name: string, where: string): unknown {
  if (name === 'id') return row.id
  if (name === 'question') return row.question
  if (Object.hasOwn(row.extra, name)) return row.extra[name] ?? null
  throw new GateError(
    'bad_config',
    `${where}: unknown placeholder {{${name}}} (question "${row.id}" has no column "${name}")`,
    `use {{id}}, {{question}} or a column of the eval set${Object.keys(row.extra).length ? ` (${Object.keys(row.extra).join(', ')})` : ''}`,
  )
}

function renderTemplate(template: string, row: EvalRow, where: string, encode: (text: string) => string): string {
  return template.replace(PLACEHOLDER, (_, name: string) => {
    const value = placeholderValue(row, name, where)
    return encode(value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value))
  })
}

/**
 * Fills a JSON template: inside a string literal a value is JSON-escaped text (quotes,
 * newlines, backslashes, any script stay valid JSON); outside one it is a JSON value, so
 * `{"top_k": {{k}}}` works too.
 */
function renderJsonTemplate(template: string, row: EvalRow): string {
  let out = ''
  let inString = false
  for (let i = 0; i < template.length; ) {
    PLACEHOLDER_HERE.lastIndex = i
    const match = PLACEHOLDER_HERE.exec(template)
    if (match) {
      const value = placeholderValue(row, match[1]!, 'candidate.http.body')
      if (inString) out += JSON.stringify(typeof value === 'string' ? value : value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value)).slice(1, -1)
      else out += JSON.stringify(value ?? null)
      i += match[0].length
      continue
    }
    const char = template[i]!
    if (char === '\\' && inString) {
      out += template.slice(i, i + 2)
      i += 2
      continue
    }
    if (char === '"') inString = !inString
    out += char
    i++
  }
  return out
}

function resolveHeaders(config: HttpCandidateConfig, env: Record<string, string | undefined>): { headers: Record<string, string>; secrets: string[] } {
  const secrets: string[] = []
  const headers: Record<string, string> = {}
  for (const [name, template] of Object.entries(config.headers)) {
    headers[name] = template.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, variable: string) => {
      const value = env[variable]
      if (value === undefined || value === '') {
        throw new GateError(
          'bad_config',
          `candidate.http.headers.${name}: environment variable ${variable} is not set (or empty)`,
          `set ${variable} in the job's env (e.g. env: ${variable}: \${{ secrets.${variable} }}); secrets are not available to fork PRs`,
        )
      }
      secrets.push(value)
      return value
    })
  }
  // longest first, so a secret that contains another is redacted whole
  return { headers, secrets: secrets.sort((a, b) => b.length - a.length) }
}

function checkUrl(url: string, id: string): void {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new GateError('bad_config', `candidate.http.url: "${url}" (question "${id}") is not a valid URL`, 'give an absolute URL such as http://localhost:8000/ask')
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new GateError('bad_config', `candidate.http.url: "${url}" is not an http(s) URL`, 'give an absolute URL such as http://localhost:8000/ask')
  }
}

function redact(text: string, secrets: readonly string[]): string {
  let out = text
  for (const secret of secrets) out = out.split(secret).join('***')
  return out
}

function excerpt(text: string, chars: number): string {
  const trimmed = text.trim()
  if (trimmed === '') return '(empty body)'
  return trimmed.length > chars ? `${trimmed.slice(0, chars)}…` : trimmed
}

function errorMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const cause = (error as { cause?: unknown }).cause
  return cause instanceof Error && cause.message ? `${error.message} (${cause.message})` : error.message
}

/** A fixed pool of workers over a shared cursor: never more than `limit` calls in flight, results in input order. */
async function mapWithConcurrency<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length)
  let cursor = 0
  const worker = async () => {
    while (cursor < items.length) {
      const index = cursor++
      results[index] = await fn(items[index]!)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}
