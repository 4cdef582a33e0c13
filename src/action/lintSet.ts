import { isAbsolute, relative } from 'node:path'
import { DEFAULT_LINT_OPTIONS, hasErrors, lintEvalSetFile, type Finding } from '../analysis/lintSet/lint.ts'
import type { RunConfig } from '../schemas/config.ts'
import { log } from './log.ts'

export type LintMode = 'true' | 'strict' | 'false'

/**
 * input `lint-set`: lints the eval set before anything is scored and puts each finding on the
 * eval-set file's lines as an annotation (a finding about the whole set goes on the file).
 * Returns the reason the check must fail: only in strict mode, only for error-level findings.
 * A finding never changes the gate's own verdict.
 */
export async function lintBeforeScoring(mode: LintMode, config: RunConfig, workspace = process.env.GITHUB_WORKSPACE): Promise<string | null> {
  if (mode === 'false') return null
  const report = await lintEvalSetFile(config.eval_set, { ...DEFAULT_LINT_OPTIONS, refusalPhrases: config.rules.refusal_phrases })
  const file = annotationPath(config.eval_set, workspace)
  for (const f of report.findings) annotateFinding(f, file)
  const errors = report.findings.filter((f) => f.level === 'error').length
  const warnings = report.findings.length - errors
  log.info(`evalgate: lint-set ${config.eval_set}: ${errors} errors, ${warnings} warnings${report.findings.length > 0 ? ' (annotated on the file; run "evalgate lint-set" for the list)' : ''}`)
  if (mode !== 'strict' || !hasErrors(report)) return null
  return `lint-set found ${errors} error${errors === 1 ? '' : 's'} in ${config.eval_set} (lint-set: strict): ${report.findings
    .filter((f) => f.level === 'error')
    .slice(0, 3)
    .map((f) => f.message)
    .join('; ')}${errors > 3 ? '; …' : ''}`
}

/** One annotation per row the finding names (both rows of a near-duplicate pair), or one on the file. */
function annotateFinding(f: Finding, file: string): void {
  const annotate = f.level === 'error' ? log.error : log.warning
  const title = `evalgate lint-set: ${f.kind.replace(/_/g, ' ')}`
  const lines = [...new Set(f.lines.filter((l) => l > 0))]
  if (lines.length === 0 || lines.length > 5) annotate(f.message, { title, file, ...(lines.length > 0 ? { startLine: lines[0] } : {}) })
  else for (const line of lines) annotate(f.message, { title, file, startLine: line })
}

/** Annotations take the path from the repository root: an absolute path inside the workspace is made relative. */
function annotationPath(file: string, workspace: string | undefined): string {
  if (!isAbsolute(file) || !workspace) return file
  const inside = relative(workspace, file)
  return inside.startsWith('..') ? file : inside
}
