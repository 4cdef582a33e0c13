import { codeBlock, codeSpan } from './escape.ts'
import type { ReportOptions } from './markdown.ts'

/** The report when the gate could not run (an input error): the message, and where it happened. */
export function renderProblem(message: string, options: ReportOptions = {}): string {
  const out: string[] = []
  if (options.marker) out.push(options.marker)
  out.push('### ❌ evalgate: could not run the gate', '')
  out.push(codeBlock(message))
  const where = [options.sha ? `commit ${codeSpan(options.sha.slice(0, 7))}` : '', options.runUrl ? `[workflow run](${options.runUrl})` : ''].filter(Boolean)
  if (where.length > 0) out.push('', where.join(' · '))
  return out.join('\n') + '\n'
}
