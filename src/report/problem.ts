import { escapeInline } from './escape.ts'
import type { ReportOptions } from './markdown.ts'

export interface Problem {
  verdict: 'incomparable' | 'error'
  message: string
  reasons?: string[]
  command?: string
}

/** The report when there are no scores to show: an incomparable baseline or an input error. */
export function renderProblem(problem: Problem, options: ReportOptions = {}): string {
  const out: string[] = []
  if (options.marker) out.push(options.marker)
  out.push(problem.verdict === 'incomparable' ? '### ⚠️ evalgate: baseline not comparable' : '### ❌ evalgate: could not run the gate', '')
  if (problem.reasons && problem.reasons.length > 0) for (const r of problem.reasons) out.push(`- ${escapeInline(r)}`)
  else out.push('```', problem.message.replace(/```/g, "'''"), '```')
  const where = [options.sha ? `commit \`${escapeInline(options.sha.slice(0, 7))}\`` : '', options.runUrl ? `[workflow run](${options.runUrl})` : ''].filter(Boolean)
  if (where.length > 0) out.push('', where.join(' · '))
  if (problem.command) {
    out.push('', 'If the change is intended (a new eval set version, judge or metric definition), write a new baseline and commit it:', '', '```sh', problem.command, '```')
  }
  return out.join('\n') + '\n'
}
