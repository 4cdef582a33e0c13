import { untrustedLine as shown } from '../text/untrusted.ts'
import { metricInfo } from '../metrics/registry.ts'
import type { Comparison, Results } from '../schemas/results.ts'
import { answerLines } from './answers.ts'
import { failureDetail, failureSentence, failuresOf } from './failures.ts'
import { WORST_SHOWN } from './layout.ts'
import { countOf } from '../text/countOf.ts'
import { worstQuestionsOf, worstWords } from './worst.ts'
import { withinNoiseWhy } from './metricTable.ts'
import { percentileWords, questionCountWords, signed, statusWords, subsetSentence } from './words.ts'
import { errorCauses } from './errorCauses.ts'
import { judgeHealthLines } from './judgeHealth.ts'
import { conversationLines } from './conversations.ts'
import { knownAt, knownField } from '../io/known.ts'

export interface TerminalOptions {
  color: boolean
  /** how many per-question regressions to list */
  maxQuestions?: number
}

type Paint = Record<'red' | 'green' | 'yellow' | 'dim' | 'bold', (text: string) => string>

/**
 * A compact, coloured summary for the terminal; the full report goes to report.md. Text that
 * came from outside (ids, questions, labels, reasons) has its control characters shown as codes
 * (`\x1b`), so it can neither colour nor break a line; the CLI's output guard does the rest.
 */
export function renderTerminal(results: Results, options: TerminalOptions): string {
  const paint = (code: string) => (text: string) => (options.color ? `\u001b[${code}m${text}\u001b[0m` : text)
  const p: Paint = { red: paint('31'), green: paint('32'), yellow: paint('33'), dim: paint('2'), bold: paint('1') }
  const { red, green, yellow, dim, bold } = p
  const c = results.comparison
  const lines: string[] = []
  const verdict = c?.verdict ?? 'no_baseline'
  const r = results.run
  const headline = r.judge_stopped
    ? red(bold('JUDGE STOPPED'))
    : {
        pass: green(bold('PASS')),
        fail: red(bold('FAIL')),
        incomparable: yellow(bold('INCOMPARABLE')),
        no_baseline: yellow(bold('NO BASELINE')),
        subset: yellow(bold('SUBSET, NOT GATED')),
      }[verdict]
  // a shard is compared only after merge: it says so instead of "no baseline"
  const shard = r.shard && !r.judge_stopped ? yellow(bold(`SHARD ${r.shard.index}/${r.shard.count}`)) : null
  lines.push(
    `${shard ?? headline}  evalgate · ${shown(r.version ?? 'run')} on eval set ${shown(r.eval_set_version)} (${countOf(r.question_count, 'question')}) · judge ${shown(r.judge.provider)}${r.judge.response_format ? ` (${shown(r.judge.response_format)})` : ''}`,
  )
  if (c?.judge_model_change) lines.push(`  ${yellow(`judge: ${shown(c.judge_model_change)}`)}`)
  if (r.judge_stopped)
    lines.push(`  ${red(`the judge stopped: ${shown(r.judge_stopped.cause)}`)}; the calls after it were not sent, so this run has no verdict`, `  fix: ${shown(r.judge_stopped.fix)}`)
  if (c && c.baseline.kind !== 'none') lines.push(dim(`  baseline ${shown(c.baseline.version ?? '?')} (${shown(c.baseline.path ?? c.baseline.kind)}) · ${countOf(c.common, 'question')} compared`))
  const subset = subsetSentence(results)
  if (subset) lines.push(yellow(`  ${shown(subset)}`))
  if (r.shard) lines.push(dim(`  not gated: merge the ${r.shard.count} shards (evalgate merge) to compare them with the baseline`))
  const compared = c && c.verdict !== 'incomparable' && c.baseline.kind !== 'none'
  lines.push('', ...(compared ? metricLines(results, p) : ownScoreLines(results, p)))
  lines.push(...conversationLines(results, p))
  lines.push(...errorLines(results, p))
  lines.push(...judgeHealthLines(results, p))
  if (c && c.regressions.length > 0) {
    const max = options.maxQuestions ?? 10
    lines.push('', `  ${red(questionCountWords(c.change_counts))} (${countOf(c.change_counts.regression_rows, 'row')} got worse, worst first):`)
    for (const q of c.regressions.slice(0, max)) {
      const why = q.reason ? `  ${clip(q.reason, 80)}` : ''
      lines.push(`    ${shown(q.id).padEnd(10)} ${shown(q.metric).padEnd(18)} ${q.baseline.toFixed(2)} → ${q.candidate.toFixed(2)}  ${dim(clip(results.questions[q.id]?.question ?? '', 40))}${why}`)
    }
    if (c.change_counts.regression_rows > max) lines.push(dim(`    … ${c.change_counts.regression_rows - max} more in the report`))
    lines.push(...answerLines(c, results.questions, WORST_SHOWN, dim))
  } else if (c && c.improvements.length > 0) lines.push('', `  ${green(questionCountWords(c.change_counts))}`)
  if (!c || c.verdict === 'incomparable' || c.baseline.kind === 'none') lines.push(...worstLines(results, options.maxQuestions ?? 10, p))
  if (c && c.failures.length > 0) {
    lines.push('', `  ${bold('Gate failed because:')}`)
    for (const failure of c.failures) lines.push(`    - ${shown(failureSentence(failure))}`)
  }
  if (c && c.verdict === 'incomparable') lines.push(...incomparableLines(c, p))
  return lines.join('\n')
}

