import { commandLine } from '../io/cliInvocation.ts'
import { basename } from 'node:path'
import { loadResults } from '../baseline/resultsFile.ts'
import { GateError } from '../io/errors.ts'
import { loadEvalSet } from '../run/evalSet/evalSet.ts'
import { BudgetedJudge } from '../judge/budget.ts'
import { REPAIRS_PER_ASK } from '../metrics/judge.ts'
import { planPairwise, runPairwise, type PairwiseInput, type PairwiseReport } from '../analysis/pairwise.ts'
import { makeHeadToHeadJudge } from '../run/scorers/factory.ts'
import type { ScorerEnvironment } from '../run/scorers/scorer.ts'
import type { Config } from '../schemas/config.ts'
import { countOf } from '../text/countOf.ts'
import { knownAt } from '../io/known.ts'

export interface PairwiseFlags {
  results?: string[]
  names?: string
  json?: boolean
}

/**
 * `evalgate pairwise`: two or more results.json judged head to head by the LLM judge. It
 * informs and does not gate: the caller exits 0 whatever the outcome. `config` carries the
 * judge settings (evalgate.yml with the judge flags of `run` over it) and the eval set.
 */
export async function pairwiseCommand(flags: PairwiseFlags, config: Config, deps: ScorerEnvironment, print: (text: string) => void): Promise<void> {
  const files = flags.results ?? []
  if (files.length < 2)
    throw new GateError(
      'usage',
      `pairwise needs at least two --results files, got ${files.length}`,
      `e.g. ${commandLine('pairwise --results old.json --results new.json --judge openai --judge-model gpt-4o-mini')}`,
    )
  const headToHead = makeHeadToHeadJudge(config, deps)

  const loaded = []
  for (const file of files) loaded.push({ file, results: await loadResults(file) })
  const names = systemNames(loaded, flags.names)
  const inputs: PairwiseInput[] = loaded.map((l, i) => ({ name: knownAt(names, i, "a system's name"), results: l.results }))
  const evalRows = config.eval_set ? (await loadEvalSet(config.eval_set)).rows : null
  // budget.calls holds while the run goes too: past it no call is made and the question counts as an error for its pair
  const judge = new BudgetedJudge(headToHead.judge, config.budget)
  const plan = planPairwise(inputs, evalRows)
  const upTo = plan.calls * (1 + REPAIRS_PER_ASK)
  deps.logger.info(
    `pairwise: ${inputs.length} systems, ${plan.pairs} pair${plan.pairs === 1 ? '' : 's'} × ${countOf(plan.questions, 'question')} × 2 orders (A/B swapped) → up to ${upTo} judge calls (${plan.calls} if every reply is well-formed, the rest are repairs); judge ${headToHead.label}`,
  )
  if (config.budget.calls !== undefined && plan.calls > config.budget.calls) {
    throw new GateError(
      'budget',
      `pairwise needs ${plan.calls} judge calls even if every reply is well-formed, over budget.calls ${config.budget.calls}; no call was made`,
      'raise budget.calls, or compare fewer systems or questions',
    )
  }
  const report = await runPairwise(inputs, evalRows, judge)
  for (const problem of judge.problems?.() ?? []) deps.logger.warn(problem)
  print(flags.json ? JSON.stringify(report, null, 2) : renderPairwise(report, headToHead.label))
}

/** --names a,b,c, else each run's version label, else the file name; they must come out distinct. */
function systemNames(loaded: readonly { file: string; results: { run: { version: string | null } } }[], given: string | undefined): string[] {
  if (given !== undefined) {
    const names = given.split(',').map((n) => n.trim())
    if (names.length !== loaded.length || names.some((n) => n === '')) {
      throw new GateError(
        'usage',
        `--names gives ${names.filter((n) => n !== '').length} names for ${loaded.length} --results files`,
        'one name per --results file, in the same order, e.g. --names old,new',
      )
    }
    if (new Set(names).size !== names.length) throw new GateError('usage', `--names repeats a name (${given})`, 'give every system its own name')
    return names
  }
  const versions = loaded.map((l) => l.results.run.version)
  if (versions.every((v) => v !== null) && new Set(versions).size === versions.length) return versions as string[]
  const files = loaded.map((l) => basename(l.file).replace(/\.json$/i, ''))
  if (new Set(files).size === files.length) return files
  return files.map((f, i) => `${f}#${i + 1}`)
}

/** The terminal view: one row per pair, then the ranking when there are three or more systems. */
export function renderPairwise(report: PairwiseReport, judgeLabel: string): string {
  const lines: string[] = []
  const refs = report.reference_points === 'eval set' ? 'reference points from the eval set' : 'no reference points (pass --eval-set to judge against them)'
  lines.push(`Head to head: ${report.systems.length} systems, ${countOf(report.question_ids.length, 'question')} (eval set ${report.eval_set_version}), ${refs}`)
  lines.push(`judge: ${judgeLabel}`)
  lines.push('')
  const header = ['A', 'B', 'A wins', 'B wins', 'ties', 'inconsistent', 'errors', 'A win rate [95% CI]']
  const rows = report.pairs.map((p) => [
    p.a,
    p.b,
    String(p.wins),
    String(p.losses),
    String(p.ties),
    String(p.inconsistent),
    String(p.errors),
    p.win_rate ? `${p.win_rate.value.toFixed(2)} [${p.win_rate.low.toFixed(2)}, ${p.win_rate.high.toFixed(2)}]` : '— (no decided question)',
  ])
  lines.push(...table([header, ...rows], [false, false, true, true, true, true, true, false]))
  lines.push('')
  lines.push('Each question is judged twice with A and B swapped: a win counts only when both orders agree;')
  lines.push('otherwise it is a tie, and "inconsistent" counts those disagreements (position bias).')
  if (report.ranking) {
    const r = report.ranking
    lines.push('')
    lines.push(`Bradley-Terry ranking (strengths sum to 1; ${Math.round(r.interval.level * 100)}% interval: bootstrap over questions, ${r.interval.resamples} resamples)`)
    const ranked = r.systems.map((s, i) => [`${i + 1}.`, s.system, s.strength.toFixed(3), `[${s.low.toFixed(3)}, ${s.high.toFixed(3)}]`])
    lines.push(...table(ranked, [true, false, true, false]).map((line) => `  ${line}`))
    lines.push('Overlapping intervals mean the data cannot order those systems; win counts are not a ranking.')
  }
  if (report.usage)
    lines.push('', `judge calls: ${report.calls} asked, ${report.usage.calls} made, ${report.usage.cache_hits} from cache, ${report.usage.retries} retries, ${report.usage.errors} failed`)
  for (const note of report.notes) lines.push(`note: ${note}`)
  return lines.join('\n')
}

function table(rows: readonly string[][], rightAligned: readonly boolean[]): string[] {
  const widths = knownAt(rows, 0, 'the header row').map((_, c) => Math.max(...rows.map((row) => [...knownAt(row, c, 'a cell')].length)))
  return rows.map((row) =>
    row
      .map((cell, c) => {
        const width = knownAt(widths, c, 'a column width')
        return rightAligned[c] ? cell.padStart(width) : cell.padEnd(width)
      })
      .join('  ')
      .trimEnd(),
  )
}
