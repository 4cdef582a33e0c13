import { jsonErrorOffset } from './jsonSyntax.ts'

/**
 * The one error type the pipeline throws on purpose. `code` decides the exit status:
 * every GateError is a usage / input problem (exit 2) that the user can fix, and the
 * message always says where (file, line, column) and the hint says how.
 */
export type GateErrorCode = 'bad_input' | 'bad_config' | 'usage' | 'incomparable' | 'candidate_failed' | 'budget' | 'write_failed'

export class GateError extends Error {
  readonly code: GateErrorCode
  readonly hint: string | undefined

  constructor(code: GateErrorCode, message: string, hint?: string) {
    super(message)
    this.name = 'GateError'
    this.code = code
    this.hint = hint
  }
}

/** `file:line: column "x": problem`, the form every input error takes. */
export function locate(file: string, line?: number, column?: string): string {
  let where = file
  if (line !== undefined) where += `:${line}`
  if (column !== undefined) where += `: column "${column}"`
  return where
}

export function formatError(error: unknown): string {
  if (error instanceof GateError) {
    return error.hint ? `${error.message}\n  fix: ${error.hint}` : error.message
  }
  if (error instanceof Error) return error.stack ?? error.message
  return String(error)
}

/** `:line:column` of a JSON.parse error, from the "position N" V8 puts in its message. */
export function jsonErrorLocation(text: string, error: unknown): string {
  const offset = jsonErrorAt(text, error)
  if (offset === null) return ''
  const before = text.slice(0, offset).split('\n')
  return `:${before.length}:${(before.at(-1)?.length ?? 0) + 1}`
}

/** The offset a JSON.parse error is at: from the message when V8 gives it, else from a scan of the text. */
export function jsonErrorAt(text: string, error: unknown): number | null {
  const message = String((error as Error)?.message ?? '')
  const position = /position (\d+)/.exec(message)
  if (position) return Number(position[1])
  if (/Unexpected end of JSON input/.test(message)) return text.length
  return jsonErrorOffset(text)
}

/** A bad file shows this many of its problems; the rest are counted. */
export const MAX_SHOWN_PROBLEMS = 20

export interface Problem {
  message: string
  hint?: string | undefined
}

/**
 * Every problem of one input, collected so the user fixes them in one pass instead of one
 * per run. The first problem reads exactly as it would alone; the others follow, each with
 * its own fix where that differs from the first one's.
 */
export class Problems {
  private readonly items: Problem[] = []
  private total = 0

  add(message: string, hint?: string): void {
    this.total += 1
    if (this.items.length < MAX_SHOWN_PROBLEMS) this.items.push({ message, hint })
  }

  get count(): number {
    return this.total
  }

  /** Throws one GateError listing them all, when there are any. */
  throwIfAny(code: GateErrorCode): void {
    const [first, ...rest] = this.items
    if (!first) return
    const lines = [first.message]
    for (const p of rest) lines.push(`${p.message}${p.hint && p.hint !== first.hint ? ` (fix: ${p.hint})` : ''}`)
    if (this.total > this.items.length) lines.push(`… and ${this.total - this.items.length} more (${this.total} problems in all)`)
    throw new GateError(code, lines.join('\n'), first.hint)
  }

  /** For a parse that is known to have failed: throws, whatever was added. */
  fail(code: GateErrorCode): never {
    this.throwIfAny(code)
    throw new Error('a failed parse reported no problem')
  }
}