/** Nothing to compare with (no baseline, an incomparable one, a shard): each metric's own value and how many questions have one. */
function ownScoreLines(results: Results, { dim }: Paint): string[] {
  const entries = Object.entries(results.metrics)
  const width = Math.max(8, ...entries.map(([metric]) => metric.length))
  const lines = [dim(`  ${'metric'.padEnd(width)}      value  n`)]
  for (const [metric, s] of entries) {
    const value = s.mean === null ? '—' : metricInfo(metric)?.unit === 'ms' ? `${Math.round(s.mean)}ms` : s.mean.toFixed(3)
    const nulls = s.nan > 0 ? ` (${s.nan} null${s.errors > 0 ? `, ${countOf(s.errors, 'error')}` : ''})` : ''
    lines.push(`  ${shown(metric).padEnd(width)}  ${value.padStart(9)}  ${s.n}${nulls}`)
  }
  return lines
}

/** One line per metric of the comparison: baseline, candidate, Δ and what the gate made of it. */
function metricLines(results: Results, { red, green, yellow, dim }: Paint): string[] {
  const c = results.comparison
  const rows = c?.metrics ?? []
  const width = Math.max(8, ...rows.map((m) => m.metric.length))
  const lines = [dim(`  ${'metric'.padEnd(width)}  baseline  candidate       Δ  status`)]
  for (const m of rows) {
    const ms = metricInfo(m.metric)?.unit === 'ms'
    const num = (v: number | null) => (v === null ? '—' : ms ? `${Math.round(v)}ms` : v.toFixed(3))
    const delta = m.delta === null ? '—' : ms ? `${signed(m.delta, 0, '-')}ms` : signed(m.delta, 3, '-')
    const failures = c ? failuresOf(c, m.metric) : []
    // latency is gated on its p50 and p95, which its row of means does not show
    const percentiles = m.percentiles && failures.length === 0 ? dim(` · ${percentileWords(m)}`) : ''
    const status =
      failures.length > 0
        ? red(shown(failures.map(failureDetail).join('; ')))
        : m.status === 'no_baseline' || m.status === null || m.limit === null
          ? dim('—')
          : m.status === 'improvement'
            ? green(statusWords(m))
            : m.status === 'within' || m.status === 'not_gated'
              ? dim(statusWords(m))
              : yellow(statusWords(m) + withinNoiseWhy(m))
    lines.push(`  ${shown(m.metric).padEnd(width)}  ${num(m.baseline).padStart(8)}  ${num(m.candidate).padStart(9)}  ${delta.padStart(7)}  ${status}${percentiles}`)
  }
  return lines
}

/** The run's top error causes with their counts, most frequent first. */
function errorLines(results: Results, { yellow, dim }: Paint): string[] {
  const errors = errorCauses(results.questions)
  if (errors.total === 0) return []
  const width = String(knownAt(errors.top, 0, 'the first error cause').count).length
  const more = errors.distinct > errors.top.length ? `, top ${errors.top.length} of ${errors.distinct} causes` : ''
  return [
    '',
    `  ${yellow(`${countOf(errors.total, 'error')} on ${countOf(errors.questions, 'question')}`)}${dim(more)}:`,
    ...errors.top.map((e) => `    ${String(e.count).padStart(width)} × ${shown(e.message)}${e.variants > 1 ? dim(' (and similar)') : ''}`),
  ]
}

function incomparableLines(c: Comparison, { yellow, bold }: Paint): string[] {
  return [
    '',
    `  ${yellow(bold('Baseline not comparable:'))}`,
    ...c.reasons.map((reason) => `    - ${shown(reason)}`),
    // a subset run has no update command: it cannot become the baseline
    ...(c.update_command ? ['', `  fix: if the change is intended (a new eval set version, judge or metric definition), write a new baseline from this run:`, `    ${shown(c.update_command)}`] : []),
  ]
}

/** Without a baseline to compare with: the run's own worst questions, the same ones the report lists. */
function worstLines(results: Results, max: number, { red, dim }: Paint): string[] {
  const worst = worstQuestionsOf(results)
  if (worst.length === 0) return []
  const lines = ['', `  ${red(`${countOf(worst.length, 'question')} with a failing rule, an error or a score below 1`)} (most failing rules first, then lowest scores):`]
  for (const w of worst.slice(0, max)) {
    lines.push(`    ${shown(w.id).padEnd(10)} ${shown(worstWords(w))}  ${dim(clip(knownField(results.questions, w.id, 'question').question, 40))}${w.reason ? `  ${clip(w.reason, 80)}` : ''}`)
  }
  if (worst.length > max) lines.push(dim(`    … ${worst.length - max} more in the report`))
  return lines
}

/** Outside text, cut to `max` characters and with its control characters shown as codes. */
function clip(text: string, max: number): string {
  const chars = [...text]
  return shown(chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : chars.join(''))
}
