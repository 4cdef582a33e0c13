import { commandLine } from '../io/cliInvocation.ts'
import { DEFAULT_LINT_OPTIONS, hasErrors, lintEvalSetFile, parseDifficultyMix, type LintReport } from '../analysis/lintSet/lint.ts'
import { GateError } from '../io/errors.ts'
import { EXIT } from '../run/pipeline/pipeline.ts'
import { resolveRun } from '../run/config/resolve.ts'
import type { CommandContext } from './command.ts'
import { countOf } from '../text/countOf.ts'

/** `evalgate lint-set`: exit 0 clean (warnings allowed), 1 with an error-level finding, 2 bad input. */
export async function lintSetCommand({ flags, request, positionals, io }: CommandContext): Promise<number> {
  const { config } = await resolveRun(request, 'cli', 'settings')
  if (positionals.length > 1) throw new GateError('usage', `lint-set takes one eval set, got ${positionals.length}: ${positionals.join(' ')}`, 'give the eval set once; other files go after --against')
  if (positionals.length === 1 && request.overrides.eval_set !== undefined) throw new GateError('usage', 'the eval set is given twice (as an argument and with --eval-set)', 'give it once')
  const file = positionals[0] ?? config.eval_set
  if (!file) throw new GateError('usage', 'no eval set given', `e.g. ${commandLine('lint-set eval/eval_set.csv (or --eval-set FILE, or eval_set in evalgate.yml)')}`)
  const mix = flags['difficulty-mix'] === undefined ? { mix: DEFAULT_LINT_OPTIONS.difficultyMix } : parseDifficultyMix(flags['difficulty-mix'] as string)
  if ('error' in mix) throw new GateError('usage', `--difficulty-mix: ${mix.error}`, 'e.g. --difficulty-mix easy=40,medium=40,hard=20 (percentages adding up to 100)')
  const report = await lintEvalSetFile(file, {
    threshold: share(flags.threshold, '--threshold', DEFAULT_LINT_OPTIONS.threshold),
    leakThreshold: share(flags['leak-threshold'], '--leak-threshold', DEFAULT_LINT_OPTIONS.leakThreshold),
    difficultyMix: mix.mix,
    refusalPhrases: config.rules.refusal_phrases,
    against: (flags.against as string[] | undefined) ?? [],
    corpus: flags.corpus as string | undefined,
  })
  const json = { findings: report.findings, summary: report.summary, ...(report.corpus ? { corpus: report.corpus } : {}) }
  io.stdout(flags.json ? JSON.stringify(json, null, 2) + '\n' : describe(report))
  return hasErrors(report) ? EXIT.fail : EXIT.pass
}

function share(value: unknown, flag: string, fallback: number): number {
  if (value === undefined) return fallback
  const v = value as number
  if (!(v > 0 && v <= 1)) throw new GateError('usage', `${flag} expects a number above 0 and at most 1, got ${v}`, `e.g. ${flag} ${fallback}`)
  return v
}

/** Control characters and bidi overrides from the eval set never reach the terminal. */
function plain(text: string): string {
  return text.replace(/[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu, ' ')
}

function describe(report: LintReport): string {
  const s = report.summary
  const lines = [`evalgate lint-set: ${plain(report.file)}, ${countOf(s.rows, 'question')}`]
  const categories = Object.entries(s.categories).map(([c, v]) => `${plain(c)} ${v.n} (±${(v.half_width * 100).toFixed(1)} pp)`)
  lines.push(`  categories: ${categories.join(', ')}`)
  lines.push(
    `  difficulty: ${Object.entries(s.difficulties)
      .map(([d, n]) => `${plain(d)} ${n}`)
      .join(', ')}`,
  )
  if (report.corpus) {
    const c = report.corpus
    lines.push(`  corpus: ${plain(c.file)}, ${countOf(c.documents, 'document')}: ${c.documents - c.uncovered.length} relevant to some question, ${c.uncovered.length} to none`)
  }
  lines.push('')
  for (const f of report.findings) {
    const where = f.lines.filter((l) => l > 0)
    lines.push(`${f.level.padEnd(7)} ${f.kind.padEnd(15)} ${plain(report.file)}${where.length > 0 ? `:${where.slice(0, 5).join(',')}${where.length > 5 ? ',…' : ''}` : ''}  ${plain(f.message)}`)
  }
  const errors = report.findings.filter((f) => f.level === 'error').length
  const warnings = report.findings.length - errors
  lines.push(report.findings.length === 0 ? 'no findings: the set is fit to gate with' : `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`)
  return lines.join('\n') + '\n'
}
